import { CARDS } from './cards.ts';
import { CONNECTIONS } from './connections.ts';
import { SPACES } from './spaces.ts';
import type { CardData, SpaceData, UnitData } from './types.ts';
import { UNITS } from './units.ts';

export { CARDS } from './cards.ts';
export { CONNECTIONS } from './connections.ts';
export { SPACES } from './spaces.ts';
export * from './types.ts';
export { UNITS } from './units.ts';

function byId<T extends { id: string }>(rows: readonly T[]): ReadonlyMap<string, T> {
  return new Map(rows.map((r) => [r.id, r]));
}

export const SPACE_BY_ID: ReadonlyMap<string, SpaceData> = byId(SPACES);
export const UNIT_BY_ID: ReadonlyMap<string, UnitData> = byId(UNITS);
export const CARD_BY_ID: ReadonlyMap<string, CardData> = byId(CARDS);

export function space(id: string): SpaceData {
  const s = SPACE_BY_ID.get(id);
  if (!s) throw new Error(`no space ${id}`);
  return s;
}

export function unitData(id: string): UnitData {
  const u = UNIT_BY_ID.get(id);
  if (!u) throw new Error(`no unit ${id}`);
  return u;
}

export function card(id: string): CardData {
  const c = CARD_BY_ID.get(id);
  if (!c) throw new Error(`no card ${id}`);
  return c;
}

/** Both ends of every connection, dotted ones included, keyed "a|b" in both orders. */
export const CONNECTION_NATIONS: ReadonlyMap<string, readonly string[]> = new Map(
  CONNECTIONS.flatMap((c) => [
    [`${c.a}|${c.b}`, c.nations],
    [`${c.b}|${c.a}`, c.nations],
  ]),
);
