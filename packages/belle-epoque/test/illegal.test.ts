import { randomPlayout } from '@salient/engine';
import { describe, expect, it } from 'vitest';
import type { BeState } from '../src/types.ts';
import { game, lab, refused, started } from './helpers.ts';

describe('Illegal actions are refused with a code and change nothing', () => {
  it('refuses malformed, unknown, misplaced and out-of-turn actions', () => {
    const state = lab({ b1: '0707', r1: '0703' });
    expect(refused(state, 'blue', null)).toBe('MALFORMED_ACTION');
    expect(refused(state, 'blue', 'fire')).toBe('MALFORMED_ACTION');
    expect(refused(state, 'blue', { type: 42 })).toBe('MALFORMED_ACTION');
    expect(refused(state, 'blue', { type: 'charge' })).toBe('UNKNOWN_ACTION');
    expect(refused(state, 'blue', { type: '__proto__' })).toBe('UNKNOWN_ACTION');
    expect(refused(state, 'blue', { type: 'fire', target: 'r1' })).toBe('WRONG_PHASE');
    expect(refused(state, 'red', { type: 'activateBasic', unit: 'r1' })).toBe('NOT_YOUR_TURN');
    expect(refused(state, 'nobody', { type: 'activateBasic', unit: 'b1' })).toBe('NOT_YOUR_TURN');
    expect(refused(state, 'blue', { type: 'activateBasic', unit: 'zz' })).toBe('UNKNOWN_UNIT');
    expect(refused(state, 'blue', { type: 'activate', unit: 'b1', cp: 'all' })).toBe('MALFORMED_ACTION');
    expect(refused(state, 'blue', { type: 'activate', unit: 'b1', cp: -1 })).toBe('OUT_OF_BOUNDS');
  });

  it('refuses moves off the board or out of reach, and fire at friends or unknown targets', () => {
    const state = lab({ b1: '0707', b2: '0708', r1: '0703' });
    const active = game.apply(state, 'blue', { type: 'activateBasic', unit: 'b1' });
    if (!active.ok) throw new Error(active.error.message);
    expect(refused(active.state, 'blue', { type: 'move', to: '9999' })).toBe('UNKNOWN_LOCATION');
    expect(refused(active.state, 'blue', { type: 'move', to: '0704' })).toBe('NOT_ADJACENT');
    expect(refused(active.state, 'blue', { type: 'move' })).toBe('MALFORMED_ACTION');
    expect(refused(active.state, 'blue', { type: 'assault', target: 'b2' })).toBe('NOT_ACTIVATED');
  });

  it('refuses everything once the game is over', () => {
    const state = started();
    state.phase = { kind: 'over' };
    state.outcome = { winner: 'blue', reason: 'test' };
    expect(refused(state, 'blue', { type: 'endActivation' })).toBe('GAME_OVER');
    expect(game.choices(state, 'blue')).toEqual([]);
    expect(game.status(state).toAct).toEqual([]);
  });

  it('never throws on hostile input', () => {
    const state = started();
    for (const action of [
      undefined,
      [],
      { type: 'move', to: { x: 1 } },
      { type: 'doctrine', change: 'b1' },
      { type: 'takeLosses' },
    ]) {
      for (const seat of ['blue', 'red']) expect(() => game.apply(state, seat, action)).not.toThrow();
    }
  });
});

describe('Hostile and random actions never throw, never mutate, and get a code', () => {
  it('survives scrambled actions at many points of random games', () => {
    const types = [
      'doctrine',
      'activate',
      'activateBasic',
      'move',
      'fire',
      'assault',
      'endActivation',
      'salvo',
      'evade',
    ];
    const values = [null, 0, -3, 2.5, 99, 'b1', 'r1', 'f1', 'g1', '0707', '9999', [], ['b1'], {}, true];
    let seed = 7;
    const next = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    for (const scenario of ['encounter', 'rossignol-1914']) {
      let checked = 0;
      randomPlayout(game, scenario, `fuzz-${scenario}`, 'fuzz-bot', {
        afterAction: (raw) => {
          if (checked++ % 7 !== 0) return;
          const state = raw as BeState;
          const before = JSON.stringify(state);
          for (let i = 0; i < 12; i++) {
            const action = {
              type: types[next(types.length)]!,
              unit: values[next(values.length)]!,
              to: values[next(values.length)]!,
              target: values[next(values.length)]!,
              cp: values[next(values.length)]!,
              loose: values[next(values.length)]!,
            };
            const seat = state.seats[next(2)]!;
            const result = game.apply(state, seat, action);
            if (!result.ok) expect(result.error.code).toMatch(/^[A-Z_]+$/);
            expect(result.ok || result.error.code !== 'INTERNAL_ERROR').toBe(true);
          }
          expect(JSON.stringify(state)).toBe(before);
        },
      });
    }
  });
});
