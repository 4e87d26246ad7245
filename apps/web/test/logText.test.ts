import { describe, expect, it } from 'vitest';
import { logLine } from '../src/lib/logText.ts';

const rules = (text: string) =>
  logLine(text)
    .filter((p) => p.rule)
    .map((p) => p.rule);

describe('log lines and their rule citations', () => {
  it('links rule numbers in parentheses and after the word rule, and nothing else', () => {
    expect(rules('The Germans roll for reinforcements (11.3): rolled 4')).toEqual(['11.3']);
    expect(rules('Retreat blocked (7.7 and 14.2), so a step is lost (7.8).')).toEqual(['7.7', '14.2', '7.8']);
    expect(rules('Attacks across the canal use the River line (our rule 7.3).')).toEqual(['7.3']);
    expect(rules('Combat: rolled 3 + 4 = 7 at +2 in 0615 (Loos)')).toEqual([]);
  });

  it("leaves measures alone: a gun's calibre in parentheses is no rule (issue 22)", () => {
    expect(rules('The battery (7.7 cm) fires on 1207')).toEqual([]);
    expect(rules('Howitzers (10.5 cm, 15 cm) and a mine (2.5 km away)')).toEqual([]);
    expect(rules('Shrapnel (7.7cm) then rule 7.7 applies (7.7)')).toEqual(['7.7', '7.7']);
    const text = 'The battery (7.7 cm) fires';
    expect(
      logLine(text)
        .map((p) => p.text)
        .join(''),
    ).toBe(text);
  });

  it('keeps the whole text, in order', () => {
    const text = 'Depletion (7.8): 2/Black Watch loses a step.';
    expect(
      logLine(text)
        .map((p) => p.text)
        .join(''),
    ).toBe(text);
  });

  it("marks the game's glossary terms as whole words, longest first, and leaves citations alone", () => {
    const terms = [
      { term: 'Ex', meaning: 'an exchange' },
      { term: '(A)', meaning: 'one attacker loses a step' },
      { term: 'counter', meaning: 'a piece' },
      { term: 'battalion counter', meaning: 'the last step of a regiment' },
    ];
    const marked = (text: string) =>
      logLine(text, terms)
        .filter((p) => p.meaning !== undefined)
        .map((p) => `${p.text}=${p.meaning}`);
    expect(marked('2/Black Watch is unharmed: the table gave Ex (17.4).')).toEqual(['Ex=an exchange']);
    expect(marked('Result: (A), and a battalion counter is placed.')).toEqual([
      '(A)=one attacker loses a step',
      'battalion counter=the last step of a regiment',
    ]);
    // Not inside other words, and a rule number is never a term.
    expect(marked('Exeter and Text and counters')).toEqual([]);
    const text = 'Loses a step (Ex: an exchange, 7.6) and a counter.';
    const parts = logLine(text, terms);
    expect(parts.map((p) => p.text).join('')).toBe(text);
    expect(parts.filter((p) => p.rule).map((p) => p.rule)).toEqual(['7.6']);
    expect(parts.filter((p) => p.meaning).map((p) => p.text)).toEqual(['Ex', 'counter']);
  });
});
