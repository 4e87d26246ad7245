import type { Outcome, Seat } from '@salient/engine';
import { sideAdjective, sideName } from './sides.ts';
import { enemyOf, isCommand } from './stands.ts';
import type { Readable, WfState } from './types.ts';

/** An objective changes hands when a side's fighting stand is in it and no enemy stand is. */
export function updateObjectives(state: WfState): void {
  for (const [hex, objective] of Object.entries(state.objectives)) {
    const there = state.stands.filter((s) => s.hex === hex && !isCommand(s));
    const sides = new Set(there.map((s) => s.side));
    if (sides.size === 1) objective.holder = [...sides][0]!;
  }
}

export function objectivePoints(state: Readable, side: Seat): number {
  return Object.values(state.objectives).reduce((n, o) => n + (o.holder === side ? o.vp : 0), 0);
}

/** A side whose battalions have all routed or been destroyed has lost the battle. */
export function suddenDeath(state: Readable): Outcome | null {
  for (const side of state.seats) {
    const standing = state.battalions.some(
      (b) =>
        b.side === side && !b.routed && state.stands.some((s) => s.battalion === b.id && s.gone === null),
    );
    if (!standing) {
      return {
        winner: enemyOf(state, side),
        reason: `Every ${sideAdjective(state, side)} battalion has broken: the ${sideName(state, enemyOf(state, side))} win`,
      };
    }
  }
  return null;
}

/** At the end: the attacker wins by holding the objective points the scenario asks for. */
export function finalOutcome(state: Readable): Outcome {
  const { attacker, needed } = state.victory;
  const defender = enemyOf(state, attacker);
  const held = objectivePoints(state, attacker);
  return held >= needed
    ? {
        winner: attacker,
        reason: `The ${sideName(state, attacker)} hold ${held} objective points of the ${needed} needed: the ${sideName(state, attacker)} win`,
      }
    : {
        winner: defender,
        reason: `The ${sideName(state, attacker)} hold ${held} objective points, short of the ${needed} needed: the ${sideName(state, defender)} win`,
      };
}
