import type { EventLog } from '@salient/engine';
import { grid } from './grid.ts';
import { isUphillOf, lineIsClear, sightRangeTo } from './sight.ts';
import { FIRE_TABLE, fightsOnFoot, MAX_FIRE_RANGE } from './tables.ts';
import type { BeState, Readable, Unit } from './types.ts';
import { hasRating, terrainAt, unitById } from './units.ts';

export type Problem = { code: string; message: string };

/** The table's "to hit" number, before the conspicuous bonus; null if the firer cannot reach. */
export function tableValue(firer: Unit, range: number, moving: boolean): number | null {
  if (range < 1 || range > MAX_FIRE_RANGE) return null;
  const column = moving ? FIRE_TABLE[firer.firepower].moving : FIRE_TABLE[firer.firepower].still;
  return column[range - 1] ?? null;
}

/** Why `firer` may not fire at `targetId`, or null. Choices and apply share it. */
export function fireProblem(
  state: Readable,
  firer: Unit,
  targetId: unknown,
  moving: boolean,
): Problem | null {
  const target = typeof targetId === 'string' ? unitById(state, targetId) : undefined;
  if (!target || target.hex === null)
    return { code: 'UNKNOWN_TARGET', message: `there is no target ${String(targetId)}` };
  if (target.side === firer.side) return { code: 'NOT_AN_ENEMY', message: `${target.name} is on your side` };
  const range = grid.distance(firer.hex!, target.hex);
  if (tableValue(firer, range, moving) === null) {
    return {
      code: 'OUT_OF_RANGE',
      message: `${firer.name} cannot fire ${range} UD${moving ? ' after moving' : ''}`,
    };
  }
  if (range > sightRangeTo(state, target)) {
    return { code: 'NOT_VISIBLE', message: `${target.name} cannot be seen at ${range} UD` };
  }
  if (!lineIsClear(state, firer.hex!, target.hex, true)) {
    return { code: 'NO_LINE_OF_FIRE', message: `troops or terrain block the line of fire to ${target.name}` };
  }
  // Ruling 27: a fire no die can hit is not offered nor accepted (it would only give the firer away).
  const odds = fireOdds(state, firer, target, moving);
  if (odds.hitOn <= odds.missUpTo) {
    return {
      code: 'NO_POSSIBLE_HIT',
      message: `no die can hit ${target.name}: ${firer.name} needs ${odds.hitOn} or less, and ${odds.missUpTo === 1 ? 'a 1 misses' : `1-${odds.missUpTo} miss`} against it`,
    };
  }
  return null;
}

/** Die scores that miss whatever the table says, from the target's order and shelter. */
export function missesUpTo(state: Readable, target: Unit): number {
  const terrain = terrainAt(state, target.hex!);
  if (terrain?.fortified && fightsOnFoot(target)) return 2;
  const cover = terrain?.cover ?? false;
  if (target.order === 'loose') return cover ? 2 : 1;
  return cover && fightsOnFoot(target) ? 1 : 0;
}

export type FireOdds = { dice: number; hitOn: number; missUpTo: number };

export function fireOdds(state: Readable, firer: Unit, target: Unit, moving: boolean): FireOdds {
  const range = grid.distance(firer.hex!, target.hex!);
  const base = tableValue(firer, range, moving) ?? 0;
  // A conspicuous target is easier to hit, but a 6 always misses.
  const hitOn = Math.min(5, base + (hasRating(target, 'conspicuous') ? 1 : 0));
  const dice = firer.stands + (isUphillOf(state, firer.hex!, target.hex!) ? 1 : 0);
  return { dice, hitOn, missUpTo: missesUpTo(state, target) };
}

/** Rolls a fire (already checked legal) and returns the hits; losses are settled by the caller. */
export function rollFire(state: BeState, log: EventLog, firer: Unit, target: Unit, moving: boolean): number {
  const odds = fireOdds(state, firer, target, moving);
  const roll = log.roll(odds.dice, 6, 'fire', `${firer.name} fires at ${target.name}`);
  const hits = roll.dice.filter((d) => d <= odds.hitOn && d > odds.missUpTo).length;
  log.add({
    type: 'fire',
    text: `${firer.name} fires at ${target.name} (${odds.dice} dice, ${hitText(odds)}): ${hits} hit${hits === 1 ? '' : 's'}`,
    firer: firer.id,
    target: target.id,
    hits,
  });
  firer.revealed = true;
  return hits;
}

/** The scores that hit, in words: "hit on 2-4", "hit on 1". */
export function hitText(odds: FireOdds): string {
  if (odds.hitOn <= odds.missUpTo) return 'no score can hit';
  return odds.hitOn === odds.missUpTo + 1
    ? `hit on ${odds.hitOn}`
    : `hit on ${odds.missUpTo + 1}-${odds.hitOn}`;
}
