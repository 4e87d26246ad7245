import { readdirSync, readFileSync } from 'node:fs';
import { randomPlayout } from '@salient/engine';
import { describe, expect, it } from 'vitest';
import { WF_GLOSSARY } from '../src/glossary.ts';
import { game } from './helpers.ts';

/** Every log line of a seeded random game of each scenario, and the log texts of the rules' source. */
function logText(): string[] {
  const lines: string[] = [];
  for (const scenario of game.scenarios)
    randomPlayout(game, scenario.id, `glossary-${scenario.id}`, 'glossary-bot', {
      afterAction: (_state, _action, events) => {
        for (const e of events) lines.push(String(e.text));
      },
    });
  const src = new URL('../src/', import.meta.url);
  for (const f of readdirSync(src, { recursive: true }).map(String))
    if (f.endsWith('.ts') && f !== 'glossary.ts')
      lines.push(
        ...readFileSync(new URL(f, src), 'utf8')
          .split('\n')
          .filter((l) => /\btext: /.test(l)),
      );
  return lines;
}

describe("the glossary of Western Front's log (play experience: the log's words explained)", () => {
  it('explains words the log writes, as it writes them', () => {
    const lines = logText();
    for (const t of WF_GLOSSARY) {
      const word = new RegExp(`(?<![\\p{L}\\p{N}])${t.term}(?![\\p{L}\\p{N}])`, 'u');
      expect(
        lines.some((l) => word.test(l)),
        `"${t.term}" in no log line`,
      ).toBe(true);
    }
  });

  it("cites only sections that the playsheet's docs/rules.md has, and lists each term once", () => {
    const rules = readFileSync(new URL('../docs/rules.md', import.meta.url), 'utf8');
    for (const t of WF_GLOSSARY) if (t.rule) expect(rules, t.term).toContain(`## ${t.rule}\n`);
    expect(new Set(WF_GLOSSARY.map((t) => t.term)).size).toBe(WF_GLOSSARY.length);
    for (const t of WF_GLOSSARY) {
      expect(t.meaning.length, t.term).toBeLessThanOrEqual(400);
      expect(t.rule?.length ?? 0, t.term).toBeLessThanOrEqual(20);
    }
  });
});
