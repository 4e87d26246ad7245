import { check, type EventLog, isJsonObject, violation } from '@salient/engine';
import { attackableTargets, declaredAttackers } from './attacks.ts';
import { bombardmentTargets, gasCasualty, markersLeft } from './bombardment.ts';
import { resolveAttack } from './combat.ts';
import {
  advanceOptions,
  breakdownHexes,
  entryFor,
  reinforcementHexes,
  replacementHexes,
  retreatComplete,
  retreatSteps,
} from './decisions.ts';
import {
  applyPlan,
  britishSetupHexes,
  britishSetupProblem,
  germanSetupProblem,
  isGermanSetupHex,
  standardBritishSetup,
  standardGermanSetup,
} from './deployment.ts';
import {
  activityOf,
  closeDeclarations,
  endPhase,
  mobileAllowance,
  reserveBound,
  resolveAllBombardments,
  settle,
  toAct,
} from './flow.ts';
import { enterHex } from './hexes.ts';
import { loseStep } from './losses.ts';
import { MAP } from './map.ts';
import { type MoveContext, moveContext, type Reach, reachableHexes } from './movement.ts';
import { reserveMoveHexes } from './reserves.ts';
import { BRITISH_DIVISIONS } from './scenario/forces.ts';
import { SECTORS } from './scenario/map.ts';
import type { CombatRecord, CombatStep, Decision, LoosState, Side, Unit } from './state.ts';
import { isOnMap } from './state.ts';
import { findUnit, Occupancy, placeInHex, withReserve } from './units.ts';
import { zoneOfControl } from './zoc.ts';

export const ErrorCode = {
  NotYourTurn: 'NOT_YOUR_TURN',
  WrongPhase: 'WRONG_PHASE',
  NotYourUnit: 'NOT_YOUR_UNIT',
  IllegalHex: 'ILLEGAL_HEX',
  Unreachable: 'UNREACHABLE_HEX',
  CannotMove: 'UNIT_CANNOT_MOVE',
  StackingLimit: 'STACKING_LIMIT',
  SetupIncomplete: 'SETUP_INCOMPLETE',
  DecisionPending: 'DECISION_PENDING',
  NoMarkers: 'NO_MARKERS_LEFT',
  NotObserved: 'TARGET_NOT_OBSERVED',
  IllegalAttack: 'ILLEGAL_ATTACK',
  DeclaredAttacksRemain: 'DECLARED_ATTACKS_REMAIN',
  IllegalTarget: 'ILLEGAL_TARGET',
  GameOver: 'GAME_OVER',
  UnknownAction: 'UNKNOWN_ACTION',
  Malformed: 'MALFORMED_ACTION',
} as const;

type Fields = Record<string, unknown>;

function str(a: Fields, key: string): string {
  const v = a[key];
  if (typeof v !== 'string') violation(ErrorCode.Malformed, `The action needs "${key}" as a string.`);
  return v;
}

function bool(a: Fields, key: string): boolean {
  const v = a[key];
  if (typeof v !== 'boolean') violation(ErrorCode.Malformed, `The action needs "${key}" as true or false.`);
  return v;
}

function strList(a: Fields, key: string): string[] {
  const v = a[key];
  if (!Array.isArray(v) || !v.every((x) => typeof x === 'string')) {
    violation(ErrorCode.Malformed, `The action needs "${key}" as a list of unit ids.`);
  }
  if (new Set(v).size !== v.length) violation(ErrorCode.Malformed, `"${key}" names a unit twice.`);
  return v as string[];
}

function hex(a: Fields, key: string): string {
  const id = str(a, key);
  if (!MAP.has(id)) violation('UNKNOWN_HEX', `There is no hex ${id} on the map.`);
  return id;
}

function ownUnit(s: LoosState, seat: Side, id: string): Unit {
  const unit = findUnit(s, id);
  check(unit.side === seat, ErrorCode.NotYourUnit, `${unit.name} is not yours.`);
  return unit;
}

/** Applies one action to the working copy, or throws a RuleViolation. */
export function performAction(s: LoosState, log: EventLog, seat: Side, action: unknown): void {
  check(
    isJsonObject(action) && typeof action.type === 'string',
    ErrorCode.Malformed,
    'An action is an object with a "type".',
  );
  check(s.outcome === null, ErrorCode.GameOver, 'The game is over.');
  check(toAct(s) === seat, ErrorCode.NotYourTurn, `It is not the ${seat} player's turn to act.`);
  const a = action as Fields;
  const top = s.pending[0];
  if (top) {
    performDecision(s, log, top, a);
  } else {
    performPhaseAction(s, log, seat, a);
  }
  settle(s, log);
}

function performDecision(s: LoosState, log: EventLog, d: Decision, a: Fields): void {
  const type = a.type;
  const wrong = () => violation(ErrorCode.DecisionPending, `First decide: ${decisionLabel(d)}.`);
  switch (d.kind) {
    case 'retreat-or-deplete': {
      const unit = findUnit(s, d.unit);
      if (type === 'deplete') {
        check(d.path.length === 0, ErrorCode.IllegalHex, 'A retreat under way must be completed.');
        s.pending.shift();
        loseStep(s, log, unit, 'depleted instead of retreating (7.8)');
        return;
      }
      if (type !== 'retreat') return wrong();
      const to = hex(a, 'to');
      check(retreatSteps(s, d).includes(to), ErrorCode.IllegalHex, `${unit.name} cannot retreat into ${to}.`);
      const occupancy = new Occupancy(s);
      const movers = withReserve(occupancy, unit);
      placeInHex([], movers, to);
      d.path.push(to);
      log.add({ type: 'retreat', unit: unit.id, to, text: `${unit.name} retreats to ${to}.` });
      enterHex(s, log, unit.side, to);
      if (retreatComplete(s, d)) s.pending.shift();
      return;
    }
    case 'attacker-loss': {
      if (type !== 'chooseLoss') return wrong();
      const id = str(a, 'unit');
      check(d.units.includes(id), ErrorCode.IllegalTarget, `${id} did not take part in this attack.`);
      s.pending.shift();
      loseStep(s, log, findUnit(s, id), 'combat result');
      return;
    }
    case 'advance': {
      if (type === 'endAdvance') {
        s.pending.shift();
        return;
      }
      if (type !== 'advance') return wrong();
      const id = str(a, 'unit');
      const to = hex(a, 'to');
      const allowed = advanceOptions(s, d).get(id);
      check(allowed?.includes(to), ErrorCode.IllegalHex, `${id} cannot advance into ${to}.`);
      const unit = findUnit(s, id);
      const occupancy = new Occupancy(s);
      const movers = withReserve(occupancy, unit);
      placeInHex(occupancy.at(to), movers, to);
      log.add({ type: 'advance', unit: id, to, text: `${unit.name} advances into ${to} (7.9).` });
      enterHex(s, log, unit.side, to);
      d.units = d.units.filter((u) => u !== id);
      if (d.units.length === 0) s.pending.shift();
      return;
    }
    case 'gas-victim': {
      if (type !== 'gasVictim') return wrong();
      const at = hex(a, 'hex');
      check(d.hexes.includes(at), ErrorCode.IllegalHex, `The gas cannot fall on ${at}.`);
      s.pending.shift();
      gasCasualty(s, log, at);
      return;
    }
    case 'place-reinforcements': {
      if (type !== 'placeReinforcement') return wrong();
      const unit = findUnit(s, str(a, 'unit'));
      check(d.units.includes(unit.id), ErrorCode.IllegalTarget, `${unit.name} is not arriving now.`);
      const at = hex(a, 'hex');
      check(
        reinforcementHexes(s, d, unit).includes(at),
        ErrorCode.IllegalHex,
        `${unit.name} must arrive on or next to the division's entry hex.`,
      );
      d.entry = entryFor(at, d);
      placeInHex(new Occupancy(s).at(at), [unit], at);
      d.units = d.units.filter((u) => u !== unit.id);
      log.add({ type: 'arrival', unit: unit.id, hex: at, text: `${unit.name} arrives at ${at} (11.3).` });
      enterHex(s, log, 'german', at);
      if (d.units.length === 0) s.pending.shift();
      return;
    }
    case 'place-replacements': {
      if (type !== 'placeReplacement') return wrong();
      const at = hex(a, 'hex');
      check(
        replacementHexes(s).includes(at),
        ErrorCode.IllegalHex,
        `Replacements go to an empty German-held town hex; ${at} is not one.`,
      );
      newReplacement(s, at);
      log.add({ type: 'replacement', hex: at, text: `A replacement battalion arrives in ${at} (11.4).` });
      d.count -= 1;
      if (d.count === 0) s.pending.shift();
      return;
    }
    case 'place-breakdown': {
      if (type !== 'placeBattalion') return wrong();
      const at = hex(a, 'hex');
      check(
        breakdownHexes(s, d).includes(at),
        ErrorCode.IllegalHex,
        `A battalion of the regiment cannot be placed in ${at}.`,
      );
      const battalion = newReplacement(s, at);
      log.add({ type: 'breakdown-battalion', hex: at, text: `A battalion takes position in ${at} (13.1).` });
      if (at !== d.origin) placedAsAStep(s, log, battalion, d.origin, at);
      d.count -= 1;
      if (d.count === 0) s.pending.shift();
      return;
    }
  }
}

export function decisionLabel(d: Decision): string {
  switch (d.kind) {
    case 'retreat-or-deplete':
      return `${d.unit} must retreat ${d.hexes} hexes or lose a step`;
    case 'attacker-loss':
      return 'choose the attacking unit that loses a step';
    case 'advance':
      return `advance after combat into or beside ${d.vacated}, or stay`;
    case 'gas-victim':
      return 'choose the British unit the gas blows back onto';
    case 'place-reinforcements':
      return 'place the released regiments at an entry hex';
    case 'place-replacements':
      return `place ${d.count} replacement battalion${d.count === 1 ? '' : 's'}`;
    case 'place-breakdown':
      return `place ${d.count} battalion${d.count === 1 ? '' : 's'} of the broken-down regiment`;
  }
}

/**
 * A battalion of a broken-down regiment placed beside the regiment's hex has made the regiment's
 * first step of movement (13.1, rulings R16): it enters the hex as a move would (12.3 control), pays
 * the hex's cost from its allowance, and stops if the hex is in a British zone of control.
 */
function placedAsAStep(s: LoosState, log: EventLog, battalion: Unit, origin: string, at: string): void {
  const phase = s.phase as Extract<LoosState['phase'], { kind: 'movement' }>;
  enterHex(s, log, 'german', at);
  const act = activityOf(s, phase.activity, battalion);
  const britishZone = zoneOfControl(new Occupancy(s), 'british');
  // A new record, never an edit: copies of the state share activity records (see copyPhase).
  phase.activity[battalion.id] = {
    mp: Math.max(0, act.mp - MAP.enterCost(origin, at)),
    moved: true,
    stopped: britishZone.has(at),
  };
}

function newReplacement(s: LoosState, at: string): Unit {
  s.deadpile -= 1;
  s.replacementSerial += 1;
  const unit: Unit = {
    id: `R${s.replacementSerial}`,
    name: `Replacement battalion R${s.replacementSerial}`,
    side: 'german',
    kind: 'replacement',
    division: null,
    brigade: null,
    steps: 1,
    loc: at,
    reserve: false,
  };
  s.units.push(unit);
  return unit;
}

function performPhaseAction(s: LoosState, log: EventLog, seat: Side, a: Fields): void {
  const phase = s.phase;
  const type = a.type as string;
  switch (phase.kind) {
    case 'deployment':
      return deploymentAction(s, log, seat, a);
    case 'movement':
    case 'mobile-movement':
      if (type === 'endPhase') return endPhase(s, log);
      if (type === 'move') return moveAction(s, log, seat, a);
      if (phase.kind === 'mobile-movement' && type === 'mobileRoll') return mobileRoll(s, log, seat, a);
      if (phase.kind === 'movement' && type === 'swapStack') return swapStack(s, log, seat, a);
      if (phase.kind === 'movement' && type === 'commitReserve') return commitReserve(s, log, seat, a);
      if (phase.kind === 'movement' && type === 'breakdown') return breakdown(s, log, seat, a);
      break;
    case 'combat':
      return combatAction(s, log, seat, a);
    case 'mobile-combat':
      return attackStepAction(s, log, seat, a, phase, phase.movers);
    case 'ended':
      violation(ErrorCode.GameOver, 'The game is over.');
  }
  violation(ErrorCode.UnknownAction, `"${type}" is not something you can do in this phase.`);
}

function deploymentAction(s: LoosState, log: EventLog, seat: Side, a: Fields): void {
  switch (a.type) {
    case 'deployStandard':
      applyPlan(s, seat === 'german' ? standardGermanSetup() : standardBritishSetup());
      log.add({
        type: 'deploy',
        text: `The ${seat === 'german' ? 'Germans' : 'British'} take up the historical set-up.`,
      });
      return;
    case 'deploy': {
      const unit = ownUnit(s, seat, str(a, 'unit'));
      check(
        unit.loc === 'unplaced' || isOnMap(unit),
        ErrorCode.IllegalTarget,
        `${unit.name} does not set up on the map.`,
      );
      const at = hex(a, 'hex');
      const legal = seat === 'german' ? isGermanSetupHex(s, at) : britishSetupHexes(s, unit).includes(at);
      check(legal, ErrorCode.IllegalHex, `${unit.name} cannot set up in ${at}.`);
      const was = unit.loc;
      unit.loc = 'unplaced';
      for (const other of s.units) if (other.loc === was && other.reserve) other.reserve = false;
      placeInHex(new Occupancy(s).at(at), [unit], at);
      log.add({ type: 'deploy', unit: unit.id, hex: at, text: `${unit.name} sets up in ${at}.` });
      return;
    }
    case 'endDeployment': {
      const problem = seat === 'german' ? germanSetupProblem(s) : britishSetupProblem(s);
      check(problem === null, ErrorCode.SetupIncomplete, problem ?? '');
      endPhase(s, log);
      return;
    }
  }
  violation(ErrorCode.UnknownAction, `"${String(a.type)}" is not something you can do while setting up.`);
}

/**
 * Destinations for a unit in the current movement phase, or null if it may not move now. `ctx`
 * may be shared by all the units of one side in one position.
 */
export function moveOptions(
  s: Omit<LoosState, 'rng'>,
  unit: Unit,
  ctx?: MoveContext,
): Map<string, Reach> | null {
  const phase = s.phase;
  if (phase.kind !== 'movement' && phase.kind !== 'mobile-movement') return null;
  if (unit.side !== phase.side || !isOnMap(unit)) return null;
  const context = ctx ?? moveContext(new Occupancy(s), unit.side);
  if (phase.kind === 'movement') {
    if (reserveBound(s, unit)) return reserveMoveHexes(s, unit, context.occupancy, phase.activity);
    const act = activityOf(s, phase.activity, unit);
    if (act.stopped || act.mp <= 0) return null;
    return reachableHexes(unit, { mp: act.mp, fresh: !act.moved, mobile: false }, context);
  }
  const act = phase.activity[unit.id];
  if (!act || act.stopped || act.mp <= 0) return null;
  return reachableHexes(unit, { mp: act.mp, fresh: !act.moved, mobile: true }, context);
}

function moveAction(s: LoosState, log: EventLog, seat: Side, a: Fields): void {
  const phase = s.phase as Extract<LoosState['phase'], { kind: 'movement' | 'mobile-movement' }>;
  const unit = ownUnit(s, seat, str(a, 'unit'));
  const to = hex(a, 'to');
  const occupancy = new Occupancy(s);
  const ctx = moveContext(occupancy, seat);
  const options = moveOptions(s, unit, ctx);
  check(options !== null, ErrorCode.CannotMove, `${unit.name} cannot move now.`);
  const reach = options.get(to);
  check(reach !== undefined, ErrorCode.Unreachable, `${unit.name} cannot reach ${to}.`);
  const from = unit.loc;
  const bound = phase.kind === 'movement' && reserveBound(s, unit);
  const act = phase.kind === 'movement' ? activityOf(s, phase.activity, unit) : phase.activity[unit.id]!;
  const infiltration = ctx.enemyZone.has(from) && ctx.enemyZone.has(to) && reach.path.length === 1;
  // The unit leaves its hex: a reserve left behind becomes the front line.
  const left = occupancy.at(from).filter((u) => u.id !== unit.id);
  if (left.length === 1) left[0]!.reserve = false;
  for (const step of reach.path) {
    enterHex(s, log, seat, step);
    if (s.outcome !== null) break;
  }
  placeInHex(
    occupancy.at(to).filter((u) => u.id !== unit.id),
    [unit],
    to,
  );
  // A new record, never an edit: copies of the state share activity records (see copyPhase).
  phase.activity[unit.id] = {
    mp: bound ? 0 : act.mp - reach.cost,
    moved: true,
    stopped: act.stopped || ctx.enemyZone.has(to) || infiltration || bound,
  };
  if (phase.kind === 'movement') phase.began = true;
  log.add({
    type: 'move',
    unit: unit.id,
    from,
    to,
    path: reach.path,
    text: `${unit.name} moves from ${from} to ${to}${infiltration ? ' by infiltration (5.1.2)' : ''}.`,
  });
}

function mobileRoll(s: LoosState, log: EventLog, seat: Side, a: Fields): void {
  const phase = s.phase as Extract<LoosState['phase'], { kind: 'mobile-movement' }>;
  const unit = ownUnit(s, seat, str(a, 'unit'));
  check(
    isOnMap(unit) && unit.reserve,
    ErrorCode.CannotMove,
    `${unit.name} is not a reserve unit: only reserve units move in the mobile movement phase (18.4).`,
  );
  check(
    !(unit.id in phase.activity),
    ErrorCode.CannotMove,
    `${unit.name} has already rolled for its movement.`,
  );
  check(
    !reserveBound(s, unit),
    ErrorCode.CannotMove,
    `${unit.name} is still coming up from the reserves (11.7).`,
  );
  const roll = log.die('mobile-movement', `Mobile movement of ${unit.name}`);
  const mp = mobileAllowance(s, unit, roll);
  const rule = unit.side === 'german' && s.turn === 0 ? '18.4, halved at Zero Hour, 15.2' : '18.4';
  const points = `${mp} movement point${mp === 1 ? '' : 's'}`;
  phase.activity[unit.id] = { mp, stopped: false, moved: false };
  const reach = moveOptions(s, unit);
  if (reach === null || reach.size === 0) {
    phase.activity[unit.id] = { mp: 0, stopped: true, moved: false };
    log.add({
      type: 'mobile',
      unit: unit.id,
      mp,
      text: `${unit.name} has ${points}: not enough to move, it stays and cannot attack (${rule}).`,
    });
  } else {
    log.add({ type: 'mobile', unit: unit.id, mp, text: `${unit.name} has ${points} (${rule}).` });
  }
}

function swapStack(s: LoosState, log: EventLog, seat: Side, a: Fields): void {
  const at = hex(a, 'hex');
  const here = new Occupancy(s).at(at);
  check(
    here.length === 2 && here[0]!.side === seat,
    ErrorCode.IllegalHex,
    `There is no stack of yours in ${at}.`,
  );
  const [front, back] = here as [Unit, Unit];
  front.reserve = true;
  back.reserve = false;
  log.add({
    type: 'stack',
    hex: at,
    text: `In ${at}, ${back.name} moves to the front line and ${front.name} to the reserve line (18.2).`,
  });
}

function commitReserve(s: LoosState, log: EventLog, seat: Side, a: Fields): void {
  check(
    seat === 'british' && s.turn >= 1,
    ErrorCode.WrongPhase,
    'British reserves are committed in a British movement phase after Zero Hour (11.7).',
  );
  const division = str(a, 'division');
  const sectorNumber = a.sector;
  check(typeof sectorNumber === 'number', ErrorCode.Malformed, 'The action needs "sector" as a number.');
  const units = s.units.filter(
    (u) => u.side === 'british' && u.division === division && u.loc === 'reserves',
  );
  check(
    units.length === 6,
    ErrorCode.IllegalTarget,
    `Division ${division} is not in the Available British Reserves box.`,
  );
  const hexes = divisionRoom(s, sectorNumber);
  check(
    hexes !== null,
    ErrorCode.IllegalHex,
    `Sector ${sectorNumber} has no room for a division: each brigade needs an empty hex of its reserve line or of the support hexes behind its front line.`,
  );
  const name = BRITISH_DIVISIONS.find((d) => d.id === division)!.name;
  units.forEach((unit, i) => {
    unit.loc = hexes[Math.floor(i / 2)]!;
    unit.reserve = i % 2 === 1;
  });
  // Placement enters the hexes as a move would (12.3), though none of them is a town today.
  for (const hex of hexes) enterHex(s, log, 'british', hex);
  s.committed[division] = { sector: sectorNumber, turn: s.turn };
  const support = hexes.filter((hex) => MAP.supportLine.has(hex));
  log.add({
    type: 'commit',
    division,
    sector: sectorNumber,
    hexes,
    text: `The ${name} is committed to sector ${roman(sectorNumber)}: ${hexes.join(', ')}${support.length > 0 ? ` (${support.join(', ')} between the lines: the reserve line is full)` : ''} (11.7).`,
  });
}

/**
 * Where a committed division goes (11.7, rulings R11): one empty hex for each brigade, stacked,
 * first in the sector's reserve line, then in its support hexes; null if there are not three.
 * Another division committed to the sector, even in the same turn, takes what room is left.
 */
export function divisionRoom(s: Omit<LoosState, 'rng'>, sector: number): string[] | null {
  const def = SECTORS.find((x) => x.number === sector);
  if (!def) return null;
  const occupancy = new Occupancy(s);
  const free = [...def.reserve, ...def.support].filter((hex) => occupancy.at(hex).length === 0);
  return free.length >= 3 ? free.slice(0, 3) : null;
}

export function roman(n: number): string {
  return ['I', 'II', 'III', 'IV', 'V', 'VI'][n - 1] ?? String(n);
}

function breakdown(s: LoosState, log: EventLog, seat: Side, a: Fields): void {
  const phase = s.phase as Extract<LoosState['phase'], { kind: 'movement' }>;
  const unit = ownUnit(s, seat, str(a, 'unit'));
  check(
    unit.kind === 'regiment' && unit.steps >= 2 && isOnMap(unit),
    ErrorCode.IllegalTarget,
    `${unit.name} is not a regiment that can break down.`,
  );
  check(
    !phase.began,
    ErrorCode.WrongPhase,
    'Regiments break down only at the beginning of the movement phase, before any unit moves (13.1).',
  );
  const origin = unit.loc;
  const count = unit.steps;
  const movement = activityOf(s, phase.activity, unit).mp;
  const left = new Occupancy(s).at(origin).filter((u) => u.id !== unit.id);
  if (left.length === 1) left[0]!.reserve = false;
  unit.loc = 'eliminated';
  unit.steps = 0;
  unit.reserve = false;
  log.add({
    type: 'breakdown',
    unit: unit.id,
    text: `${unit.name} breaks down into ${count} battalions (13.1).`,
  });
  s.pending.push({ kind: 'place-breakdown', seat: 'german', origin, count, movement });
}

function combatAction(s: LoosState, log: EventLog, seat: Side, a: Fields): void {
  const phase = s.phase as Extract<LoosState['phase'], { kind: 'combat' }>;
  const combat = phase.combat;
  const type = a.type;
  if (phase.step === 'aircraft') {
    if (type === 'placeAircraft') {
      const at = hex(a, 'hex');
      s.aircraft = at;
      phase.step = 'attacker-markers';
      log.add({ type: 'aircraft', hex: at, text: `The British aircraft observes around ${at} (17.2).` });
      return;
    }
    if (type === 'skipAircraft') {
      phase.step = 'attacker-markers';
      return;
    }
    violation(ErrorCode.WrongPhase, 'First the British place the aircraft marker or do without it.');
  }
  if (phase.step === 'attacker-markers' || phase.step === 'defender-markers') {
    const attacking = phase.step === 'attacker-markers';
    if (type === 'endMarkers') {
      if (attacking) phase.step = 'defender-markers';
      else resolveAllBombardments(s, log, phase);
      return;
    }
    if (type !== 'bombard')
      violation(ErrorCode.WrongPhase, 'Fire-support markers are being placed now (17.1).');
    check(
      markersLeft(s, seat) > 0,
      ErrorCode.NoMarkers,
      'No fire-support markers are left this turn (17.1).',
    );
    const target = hex(a, 'target');
    check(
      bombardmentTargets(s, seat, combat).includes(target),
      ErrorCode.NotObserved,
      `${target} holds no enemy unit you observe, or already has your marker (17.1, 17.2).`,
    );
    const gas = attacking && a.gas !== undefined ? bool(a, 'gas') : false;
    check(
      !gas || (seat === 'british' && s.turn === 0),
      ErrorCode.IllegalTarget,
      'Gas is for British bombardments at Zero Hour only (17.6).',
    );
    const attackers = attacking ? strList(a, 'attackers') : [];
    if (attackers.length > 0) {
      const able = attackableTargets(s, seat, combat, null).get(target) ?? [];
      for (const id of attackers) {
        check(
          able.some((u) => u.id === id),
          ErrorCode.IllegalAttack,
          `${id} cannot attack ${target}.`,
        );
      }
    }
    s.artilleryUsed[seat] += 1;
    combat.bombardments.push({ side: seat, target, gas, attackers });
    log.add({
      type: 'marker',
      side: seat,
      target,
      gas,
      attackers,
      text: `${seat === 'british' ? 'British' : 'German'} ${gas ? 'gas and ' : ''}artillery marker on ${target}${attackers.length ? `, with an attack by ${attackers.join(', ')} to follow` : ''} (17.1).`,
    });
    return;
  }
  attackStepAction(s, log, seat, a, phase, null);
}

/**
 * The attack steps of a combat or mobile combat phase (7.1, 17.1, 18.4, rulings R5 and R20). While
 * declaring, the attacker declares, withdraws and closes his declarations, or ends the phase if he
 * declares none; then he resolves the declared attacks one by one, in the order he likes. In mobile
 * combat each declared unit attacks alone, in its declared order.
 */
function attackStepAction(
  s: LoosState,
  log: EventLog,
  seat: Side,
  a: Fields,
  phase: { side: Side; step: CombatStep; combat: CombatRecord },
  movers: readonly string[] | null,
): void {
  const combat = phase.combat;
  const type = a.type;
  if (phase.step === 'declare') {
    switch (type) {
      case 'declareAttack':
        return declareAttack(s, log, seat, a, combat, movers);
      case 'cancelAttack': {
        const target = hex(a, 'target');
        const declared = combat.declared.find((d) => d.target === target);
        check(declared !== undefined, ErrorCode.IllegalTarget, `No attack on ${target} is declared.`);
        check(
          !announcedWithMarker(combat, seat, target),
          ErrorCode.IllegalAttack,
          `The attack on ${target} was announced with a bombardment and must be made (17.1).`,
        );
        combat.declared = combat.declared.filter((d) => d !== declared);
        log.add({ type: 'withdraw', target, text: `The attack on ${target} is withdrawn.` });
        return;
      }
      case 'resolveAttacks':
        check(combat.declared.length > 0, ErrorCode.IllegalAttack, 'No attack has been declared.');
        closeDeclarations(s, log, phase);
        return;
      case 'endPhase':
        check(
          combat.declared.length === 0,
          ErrorCode.DeclaredAttacksRemain,
          'Declared attacks must be resolved before the phase ends (17.1).',
        );
        endPhase(s, log);
        return;
      case 'attack':
        violation(
          ErrorCode.WrongPhase,
          'Declare every attack of the phase first: attacks are resolved only once all are declared (14.3.3).',
        );
    }
    violation(
      ErrorCode.UnknownAction,
      `"${String(type)}" is not something you can do while declaring attacks.`,
    );
  }
  if (type === 'endPhase')
    violation(ErrorCode.DeclaredAttacksRemain, 'Every declared attack must be resolved first.');
  if (type !== 'attack')
    violation(
      ErrorCode.UnknownAction,
      `"${String(type)}" is not something you can do while resolving attacks.`,
    );
  const target = hex(a, 'target');
  const declared = combat.declared.find((d) => d.target === target);
  check(declared !== undefined, ErrorCode.IllegalTarget, `No attack on ${target} is waiting to be resolved.`);
  const able = declaredAttackers(s, target, declared.attackers).map((u) => u.id);
  if (movers === null) {
    combat.declared = combat.declared.filter((d) => d !== declared);
    if (able.length > 0) resolveAttack(s, log, target, able, combat);
    return;
  }
  // Mobile combat: the next unit in the declared order attacks alone (18.4).
  const [first, ...rest] = declared.attackers as [string, ...string[]];
  combat.declared =
    rest.length === 0
      ? combat.declared.filter((d) => d !== declared)
      : combat.declared.map((d) => (d === declared ? { target, attackers: rest } : d));
  if (able.includes(first)) resolveAttack(s, log, target, [first], combat);
}

/** Whether the attack on `target` was announced with one of `side`'s markers (17.1). */
function announcedWithMarker(combat: CombatRecord, side: Side, target: string): boolean {
  return combat.bombardments.some((b) => b.side === side && b.target === target && b.attackers.length > 0);
}

function declareAttack(
  s: LoosState,
  log: EventLog,
  seat: Side,
  a: Fields,
  combat: CombatRecord,
  movers: readonly string[] | null,
): void {
  const target = hex(a, 'target');
  const attackers = strList(a, 'attackers');
  check(attackers.length > 0, ErrorCode.IllegalAttack, 'An attack needs at least one attacking unit.');
  const able = attackableTargets(s, seat, combat, movers).get(target);
  check(able !== undefined, ErrorCode.IllegalTarget, `${target} cannot be attacked now.`);
  for (const id of attackers)
    check(
      able.some((u) => u.id === id),
      ErrorCode.IllegalAttack,
      `${id} cannot attack ${target}${movers ? ' (18.4)' : ''}.`,
    );
  combat.declared.push({ target, attackers });
  log.add({
    type: 'declare',
    target,
    attackers,
    text: movers
      ? `Mobile attacks declared on ${target} by ${attackers.join(', ')}, one at a time in that order (18.4).`
      : `Attack declared on ${target} by ${attackers.join(', ')}.`,
  });
}
