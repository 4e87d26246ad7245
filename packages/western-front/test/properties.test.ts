import { enumerateActions, type Policy, randomPlayout } from '@salient/engine';
import { playedAndReplayed } from '@salient/engine/testing';
import { describe, expect, it } from 'vitest';
import { purposefulPlayer } from '../src/bot.ts';
import { isCommand } from '../src/stands.ts';
import type { WfState } from '../src/types.ts';
import { game, MONS, NC } from './helpers.ts';

/** Seeded games per scenario and bot: bounded by a count, never by time. */
const SEEDS = 1;

function checkInvariants(state: WfState, step: number): void {
  const byHex = new Map<string, WfState['stands']>();
  for (const s of state.stands) {
    expect(s.steps).toBeGreaterThanOrEqual(0);
    expect(s.steps).toBeLessThanOrEqual(s.startSteps);
    expect(s.suppression).toBeGreaterThanOrEqual(0);
    expect(s.suppression).toBeLessThanOrEqual(2);
    expect(s.actions).toBeGreaterThanOrEqual(0);
    expect(s.commandMoves).toBeLessThanOrEqual(2);
    if (s.gone !== null) expect(s.hex).toBeNull();
    if (s.hex === null) continue;
    expect(s.steps).toBeGreaterThan(0);
    expect(state.terrain[s.hex]).not.toBe('canal');
    byHex.set(s.hex, [...(byHex.get(s.hex) ?? []), s]);
  }
  for (const there of byHex.values()) {
    expect(new Set(there.map((s) => s.side)).size).toBe(1);
    expect(there.filter((s) => isCommand(s)).length).toBeLessThanOrEqual(1);
    expect(there.filter((s) => !isCommand(s)).length).toBeLessThanOrEqual(1);
  }
  if (state.phase.kind === 'orders' && state.phase.active) {
    const id = state.phase.active.unit;
    const unit = state.phase.active.battery
      ? state.batteries.find((b) => b.id === id)
      : state.stands.find((s) => s.id === id);
    expect(unit!.actions).toBeGreaterThan(0);
  }
  if (step % 25 !== 0) return;
  for (const seat of [...state.seats, null]) {
    const view = game.view(state, seat);
    expect('rng' in view).toBe(false);
    if (seat !== null) expect(game.choices(view, seat)).toEqual(game.choices(state, seat));
  }
}

/** Every action every choice offers is accepted. */
function checkEveryOfferedActionIsLegal(state: WfState): void {
  for (const seat of game.status(state).toAct) {
    for (const action of enumerateActions(game.choices(state, seat))) {
      const result = game.apply(state, seat, action);
      if (!result.ok) throw new Error(`offered ${JSON.stringify(action)} refused: ${result.error.message}`);
    }
  }
}

const bots: [string, Policy | undefined][] = [
  ['random', undefined],
  ['purposeful', purposefulPlayer],
];

describe('Property: random games to the end keep every invariant and replay exactly', () => {
  for (const scenario of [MONS, NC, 'st-julien-1915']) {
    for (const [name, policy] of bots) {
      it(`${scenario}, ${name} bot: ${SEEDS} seeded games`, () => {
        for (let i = 0; i < SEEDS; i++) {
          let step = 0;
          const seed = `${scenario}-${name}-${i}`;
          const result = randomPlayout(game, scenario, seed, `bot-${i}`, {
            ...(policy ? { policy } : {}),
            afterAction: (raw) => {
              const state = raw as WfState;
              expect(game.status(state).toAct.length).toBe(state.outcome === null ? 1 : 0);
              checkInvariants(state, step);
              if (step++ % 80 === 0) checkEveryOfferedActionIsLegal(state);
            },
          });
          expect(result.outcome).not.toBeNull();
          expect(result.state.turn).toBeLessThanOrEqual(result.state.lastTurn);
          expect(game.status(result.state).toAct).toEqual([]);
          const { played, replayed } = playedAndReplayed(game, scenario, seed, result);
          expect(replayed).toBe(played);
        }
      }, 120_000);
    }
  }
});
