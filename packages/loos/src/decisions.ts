import { MAP } from './map.ts';
import { mayEnter } from './movement.ts';
import type { Decision, LoosLike, Side, Unit } from './state.ts';
import { enemyOf, isOnMap } from './state.ts';
import { canStack, Occupancy, withReserve } from './units.ts';
import { zoneOfControl } from './zoc.ts';

type Of<K extends Decision['kind']> = Extract<Decision, { kind: K }>;

function unitById(state: LoosLike, id: string): Unit | undefined {
  return state.units.find((u) => u.id === id);
}

/**
 * Next hexes of a retreat that can still be completed (our rule 7.7 with 14.2 and 16.0): each hex
 * farther from the combat hex than the last; never into an enemy unit, an enemy zone of control, a
 * friendly unit (that would displace it, 7.7.2), off the map, or, for Germans, the British front
 * line. A British retreat ends in the first front-line hex it enters.
 */
export function retreatSteps(state: LoosLike, d: Of<'retreat-or-deplete'>): string[] {
  const unit = unitById(state, d.unit);
  if (!unit || !isOnMap(unit)) return [];
  const occupancy = new Occupancy(state);
  const enemyZone = zoneOfControl(occupancy, enemyOf(unit.side));
  const movers = new Set(withReserve(occupancy, unit).map((u) => u.id));
  const stepOk = (to: string, distance: number) =>
    MAP.grid.distance(d.from, to) === distance &&
    !enemyZone.has(to) &&
    !(unit.side === 'german' && MAP.frontLine.has(to)) &&
    occupancy.at(to).every((u) => movers.has(u.id)) &&
    mayEnterForRetreat(unit.side, to, occupancy);
  const completes = (at: string, distance: number): boolean =>
    distance === d.hexes || (unit.side === 'british' && MAP.frontLine.has(at));
  const feasible = (at: string, distance: number): boolean => {
    if (completes(at, distance)) return true;
    return MAP.neighbors(at).some((n) => stepOk(n, distance + 1) && feasible(n, distance + 1));
  };
  const done = d.path.length;
  return MAP.neighbors(unit.loc).filter((n) => stepOk(n, done + 1) && feasible(n, done + 1));
}

function mayEnterForRetreat(side: Side, to: string, occupancy: Occupancy): boolean {
  const holder = occupancy.sideAt(to);
  return holder === null || holder === side;
}

/** Whether the retreat is over: its full length, or a British unit reached its front line (14.2). */
export function retreatComplete(state: LoosLike, d: Of<'retreat-or-deplete'>): boolean {
  const unit = unitById(state, d.unit);
  if (!unit) return true;
  return (
    d.path.length >= d.hexes || (unit.side === 'british' && d.path.length > 0 && MAP.frontLine.has(unit.loc))
  );
}

/**
 * Where each attacker may advance (16.0 7.9): one hex, into the vacated hex or a vacant hex next to
 * it, never into a British front-line hex (14.2); a front-line unit takes its reserve along (18.3).
 */
export function advanceOptions(state: LoosLike, d: Of<'advance'>): Map<string, string[]> {
  const options = new Map<string, string[]>();
  const occupancy = new Occupancy(state);
  if (occupancy.at(d.vacated).some((u) => !d.units.includes(u.id) && u.side !== d.seat)) return options;
  for (const id of d.units) {
    const unit = unitById(state, id);
    if (!unit || !isOnMap(unit) || unit.reserve) continue;
    if (!MAP.grid.adjacent(unit.loc, d.vacated)) continue;
    const movers = withReserve(occupancy, unit);
    const hexes: string[] = [];
    const inVacated = occupancy.at(d.vacated);
    if (inVacated.every((u) => u.side === unit.side) && canStack([...inVacated, ...movers]))
      hexes.push(d.vacated);
    for (const n of MAP.neighbors(d.vacated)) {
      if (n === unit.loc || !MAP.grid.adjacent(n, unit.loc)) continue;
      if (occupancy.at(n).length > 0) continue;
      // Front-line hexes are entered by set-up, arrival, movement or retreat, not by advance (14.2).
      if (MAP.frontLine.has(n)) continue;
      hexes.push(n);
    }
    if (hexes.length > 0) options.set(id, hexes.sort());
  }
  return options;
}

/** Hexes on or next to a German entry hex where a released regiment may be placed (11.3). */
export function reinforcementHexes(state: LoosLike, d: Of<'place-reinforcements'>, unit: Unit): string[] {
  const occupancy = new Occupancy(state);
  const entries = d.entry !== null ? [d.entry] : [...MAP.entryHexes];
  const hexes = new Set<string>();
  for (const entry of entries) {
    for (const hex of [entry, ...MAP.neighbors(entry)]) {
      if (MAP.frontLine.has(hex)) continue;
      const here = occupancy.at(hex);
      if (here.some((u) => u.side !== 'german')) continue;
      if (canStack([...here, unit])) hexes.add(hex);
    }
  }
  return [...hexes].sort();
}

/** The entry hexes a placement hex belongs to: the placement fixes the division's entry hex. */
export function entryFor(hex: string, d: Of<'place-reinforcements'>): string {
  if (d.entry !== null) return d.entry;
  if (MAP.entryHexes.has(hex)) return hex;
  return [...MAP.entryHexes].find((e) => MAP.grid.adjacent(e, hex))!;
}

/** Unoccupied German-controlled town hexes, where replacements arrive (11.4). */
export function replacementHexes(state: LoosLike): string[] {
  const occupancy = new Occupancy(state);
  return MAP.townHexes
    .filter((hex) => !state.britishHexes.includes(hex) && occupancy.at(hex).length === 0)
    .slice()
    .sort();
}

/**
 * Where the battalions of a broken-down regiment may go (13.1): its last hex or any adjacent hex it
 * could have moved into; battalions of no division never stack, so each needs an empty hex.
 */
export function breakdownHexes(state: LoosLike, d: Of<'place-breakdown'>): string[] {
  const occupancy = new Occupancy(state);
  const enemyZone = zoneOfControl(occupancy, 'british');
  const hexes: string[] = [];
  if (occupancy.at(d.origin).length === 0) hexes.push(d.origin);
  for (const n of MAP.neighbors(d.origin)) {
    if (occupancy.at(n).length > 0 || !mayEnter('german', d.origin, n, occupancy)) continue;
    if (MAP.enterCost(d.origin, n) > d.movement) continue;
    if (enemyZone.has(d.origin) && enemyZone.has(n) && MAP.isTrenchSide(d.origin, n)) continue;
    hexes.push(n);
  }
  return hexes.sort();
}
