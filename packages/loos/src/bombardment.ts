import type { EventLog } from '@salient/engine';
import { otherTerrainLine } from './combat.ts';
import { type CrtLine, crtResult, isBombardmentHit } from './crt.ts';
import { loseStep } from './losses.ts';
import { MAP } from './map.ts';
import { isObserved as isObservedBy } from './observation.ts';
import { ARTILLERY } from './scenario/tracks.ts';
import type { Bombardment, CombatRecord, LoosLike, LoosState, Side, Unit } from './state.ts';
import { enemyOf } from './state.ts';
import { Occupancy } from './units.ts';

/** Markers a side has left this game turn: each is usable in either combat phase, once (17.1). */
export function markersLeft(state: LoosLike, side: Side): number {
  const box = ARTILLERY[side][state.turn];
  return box ? box.markers - state.artilleryUsed[side] : 0;
}

/**
 * The CRT line a bombardment uses (17.4): British units in their front line, and Germans in an
 * unbreached trench hex, use Trench (14.2, rulings R8); all others their hex's other terrain.
 */
export function bombardmentLine(unit: Unit, breached: readonly string[]): CrtLine {
  if (unit.side === 'british' && MAP.frontLine.has(unit.loc)) return 'trench';
  if (unit.side === 'german' && MAP.trenchHexes.has(unit.loc) && !breached.includes(unit.loc))
    return 'trench';
  return otherTerrainLine(unit.loc);
}

/**
 * Resolves one marker (17.3-17.6): its dice make its factor; each unit in the hex is resolved
 * separately on its line, ignoring its strength; D2, D3 and De cost a step, and nothing else counts.
 * A German in a trench breaches the hex on a hit and never loses its last step to it. Gas that does
 * not hit falls on a neighbouring British unit.
 */
export function resolveBombardment(
  s: LoosState,
  log: EventLog,
  marker: Bombardment,
  combat: CombatRecord,
): void {
  const box = ARTILLERY[marker.side][s.turn]!;
  const dice = box.dice + (marker.gas ? 1 : 0);
  const targets = [...new Occupancy(s).at(marker.target)];
  if (targets.length === 0) {
    log.add({
      type: 'bombardment',
      target: marker.target,
      text: `The bombardment of ${marker.target} falls on an empty hex.`,
    });
    return;
  }
  const factor = log.roll(
    dice,
    6,
    'bombardment-factor',
    `${marker.gas ? 'Gas and artillery' : 'Artillery'} on ${marker.target}`,
  ).total;
  let anyHit = false;
  let breach = false;
  for (const unit of targets) {
    const line = bombardmentLine(unit, combat.breached);
    const die = log.die('bombardment', `Bombardment of ${unit.name}`);
    const result = crtResult(line, factor, die);
    if (!isBombardmentHit(result)) {
      log.add({
        type: 'bombardment',
        target: marker.target,
        unit: unit.id,
        result,
        // In words: the table's code alone ("Ex") means nothing to a new player.
        text: `${unit.name} is unharmed: the table gave ${result}, and a bombardment hurts only on a retreat or elimination result, D2, D3 or De (17.4).`,
      });
      continue;
    }
    anyHit = true;
    const entrenched =
      unit.side === 'german' && MAP.trenchHexes.has(unit.loc) && !combat.breached.includes(unit.loc);
    if (entrenched) breach = true;
    if (entrenched && unit.steps === 1) {
      log.add({
        type: 'bombardment',
        target: marker.target,
        unit: unit.id,
        result,
        text: `${unit.name} holds its trench: a one-step unit ignores the loss (14.3.4, 17.5).`,
      });
      continue;
    }
    loseStep(s, log, unit, `bombardment result ${result}, 17.4`);
  }
  if (breach) {
    combat.breached.push(marker.target);
    log.add({
      type: 'breach',
      hex: marker.target,
      text: `The trenches in ${marker.target} are breached (17.5).`,
    });
  }
  if (marker.gas && !anyHit) gasBlowsBack(s, log, marker.target);
}

/** Gas friendly fire (17.6): neighbouring British hexes; the British player picks one if several. */
function gasBlowsBack(s: LoosState, log: EventLog, target: string): void {
  const occupancy = new Occupancy(s);
  const hexes = MAP.neighbors(target).filter((hex) => occupancy.sideAt(hex) === 'british');
  if (hexes.length === 0) {
    log.add({ type: 'gas', target, text: 'The gas drifts, but no British unit is near.' });
    return;
  }
  if (hexes.length === 1) {
    gasCasualty(s, log, hexes[0]!);
    return;
  }
  s.pending.push({ kind: 'gas-victim', seat: 'british', target, hexes: [...hexes] });
}

export function gasCasualty(s: LoosState, log: EventLog, hex: string): void {
  const front = new Occupancy(s).front(hex)!;
  log.add({ type: 'gas', target: hex, text: `The gas blows back onto ${front.name} in ${hex} (17.6).` });
  loseStep(s, log, front, 'friendly gas');
}

/** Hexes `side` may bombard now: observed hexes holding enemy units, one marker a hex. */
export function bombardmentTargets(state: LoosLike, side: Side, combat: CombatRecord): string[] {
  const occupancy = new Occupancy(state);
  const enemy = enemyOf(side);
  const used = new Set(combat.bombardments.filter((b) => b.side === side).map((b) => b.target));
  const targets: string[] = [];
  for (const [hex, units] of occupancy.hexes()) {
    if (units[0]!.side !== enemy || used.has(hex)) continue;
    if (isObservedBy(occupancy, side, hex, state.aircraft)) targets.push(hex);
  }
  return targets.sort();
}
