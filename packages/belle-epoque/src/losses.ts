import type { EventLog, HexId } from '@salient/engine';
import { grid } from './grid.ts';
import { sideName } from './scenarios/index.ts';
import { relocate } from './sight.ts';
import type { BeState, Readable, Unit } from './types.ts';
import { enemyOf, onMap, passableFor, unitAt } from './units.ts';

/** Enemies this close are the ones a falling-back unit must draw away from. */
const FALL_BACK_AWARENESS = 2;

/**
 * The sectors a unit standing at `from` may fall back into: each takes it further from every enemy
 * within 2 UD, is empty and passable to it, and has not been entered during this fall back.
 */
export function fallBackSteps(state: Readable, unit: Unit, from: HexId, visited: HexId[]): HexId[] {
  const near = onMap(state, enemyOf(state, unit.side))
    .map((u) => u.hex!)
    .filter((e) => grid.distance(from, e) <= FALL_BACK_AWARENESS);
  return grid
    .neighbors(from)
    .filter(
      (n) =>
        !visited.includes(n) &&
        unitAt(state, n) === undefined &&
        passableFor(state, n, unit) &&
        near.every((e) => grid.distance(n, e) > grid.distance(from, e)),
    );
}

/** The most fall backs, up to `limit`, the unit could still make from `from`. */
function longestFallBack(state: Readable, unit: Unit, from: HexId, visited: HexId[], limit: number): number {
  let best = 0;
  for (const next of fallBackSteps(state, unit, from, visited)) {
    if (best === limit) break;
    best = Math.max(best, 1 + longestFallBack(state, unit, next, [...visited, next], limit - 1));
  }
  return best;
}

/** How many of `steps` fall backs the unit can make from where it stands; the rest are stands. */
export function possibleFallBacks(state: Readable, unit: Unit, steps: number): number {
  return steps <= 0 ? 0 : longestFallBack(state, unit, unit.hex!, [unit.hex!], steps);
}

/**
 * The next sectors the owner may choose while falling back: only those from which the rest of the
 * fall back can still be made in full. `reach` is how many of `stepsLeft` can be made at all.
 */
export function fallBackOptions(
  state: Readable,
  unit: Unit,
  visited: HexId[],
  stepsLeft: number,
): { reach: number; options: HexId[] } {
  const from = unit.hex!;
  const scored = fallBackSteps(state, unit, from, visited).map((hex) => ({
    hex,
    reach: 1 + longestFallBack(state, unit, hex, [...visited, hex], stepsLeft - 1),
  }));
  const reach = scored.reduce((best, s) => Math.max(best, s.reach), 0);
  return { reach, options: scored.filter((s) => s.reach === reach).map((s) => s.hex) };
}

/** Removes stands; a unit left with none is eliminated, and an unactivated one loses its token. */
export function loseStands(state: BeState, log: EventLog, unit: Unit, count: number): void {
  if (count <= 0 || unit.hex === null) return;
  const lost = Math.min(count, unit.stands);
  unit.stands -= lost;
  log.add({
    type: 'losses',
    text: `${unit.name} loses ${lost} stand${lost > 1 ? 's' : ''}`,
    unit: unit.id,
    stands: lost,
  });
  if (unit.stands > 0) return;
  log.add({
    type: 'eliminated',
    text: `${unit.name} is eliminated at ${unit.hex}`,
    unit: unit.id,
    hex: unit.hex,
  });
  unit.hex = null;
  if (!unit.activated) {
    unit.activated = true;
    state.bowl[unit.side] = state.bowl[unit.side]! - 1;
    log.add({
      type: 'tokenDiscarded',
      text: `A ${sideName(state.scenario, unit.side)} token is taken out of the bowl`,
      side: unit.side,
    });
  }
}

/** Moves a unit one sector back, discovering what it sees from there. */
export function fallBackStep(state: BeState, log: EventLog, unit: Unit, to: HexId): void {
  relocate(state, log, unit, to, {
    type: 'fellBack',
    text: `${unit.name} falls back from ${unit.hex} to ${to}`,
  });
}
