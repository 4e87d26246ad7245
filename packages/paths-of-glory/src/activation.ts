import { space, unitData } from './data/index.ts';
import { beachheadOf } from './mef.ts';
import { supplyOf } from './supply.ts';
import type { Operation, Readable, Side } from './types.ts';
import { isArmy, nationOf, sideOf, unitsIn } from './units.ts';

const CHANNEL_BELGIAN_SPACES = ['antwerp', 'ostend', 'calais', 'amiens'];

/** The nationality a unit counts as for activation (9.2.3): the Montenegrins as Serbs, the Senussi as Turks. */
function activationNation(id: string): string {
  const n = nationOf(id);
  if (n === 'mn') return 'sb';
  if (n === 'sn') return 'tu';
  return n;
}

export function mobilizationMoltke(state: Readable): boolean {
  return state.played.includes('moltke') && !state.played.includes('falkenhayn');
}

/** Whether a space's stack is one the Sud Army card lets activate as one nation: one A-H unit and up to two German corps. */
export function sudArmyStack(state: Readable, spaceId: string): boolean {
  if (!state.played.includes('sud_army')) return false;
  const units = unitsIn(state, spaceId);
  const ah = units.filter((u) => nationOf(u) === 'ah');
  const ge = units.filter((u) => nationOf(u) === 'ge');
  return (
    ah.length === 1 &&
    ge.length >= 1 &&
    ge.length <= 2 &&
    !ge.some(isArmy) &&
    ah.length + ge.length === units.length
  );
}

/**
 * Activation points to activate a space (9.2.3): one per nationality present, with the rule's
 * exceptions (British family as one, Belgians with the British in the channel spaces, French and
 * Americans as one in France and Germany), Moltke's one point per unit in Belgium and France (card
 * AP 9), and the Sud Army stack as one nation once per round (card CP 10).
 */
export function activationCost(
  state: Readable,
  side: Side,
  spaceId: string,
  op?: Operation,
  mode: 'move' | 'attack' = 'move',
): number {
  const units = unitsIn(state, spaceId).filter((u) => sideOf(u) === side);
  if (units.length === 0) return 0;
  // 16.4.5: after the Fall of the Tsar, activating Russians for combat costs one point a unit.
  if (side === 'ap' && mode === 'attack' && state.played.includes('fall_of_the_tsar')) {
    const russians = units.filter((u) => nationOf(u) === 'ru');
    if (russians.length > 0) {
      const rest = units.filter((u) => nationOf(u) !== 'ru');
      return russians.length + (rest.length > 0 ? activationCostOf(state, side, spaceId, rest, op) : 0);
    }
  }
  return activationCostOf(state, side, spaceId, units, op);
}

function activationCostOf(
  state: Readable,
  side: Side,
  spaceId: string,
  stack: string[],
  op?: Operation,
): number {
  let units = stack;
  const s = space(spaceId);
  if (side === 'cp' && mobilizationMoltke(state) && (s.nation === 'be' || s.nation === 'fr'))
    return units.length;
  if (side === 'cp' && sudArmyStack(state, spaceId) && (!op || op.sudArmySpace === null)) return 1;
  // Card CP 29 11th Army: the German 11th Army with Central Powers corps activates as one unit.
  if (
    side === 'cp' &&
    state.played.includes('eleventh_army') &&
    units.includes('ge-army-11') &&
    units.every((u) => u === 'ge-army-11' || !isArmy(u))
  )
    return 1;
  // 9.2.7.1: units supplied only through the MEF beachhead cost 3 (the MEF Army) or 1 a corps, on
  // top of what the rest of the stack costs.
  let beachheadCost = 0;
  if (side === 'ap' && beachheadOf(state) !== null) {
    const supply = supplyOf(state);
    const through = units.filter((u) => supply.throughBeachhead(u));
    beachheadCost = through.reduce((sum, u) => sum + (u === 'br-army-mef' ? 3 : 1), 0);
    units = units.filter((u) => !through.includes(u));
    if (units.length === 0) return beachheadCost;
  }
  // Card AP 51 Everyone Into Battle: Allied units in Italy, France and Belgium as one nation this turn.
  if (
    side === 'ap' &&
    state.turnFlags.includes('everyone-into-battle') &&
    ['it', 'fr', 'be'].includes(s.nation)
  )
    return 1 + beachheadCost;
  const nations = new Set(units.map(activationNation));
  if (nations.has('be') && nations.has('br') && CHANNEL_BELGIAN_SPACES.includes(spaceId))
    nations.delete('be');
  if (nations.has('us') && nations.has('fr') && (s.nation === 'fr' || s.nation === 'ge'))
    nations.delete('us');
  return nations.size + beachheadCost;
}

/** Units counted for the British loss priority when they attack (12.4.5), first to last. */
export const BRITISH_LOSS_PRIORITY = [
  'br-army-bef',
  'br-corps-bef',
  'br-army-mef',
  'br-corps-aus',
  'br-corps-cnd',
];

export const isBritishFamily = (id: string) => unitData(id).nation === 'br';
