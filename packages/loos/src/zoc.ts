import { MAP } from './map.ts';
import type { Side } from './state.ts';
import type { Occupancy } from './units.ts';

/** A set of hexes held as one byte per hex of the map, for the movement search. */
export class HexSet {
  readonly bits = new Uint8Array(MAP.ids.length);

  add(hex: string): void {
    this.bits[MAP.index.get(hex)!] = 1;
  }

  has(hex: string): boolean {
    const i = MAP.index.get(hex);
    return i !== undefined && this.bits[i] === 1;
  }
}

/** Hexes in the zone of control of `side`'s units (5.0, with 14.2 and 14.3.1: see LoosMap.projectsZone). */
export function zoneOfControl(occupancy: Occupancy, side: Side, forSetup = false): HexSet {
  const zone = new HexSet();
  const code = side === 'british' ? 1 : 2;
  const sides = occupancy.sides;
  const reach = (forSetup ? MAP.setupZoneReach : MAP.zoneReach)[side];
  for (let i = 0; i < sides.length; i++) {
    if (sides[i] !== code) continue;
    for (const n of reach[i]!) zone.bits[n] = 1;
  }
  return zone;
}
