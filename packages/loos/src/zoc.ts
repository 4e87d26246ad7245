import { MAP } from './map.ts';
import type { Side } from './state.ts';
import type { Occupancy } from './units.ts';

/**
 * Hexes in the zone of control of `side`'s units (rules 5.0): the six hexes around each unit, except
 * that German zones do not extend into British front-line hexes (14.2) save for the set-up check,
 * British zones do not extend into a trench hex across its trench hexside (14.3.1), and no zone
 * extends across the canal.
 */
export function zoneOfControl(occupancy: Occupancy, side: Side, forSetup = false): Set<string> {
  const zone = new Set<string>();
  for (const [hex, units] of occupancy.hexes()) {
    if (units[0]!.side !== side) continue;
    for (const n of MAP.neighbors(hex)) {
      if (projects(side, hex, n, forSetup)) zone.add(n);
    }
  }
  return zone;
}

function projects(side: Side, from: string, into: string, forSetup: boolean): boolean {
  if (MAP.isCanalSide(from, into)) return false;
  if (side === 'german') return forSetup || !MAP.frontLine.has(into);
  return !(MAP.trenchHexes.has(into) && MAP.isTrenchSide(from, into));
}
