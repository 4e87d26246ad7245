import type { EventLog } from '@salient/engine';
import { card, space } from './data/index.ts';
import {
  type Combat,
  type CombatBonus,
  type CombatResult,
  other,
  type PogState,
  type Side,
} from './types.ts';
import { isArmy, nationOf, sideOf, unitsIn } from './units.ts';

/**
 * Events whose effect lasts for the action round they are played in (flags `round:...` in
 * `turnFlags`, cleared when the round's action ends, src/flow.ts), and the combat cards that change
 * more than the die: what each adds to a combat, fixed when the combat resolves.
 *
 * - AP 35 Yanks and Tanks: +2 for the Allies in every combat with an American unit this round.
 * - AP 45 Kerensky Offensive: +2 for one Russian attack on a space with Austro-Hungarian, Bulgarian or
 *   Turkish units this round (the first such attack).
 * - AP 46 Brusilov Offensive: +1 for every Russian attack this round, and for one Russian attack on
 *   Central Powers units none of which is German (the first such) every trench effect is cancelled.
 * - CP 60 Turk Determination: Turkish defenders in a space without a trench count as in a level 1 trench.
 * - CP 31 Kemal, AP 61 Maude: the defending Turks, the attacking British fire on the Army table.
 */
export function combatBonus(
  state: PogState,
  log: EventLog,
  side: Side,
  combat: Combat,
): CombatBonus | undefined {
  const bonus: CombatBonus = {};
  const flags = state.turnFlags;
  const attackers = combat.attackers;
  const defenders = unitsIn(state, combat.target).filter((u) => !attackers.includes(u));
  const russianAttack = side === 'ap' && attackers.some((u) => nationOf(u) === 'ru');
  let drm = 0;
  if (flags.includes('round:yanks-and-tanks') && side === 'ap' && attackers.some((u) => nationOf(u) === 'us'))
    drm += 2;
  if (
    flags.includes('round:kerensky') &&
    russianAttack &&
    defenders.some((u) => ['ah', 'bu', 'tu'].includes(nationOf(u)))
  ) {
    drm += 2;
    state.turnFlags = state.turnFlags.filter((f) => f !== 'round:kerensky');
    log.add({ type: 'event', text: 'The Kerensky Offensive: +2 to this Russian attack' });
  }
  if (flags.includes('round:brusilov') && russianAttack) {
    drm += 1;
    if (
      flags.includes('round:brusilov-breach') &&
      defenders.length > 0 &&
      defenders.every((u) => nationOf(u) !== 'ge')
    ) {
      bonus.noTrench = true;
      state.turnFlags = state.turnFlags.filter((f) => f !== 'round:brusilov-breach');
      log.add({
        type: 'event',
        text: 'The Brusilov Offensive breaks through: no trench effects in this attack',
      });
    }
  }
  if (drm !== 0) bonus.attackerDrm = drm;
  const defenderCards = combat.cards[side === 'ap' ? 'cp' : 'ap'];
  if (defenderCards.some((c) => card(c).event === 'turk_determination') && !state.trenches[combat.target])
    bonus.defenderTrench1 = true;
  if (defenderCards.some((c) => card(c).event === 'kemal')) bonus.defenderArmyTable = true;
  if (combat.cards[side].some((c) => card(c).event === 'maude')) bonus.attackerArmyTable = true;
  return Object.keys(bonus).length > 0 ? bonus : undefined;
}

const WEST = ['fr', 'be', 'ge'];
const usedCard = (result: CombatResult, side: Side, event: string) =>
  result.cards[side].some((c) => card(c).event === event);

/**
 * Retreats a card cancels (12.5): They Shall Not Pass (AP 39) for Allied defenders of a French fort
 * space; Backs to the Wall (AP 63) for a space in France or Belgium holding a British army; Haig
 * (CP 61, for the turn it is played, not after Michael, Blucher or Peace Offensive) for entrenched
 * Germans in France, Belgium or Germany attacked by British units. The defenders then stay.
 */
export function retreatCancelled(state: PogState, log: EventLog, result: CombatResult): boolean {
  const attacker = sideOf(result.attackers[0]!);
  const defender = other(attacker);
  const t = space(result.target);
  const here = unitsIn(state, result.target).filter((u) => sideOf(u) === defender);
  let why: string | null = null;
  if (usedCard(result, defender, 'they_shall_not_pass') && t.nation === 'fr' && t.fort > 0)
    why = 'They Shall Not Pass';
  else if (
    usedCard(result, defender, 'backs_to_the_wall') &&
    ['fr', 'be'].includes(t.nation) &&
    here.some((u) => nationOf(u) === 'br' && isArmy(u))
  )
    why = 'Backs to the Wall';
  else if (
    defender === 'cp' &&
    state.turnFlags.includes('haig') &&
    !['michael', 'blucher', 'peace_offensive'].some((k) => state.played.includes(k)) &&
    WEST.includes(t.nation) &&
    state.trenches[result.target]?.side === 'cp' &&
    here.some((u) => nationOf(u) === 'ge') &&
    result.attackers.some((u) => nationOf(u) === 'br')
  )
    why = 'Haig';
  if (why)
    log.add({ type: 'retreatCancelled', text: `${why}: the defenders of ${t.name} hold their ground` });
  return why !== null;
}

/** Card CP 51 Peace Offensive: if no attacker has entered the attacked space when the combat ends, one VP off. */
export function peaceOffensiveCheck(state: PogState, log: EventLog, result: CombatResult): void {
  const attacker = sideOf(result.attackers[0]!);
  if (!usedCard(result, attacker, 'peace_offensive')) return;
  if (result.attackers.some((u) => state.units[u]!.loc === result.target)) return;
  state.vp -= 1;
  log.add({ type: 'vp', text: `The Peace Offensive fails to advance: VP ${state.vp}`, vp: state.vp });
}
