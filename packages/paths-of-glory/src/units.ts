import { memo } from './cache.ts';
import { type Nation, UNITS, type UnitData, unitData } from './data/index.ts';
import { ELIMINATED, OFFMAP, REMOVED, RESERVE, type Readable, type Side } from './types.ts';

export const isArmy = (id: string) => unitData(id).type === 'army';

export function cfOf(state: Readable, id: string): number {
  const d = unitData(id);
  return state.units[id]!.reduced ? d.reducedCf : d.cf;
}

export function lfOf(state: Readable, id: string): number {
  const d = unitData(id);
  return state.units[id]!.reduced ? d.reducedLf : d.lf;
}

export function mfOf(state: Readable, id: string): number {
  const d = unitData(id);
  return state.units[id]!.reduced ? d.reducedMf : d.mf;
}

export const sideOf = (id: string): Side => unitData(id).side;
export const nationOf = (id: string): Nation => unitData(id).nation;

/** Whether the location is a space on the map rather than a box or nowhere. */
export const onMap = (loc: string) =>
  loc !== RESERVE && loc !== ELIMINATED && loc !== REMOVED && loc !== OFFMAP;

/** Units in a space, in the fixed order of the counter table (so every listing is deterministic). */
export function unitsIn(state: Readable, spaceId: string): string[] {
  return occupancy(state).get(spaceId) ?? [];
}

/** Every space's units, computed once when many spaces are asked about. */
export function occupancy(state: Readable): Map<string, string[]> {
  return memo(state, 'occupancy', () => computeOccupancy(state));
}

function computeOccupancy(state: Readable): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const u of UNITS) {
    const loc = state.units[u.id]!.loc;
    if (!onMap(loc)) continue;
    const list = map.get(loc);
    if (list) list.push(u.id);
    else map.set(loc, [u.id]);
  }
  return map;
}

export function sideInSpace(state: Readable, spaceId: string): Side | null {
  const first = unitsIn(state, spaceId)[0];
  return first ? unitData(first).side : null;
}

export function boxUnits(state: Readable, side: Side, box: string): string[] {
  return UNITS.filter((u) => u.side === side && state.units[u.id]!.loc === box).map((u) => u.id);
}

export function unitLabel(d: UnitData): string {
  const prefix = d.nation.toUpperCase();
  return d.name.startsWith(prefix) || d.name.startsWith('A-H') ? d.name : `${prefix} ${d.name}`;
}

export const label = (id: string) => unitLabel(unitData(id));

/** Stacking limit (10.1.1): three units, whatever their size; forts do not count. */
export const STACK_LIMIT = 3;

/** 11.3.1, 9.5.3.4: whether an army may operate on the Near East map (not once entered at home). */
export const nearEastAble = (state: Readable, id: string) =>
  unitData(id).nearEast && !(state.homeArmies ?? []).includes(id);
