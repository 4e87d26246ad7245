import { CommonErrorCode, type HexId, type Seat, violation } from '@salient/engine';
import { grid } from './grid.ts';
import { TERRAIN, type TerrainRules } from './tables.ts';
import type { Readable, Unit } from './types.ts';

export function unitById(state: Readable, id: string): Unit | undefined {
  return state.units.find((u) => u.id === id);
}

/** The unit with this id, on the map; a clear error otherwise. */
export function liveUnit(state: Readable, id: unknown): Unit {
  const unit = typeof id === 'string' ? unitById(state, id) : undefined;
  if (!unit) violation(CommonErrorCode.UnknownUnit, `there is no unit ${String(id)}`);
  if (unit.hex === null) violation('UNIT_ELIMINATED', `${unit.name} has been eliminated`);
  return unit;
}

export function unitAt(state: Readable, hex: HexId): Unit | undefined {
  return state.units.find((u) => u.hex === hex);
}

export function onMap(state: Readable, side?: Seat): Unit[] {
  return state.units.filter((u) => u.hex !== null && (side === undefined || u.side === side));
}

export function enemyOf(state: Readable, side: Seat): Seat {
  return state.seats[0] === side ? state.seats[1]! : state.seats[0]!;
}

/** Terrain rules of a known sector, or null while it is undiscovered. */
export function terrainAt(state: Readable, hex: HexId): TerrainRules | null {
  const t = state.terrain[hex];
  return t === undefined ? null : TERRAIN[t];
}

/** Whether `unit` may enter `hex`: not impassable terrain, nor closed by the scenario to its kind. */
export function passableFor(state: Readable, hex: HexId, unit: Unit): boolean {
  if (terrainAt(state, hex)?.impassable) return false;
  return !(state.impassableTo[hex]?.includes(unit.kind) ?? false);
}

/** A sector next to an enemy unit is in that side's zone of control. */
export function inEnemyZoc(state: Readable, side: Seat, hex: HexId): boolean {
  return grid.neighbors(hex).some((n) => {
    const u = unitAt(state, n);
    return u !== undefined && u.side !== side;
  });
}

export function hasRating(unit: Unit, rating: Unit['ratings'][number]): boolean {
  return unit.ratings.includes(rating);
}
