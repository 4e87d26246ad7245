import { MAP } from './map.ts';
import type { Side } from './state.ts';
import type { Occupancy } from './units.ts';

/** The longest line of sight, in hexes (17.2). */
export const SIGHT_RANGE = 4;

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
  for (const [hex, units] of occupancy.hexes()) {
    if (units[0]!.side !== side) continue;
    const distance = MAP.grid.distance(hex, target);
    if (distance === 0 || distance > SIGHT_RANGE) continue;
    if (distance === 1 || hasLineOfSight(hex, target)) return true;
  }
  return false;
}

/**
 * A line of sight from hex centre to hex centre is blocked by any hex on it other than clear, the
 * target's included and the observer's not; along a hexside, only when both hexes block. An observer
 * on high ground ignores all blocking terrain except intervening high ground (rulings R9).
 */
export function hasLineOfSight(observer: string, target: string): boolean {
  const elevated = MAP.highGround.has(observer);
  const steps = MAP.grid.line(observer, target);
  for (let i = 1; i < steps.length; i++) {
    const step = steps[i]!;
    const isTarget = i === steps.length - 1;
    const blocks = (hex: string) => {
      if (!elevated) return MAP.blocksSight(hex);
      return !isTarget && MAP.highGround.has(hex);
    };
    if (step.every(blocks)) return false;
  }
  return true;
}
