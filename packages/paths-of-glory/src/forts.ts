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

/**
 * Whether these units may leave a space without leaving an enemy fort there occupied but no longer
 * besieged (15.2.4, 13.1.5): every friendly unit may go, or those staying still besiege it.
 */
export function siegeKeptWithout(state: Readable, spaceId: string, leaving: string[]): boolean {
  const here = unitsIn(state, spaceId);
  const side = here.find((u) => leaving.includes(u));
  if (side === undefined || !intactFort(state, spaceId) || fortSide(spaceId) === sideOf(side)) return true;
  if (!besiegers(state, spaceId, here)) return true;
  const staying = here.filter((u) => !leaving.includes(u));
  return staying.length === 0 || besiegers(state, spaceId, staying);
}
