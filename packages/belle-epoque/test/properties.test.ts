import { enumerateActions, randomPlayout } from '@salient/engine';
import { playedAndReplayed } from '@salient/engine/testing';
import { describe, expect, it } from 'vitest';
import { MAX_STANDS } from '../src/tables.ts';
import type { BeState } from '../src/types.ts';
import { aggressive, game } from './helpers.ts';

function checkInvariants(state: BeState): void {
  const occupied = new Set<string>();
  for (const u of state.units) {
    expect(u.stands).toBeLessThanOrEqual(MAX_STANDS[u.kind]);
    expect(u.stands >= 0).toBe(true);
    expect(u.hex === null).toBe(u.stands === 0);
    if (u.hex !== null) {
      expect(occupied.has(u.hex)).toBe(false);
      occupied.add(u.hex);
      // Every occupied sector is discovered, so no unit stands on ground nobody knows.
      expect(state.terrain[u.hex]).toBeDefined();
    }
  }
  if (state.phase.kind !== 'doctrine') {
    for (const side of state.seats) {
      const drawn = state.phase.kind === 'pick' && state.phase.side === side ? 1 : 0;
      const waiting = state.units.filter((u) => u.side === side && u.hex !== null && !u.activated).length;
      expect(state.bowl[side]! + drawn).toBe(waiting);
    }
  }
  for (const seat of [...state.seats, null]) {
    const view = game.view(state, seat);
    expect('rng' in view).toBe(false);
    expect(Object.keys(view.terrain).length).toBe(Object.keys(state.terrain).length);
    if (view.phase.kind === 'doctrine') {
      for (const sealedBy of Object.keys(view.phase.sealed)) expect(sealedBy).toBe(seat);
    }
    if (seat !== null) expect(game.choices(view, seat)).toEqual(game.choices(state, seat));
  }
}

/** Every action every choice offers is accepted (the doctrine's some-of parameter is sampled instead). */
function checkEveryOfferedActionIsLegal(state: BeState): void {
  for (const seat of game.status(state).toAct) {
    const choices = game.choices(state, seat).filter((c) => c.params.every((p) => p.kind === 'one'));
    for (const action of enumerateActions(choices)) {
      const result = game.apply(state, seat, action);
      if (!result.ok) throw new Error(`offered ${JSON.stringify(action)} refused: ${result.error.message}`);
    }
  }
}

describe('Property: random games to the end keep every invariant and replay exactly', () => {
  for (const scenario of ['encounter', 'rossignol-1914']) {
    it(`${scenario}: ${6} seeded games`, () => {
      for (let i = 0; i < 6; i++) {
        let step = 0;
        const seed = `${scenario}-prop-${i}`;
        const result = randomPlayout(game, scenario, seed, `bot-${i}`, {
          policy: i % 3 === 2 ? undefined : aggressive,
          afterAction: (raw) => {
            const state = raw as BeState;
            checkInvariants(state);
            if (step++ % 15 === 0) checkEveryOfferedActionIsLegal(state);
          },
        });
        expect(result.outcome).not.toBeNull();
        expect(game.status(result.state).toAct).toEqual([]);
        const { played, replayed } = playedAndReplayed(game, scenario, seed, result);
        expect(replayed).toBe(played);
      }
      // Bounded by its seed count (about 1.2 s of CPU for both scenarios); the timeout only allows for
      // a machine shared with other work, where the default 5 s is too tight.
    }, 60_000);
  }
});
