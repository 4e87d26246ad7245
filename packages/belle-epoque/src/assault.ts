import type { EventLog } from '@salient/engine';
import { fightsOnFoot } from './tables.ts';
import type { Readable, Unit } from './types.ts';
import { hasRating, terrainAt } from './units.ts';

export type Role = 'attacker' | 'defender';

/** The base successful-score level by troop kind: militia and loose order 2, close regulars 3, choc 4. */
export function baseLevel(unit: Unit): number {
  if (hasRating(unit, 'choc')) return 4;
  if (hasRating(unit, 'militia') || unit.order === 'loose') return 2;
  // Tribesmen who are not choc troops are irregulars: they score as militia.
  return unit.kind === 'tribesmen' ? 2 : 3;
}

function coverOrRough(state: Readable, unit: Unit): boolean {
  const t = terrainAt(state, unit.hex!);
  return (t?.cover ?? false) || (t?.rough ?? false);
}

/**
 * The highest die score that succeeds for `unit` in this assault. A 6 always misses and a 1 always
 * succeeds, so the level is kept within 1..5.
 */
export function successLevel(state: Readable, unit: Unit, role: Role, opponent: Unit): number {
  if (unit.kind === 'cavalry' && (coverOrRough(state, unit) || coverOrRough(state, opponent))) return 1;
  let level = baseLevel(unit);
  if (role === 'defender' && fightsOnFoot(unit)) level += terrainAt(state, unit.hex!)?.defence ?? 0;
  if (role === 'attacker' && hasRating(unit, 'dashing')) level += 1;
  if (role === 'defender' && hasRating(unit, 'stubborn')) level += 1;
  level -= unit.assaults;
  return Math.max(1, Math.min(5, level));
}

/**
 * A side's assault total: the sum of its successful scores, each die at or under `level` adding its
 * own score (seed: "adds Successful Scores"; close regulars rolling 4, 2, 3 total 2 + 3 = 5).
 */
export function assaultTotal(dice: readonly number[], level: number): number {
  return dice.reduce((sum, d) => (d <= level ? sum + d : sum), 0);
}

/** Rolls one side of an assault: a die per stand, adding up the scores at or under its level. */
export function rollAssault(state: Readable, log: EventLog, unit: Unit, role: Role, opponent: Unit): number {
  const level = successLevel(state, unit, role, opponent);
  const roll = log.roll(unit.stands, 6, 'assault', `${unit.name} (${role})`);
  const scores = roll.dice.filter((d) => d <= level);
  const total = assaultTotal(roll.dice, level);
  // The engine's line would add up every die; what counts here is the sum of the successful scores.
  roll.text =
    `${unit.name} (${role}, scores on 1-${level}) rolls ${roll.dice.join(', ')}: ` +
    (scores.length === 0 ? 'no successful score, total 0' : `total ${scores.join(' + ')} = ${total}`);
  return total;
}

/** Whether a losing unit must take its even losses as stands rather than falling back. */
export function holdsGround(state: Readable, unit: Unit): boolean {
  return (
    hasRating(unit, 'stubborn') || (fightsOnFoot(unit) && (terrainAt(state, unit.hex!)?.fortified ?? false))
  );
}
