import { describe, expect, it } from 'vitest';
import { cloneJson, diffJson, shareUnchanged } from '../src/index.ts';

describe('shareUnchanged', () => {
  const before = {
    units: { a: { loc: 'x', hp: 2 }, b: { loc: 'y', hp: 1 } },
    log: ['one', 'two'],
    turn: 3,
    phase: 'ops',
    vp: 10,
  };

  it("gives the new value the old one's equal parts and keeps its changed ones", () => {
    const after = cloneJson(before);
    after.units.b.loc = 'z';
    after.log.push('three');
    const shared = shareUnchanged(before, after);
    expect(shared).toBe(after);
    expect(after.units.a).toBe(before.units.a);
    expect(after.units.b).not.toBe(before.units.b);
    expect(after.units).not.toBe(before.units);
    expect(after.log).not.toBe(before.log);
    expect(JSON.stringify(after)).toBe(
      '{"units":{"a":{"loc":"x","hp":2},"b":{"loc":"z","hp":1}},"log":["one","two","three"],"turn":3,"phase":"ops","vp":10}',
    );
    // The old value is untouched, and a diff of the two finds only the changes.
    expect(before.units.b.loc).toBe('y');
    expect(diffJson(before, after)).toEqual([
      { p: ['units', 'b', 'loc'], v: 'z' },
      { p: ['log', 2], v: 'three' },
    ]);
  });

  it('returns the old value when the two are equal whole', () => {
    expect(shareUnchanged(before, cloneJson(before))).toBe(before);
  });

  it('counts key order, so the result serialises exactly as the new value did', () => {
    const after = { log: ['one', 'two'], units: cloneJson(before.units), turn: 3, phase: 'ops', vp: 10 };
    const text = JSON.stringify(after);
    const shared = shareUnchanged(before, after);
    expect(shared).toBe(after);
    expect(after.units).toBe(before.units);
    expect(JSON.stringify(shared)).toBe(text);
    const reordered = { units: { b: { loc: 'y', hp: 1 }, a: { loc: 'x', hp: 2 } } };
    const kept = shareUnchanged({ units: before.units }, reordered);
    expect(kept.units).not.toBe(before.units);
    expect(kept.units.a).toBe(before.units.a);
  });

  it('tells an array from an object, a missing key from a present one, and shortens arrays', () => {
    expect(shareUnchanged<unknown>({ 0: 'a' }, ['a'])).toEqual(['a']);
    expect(shareUnchanged<unknown>(['a'], { 0: 'a' })).toEqual({ 0: 'a' });
    const removed = { units: { a: cloneJson(before.units.a) }, log: ['one'], turn: 3, phase: 'ops', vp: 10 };
    const shared = shareUnchanged<unknown>(before, removed);
    expect(shared).toBe(removed);
    expect(removed.units.a).toBe(before.units.a);
    expect(removed.log).not.toBe(before.log);
  });
});
