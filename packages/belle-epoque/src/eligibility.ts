import type { Problem } from './fire.ts';
import { fireProblem } from './fire.ts';
import { grid } from './grid.ts';
import type { Activation, Readable, Unit } from './types.ts';
import { unitById } from './units.ts';

/** Rough ground: a unit that entered rough this turn, by any movement, may not fire or assault. */
export function enteredRoughProblem(unit: Unit, what: 'fire' | 'assault'): Problem | null {
  if (!unit.enteredRough) return null;
  return {
    code: 'ENTERED_ROUGH',
    message: `${unit.name} entered rough ground this turn and may not ${what} until the turn ends`,
  };
}

/** Why the active unit may not fire at all now, whatever the target. */
export function mayFireProblem(act: Activation, unit: Unit): Problem | null {
  if (act.test !== 'passed')
    return { code: 'NOT_ACTIVATED', message: 'only a unit that passed its reactivity test may fire' };
  if (act.steps > 1) return { code: 'MARCHED', message: 'a unit that marched may not fire' };
  return enteredRoughProblem(unit, 'fire');
}

export function fireActionProblem(
  state: Readable,
  act: Activation,
  firer: Unit,
  target: unknown,
): Problem | null {
  return mayFireProblem(act, firer) ?? fireProblem(state, firer, target, act.steps === 1);
}

export function mayAssaultProblem(act: Activation, unit: Unit): Problem | null {
  if (act.test !== 'passed') {
    return { code: 'NOT_ACTIVATED', message: 'only a unit that passed its reactivity test may assault' };
  }
  return enteredRoughProblem(unit, 'assault');
}

export function assaultProblem(
  state: Readable,
  act: Activation,
  attacker: Unit,
  targetId: unknown,
): Problem | null {
  const general = mayAssaultProblem(act, attacker);
  if (general) return general;
  const target = typeof targetId === 'string' ? unitById(state, targetId) : undefined;
  if (!target || target.hex === null)
    return { code: 'UNKNOWN_TARGET', message: `there is no target ${String(targetId)}` };
  if (target.side === attacker.side)
    return { code: 'NOT_AN_ENEMY', message: `${target.name} is on your side` };
  if (!grid.adjacent(attacker.hex!, target.hex)) {
    return { code: 'NOT_ADJACENT', message: `${target.name} is not in a sector next to ${attacker.name}` };
  }
  return null;
}
