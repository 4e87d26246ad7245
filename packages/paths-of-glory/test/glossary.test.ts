import { readdirSync, readFileSync } from 'node:fs';
import { randomPlayout } from '@salient/engine';
import { describe, expect, it } from 'vitest';
import { UNITS } from '../src/data/index.ts';
import { POG_GLOSSARY } from '../src/glossary.ts';
import { unitLabel } from '../src/units.ts';
import { game } from './helpers.ts';

/** Every log line of a few seeded random Introductory games. */
function logLines(): string[] {
  const lines: string[] = [];
  for (let i = 0; i < 4; i++)
    randomPlayout(game, 'introductory', `glossary-${i}`, `glossary-bot-${i}`, {
      afterAction: (_state, _action, events) => {
        for (const e of events) lines.push(String(e.text));
      },
    });
  return lines;
}

/**
 * The log texts the rules write, from their source: the lines that give an event its text. Some
 * words (a flank attack, the Army table) come up too seldom in random games to rely on those alone.
 */
function logTemplates(): string[] {
  const dir = new URL('../src/', import.meta.url);
  const sources = readdirSync(dir, { recursive: true })
    .map(String)
    .filter((f) => f.endsWith('.ts') && f !== 'glossary.ts')
    .map((f) => readFileSync(new URL(f, dir), 'utf8'));
  // The texts of log events, and the labels of dice rolls (the fire lines name their table).
  const texts = sources.flatMap((s) => s.split('\n')).filter((l) => /\btext: /.test(l));
  const dice = sources.flatMap((s) =>
    [...s.matchAll(/log\.die\(\s*'[^']*',\s*(`[^`]*`|'[^']*')/g)].map((m) => m[1]!),
  );
  return [...texts, ...dice];
}

const wholeWord = (term: string) =>
  new RegExp(`(?<![\\p{L}\\p{N}])${term.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&')}(?![\\p{L}\\p{N}])`, 'u');

describe("the glossary of Paths of Glory's log (play experience: the log's words explained)", () => {
  const nationCodes = new Set(UNITS.flatMap((u) => [u.nation.toUpperCase(), unitLabel(u).split(' ')[0]!]));
  const words = POG_GLOSSARY.filter((t) => !nationCodes.has(t.term));

  it('explains words the log writes, as it writes them: each is in a log line of a seeded random game or a log text of the rules', () => {
    const lines = [...logLines(), ...logTemplates()];
    for (const t of words)
      expect(
        lines.some((l) => wholeWord(t.term).test(l)),
        `"${t.term}" in no log line`,
      ).toBe(true);
    // Bounded by its four seeded games; a loaded machine must not fail it on the clock.
  }, 60_000);

  it("names each nation's code as unit names and replacement points print it", () => {
    const codes = POG_GLOSSARY.filter((t) => nationCodes.has(t.term));
    expect(codes.map((t) => t.term)).toEqual(expect.arrayContaining(['GE', 'A-H', 'AH', 'RU', 'FR', 'BR']));
    expect(codes.length + words.length).toBe(POG_GLOSSARY.length);
  });

  it('cites only rules that docs/rules.md has, and lists each term once', () => {
    const rules = readFileSync(new URL('../docs/rules.md', import.meta.url), 'utf8');
    for (const t of POG_GLOSSARY) if (t.rule) expect(rules, `${t.term}: ${t.rule}`).toContain(t.rule);
    expect(new Set(POG_GLOSSARY.map((t) => t.term)).size).toBe(POG_GLOSSARY.length);
    for (const t of POG_GLOSSARY) expect(t.meaning.length, t.term).toBeLessThanOrEqual(400);
  });
});
