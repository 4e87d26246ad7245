import { describe, expect, it } from 'vitest';
import { openSightsFactor } from '../src/fire.ts';
import { COLUMNS, grid, ROWS } from '../src/grid.ts';
import { CM_PER_HEX, gapBetweenBases, hexesUnder, hexesWithin } from '../src/scale.ts';
import {
  COMMAND_RADIUS,
  INFANTRY_SHORT_RANGE,
  LONG_RETREAT,
  MG_BEATEN_ZONE,
  MG_SHORT_RANGE,
  moveHexes,
  OPEN_SIGHTS_FAR,
  OPEN_SIGHTS_MID,
  RANGE,
  SHORT_RETREAT,
  SOS_REACH,
} from '../src/tables.ts';

describe('Ruling 1: scale', () => {
  it('one hex is 5 cm; maxima round down to whole hexes', () => {
    expect(CM_PER_HEX).toBe(5);
    expect(hexesWithin(45)).toBe(9);
    expect(hexesWithin(12.5)).toBe(2);
    expect(hexesWithin(14)).toBe(2);
    expect(hexesWithin(3)).toBe(1);
    expect(hexesWithin(0)).toBe(0);
  });

  it('under X cm bands count the gap between bases', () => {
    expect(hexesUnder(5)).toBe(1);
    expect(hexesUnder(10)).toBe(2);
    expect(INFANTRY_SHORT_RANGE).toBe(1);
    expect(MG_SHORT_RANGE).toBe(2);
  });

  it('every distance of the sheet in hexes', () => {
    const rows = ['crossCountry', 'road', 'close', 'trench'] as const;
    const table = (cls: Parameters<typeof moveHexes>[0], quality: Parameters<typeof moveHexes>[2]) =>
      rows.map((r) => moveHexes(cls, r, quality));
    expect(table('infantry', 'regular')).toEqual([4, 5, 2, 2]);
    expect(table('infantry', 'veteran')).toEqual([5, 6, 3, 3]);
    expect(table('infantry', 'storm')).toEqual([5, 6, 3, 3]);
    expect(table('cavalry', 'veteran')).toEqual([6, 7, 3, null]);
    expect(table('manhandledWeapon', 'regular')).toEqual([2, 2, 1, 1]);
    expect(table('manhandledGun', 'regular')).toEqual([1, 1, 1, null]);
    expect(table('limberedGun', 'veteran')).toEqual([4, 7, 2, null]);
    expect(COMMAND_RADIUS).toBe(5);
    expect(RANGE).toEqual({ mg: 14, infantry: 9, gun: 40, lightMortar: 16, mediumMortar: 24 });
    expect([OPEN_SIGHTS_MID, OPEN_SIGHTS_FAR]).toEqual([21, 31]);
    expect(MG_BEATEN_ZONE).toBe(3);
    expect([LONG_RETREAT, SHORT_RETREAT]).toEqual([8, 4]);
    expect(SOS_REACH).toBe(1);
  });

  it('Direct fire factors and ruling 50, distance conventions: ranges and the command radius centre to centre, bands by the gap between bases; the 150-200 cm band cannot occur on a 24 x 18 table', () => {
    // Centre to centre: a stand 9 hexes off is 45 cm away, inside the rifle's 45 cm; 10 is not.
    expect(RANGE.infantry * CM_PER_HEX).toBe(45);
    expect(COMMAND_RADIUS * CM_PER_HEX).toBe(25);
    // The gap between bases: neighbours touch; 21 hexes apart leaves a 100 cm gap.
    expect([1, 2, 3, 21, 31].map(gapBetweenBases)).toEqual([0, 5, 10, 100, 150]);
    expect(openSightsFactor(20)).toBeNull();
    expect(openSightsFactor(21)).toEqual({ label: 'Open sights, 100-150 cm', value: -1 });
    expect(openSightsFactor(30)?.value).toBe(-1);
    expect(openSightsFactor(31)).toEqual({ label: 'Open sights, 150-200 cm', value: -2 });
    // On the 24 x 18 table of every scenario the longest line is 29 hexes: the -1 band can be
    // reached, the -2 band never.
    expect([COLUMNS, ROWS]).toEqual([24, 18]);
    let longest = 0;
    for (const a of grid.ids) for (const b of grid.ids) longest = Math.max(longest, grid.distance(a, b));
    expect(longest).toBe(29);
    expect(longest).toBeGreaterThanOrEqual(OPEN_SIGHTS_MID);
    expect(longest).toBeLessThan(OPEN_SIGHTS_FAR);
  });
});
