import { MAP } from './map.ts';
import { enemyOf, type Side, type Unit } from './state.ts';
import { canStack, type Occupancy } from './units.ts';
import { zoneOfControl } from './zoc.ts';

export interface Reach {
  cost: number;
  /** The hexes entered on the way, the destination last. */
  path: string[];
}

export interface MoveContext {
  occupancy: Occupancy;
  /** Hexes in the enemy's zone of control. */
  enemyZone: Set<string>;
}

export function moveContext(occupancy: Occupancy, side: Side): MoveContext {
  return { occupancy, enemyZone: zoneOfControl(occupancy, enemyOf(side)) };
}

export interface MoveLimits {
  mp: number;
  /** The unit has not moved yet this phase, so it may infiltrate (5.1.2). */
  fresh: boolean;
  /** Mobile movement: may pass through friendly units but not end with them (18.4). */
  mobile: boolean;
}

/**
 * Every hex `unit` may end a move in, with the cheapest path (rules 4.0-5.0): terrain and hexside
 * costs; no entry into enemy-occupied hexes, or German entry into the British front line (14.2);
 * no move from one front-line hex into another (14.2); a unit entering an enemy zone of control
 * stops; a unit may not move from one enemy zone into another, except by infiltration: one hex, as
 * its whole move, not across a trench hexside (5.1.2, 14.3.2).
 */
export function reachableHexes(unit: Unit, limits: MoveLimits, ctx: MoveContext): Map<string, Reach> {
  const start = unit.loc;
  const { occupancy, enemyZone } = ctx;
  const startsInZone = enemyZone.has(start);
  const best = new Map<string, number>([[start, 0]]);
  const previous = new Map<string, string>();
  // Costs are small integers, so a bucket queue visits hexes in cost order without a heap.
  const buckets: string[][] = [[start]];
  for (let cost = 0; cost < buckets.length; cost++) {
    const queue = buckets[cost];
    if (!queue) continue;
    for (const hex of queue) {
      if (best.get(hex) !== cost) continue;
      if (hex !== start && enemyZone.has(hex)) continue;
      for (const next of MAP.neighbors(hex)) {
        if (!mayEnter(unit.side, hex, next, occupancy)) continue;
        if (hex === start && startsInZone && enemyZone.has(next)) {
          // Zone to zone only by infiltration, which is a move of its own.
          continue;
        }
        const total = cost + MAP.enterCost(hex, next);
        if (total > limits.mp) continue;
        const known = best.get(next);
        if (known !== undefined && known <= total) continue;
        best.set(next, total);
        previous.set(next, hex);
        const bucket = buckets[total];
        if (bucket) bucket.push(next);
        else buckets[total] = [next];
      }
    }
  }
  const result = new Map<string, Reach>();
  for (const [hex, cost] of best) {
    if (hex === start || !mayEnd(unit, hex, occupancy, limits.mobile)) continue;
    const path = [hex];
    for (let at = previous.get(hex); at !== undefined && at !== start; at = previous.get(at))
      path.unshift(at);
    result.set(hex, { cost, path });
  }
  if (startsInZone && limits.fresh) {
    for (const next of MAP.neighbors(start)) {
      if (!enemyZone.has(next) || result.has(next)) continue;
      if (!mayEnter(unit.side, start, next, occupancy) || MAP.isTrenchSide(start, next)) continue;
      const cost = MAP.enterCost(start, next);
      if (cost <= limits.mp && mayEnd(unit, next, occupancy, limits.mobile))
        result.set(next, { cost, path: [next] });
    }
  }
  return result;
}

/** Whether a unit of `side` may step from `from` into the adjacent hex `to` at all. */
export function mayEnter(side: Side, from: string, to: string, occupancy: Occupancy): boolean {
  const holder = occupancy.sideAt(to);
  if (holder !== null && holder !== side) return false;
  if (MAP.frontLine.has(to)) {
    if (side === 'german') return false;
    if (MAP.frontLine.has(from)) return false;
  }
  return true;
}

function mayEnd(unit: Unit, hex: string, occupancy: Occupancy, mobile: boolean): boolean {
  const here = occupancy.at(hex);
  if (here.length === 0) return true;
  if (mobile) return false;
  return canStack([...here, unit]);
}
