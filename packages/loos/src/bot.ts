import type { Choice, Policy } from '@salient/engine';

/**
 * A random player that behaves like a player in a hurry: takes the historical set-up, attacks and
 * bombards more often than not, carries out the attacks it declares, and otherwise picks uniformly
 * among what is legal. Used by the property tests, the benchmark and the games tool; it decides only
 * among offered choices.
 */
export const hurriedPlayer: Policy = (choices, seat, state, pick) => {
  const find = (action: string) => choices.find((c) => c.action === action);
  const units = (state as { units: Array<{ side: string; loc: string }> }).units;
  const standard = find('deployStandard');
  if (standard && units.some((u) => u.side === seat && u.loc === 'unplaced')) return standard;
  const done = find('endDeployment');
  if (done) return done;
  const of = (action: string) => choices.filter((c) => c.action === action);
  const chance = (percent: number) => pick(100) < percent;
  const any = (list: Choice[]) => list[pick(list.length)]!;
  const prefer = (actions: string[], percent: number) => {
    const list = actions.flatMap(of);
    return list.length > 0 && chance(percent) ? any(list) : null;
  };
  return (
    prefer(['declareAttack'], 75) ??
    // Declared attacks are always carried out: closing the declarations, then resolving each.
    prefer(['resolveAttacks', 'attack'], 100) ??
    prefer(['bombard'], 60) ??
    prefer(['move', 'mobileRoll'], 90) ??
    prefer(['placeAircraft'], 70) ??
    prefer(['commitReserve'], 30) ??
    any(
      choices.filter((c) => c.action !== 'deployStandard' && c.action !== 'deploy').length > 0
        ? choices.filter((c) => c.action !== 'deployStandard' && c.action !== 'deploy')
        : choices,
    )
  );
};
