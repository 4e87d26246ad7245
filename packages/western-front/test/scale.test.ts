import { describe, expect, it } from 'vitest';
import { CM_PER_HEX, hexesUnder, hexesWithin } from '../src/scale.ts';
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
    expect([OPEN_SIGHTS_MID, OPEN_SIGHTS_FAR]).toEqual([20, 30]);
    expect(MG_BEATEN_ZONE).toBe(3);
    expect([LONG_RETREAT, SHORT_RETREAT]).toEqual([8, 4]);
    expect(SOS_REACH).toBe(1);
  });
});
