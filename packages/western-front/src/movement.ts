import type { HexId } from '@salient/engine';
import { grid } from './grid.ts';
import { enemyAt, fitsIn, hasWire, onRoad, terrainAt } from './stands.ts';
import { type MoveRow, moveClassOf, moveHexes } from './tables.ts';
import type { Readable, Stand } from './types.ts';

/**
 * A move action spends a budget of 420 movement units; a hex costs 420 divided by the hexes the
 * movement table allows on its kind of ground (420 is a multiple of every allowance, 1 to 7), so a
 * move across mixed ground is the fraction of each rate it uses, as on the table.
 */
export const MOVE_BUDGET = 420;

/** Which row of the movement table a step from one hex to the next uses. */
export function moveRow(state: Readable, from: HexId, to: HexId): MoveRow | null {
  const target = terrainAt(state, to).movement;
  if (target === 'impassable') return null;
  if (onRoad(state, from) && onRoad(state, to)) return 'road';
  if (target === 'trench' && terrainAt(state, from).movement === 'trench') return 'trench';
  return target === 'close' ? 'close' : 'crossCountry';
}

/** Cost of one step for a stand, or null if it may not make it. */
export function stepCost(state: Readable, stand: Stand, from: HexId, to: HexId): number | null {
  if (enemyAt(state, stand.side, to)) return null;
  return groundCost(state, stand, from, to);
}

/** The step's cost by the movement table alone, leaving out who is in the hex. */
function groundCost(state: Readable, stand: Stand, from: HexId, to: HexId): number | null {
  const row = moveRow(state, from, to);
  if (row === null) return null;
  const cls = moveClassOf(stand);
  // "No" on the table: a step from one trench hex to the next is moving along the line, and horses
  // may not do it at all.
  const hexes = moveHexes(cls, row, stand.quality);
  if (hexes === null || hexes === 0) return null;
  // Crossing is not moving along: horses that may not use a trench may still get over one, a step
  // into it from outside and a step out, but getting them over the parapet and across the bay is
  // close going, not open ground.
  if (crossesInto(state, from, to, row) && moveHexes(cls, 'trench', stand.quality) === null) {
    const close = moveHexes(cls, 'close', stand.quality);
    return close === null || close === 0 ? null : Math.ceil(MOVE_BUDGET / close);
  }
  return Math.ceil(MOVE_BUDGET / hexes);
}

/** A step into a trench hex from ground outside the trench system (not along a road). */
function crossesInto(state: Readable, from: HexId, to: HexId, row: MoveRow): boolean {
  return (
    row !== 'road' &&
    terrainAt(state, to).movement === 'trench' &&
    terrainAt(state, from).movement !== 'trench'
  );
}

/** Whether a stand has any hex next to it that it could step into (a cheap test for offering moves). */
export function canStep(state: Readable, stand: Stand): boolean {
  return grid.neighbors(stand.hex!).some((n) => stepCost(state, stand, stand.hex!, n) !== null);
}

/**
 * Hexes one move action can reach, with the budget spent. A stand may pass through friends but must
 * end where it fits; entering wire ends the move (the stand is caught in it).
 */
export function reachable(state: Readable, stand: Stand): Map<HexId, number> {
  const start = stand.hex!;
  // Where the enemy stands, gathered once: a search looks at each hex up to six times.
  const enemy = new Set<HexId>();
  for (const s of state.stands) if (s.hex !== null && s.side !== stand.side) enemy.add(s.hex);
  const best = new Map<HexId, number>([[start, 0]]);
  const queue: [HexId, number][] = [[start, 0]];
  while (queue.length > 0) {
    let at = 0;
    for (let i = 1; i < queue.length; i++) if (queue[i]![1] < queue[at]![1]) at = i;
    const [hex, spent] = queue[at]!;
    queue[at] = queue[queue.length - 1]!;
    queue.pop();
    if (spent > (best.get(hex) ?? Infinity)) continue;
    if (hex !== start && hasWire(state, hex)) continue;
    for (const n of grid.neighbors(hex)) {
      const cost = enemy.has(n) ? null : groundCost(state, stand, hex, n);
      if (cost === null) continue;
      const total = spent + cost;
      if (total > MOVE_BUDGET || total >= (best.get(n) ?? Infinity)) continue;
      best.set(n, total);
      queue.push([n, total]);
    }
  }
  best.delete(start);
  for (const hex of [...best.keys()]) if (!fitsIn(state, stand, hex)) best.delete(hex);
  return best;
}
