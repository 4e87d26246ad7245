import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyJsonPatch, cloneJson, diffJson, type Json, jsonEqual } from '../src/index.ts';

const json: fc.Arbitrary<Json> = fc.letrec<{ value: Json }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constant(null),
    fc.boolean(),
    fc.integer({ min: -5, max: 5 }),
    fc.constantFrom('a', 'b', ''),
    fc.array(tie('value'), { maxLength: 5 }),
    fc.dictionary(fc.constantFrom('x', 'y', 'z', 'w'), tie('value'), { maxKeys: 4 }),
  ),
})).value;

describe('JSON patches between views', () => {
  it('turn any value into any other, leaving the base untouched (seeded property)', () => {
    fc.assert(
      fc.property(json, json, (a, b) => {
        const before = cloneJson(a);
        const patch = diffJson(a, b);
        const patched = applyJsonPatch(a, JSON.parse(JSON.stringify(patch)));
        expect(jsonEqual(patched, b)).toBe(true);
        expect(a).toEqual(before);
      }),
      { seed: 20261123, numRuns: 2000 },
    );
  });

  it('send one changed field as one small operation, not the whole value', () => {
    const units = Array.from({ length: 40 }, (_, i) => ({ id: `u${i}`, hex: '0101', steps: 2 }));
    const before = { turn: 3, units };
    const after = { turn: 3, units: units.map((u) => (u.id === 'u7' ? { ...u, hex: '0203' } : u)) };
    expect(diffJson(before, after)).toEqual([{ p: ['units', 7, 'hex'], v: '0203' }]);
  });

  it('patch many units of a view one field each, not the whole view (a side deploying at once)', () => {
    const units = Array.from({ length: 60 }, (_, i) => ({ id: `u${i}`, loc: 'unplaced', steps: 2 }));
    const before = { turn: 0, phase: { kind: 'deployment', side: 'german' }, units };
    const deployed = units.map((u, i) => (i >= 30 && i < 57 ? { ...u, loc: `h${i}` } : u));
    const after = { turn: 0, phase: { kind: 'deployment', side: 'british' }, units: deployed };
    const patch = diffJson(before, after);
    // 27 units and the phase's side: each its own operation, far smaller than the view.
    expect(patch).toHaveLength(28);
    expect(patch).toContainEqual({ p: ['units', 30, 'loc'], v: 'h30' });
    expect(patch).toContainEqual({ p: ['phase', 'side'], v: 'british' });
    expect(JSON.stringify(patch).length).toBeLessThan(JSON.stringify(after).length / 2);
    expect(applyJsonPatch(before, patch)).toEqual(after);
  });

  it('append to, cut and replace lists, and delete keys', () => {
    expect(diffJson([1, 2], [1, 2, 3])).toEqual([{ p: [2], v: 3 }]);
    expect(diffJson({ a: [1, 2, 3, 4, 5] }, { a: [1, 2, 3, 4] })).toEqual([{ p: ['a'], n: 4 }]);
    expect(diffJson({ a: 1, b: 2, c: 3 }, { a: 1, b: 2 })).toEqual([{ p: ['c'], d: 1 }]);
    // Every element shifted: the list goes whole.
    expect(diffJson({ a: [1, 2, 3, 4] }, { a: [2, 3, 4] })).toEqual([{ p: ['a'], v: [2, 3, 4] }]);
    expect(diffJson(1, 1)).toEqual([]);
  });

  it('share what did not change between the old value and the new one', () => {
    const base = { a: { big: [1, 2, 3] }, b: { n: 1 } };
    const next = applyJsonPatch(base, [{ p: ['b', 'n'], v: 2 }]) as typeof base;
    expect(next.a).toBe(base.a);
    expect(next.b).not.toBe(base.b);
    expect(base.b.n).toBe(1);
  });

  it('refuse patches that do not fit the base or name prototype keys', () => {
    expect(() => applyJsonPatch({ a: 1 }, [{ p: ['x', 'y'], v: 1 }])).toThrow(/missing/);
    expect(() => applyJsonPatch({ a: [1] }, [{ p: ['a', 5], v: 1 }])).toThrow(/outside/);
    expect(() => applyJsonPatch({ a: [1] }, [{ p: ['a', 0], d: 1 }])).toThrow(/list/);
    expect(() => applyJsonPatch({}, [{ p: ['__proto__', 'polluted'], v: 1 }])).toThrow(/forbidden/);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
