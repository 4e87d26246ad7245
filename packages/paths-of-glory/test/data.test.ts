import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseCards, parseConnections, parseSpaces, parseUnits, readCsv } from '../scripts/csv.ts';
import { CARDS, CONNECTIONS, card, SPACES, space, UNITS, unitData } from '../src/data/index.ts';

const table = (name: string) => readCsv(readFileSync(join(__dirname, '..', 'data', `${name}.csv`), 'utf8'));

describe('Data: the generated TypeScript matches the reference tables', () => {
  const spaceRows = table('spaces');
  const parsedSpaces = parseSpaces(spaceRows);

  it('has the 281 spaces of both maps (218 Europe, 63 Near East), field by field', () => {
    expect(SPACES).toHaveLength(281);
    expect(SPACES.filter((s) => s.map === 'europe')).toHaveLength(218);
    expect(SPACES.filter((s) => s.map === 'neareast')).toHaveLength(63);
    expect(SPACES).toEqual(parsedSpaces.spaces);
    // Spot checks against the printed map, so a parser bug cannot hide behind a matching regeneration.
    expect(space('paris')).toMatchObject({ nation: 'fr', faction: 'ap', vp: true, fort: 1, capital: true });
    expect(space('verdun')).toMatchObject({ fort: 3, vp: true });
    expect(space('london')).toMatchObject({ supplySource: true, apPort: true, capital: true });
    expect(space('sedan').terrain).toBe('forest');
    expect(space('liege').fort).toBe(3);
  });

  it('has the 476 connections, the dotted ones with the nations that may use them', () => {
    expect(CONNECTIONS).toHaveLength(476);
    expect(CONNECTIONS).toEqual(parseConnections(table('edges'), parsedSpaces.idByNum));
    expect(CONNECTIONS.filter((c) => c.nations.length > 0)).toHaveLength(24);
    expect(CONNECTIONS.find((c) => c.a === 'london' && c.b === 'cherbourg')?.nations).toEqual(['br']);
  });

  it('has the 191 units with full and reduced factors', () => {
    const rows = table('pieces');
    expect(UNITS).toHaveLength(191);
    expect(UNITS).toEqual(parseUnits(rows));
    expect(new Set(UNITS.map((u) => u.id)).size).toBe(191);
    rows.forEach((row, i) => {
      const u = UNITS[i]!;
      expect([u.side, u.nation, u.name, u.type]).toEqual([row.faction, row.nation, row.name, row.type]);
      expect([u.cf, u.lf, u.mf, u.reducedCf, u.reducedLf, u.reducedMf].map(String)).toEqual([
        row.cf,
        row.lf,
        row.mf,
        row.rcf,
        row.rlf,
        row.rmf,
      ]);
    });
    expect(unitData('ge-army-1')).toMatchObject({ cf: 5, lf: 3, mf: 3, reducedCf: 3 });
    expect(unitData('br-army-bef')).toMatchObject({ cf: 5, reducedCf: 4, notReplaceable: true });
    expect(UNITS.filter((u) => u.type === 'army')).toHaveLength(67);
  });

  it('has the 130 cards with OPS, SR, war status and replacement points', () => {
    const rows = table('cards');
    expect(CARDS).toHaveLength(130);
    expect(CARDS).toEqual(parseCards(rows));
    expect(CARDS.filter((c) => c.commitment === 'mobilization')).toHaveLength(32);
    rows.forEach((row, i) => {
      const c = CARDS[i]!;
      expect([c.num, c.side, c.ops, c.sr, c.warStatus].map(String)).toEqual([
        row.num,
        row.faction,
        row.ops,
        row.sr,
        row.ws || '0',
      ]);
      expect(c.name).toBe(row.name);
    });
    expect(card('cp-1')).toMatchObject({ name: 'Guns of August', ops: 3, sr: 4, warStatus: 2 });
    expect(card('ap-1').rp).toEqual({ a: 1, br: 2, fr: 2, it: 1, ru: 3 });
    expect(card('cp-14').reinforcements).toEqual({
      nation: 'ah',
      units: ['7 Army', 'A-H Corps', 'A-H Corps'],
    });
  });
});
