import { enumerateActions, randomPlayout } from '@salient/engine';
import { playedAndReplayed } from '@salient/engine/testing';
import { describe, expect, it } from 'vitest';
import { card, UNITS } from '../src/data/index.ts';
import { eventfulPlayer } from '../src/eventful.ts';
import type { PogState } from '../src/types.ts';
import { STACK_LIMIT, unitsIn } from '../src/units.ts';
import { game } from './helpers.ts';

/** Bounded by seed count: each Campaign game runs its 20 turns (about 1,200 actions). */
const SEEDS = ['camp-prop-1', 'camp-prop-2', 'camp-prop-3'];

function checkInvariants(state: PogState): void {
  const counts = new Map<string, number>();
  for (const u of UNITS) {
    const loc = state.units[u.id]!.loc;
    if (['reserve', 'eliminated', 'removed', 'offmap'].includes(loc)) continue;
    counts.set(loc, (counts.get(loc) ?? 0) + 1);
  }
  for (const [loc, n] of counts) {
    // 10.1.1, 10.1.5: never more than three units in a space, never both sides together.
    expect(n, `stack in ${loc}`).toBeLessThanOrEqual(STACK_LIMIT);
    const sides = new Set(unitsIn(state, loc).map((u) => UNITS.find((d) => d.id === u)!.side));
    expect(sides.size, `both sides in ${loc}`).toBe(1);
  }
  for (const side of ['ap', 'cp'] as const) {
    const d = state.decks[side];
    const all = [...d.draw, ...d.hand, ...d.discard, ...d.removed, ...d.table];
    expect(new Set(all).size, 'a card in two places').toBe(all.length);
  }
  // A deck holds only the cards of the commitment levels its side has reached (16.1).
  const levels = ['mobilization', 'limited', 'total'];
  for (const side of ['ap', 'cp'] as const) {
    const reached = levels.indexOf(state.commitment?.[side] ?? 'mobilization');
    const d = state.decks[side];
    for (const c of [...d.draw, ...d.hand, ...d.discard, ...d.removed, ...d.table])
      expect(levels.indexOf(card(c).commitment), c).toBeLessThanOrEqual(reached);
  }
  for (const seat of ['ap', 'cp', null]) {
    const view = game.view(state, seat);
    const text = JSON.stringify(view);
    expect(text).not.toContain('"rng"');
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

describe('Property: random Campaign games (5.5) run to their end, keep the invariants and replay exactly', () => {
  it(`${SEEDS.length} seeded games with a player that favours events`, () => {
    const lengths: number[] = [];
    const results: string[] = [];
    for (const [i, seed] of SEEDS.entries()) {
      let step = 0;
      const result = randomPlayout(game, 'campaign', seed, `camp-bot-${i}`, {
        policy: eventfulPlayer,
        maxActions: 20_000,
        afterAction: (raw) => {
          const state = raw as PogState;
          if (step % 40 === 0) checkInvariants(state);
          if (step % 400 === 0) checkEveryOfferedActionIsLegal(state);
          step++;
        },
      });
      // No stuck state: the playout stops only at an outcome, with nobody left to act.
      expect(result.outcome).not.toBeNull();
      expect(game.status(result.state).toAct).toEqual([]);
      const { played, replayed } = playedAndReplayed(game, 'campaign', seed, result);
      expect(replayed).toBe(played);
      lengths.push(result.actions.length);
      const s = result.state as PogState;
      results.push(`${result.outcome?.winner ?? 'draw'} (VP ${s.vp}, turn ${s.turn})`);
    }
    console.info(`Campaign property games: lengths ${lengths.join(', ')}; results ${results.join('; ')}`);
  }, 300_000);
});
