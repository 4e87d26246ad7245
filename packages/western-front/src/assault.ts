import type { EventLog, HexId } from '@salient/engine';
import { fireFactors, resolveShot } from './fire.ts';
import { grid } from './grid.ts';
import { killStep, removeStand, retreat, suppress } from './losses.ts';
import { hasWire, isCommand, isRifle, standsAt, terrainAt } from './stands.ts';
import { COMMAND_KINDS, weaponOf } from './tables.ts';
import type { Cover, Quality, Readable, Stand, WfState } from './types.ts';

const COVER_BONUS: Record<Cover, number> = { open: 0, soft: 0, medium: 1, hard: 2 };

function qualityBonus(quality: Quality, attacking: boolean): number {
  if (quality === 'storm') return attacking ? 2 : 1;
  if (quality === 'veteran') return 1;
  return quality === 'raw' ? -1 : 0;
}

/** Why `attacker` may not assault `hex`, or null. */
export function assaultProblem(state: Readable, attacker: Stand, hex: HexId): string | null {
  if (!isRifle(attacker)) return 'only rifle companies and cavalry assault';
  if (attacker.suppression > 0) return `${attacker.name} is suppressed`;
  if (hasWire(state, attacker.hex!)) return `${attacker.name} is caught in the wire`;
  if (!grid.has(hex) || !grid.adjacent(attacker.hex!, hex)) return 'an assault goes into a neighbouring hex';
  if (!standsAt(state, hex).some((s) => s.side !== attacker.side)) return 'there is no enemy there';
  if (terrainAt(state, hex).movement === 'impassable') return 'that hex cannot be entered';
  return null;
}

/** The stand that fights for a hex: its fighting stand, else the command stand alone there. */
export function defenderIn(state: Readable, hex: HexId): Stand | undefined {
  const there = standsAt(state, hex);
  return there.find((s) => !COMMAND_KINDS.has(s.kind)) ?? there[0];
}

/**
 * Close assault (designed from period practice: the last volleys and the machine gun at point-blank
 * range, then bomb and bayonet along the parapet):
 * 1. Defensive fire: an unsuppressed defending company or MG fires once at the assaulting company,
 *    with its short-range factor. If the attackers are suppressed or destroyed, they go to ground and
 *    the assault fails.
 * 2. Melee: each side rolls a die and adds its platoons (crewed weapons and command stands count 1),
 *    +1 veterans, -1 raw; storm troops +2 attacking, +1 defending; the defender adds +1 in medium
 *    cover, +2 in hard cover, and takes -1 for each level of suppression on it.
 * 3. A higher attacker wins: the defending stand loses a platoon, then falls back one hex (or
 *    surrenders if it cannot); crewed weapons in the hex are captured, the command stand goes with its
 *    troops; the attacker takes the hex (the trench is carried). Otherwise the attack is thrown back:
 *    the attacker loses a platoon and is suppressed.
 */
export function assault(state: WfState, log: EventLog, attacker: Stand, hex: HexId): void {
  const defender = defenderIn(state, hex)!;
  log.add({
    type: 'assault',
    text: `${attacker.name} assaults ${defender.name} at ${hex}`,
    attacker: attacker.id,
    hex,
  });
  if (defender.suppression === 0 && (weaponOf(defender.kind) === 'infantry' || defender.kind === 'mg')) {
    const weapon = weaponOf(defender.kind)!;
    const result = resolveShot(
      state,
      log,
      weapon,
      attacker,
      fireFactors(state, defender, attacker, true),
      `${defender.name} (defensive fire)`,
    );
    if (result !== 'miss' || attacker.hex === null) {
      log.add({ type: 'assaultFailed', text: `${attacker.name} goes to ground under the defenders' fire` });
      return;
    }
  }
  const cover = terrainAt(state, hex).cover;
  const a =
    log.die('assault', `${attacker.name} in the assault`) +
    attacker.steps +
    qualityBonus(attacker.quality, true);
  const d =
    log.die('assault', `${defender.name} defending`) +
    defender.steps +
    qualityBonus(defender.quality, false) +
    COVER_BONUS[cover] -
    defender.suppression;
  if (a > d) {
    log.add({
      type: 'assaultWon',
      text: `${attacker.name} carries ${hex} (${a} to ${d})`,
      attacker: attacker.id,
      hex,
    });
    const from = attacker.hex!;
    const fighting = standsAt(state, hex).filter((s) => !isCommand(s));
    killStep(state, log, defender, 'the assault');
    for (const s of fighting) if (s.hex === hex && !isRifle(s)) removeStand(state, log, s, 'surrendered');
    for (const s of standsAt(state, hex)) retreat(state, log, s, 1);
    for (const s of standsAt(state, hex)) removeStand(state, log, s, 'surrendered');
    if (attacker.hex === from) {
      attacker.hex = hex;
      log.add({ type: 'moved', text: `${attacker.name} occupies ${hex}`, stand: attacker.id, from, to: hex });
    }
    return;
  }
  log.add({
    type: 'assaultRepulsed',
    text: `${defender.name} throws back ${attacker.name} (${d} to ${a})`,
    attacker: attacker.id,
    hex,
  });
  killStep(state, log, attacker, 'the failed assault');
  suppress(state, log, attacker, 'the failed assault');
}
