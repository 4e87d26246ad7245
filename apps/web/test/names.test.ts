import { describe, expect, it } from 'vitest';
import { MIN_NAME_PX, type NameBand, nameSizes, placeNames } from '../src/lib/board/names.ts';

describe("a point-to-point map's space names stay readable at every zoom", () => {
  it('sits inside its box at a zoom where the box reads, squeezed when long', () => {
    const s = nameSizes('Hermannstadt', 40, 30, 4);
    expect(s.grown).toBe(false);
    expect(s.fontSize).toBe(6);
    expect(s.squeeze).toBe(true);
    expect(s.bandWidth).toBe(40);
  });

  it('keeps the minimum size on screen when zoomed out, its band rising above the box', () => {
    const scale = 0.5;
    const s = nameSizes('Paris', 40, 30, scale);
    expect(s.grown).toBe(true);
    expect(s.fontSize * scale).toBeCloseTo(MIN_NAME_PX);
    expect(s.bandWidth).toBeGreaterThan(40);
    // The band ends where the box's own band would, so it covers no counter below it.
    expect(s.bandBottom).toBeCloseTo(8.5);
    expect(s.bandHeight).toBeGreaterThan(s.bandBottom);
  });

  it('places names greedily: a name crossing one already placed is left out, a looked-at one never', () => {
    const band = (id: string, left: number, always = false): NameBand => ({
      id,
      left,
      right: left + 50,
      top: 0,
      bottom: 10,
      always,
    });
    expect([...placeNames([band('a', 0), band('b', 30), band('c', 60)], 2)]).toEqual(['a', 'c']);
    expect([...placeNames([band('a', 0), band('b', 30, true), band('c', 60)], 2)]).toEqual(['b']);
    expect([...placeNames([band('a', 0), band('b', 51)], 2)]).toEqual(['a']);
    expect([...placeNames([band('a', 0), band('b', 53)], 2)]).toEqual(['a', 'b']);
  });
});
