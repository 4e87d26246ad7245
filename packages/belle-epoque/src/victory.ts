import type { Outcome, Seat } from '@salient/engine';
import { findScenario, sideName } from './scenarios/index.ts';
import type { BeState, Readable } from './types.ts';
import { enemyOf, onMap, unitAt } from './units.ts';

/** Stands a side has lost since the start. */
export function standsLost(state: Readable, side: Seat): number {
  return state.units.filter((u) => u.side === side).reduce((sum, u) => sum + u.startStands - u.stands, 0);
}

export function startingStands(state: Readable, side: Seat): number {
  return state.units.filter((u) => u.side === side).reduce((sum, u) => sum + u.startStands, 0);
}

/** Victory points: a point per enemy stand destroyed, and the value of each objective held. */
export function victoryPoints(state: Readable, side: Seat): number {
  let vp = standsLost(state, enemyOf(state, side));
  for (const objective of Object.values(state.objectives)) if (objective.holder === side) vp += objective.vp;
  return vp;
}

/** Stands lost at which `side` breaks: the scenario's figure, or half its starting stands. */
export function breakingPoint(state: Readable, side: Seat): number {
  return findScenario(state.scenario)?.breakAt?.[side] ?? Math.ceil(startingStands(state, side) / 2);
}

/** An army that has lost its breaking point in stands (half, unless the scenario says) breaks. */
export function isBroken(state: Readable, side: Seat): boolean {
  return standsLost(state, side) >= breakingPoint(state, side);
}

/** An objective belongs to the last side to end an activation in it. */
export function updateControl(state: BeState): void {
  for (const [hex, objective] of Object.entries(state.objectives)) {
    const holder = unitAt(state, hex);
    if (holder) objective.holder = holder.side;
  }
}

function byPoints(state: Readable, reason: string): Outcome {
  const [a, b] = state.seats as [Seat, Seat];
  const va = victoryPoints(state, a);
  const vb = victoryPoints(state, b);
  const score = `${a} ${va}, ${b} ${vb} victory points`;
  if (va === vb) return { winner: null, reason: `${reason}: a draw, ${score}` };
  return { winner: va > vb ? a : b, reason: `${reason}: ${score}` };
}

/** A side with no unit left on the board has lost at once. */
export function wipeOut(state: Readable): Outcome | null {
  for (const side of state.seats) {
    if (onMap(state, side).length === 0) {
      return {
        winner: enemyOf(state, side),
        reason: `the ${sideName(state.scenario, side)} army has no unit left on the board`,
      };
    }
  }
  return null;
}

/** The outcome at the end of a turn, if the game ends there. */
export function endOfTurnOutcome(state: Readable): Outcome | null {
  const broken = state.seats.filter((s) => isBroken(state, s));
  if (broken.length === 1) {
    const loser = broken[0]!;
    const lost = standsLost(state, loser);
    return {
      winner: enemyOf(state, loser),
      reason: `the ${loser} army broke, having lost ${lost} stands of ${startingStands(state, loser)}`,
    };
  }
  if (broken.length === 2) return byPoints(state, 'both armies broke');
  if (state.turn >= state.lastTurn) return byPoints(state, `end of turn ${state.lastTurn}`);
  return null;
}
