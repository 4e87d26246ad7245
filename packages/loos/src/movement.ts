import { MAP } from './map.ts';
import { enemyOf, type Side, type Unit } from './state.ts';
import { canStack, type Occupancy } from './units.ts';
import { type HexSet, zoneOfControl } from './zoc.ts';

export interface Reach {
  cost: number;
  /** The hexes entered on the way, the destination last. */
  readonly path: string[];
}

/** A destination whose path is spelled out only when asked for: listing choices never needs it. */
class SearchedReach implements Reach {
  constructor(
    readonly cost: number,
    private readonly hex: number,
    private readonly start: number,
    private readonly previous: Int16Array,
  ) {}

  get path(): string[] {
    const path = [MAP.ids[this.hex]!];
    for (let at = this.previous[this.hex]! - 1; at !== -1 && at !== this.start; at = this.previous[at]! - 1)
      path.unshift(MAP.ids[at]!);
    return path;
  }
}

export interface MoveContext {
  occupancy: Occupancy;
  /** Hexes in the enemy's zone of control. */
  enemyZone: HexSet;
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
  const { occupancy, enemyZone } = ctx;
  const zone = enemyZone.bits;
  const sides = occupancy.sides;
  const own = unit.side === 'british' ? 1 : 2;
  const german = unit.side === 'german';
  const start = MAP.index.get(unit.loc)!;
  const startsInZone = zone[start] === 1;
  // Both arrays hold their value plus one, so a fresh (zeroed) array means "not reached yet".
  const best = new Int16Array(MAP.ids.length);
  const previous = new Int16Array(MAP.ids.length);
  best[start] = 1;
  // Costs are small integers, so a bucket queue visits hexes in cost order without a heap.
  const buckets: number[][] = [[start]];
  const reached: number[] = [];
  for (let cost = 0; cost < buckets.length; cost++) {
    const queue = buckets[cost];
    if (!queue) continue;
    for (const hex of queue) {
      if (best[hex] !== cost + 1) continue;
      if (hex !== start) {
        reached.push(hex);
        if (zone[hex] === 1) continue;
      }
      const around = MAP.adjacency[hex]!;
      const costs = MAP.stepCost[hex]!;
      for (let k = 0; k < around.length; k++) {
        const next = around[k]!;
        const holder = sides[next]!;
        if (holder !== 0 && holder !== own) continue;
        if (MAP.frontIndex[next] === 1 && (german || MAP.frontIndex[hex] === 1)) continue;
        // Zone to zone only by infiltration, which is a move of its own.
        if (hex === start && startsInZone && zone[next] === 1) continue;
        const total = cost + costs[k]!;
        if (total > limits.mp) continue;
        const known = best[next]!;
        if (known !== 0 && known <= total + 1) continue;
        best[next] = total + 1;
        previous[next] = hex + 1;
        const bucket = buckets[total];
        if (bucket) bucket.push(next);
        else buckets[total] = [next];
      }
    }
  }
  const result = new Map<string, Reach>();
  for (const hex of reached) {
    if (sides[hex] !== 0 && !mayEnd(unit, MAP.ids[hex]!, occupancy, limits.mobile)) continue;
    result.set(MAP.ids[hex]!, new SearchedReach(best[hex]! - 1, hex, start, previous));
  }
  if (startsInZone && limits.fresh) {
    const around = MAP.adjacency[start]!;
    for (let k = 0; k < around.length; k++) {
      const next = around[k]!;
      const id = MAP.ids[next]!;
      if (zone[next] !== 1 || result.has(id) || MAP.stepTrench[start]![k]) continue;
      if (!mayEnter(unit.side, unit.loc, id, occupancy)) continue;
      const cost = MAP.stepCost[start]![k]!;
      if (cost <= limits.mp && mayEnd(unit, id, occupancy, limits.mobile))
        result.set(id, { cost, path: [id] });
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
