import { randomPlayout } from '@salient/engine';
import { describe, expect, it } from 'vitest';
import type { BeState } from '../src/types.ts';
import { game } from './helpers.ts';

describe('Views share the state’s parts and never change it', () => {
  it('reading a view (choices, presentation, preview of every choice) leaves the state as it was, at every step of a seeded game, for both sides and spectators', () => {
    const scenario = game.scenarios[0]!.id;
    let steps = 0;
    randomPlayout(game, scenario, 'view-sharing', 'view-bot', {
      afterAction: (raw) => {
        const state = raw as BeState;
        const before = JSON.stringify(state);
        for (const seat of [...game.scenarios[0]!.seats.map((s) => s.id), null]) {
          const view = game.view(state, seat);
          // The generator never reaches a view, and a side's sealed doctrine only its own.
          expect('rng' in view).toBe(false);
          game.present(view, seat);
          if (seat !== null)
            for (const c of game.choices(view, seat)) game.preview?.(view, seat, { type: c.action });
          JSON.stringify(view);
        }
        expect(JSON.stringify(state)).toBe(before);
        steps++;
      },
    });
    expect(steps).toBeGreaterThan(20);
  });

  it('hides the other side’s sealed doctrine without touching the state’s', () => {
    const state = game.setup(game.scenarios[0]!.id, {}, 'sealed') as BeState;
    const sides = game.scenarios[0]!.seats.map((s) => s.id);
    state.phase = {
      kind: 'doctrine',
      submitted: [...sides],
      sealed: { [sides[0]!]: ['a'], [sides[1]!]: ['b'] },
    };
    const view = game.view(state, sides[0]!);
    expect(view.phase).toEqual({ kind: 'doctrine', submitted: sides, sealed: { [sides[0]!]: ['a'] } });
    expect(game.view(state, null).phase).toMatchObject({ sealed: {} });
    expect(state.phase.sealed).toEqual({ [sides[0]!]: ['a'], [sides[1]!]: ['b'] });
  });
});
