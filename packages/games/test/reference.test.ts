import { describe, expect, it } from 'vitest';
import { games } from '../src/index.ts';
import { referenceOf } from '../src/reference.ts';

describe("each game's reference (glossary, rules tables) through the registry", () => {
  it('has one for every hosted game, and none for an id that names no game', () => {
    for (const id of Object.keys(games)) expect(referenceOf(id), id).not.toBeNull();
    for (const id of ['chess', '', 'constructor', '__proto__', 'toString'])
      expect(referenceOf(id)).toBeNull();
  });

  it('gives glossaries whose terms are unique and explained', () => {
    for (const id of Object.keys(games)) {
      const terms = referenceOf(id)!.glossary;
      expect(new Set(terms.map((t) => t.term.toLowerCase())).size, id).toBe(terms.length);
      for (const t of terms) expect(t.meaning.length, `${id}: ${t.term}`).toBeGreaterThan(10);
    }
  });

  it("writes out Loos's tables for its rules page", () => {
    expect(referenceOf('loos')!.rulesTables?.()).toMatch(/\|/);
    expect(referenceOf('paths-of-glory')!.rulesTables).toBeUndefined();
  });
});
