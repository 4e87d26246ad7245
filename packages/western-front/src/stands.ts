import { CommonErrorCode, type HexId, type Seat, violation } from '@salient/engine';
import { COMMAND_KINDS, RIFLE_KINDS, TERRAIN, type TerrainRules } from './tables.ts';
import type { Battalion, Battery, Readable, Stand } from './types.ts';

export function standById(state: Readable, id: string): Stand | undefined {
  return state.stands.find((s) => s.id === id);
}

export function batteryById(state: Readable, id: string): Battery | undefined {
  return state.batteries.find((b) => b.id === id);
}

export function battalionById(state: Readable, id: string | null): Battalion | undefined {
  return id === null ? undefined : state.battalions.find((b) => b.id === id);
}

/** The stand with this id, on the table; a clear error otherwise. */
export function liveStand(state: Readable, id: unknown): Stand {
  const stand = typeof id === 'string' ? standById(state, id) : undefined;
  if (!stand) violation(CommonErrorCode.UnknownUnit, `there is no stand ${String(id)}`);
  if (stand.hex === null) violation('NOT_ON_TABLE', `${stand.name} is not on the table`);
  return stand;
}

export function onTable(state: Readable, side?: Seat): Stand[] {
  return state.stands.filter((s) => s.hex !== null && (side === undefined || s.side === side));
}

export function standsAt(state: Readable, hex: HexId): Stand[] {
  return state.stands.filter((s) => s.hex === hex);
}

export function isCommand(stand: Stand): boolean {
  return COMMAND_KINDS.has(stand.kind);
}

export function isRifle(stand: Stand): boolean {
  return RIFLE_KINDS.has(stand.kind);
}

export function enemyOf(state: Readable, side: Seat): Seat {
  return state.seats[0] === side ? state.seats[1]! : state.seats[0]!;
}

export function terrainAt(state: Readable, hex: HexId): TerrainRules {
  return TERRAIN[state.terrain[hex] ?? 'open'];
}

const sets = new WeakMap<readonly HexId[], ReadonlySet<HexId>>();

/** A fixed list of hexes as a set, built once per list (lists are replaced, never edited). */
export function hexSet(list: readonly HexId[]): ReadonlySet<HexId> {
  let set = sets.get(list);
  if (!set) {
    set = new Set(list);
    sets.set(list, set);
  }
  return set;
}

export function hasWire(state: Readable, hex: HexId): boolean {
  return hexSet(state.wire).has(hex);
}

export function onRoad(state: Readable, hex: HexId): boolean {
  return hexSet(state.roads).has(hex);
}

export function inGas(state: Readable, hex: HexId | null): boolean {
  return hex !== null && state.gas.some((g) => g.hexes.includes(hex));
}

/**
 * Stacking: a hex holds at most one fighting stand and one command stand, all of one side. A stand
 * may enter a hex only where it fits.
 */
export function fitsIn(state: Readable, stand: Stand, hex: HexId): boolean {
  const there = standsAt(state, hex).filter((s) => s.id !== stand.id);
  if (there.some((s) => s.side !== stand.side)) return false;
  const command = isCommand(stand);
  return !there.some((s) => isCommand(s) === command);
}

export function enemyAt(state: Readable, side: Seat, hex: HexId): boolean {
  return state.stands.some((s) => s.hex === hex && s.side !== side);
}

/** The battalion commander of a battalion, if one is on the table. */
export function battalionCommander(state: Readable, battalion: string): Stand | undefined {
  return state.stands.find((s) => s.kind === 'bnCommander' && s.battalion === battalion && s.hex !== null);
}

export function regimentCommander(state: Readable, regiment: string): Stand | undefined {
  return state.stands.find((s) => s.kind === 'regtCommander' && s.regiment === regiment && s.hex !== null);
}

/** Rifle platoons a battalion still has on the table. */
export function platoonsLeft(state: Readable, battalion: string): number {
  let n = 0;
  for (const s of state.stands) if (s.battalion === battalion && isRifle(s) && s.gone === null) n += s.steps;
  return n;
}
