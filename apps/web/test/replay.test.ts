import { describe, expect, it } from 'vitest';
import { clockLines, formatDuration, remainingMs } from '../src/lib/clock.ts';
import { buildTimeline, clampStep, type ReplayInput, stepForKey } from '../src/lib/replay.ts';
import { href, parseRoute } from '../src/lib/router.ts';
import { skirmish } from './fixture/skirmish.ts';

const record: ReplayInput = {
  scenario: 'meeting',
  options: {},
  seed: 's',
  actions: [
    { seat: 'red', action: { type: 'move', unit: 'r1', to: '0202' } },
    { seat: 'red', action: { type: 'endTurn' } },
    { seat: 'blue', action: { type: 'endTurn' } },
    { seat: 'red', action: { type: 'move', unit: 'r1', to: '0302' } },
  ],
};

describe('replay timeline', () => {
  const timeline = buildTimeline(skirmish, record);

  it('rebuilds every position and the turns they fall in', () => {
    expect(timeline.states).toHaveLength(5);
    expect(timeline.brokenAt).toBeNull();
    expect(timeline.turns).toEqual([
      { turn: 'Turn 1', index: 0 },
      { turn: 'Turn 2', index: 3 },
    ]);
    expect(timeline.events[1]?.[0]?.text).toBe('r1 moved to 0202');
  });

  it('stops where the record and the rules disagree', () => {
    const bad = buildTimeline(skirmish, {
      ...record,
      actions: [...record.actions.slice(0, 1), { seat: 'blue', action: { type: 'endTurn' } }],
    });
    expect(bad.brokenAt).toBe(2);
    expect(bad.states).toHaveLength(2);
  });

  it('steps with the arrow keys, jumps by turn with Page keys, and stays in range', () => {
    expect(stepForKey('ArrowRight', 0, timeline)).toBe(1);
    expect(stepForKey('ArrowLeft', 0, timeline)).toBe(0);
    expect(stepForKey('End', 0, timeline)).toBe(4);
    expect(stepForKey('Home', 3, timeline)).toBe(0);
    expect(stepForKey('PageDown', 0, timeline)).toBe(3);
    expect(stepForKey('PageUp', 4, timeline)).toBe(3);
    expect(stepForKey('x', 2, timeline)).toBeNull();
    expect(clampStep(99, timeline)).toBe(4);
    expect(clampStep(-3, timeline)).toBe(0);
  });
});

describe('routes', () => {
  it('parses every page and round-trips ids with odd characters', () => {
    expect(parseRoute('')).toEqual({ page: 'lobby' });
    expect(parseRoute('#/signin')).toEqual({ page: 'signin' });
    expect(parseRoute('#/match/abc')).toEqual({ page: 'match', id: 'abc' });
    expect(parseRoute(href({ page: 'invite', code: 'a/b c' }))).toEqual({ page: 'invite', code: 'a/b c' });
    expect(parseRoute('#/nowhere/x/y')).toEqual({ page: 'not-found', path: '/nowhere/x/y' });
  });
});

describe('clocks', () => {
  const clock = {
    kind: 'live' as const,
    remainingMs: { red: 60_000, blue: 30_000 },
    running: ['red'],
    asOf: '2026-01-01T00:00:00.000Z',
  };
  const t0 = Date.parse(clock.asOf);

  it('counts down only the running side', () => {
    expect(remainingMs(clock, 'red', t0 + 10_000)).toBe(50_000);
    expect(remainingMs(clock, 'blue', t0 + 10_000)).toBe(30_000);
    expect(remainingMs(clock, 'red', t0 + 100_000)).toBe(0);
  });

  it('writes clocks and deadlines in words', () => {
    expect(formatDuration(65_000)).toBe('1:05');
    expect(formatDuration(3_600_000 + 5_000)).toBe('1:00:05');
    expect(clockLines(clock, [{ seat: 'red', name: 'Red' }], t0)).toEqual(['Red 1:00 ▶']);
    const corr = { kind: 'correspondence' as const, deadline: '2026-01-02T00:00:00.000Z', asOf: clock.asOf };
    expect(clockLines(corr, [], t0)).toEqual(['Turn deadline in 1d 0h']);
    expect(clockLines(corr, [], t0 + 2 * 86_400_000)[0]).toMatch(/passed/);
  });
});
