import { describe, expect, it } from 'vitest';
import { EventLog, isIrreversible, rngFromSeed, rollInPlace } from '../src/index.ts';

describe('deterministic dice', () => {
  it('gives the same rolls for the same seed and different rolls for another', () => {
    const a = rngFromSeed('match-1');
    const b = rngFromSeed('match-1');
    const c = rngFromSeed('match-2');
    const rollsA = Array.from({ length: 50 }, () => rollInPlace(a, 6));
    const rollsB = Array.from({ length: 50 }, () => rollInPlace(b, 6));
    const rollsC = Array.from({ length: 50 }, () => rollInPlace(c, 6));
    expect(rollsA).toEqual(rollsB);
    expect(rollsA).not.toEqual(rollsC);
  });

  it('rolls every face of a die about equally often', () => {
    const s = rngFromSeed('fairness');
    const counts = [0, 0, 0, 0, 0, 0];
    const n = 60_000;
    for (let i = 0; i < n; i++) counts[rollInPlace(s, 6) - 1]!++;
    for (const c of counts) expect(Math.abs(c - n / 6)).toBeLessThan(n / 6 / 20);
  });

  it('keeps its whole state in four 32-bit integers that survive JSON', () => {
    const s = rngFromSeed('json');
    rollInPlace(s, 6);
    const copy = JSON.parse(JSON.stringify(s));
    expect(rollInPlace(copy, 20)).toBe(rollInPlace(s, 20));
    for (const x of s) expect(Number.isInteger(x) && x >= 0 && x < 2 ** 32).toBe(true);
  });

  it('records every roll as an irreversible event', () => {
    const log = new EventLog(rngFromSeed('log'));
    const total = log.roll(3, 6, 'bombardment', 'Bombardment').total;
    expect(log.events).toHaveLength(1);
    const event = log.events[0]!;
    expect(event.type).toBe('roll');
    expect(event.total).toBe(total);
    expect(isIrreversible(event)).toBe(true);
    expect(isIrreversible({ type: 'move', text: 'moved' })).toBe(false);
  });
});
