import { MAP } from './map.ts';
import type { Side } from './state.ts';
import type { Occupancy } from './units.ts';

export { lineOfSight as hasLineOfSight, SIGHT_RANGE } from './map.ts';

/**
 * Whether `side` observes `target` (17.2): a friendly unit is adjacent, or has a line of sight of
 * at most four hexes, or (British) the aircraft marker is on or next to it.
 */
export function isObserved(
  occupancy: Occupancy,
  side: Side,
  target: string,
  aircraft: string | null,
): boolean {
  if (
    side === 'british' &&
    aircraft !== null &&
    (aircraft === target || MAP.grid.adjacent(aircraft, target))
  ) {
    return true;
  }
  const code = side === 'british' ? 1 : 2;
  for (const observer of MAP.sightOf(MAP.index.get(target)!)) {
    if (occupancy.sides[observer] === code) return true;
  }
  return false;
}
