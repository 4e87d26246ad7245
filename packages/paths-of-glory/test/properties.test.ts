import { enumerateActions, randomPlayout } from '@salient/engine';
import { playedAndReplayed } from '@salient/engine/testing';
import { describe, expect, it } from 'vitest';
import { UNITS } from '../src/data/index.ts';
import type { PogState } from '../src/types.ts';
import { STACK_LIMIT, unitsIn } from '../src/units.ts';
import { game } from './helpers.ts';

const GAMES = 3;

function checkInvariants(state: PogState): void {
  const counts = new Map<string, number>();
  for (const u of UNITS) {
    const loc = state.units[u.id]!.loc;
    counts.set(loc, (counts.get(loc) ?? 0) + 1);
  }
  for (const [loc, n] of counts) {
    if (
      !game.board('introductory').topology ||
      !['reserve', 'eliminated', 'removed', 'offmap'].includes(loc)
    ) {
      // 10.1.1 and 10.1.5: never more than three units in a space, never both sides together.
      expect(n, `stack in ${loc}`).toBeLessThanOrEqual(STACK_LIMIT);
      const sides = new Set(unitsIn(state, loc).map((u) => UNITS.find((d) => d.id === u)!.side));
      expect(sides.size, `both sides in ${loc}`).toBe(1);
    }
  }
  // Every card is in exactly one place.
  for (const side of ['ap', 'cp'] as const) {
    const d = state.decks[side];
    const all = [...d.draw, ...d.hand, ...d.discard, ...d.removed, ...d.table];
    expect(new Set(all).size).toBe(all.length);
  }
  for (const seat of ['ap', 'cp', null]) {
    const view = game.view(state, seat);
    const text = JSON.stringify(view);
    expect(text).not.toContain('"rng"');
    expect(text).not.toContain('"draw":');
    for (const side of ['ap', 'cp'] as const) {
      if (side !== seat) expect(view.decks[side].hand).toBeUndefined();
    }
    if (seat !== null) expect(game.choices(view, seat)).toEqual(game.choices(state, seat));
  }
}

function checkEveryOfferedActionIsLegal(state: PogState): void {
  for (const seat of game.status(state).toAct) {
    for (const action of enumerateActions(game.choices(state, seat))) {
      const result = game.apply(state, seat, action);
      if (!result.ok) throw new Error(`offered ${JSON.stringify(action)} refused: ${result.error.message}`);
    }
  }
}

describe('Property: random Introductory games run to their end, keep the invariants and replay exactly', () => {
  it(`${GAMES} seeded games`, () => {
    for (let i = 0; i < GAMES; i++) {
      let step = 0;
      const seed = `pog-prop-${i}`;
      const result = randomPlayout(game, 'introductory', seed, `bot-${i}`, {
        afterAction: (raw) => {
          const state = raw as PogState;
          if (step % 6 === 0) checkInvariants(state);
          if (step % 40 === 0) checkEveryOfferedActionIsLegal(state);
          step++;
        },
      });
      expect(result.outcome).not.toBeNull();
      expect(result.state.turn).toBeGreaterThanOrEqual(1);
      expect(game.status(result.state).toAct).toEqual([]);
      const { played, replayed } = playedAndReplayed(game, 'introductory', seed, result);
      expect(replayed).toBe(played);
    }
  }, 120_000);
});
