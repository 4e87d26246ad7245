import type { EventLog } from '@salient/engine';
import { attackableTargets, declaredAttackers } from './attacks.ts';
import { bombardmentTargets, gasCasualty, markersLeft, resolveBombardment } from './bombardment.ts';
import {
  advanceOptions,
  breakdownHexes,
  reinforcementHexes,
  replacementHexes,
  retreatSteps,
} from './decisions.ts';
import { loseStep } from './losses.ts';
import { MAP } from './map.ts';
import { GERMAN_REINFORCEMENTS } from './scenario/forces.ts';
import { TOWNS } from './scenario/map.ts';
import { LAST_TURN, turnLabel } from './scenario/tracks.ts';
import type { Activity, CombatRecord, CombatStep, Decision, LoosState, Phase, Side, Unit } from './state.ts';
import { enemyOf, isOnMap } from './state.ts';
import { factorsOf } from './units.ts';

export function emptyCombat(): CombatRecord {
  return { attackedHexes: [], attackers: [], bombardments: [], declared: [], held: null, breached: [] };
}

/** A unit's movement allowance this phase: German allowances are halved at Zero Hour (15.2). */
export function movementAllowance(s: Pick<LoosState, 'turn'>, unit: Unit): number {
  const ma = factorsOf(unit).movement;
  return unit.side === 'german' && s.turn === 0 ? Math.floor(ma / 2) : ma;
}

/**
 * A reserve unit's movement points in the mobile movement phase: half its die, rounded up (18.4);
 * a German unit's are halved again during Zero Hour, rounded down as in 4.1 (15.2, rulings R26).
 */
export function mobileAllowance(s: Pick<LoosState, 'turn'>, unit: Unit, roll: number): number {
  const mp = Math.ceil(roll / 2);
  return unit.side === 'german' && s.turn === 0 ? Math.floor(mp / 2) : mp;
}

export function activityOf(
  s: Pick<LoosState, 'turn'>,
  activity: Record<string, Activity>,
  unit: Unit,
): Activity {
  return activity[unit.id] ?? { mp: movementAllowance(s, unit), stopped: false, moved: false };
}

/** Who must act now. */
export function toAct(s: Pick<LoosState, 'outcome' | 'pending' | 'phase'>): Side | null {
  if (s.outcome !== null) return null;
  const top = s.pending[0];
  if (top) return top.seat;
  const phase = s.phase;
  switch (phase.kind) {
    case 'ended':
      return null;
    case 'combat':
      if (phase.step === 'aircraft') return 'british';
      return phase.step === 'defender-markers' ? enemyOf(phase.side) : phase.side;
    default:
      return phase.side;
  }
}

/** Ends the current phase at the player's word and starts the next (15.0 and our rule 3.0). */
export function endPhase(s: LoosState, log: EventLog): void {
  const phase = s.phase;
  switch (phase.kind) {
    case 'deployment':
      if (phase.side === 'german') {
        s.phase = { kind: 'deployment', side: 'british' };
        log.add({ type: 'phase', text: 'The Germans have set up; the British set up.' });
      } else {
        log.add({
          type: 'phase',
          text: `${turnLabel(0)}: the game begins with the British combat phase (15.2).`,
        });
        beginCombat(s, log, 'british');
      }
      return;
    case 'movement':
      beginCombat(s, log, phase.side);
      return;
    case 'combat':
      s.aircraft = null;
      s.phase = { kind: 'mobile-movement', side: phase.side, activity: {} };
      log.add({ type: 'phase', text: `${sideTitle(phase.side)} mobile movement phase.` });
      return;
    case 'mobile-movement': {
      const movers = Object.entries(phase.activity)
        .filter(([, a]) => a.moved)
        .map(([id]) => id);
      s.phase = { kind: 'mobile-combat', side: phase.side, step: 'declare', combat: emptyCombat(), movers };
      log.add({
        type: 'phase',
        text: `${sideTitle(phase.side)} mobile combat phase: declare every mobile attack, then resolve them (18.4).`,
      });
      return;
    }
    case 'mobile-combat':
      if (phase.side === 'british') beginMovement(s, log, 'german');
      else endTurn(s, log);
      return;
    case 'ended':
      return;
  }
}

function sideTitle(side: Side): string {
  return side === 'british' ? 'British' : 'German';
}

function beginCombat(s: LoosState, log: EventLog, side: Side): void {
  s.aircraft = null;
  s.phase = { kind: 'combat', side, step: 'aircraft', combat: emptyCombat() };
  log.add({
    type: 'phase',
    text: `${sideTitle(side)} combat phase: the British may place the aircraft marker (17.2).`,
  });
}

function beginMovement(s: LoosState, log: EventLog, side: Side): void {
  s.phase = { kind: 'movement', side, activity: {}, began: false };
  log.add({ type: 'phase', text: `${turnLabel(s.turn)}: ${sideTitle(side)} movement phase.` });
  if (side === 'german') germanArrivals(s, log);
}

/** German reinforcements (11.3) from Turn 1 on, then replacements (11.4), at the start of each German movement phase. */
function germanArrivals(s: LoosState, log: EventLog): void {
  if (s.turn >= 1) {
    for (const division of GERMAN_REINFORCEMENTS) {
      if (s.released.includes(division.id)) continue;
      const needed = division.release[s.turn] ?? 6;
      if (needed === 0) continue;
      const roll = log.die('release', `Release of the ${division.name}`);
      if (roll <= needed) {
        s.released.push(division.id);
        log.add({
          type: 'release',
          division: division.id,
          text: `The ${division.name} is released (needed ${needed} or less) (11.3).`,
        });
      } else {
        log.add({
          type: 'release',
          division: division.id,
          text: `The ${division.name} stays in reserve (needed ${needed} or less).`,
        });
      }
    }
  }
  for (const division of GERMAN_REINFORCEMENTS) {
    if (!s.released.includes(division.id)) continue;
    const waiting = s.units
      .filter((u) => u.division === division.id && u.loc === 'awaiting-release')
      .map((u) => u.id);
    if (waiting.length > 0)
      s.pending.push({
        kind: 'place-reinforcements',
        seat: 'german',
        division: division.id,
        entry: null,
        units: waiting,
      });
  }
  const roll = log.die('replacements', 'Replacements');
  const count = Math.floor(roll / 2);
  log.add({
    type: 'replacements',
    count,
    text: `${count} replacement battalion${count === 1 ? '' : 's'} (half of ${roll}, rounded down) (11.4).`,
  });
  if (count > 0) s.pending.push({ kind: 'place-replacements', seat: 'german', count });
}

function endTurn(s: LoosState, log: EventLog): void {
  if (s.turn >= LAST_TURN) {
    const towns = TOWNS.filter((t) => t.hexes.every((hex) => s.britishHexes.includes(hex))).map(
      (t) => t.name,
    );
    const winner: Side | null = towns.length >= 2 ? 'british' : towns.length === 1 ? null : 'german';
    const held = towns.length ? `: ${towns.join(', ')}` : '';
    s.outcome = {
      winner,
      reason: `End of Turn ${LAST_TURN}: the British hold ${towns.length} whole town${towns.length === 1 ? '' : 's'}${held} (12.3).`,
    };
    log.add({ type: 'victory', winner, text: s.outcome.reason });
    return;
  }
  s.turn += 1;
  s.artilleryUsed = { british: 0, german: 0 };
  beginMovement(s, log, 'british');
}

/**
 * Carries play forward after an action until someone has a real decision to take: resolves what
 * the rules decide alone (a forced loss, a retreat with nowhere to go, an empty step), and checks
 * the instant victories.
 */
export function settle(s: LoosState, log: EventLog): void {
  for (let guard = 0; guard < 10_000; guard++) {
    if (s.outcome === null) checkGermanInstantVictory(s, log);
    if (s.outcome !== null) {
      s.phase = { kind: 'ended' };
      s.pending = [];
      return;
    }
    const top = s.pending[0];
    if (top) {
      if (autoResolve(s, log, top)) continue;
      return;
    }
    if (!progressPhase(s, log)) return;
  }
  throw new Error('play did not settle');
}

/** Resolves the top decision when the rules leave no choice; true if it did. */
function autoResolve(s: LoosState, log: EventLog, d: Decision): boolean {
  const drop = () => {
    s.pending.shift();
    return true;
  };
  switch (d.kind) {
    case 'retreat-or-deplete': {
      const unit = s.units.find((u) => u.id === d.unit)!;
      if (!isOnMap(unit)) return drop();
      if (d.path.length === 0 && retreatSteps(s, d).length === 0) {
        log.add({
          type: 'no-retreat',
          unit: unit.id,
          text: `${unit.name} cannot retreat and loses a step instead (7.7.2).`,
        });
        loseStep(s, log, unit, 'unable to retreat');
        return drop();
      }
      return false;
    }
    case 'attacker-loss': {
      const alive = d.units.filter((id) => isOnMap(s.units.find((u) => u.id === id)!));
      if (alive.length === 0) return drop();
      if (alive.length === 1) {
        s.pending.shift();
        loseStep(s, log, s.units.find((u) => u.id === alive[0])!, 'combat result');
        return true;
      }
      d.units = alive;
      return false;
    }
    case 'advance': {
      const phase = s.phase;
      if (phase.kind === 'mobile-combat') {
        // Units yet to attack a defender that has gone may advance instead (18.4).
        const i = phase.combat.declared.findIndex((x) => x.target === d.vacated);
        if (i >= 0 && !s.units.some((u) => u.loc === d.vacated && u.side !== d.seat)) {
          d.units = [...d.units, ...phase.combat.declared[i]!.attackers];
          phase.combat.declared.splice(i, 1);
        }
      }
      if (s.units.some((u) => u.loc === d.vacated && u.side !== d.seat)) return drop();
      if (advanceOptions(s, d).size === 0) return drop();
      return false;
    }
    case 'gas-victim': {
      const hexes = d.hexes.filter((hex) => s.units.some((u) => u.loc === hex && u.side === 'british'));
      if (hexes.length === 0) return drop();
      if (hexes.length === 1) {
        s.pending.shift();
        gasCasualty(s, log, hexes[0]!);
        return true;
      }
      d.hexes = hexes;
      return false;
    }
    case 'place-reinforcements': {
      d.units = d.units.filter((id) => s.units.find((u) => u.id === id)!.loc === 'awaiting-release');
      if (d.units.length === 0) return drop();
      const unit = s.units.find((u) => u.id === d.units[0])!;
      if (reinforcementHexes(s, d, unit).length === 0) {
        log.add({
          type: 'delayed',
          text: 'No room at the entry hex: the rest of the division waits for the next German movement phase.',
        });
        return drop();
      }
      return false;
    }
    case 'place-replacements': {
      if (d.count <= 0) return drop();
      if (s.deadpile === 0 || replacementHexes(s).length === 0) {
        log.add({
          type: 'replacements-lost',
          count: d.count,
          text: `${d.count} replacement${d.count === 1 ? ' is' : 's are'} lost: ${s.deadpile === 0 ? 'no battalion counter is free' : 'no empty German town hex'} (11.4).`,
        });
        return drop();
      }
      return false;
    }
    case 'place-breakdown': {
      if (d.count <= 0) return drop();
      if (s.deadpile === 0 || breakdownHexes(s, d).length === 0) {
        log.add({
          type: 'steps-lost',
          count: d.count,
          text: `${d.count} step${d.count === 1 ? ' is' : 's are'} lost in the break-down: no counter or no room (13.1).`,
        });
        return drop();
      }
      return false;
    }
  }
}

/** Moves a phase on when its current step needs nobody's decision; true if it did. */
function progressPhase(s: LoosState, log: EventLog): boolean {
  const phase = s.phase;
  if (phase.kind === 'combat') {
    const combat = phase.combat;
    const defender = enemyOf(phase.side);
    if (phase.step === 'attacker-markers') {
      if (markersLeft(s, phase.side) === 0 || bombardmentTargets(s, phase.side, combat).length === 0) {
        phase.step = 'defender-markers';
        return true;
      }
      return false;
    }
    if (phase.step === 'defender-markers') {
      const attackerHexes = bombardmentTargets(s, defender, combat);
      if (markersLeft(s, defender) === 0 || attackerHexes.length === 0) {
        resolveAllBombardments(s, log, phase);
        return true;
      }
      return false;
    }
    if (phase.step === 'declare' || phase.step === 'resolve') return progressAttacks(s, log, phase, null);
    return false;
  }
  if (phase.kind === 'mobile-movement') {
    const eligible = s.units.some(
      (u) =>
        u.side === phase.side && isOnMap(u) && u.reserve && !(u.id in phase.activity) && !reserveBound(s, u),
    );
    const moving = Object.values(phase.activity).some((a) => !a.stopped && a.mp > 0);
    if (!eligible && !moving) {
      endPhase(s, log);
      return true;
    }
    return false;
  }
  if (phase.kind === 'mobile-combat') return progressAttacks(s, log, phase, phase.movers);
  return false;
}

/**
 * The attack steps of a combat or mobile combat phase: declared attacks whose attackers can no
 * longer make them are dropped; a phase with nothing declared and nothing left to declare ends, and
 * so does one whose declared attacks have all been resolved.
 */
function progressAttacks(
  s: LoosState,
  log: EventLog,
  phase: { side: Side; step: CombatStep; combat: CombatRecord },
  movers: readonly string[] | null,
): boolean {
  const combat = phase.combat;
  const before = combat.declared.length;
  combat.declared = combat.declared.filter((d) => declaredAttackers(s, d.target, d.attackers).length > 0);
  if (combat.declared.length !== before) return true;
  if (combat.declared.length > 0) return false;
  if (phase.step === 'resolve' || attackableTargets(s, phase.side, combat, movers).size === 0) {
    endPhase(s, log);
    return true;
  }
  return false;
}

/**
 * Closes the declarations: from now on the attacks are resolved one by one, in the attacker's order,
 * and what each neighbour adds under 14.3.3 is fixed by the whole phase's declarations.
 */
export function closeDeclarations(
  s: LoosState,
  log: EventLog,
  phase: { side: Side; step: CombatStep; combat: CombatRecord },
): void {
  const defender = enemyOf(phase.side);
  phase.step = 'resolve';
  phase.combat.held = s.units.filter((u) => u.side === defender && isOnMap(u)).map((u) => u.loc);
  const targets = phase.combat.declared.map((d) => d.target).join(', ');
  log.add({ type: 'phase', text: `Attacks declared on ${targets}; they are now resolved one by one.` });
}

/** All markers, the attacker's in the order placed then the defender's, before any attack (17.4). */
export function resolveAllBombardments(
  s: LoosState,
  log: EventLog,
  phase: Extract<Phase, { kind: 'combat' }>,
): void {
  const combat = phase.combat;
  const ordered = [
    ...combat.bombardments.filter((b) => b.side === phase.side),
    ...combat.bombardments.filter((b) => b.side !== phase.side),
  ];
  for (const marker of ordered) resolveBombardment(s, log, marker, combat);
  phase.step = 'declare';
  for (const marker of combat.bombardments) {
    if (marker.side !== phase.side || marker.attackers.length === 0) continue;
    const emptied = !s.units.some((u) => u.loc === marker.target);
    if (emptied) {
      // The hex was emptied by the bombardment: the announced attackers may advance (17.4).
      s.pending.push({
        kind: 'advance',
        seat: phase.side,
        units: [...marker.attackers],
        vacated: marker.target,
      });
    } else {
      combat.declared.push({ target: marker.target, attackers: [...marker.attackers] });
    }
  }
  log.add({
    type: 'phase',
    text: 'Bombardments resolved: declare every ground attack of the phase, then resolve them.',
  });
}

/** A British unit placed from the reserves this turn or last is bound by 11.7's schedule. */
export function reserveBound(s: Pick<LoosState, 'committed' | 'turn'>, unit: Unit): boolean {
  if (unit.side !== 'british' || unit.division === null) return false;
  const commit = s.committed[unit.division];
  return commit !== undefined && s.turn - commit.turn < 2;
}

/** 12.2: after Zero Hour, no British unit anywhere but in the British trenches. */
function checkGermanInstantVictory(s: LoosState, log: EventLog): void {
  if (s.turn < 1) return;
  const outside = s.units.some((u) => u.side === 'british' && isOnMap(u) && !MAP.isBritishTrench(u.loc));
  if (outside) return;
  s.outcome = {
    winner: 'german',
    reason: 'After Zero Hour no British unit stands outside the British trenches (12.2).',
  };
  log.add({ type: 'victory', winner: 'german', text: s.outcome.reason });
}
