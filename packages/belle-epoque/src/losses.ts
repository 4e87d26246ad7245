import type { EventLog, HexId } from '@salient/engine';
import { grid, ROWS, rowOf } from './grid.ts';
import { discover } from './sight.ts';
import type { BeState, Readable, Unit } from './types.ts';
import { enemyOf, onMap, terrainAt, unitAt } from './units.ts';

/** Enemies this close are the ones a falling-back unit must draw away from. */
const FALL_BACK_AWARENESS = 2;

/**
 * The sectors a unit falls back through, at most `steps` of them. Each step must take it further
 * from every enemy within 2 UD, into an empty passable sector; among those it heads for its home
 * edge, then the lowest id, so the path is fixed by what everybody can see.
 */
export function fallBackPath(state: Readable, unit: Unit, steps: number): HexId[] {
  const path: HexId[] = [];
  const enemies = onMap(state, enemyOf(state, unit.side)).map((u) => u.hex!);
  const homeRow = state.home[unit.side] === 'south' ? ROWS : 1;
  let here = unit.hex!;
  for (let i = 0; i < steps; i++) {
    const near = enemies.filter((e) => grid.distance(here, e) <= FALL_BACK_AWARENESS);
    const from = here;
    const candidates = grid
      .neighbors(from)
      .filter(
        (n) =>
          !path.includes(n) &&
          unitAt(state, n) === undefined &&
          !(terrainAt(state, n)?.impassable ?? false) &&
          near.every((e) => grid.distance(n, e) > grid.distance(from, e)),
      );
    if (candidates.length === 0) break;
    candidates.sort(
      (a, b) => Math.abs(rowOf(a) - homeRow) - Math.abs(rowOf(b) - homeRow) || (a < b ? -1 : 1),
    );
    here = candidates[0]!;
    path.push(here);
  }
  return path;
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
      text: `A ${unit.side} token is taken out of the bowl`,
      side: unit.side,
    });
  }
}

/** Moves a unit back along a fall-back path, discovering what it sees on the way. */
export function fallBack(state: BeState, log: EventLog, unit: Unit, path: HexId[]): void {
  if (path.length === 0 || unit.hex === null) return;
  log.add({
    type: 'fellBack',
    text: `${unit.name} falls back ${path.length} UD from ${unit.hex} to ${path[path.length - 1]}`,
    unit: unit.id,
    path,
  });
  unit.hex = path[path.length - 1]!;
  unit.movedThisTurn = true;
  unit.revealed = true;
  discover(state, log);
}
