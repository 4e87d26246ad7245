import { space } from './data/index.ts';
import type { Readable, Side } from './types.ts';
import { isArmy, sideOf, unitsIn } from './units.ts';

/** A fort belongs for good to the side that held its space when the war began. */
export const fortSide = (spaceId: string): Side => space(spaceId).faction;

export function intactFort(state: Readable, spaceId: string): boolean {
  return space(spaceId).fort > 0 && !state.destroyedForts.includes(spaceId);
}

/** Enough of the fort's enemies stand in it to besiege it: an army, or as many corps as its LF (15.2.1). */
export function besiegers(state: Readable, spaceId: string, units = unitsIn(state, spaceId)): boolean {
  if (!intactFort(state, spaceId)) return false;
  const enemies = units.filter((u) => sideOf(u) !== fortSide(spaceId));
  return enemies.some(isArmy) || enemies.length >= space(spaceId).fort;
}

export const besieged = (state: Readable, spaceId: string) => besiegers(state, spaceId);

/** An intact fort of `side`'s enemy that is not besieged: it blocks entry, passage and supply. */
export function blockingEnemyFort(state: Readable, spaceId: string, side: Side): boolean {
  return intactFort(state, spaceId) && fortSide(spaceId) !== side && !besieged(state, spaceId);
}
