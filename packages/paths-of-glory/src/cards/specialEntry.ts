import { SPACES } from '../data/index.ts';
import { MEF_SPACES } from '../mef.ts';
import { armyEntrySpaces } from '../replacements.ts';
import { isNeutralSpace, supplyOf } from '../supply.ts';
import type { Readable } from '../types.ts';
import { STACK_LIMIT, sideOf, unitsIn } from '../units.ts';

/** A space a unit may be placed in: no enemy there and room left (10.1). */
export function roomFor(state: Readable, unit: string, spaceId: string): boolean {
  const here = unitsIn(state, spaceId);
  return here.length < STACK_LIMIT && !here.some((u) => sideOf(u) !== sideOf(unit));
}

/** The MEF Army lands in any of the four MEF spaces free of enemy units (9.5.3.5). */
export const mefLandings = (state: Readable, unit: string) =>
  MEF_SPACES.filter((s) => roomFor(state, unit, s));

/** The Russian Caucasus Army: any supplied space in Russia on the Near East map (card AP 29). */
export function caucasusSpaces(state: Readable, unit: string): string[] {
  const supply = supplyOf(state);
  return SPACES.filter(
    (s) =>
      s.nation === 'ru' &&
      s.map === 'neareast' &&
      state.control[s.id] === 'ap' &&
      roomFor(state, unit, s.id) &&
      supply.suppliedAt('ap', 'ru', s.id),
  ).map((s) => s.id);
}

/** One named space, if it is the unit's side's and has room (AP 41 Arabia, AP 50 Alexandria, AP 53 Salonika, CP 24 Libya). */
export const namedSpace = (state: Readable, unit: string, spaceId: string) =>
  state.control[spaceId] === sideOf(unit) && !isNeutralSpace(state, spaceId) && roomFor(state, unit, spaceId)
    ? [spaceId]
    : [];

/**
 * 9.5.3.4: the Allies may enter any of their four Near East armies at its nation's capital or a
 * friendly supply source of that nation instead, ignoring the card's entry conditions; such an army
 * no longer operates in the Near East (`homeArmies`).
 */
export const homeEntry = (state: Readable, unit: string) => armyEntrySpaces(state, unit);

/** The card's own entry of each Allied Near East army, for telling it from an entry at home. */
export const NEAR_EAST_ENTRY: Record<string, (state: Readable, unit: string) => string[]> = {
  'ru-army-cau': caucasusSpaces,
  'br-army-mef': (state, unit) =>
    !state.neutral.includes('tu') && !state.played.includes('salonika') ? mefLandings(state, unit) : [],
  'br-army-ne': (state, unit) =>
    state.played.includes('sinai_pipeline') ? namedSpace(state, unit, 'alexandria') : [],
  'fr-army-orient': (state, unit) => namedSpace(state, unit, 'salonika'),
};

/** Where a Near East army may enter: its card's entry, or at home (9.5.3.4). */
export function nearEastArmyEntry(state: Readable, unit: string): string[] {
  const own = NEAR_EAST_ENTRY[unit]?.(state, unit) ?? [];
  return [...new Set([...own, ...homeEntry(state, unit)])];
}
