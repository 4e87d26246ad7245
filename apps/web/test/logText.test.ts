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

  it('keeps the whole text, in order', () => {
    const text = 'Depletion (7.8): 2/Black Watch loses a step.';
    expect(
      logLine(text)
        .map((p) => p.text)
        .join(''),
    ).toBe(text);
  });
});
