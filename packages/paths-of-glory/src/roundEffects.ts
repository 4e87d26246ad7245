import type { EventLog } from '@salient/engine';
import { card } from './data/index.ts';
import type { Combat, CombatBonus, PogState, Side } from './types.ts';
import { nationOf, unitsIn } from './units.ts';

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
  return Object.keys(bonus).length > 0 ? bonus : undefined;
}
