import { type BotKnowledge, nextUint32, type RngState, rollInPlace, type Seat } from '@salient/engine';
import { aggressivePlayer } from './bot.ts';
import { grid } from './grid.ts';
import { choosesOrder } from './tables.ts';
import type { BeState, BeView, Readable } from './types.ts';
import { enemyOf } from './units.ts';
import { breakingPoint, standsLost, victoryPoints } from './victory.ts';

/**
 * A full state `seat` cannot tell apart from the real one. Undiscovered terrain is not in the
 * state (it is rolled from the dice when discovered), so a fresh dice generator samples it, and the
 * bowl's order with it; a sealed doctrine the other side has submitted is drawn at random from the
 * units whose order it could change.
 */
export function determinize(view: BeView, seat: Seat, rng: RngState): BeState {
  const { viewer: _viewer, ...rest } = view;
  const state = { ...rest } as BeState;
  if (view.phase.kind === 'doctrine') {
    const sealed = { ...view.phase.sealed };
    for (const side of view.phase.submitted) {
      if (side === seat || sealed[side] !== undefined) continue;
      sealed[side] = view.units
        .filter((u) => u.side === side && choosesOrder(u) && rollInPlace(rng, 2) === 1)
        .map((u) => u.id);
    }
    state.phase = { ...view.phase, sealed };
  }
  state.rng = [nextUint32(rng), nextUint32(rng), nextUint32(rng), nextUint32(rng) | 1];
  return state;
}

const sigmoid = (x: number) => 1 / (1 + Math.exp(-x));

/** How far toward its breaking point a side has lost, 0 to 1 and beyond. */
function strain(state: Readable, side: Seat): number {
  return standsLost(state, side) / Math.max(1, breakingPoint(state, side));
}

/** Closing on the objectives the side does not hold: the mean distance of its units to the nearest. */
function distanceToObjectives(state: Readable, side: Seat): number {
  const targets = Object.entries(state.objectives)
    .filter(([, o]) => o.holder !== side)
    .map(([h]) => h);
  if (targets.length === 0) return 0;
  let sum = 0;
  let n = 0;
  for (const u of state.units) {
    if (u.side !== side || u.hex === null) continue;
    let nearest = 30;
    for (const t of targets) nearest = Math.min(nearest, grid.distance(u.hex, t));
    sum += nearest;
    n++;
  }
  return n === 0 ? 0 : sum / n;
}

/**
 * `seat`'s chance from the victory points (a point per enemy stand destroyed, each objective's
 * value), how near each army is to breaking, and how close its units stand to the objectives.
 */
export function chanceOf(state: Readable, seat: Seat): number {
  const enemy = enemyOf(state, seat);
  const x =
    0.4 * (victoryPoints(state, seat) - victoryPoints(state, enemy)) +
    2.5 * (strain(state, enemy) - strain(state, seat)) +
    0.05 * (distanceToObjectives(state, enemy) - distanceToObjectives(state, seat));
  return sigmoid(x);
}

/** The search bot's knowledge of Belle Epoque (engine BotKnowledge). */
export const beBotKnowledge: BotKnowledge<BeState, BeView> = {
  determinize,
  evaluate: chanceOf,
  playout: aggressivePlayer,
};
