import {
  type ApplyResult,
  actionEntry,
  applyOnCopy,
  CommonErrorCode,
  check,
  checkMayAct,
  type EventLog,
  type JsonObject,
  type Seat,
  type TypedAction,
  typedAction,
  violation,
} from '@salient/engine';
import { canRedirect, fireBattery } from './artillery.ts';
import { assault, assaultProblem } from './assault.ts';
import { fire, fireProblem } from './fire.ts';
import { gasHexes, releaseGas } from './gas.ts';
import { reachable } from './movement.ts';
import {
  bonusAvailable,
  markersFor,
  maxActions,
  orderFactors,
  poolOf,
  rollOrder,
  spendBonus,
} from './orders.ts';
import { booleanParam, stringParam } from './params.ts';
import { callSos, canCallSos } from './sos.ts';
import { batteryById, isCommand, liveStand, standById } from './stands.ts';
import { statusOf } from './status.ts';
import {
  advance,
  afterAction,
  battalionsToOrder,
  bombard,
  commandersToMove,
  nextInBattalion,
  nextInSupport,
  supportUnits,
} from './turn.ts';
import type { Battery, Phase, Stand, Step, WfState } from './types.ts';

type Orders = Extract<Phase, { kind: 'orders' }>;

/** Every action and the steps it belongs to, so a misplaced action gets WRONG_PHASE. */
const STEPS_OF_ACTION: Record<string, Step[]> = {
  bombard: ['bombardment'],
  allocateMarker: ['staff'],
  order: ['support', 'battalions'],
  releaseGas: ['support'],
  endBattalion: ['battalions'],
  reroll: ['support', 'battalions'],
  keepRoll: ['support', 'battalions'],
  rally: ['support', 'battalions'],
  move: ['support', 'battalions'],
  fire: ['support', 'battalions'],
  assault: ['support', 'battalions'],
  redirect: ['support'],
  fireBattery: ['support'],
  limber: ['support', 'battalions'],
  unlimber: ['support', 'battalions'],
  endUnit: ['support', 'battalions'],
  callSos: ['sos'],
  moveCommander: ['commanders'],
  endStep: ['bombardment', 'staff', 'support', 'battalions', 'sos', 'commanders'],
};

const UNIT_ACTIONS = new Set([
  'rally',
  'move',
  'fire',
  'limber',
  'unlimber',
  'assault',
  'redirect',
  'fireBattery',
  'endUnit',
]);

/**
 * A deep copy of what actions write, written out because it runs on every action. The terrain, the
 * roads, the SOS areas and the scenario's fixed tables are never written during play, so copies share
 * them; the wire list is replaced, never edited, when wire is cut.
 */
export function copyState(state: WfState): WfState {
  return {
    ...state,
    seats: [...state.seats],
    order: [...state.order],
    bombardment: state.bombardment === null ? null : { ...state.bombardment },
    stands: state.stands.map((s) => ({ ...s })),
    batteries: state.batteries.map((b) => ({ ...b })),
    battalions: state.battalions.map((b) => ({ ...b })),
    regiments: state.regiments.map((r) => ({ ...r })),
    gas: state.gas.map((g) => ({ ...g, hexes: [...g.hexes] })),
    gasReleases: { ...state.gasReleases },
    markersLeft: { ...state.markersLeft },
    allocated: Object.fromEntries(Object.entries(state.allocated).map(([s, pools]) => [s, { ...pools }])),
    objectives: Object.fromEntries(Object.entries(state.objectives).map(([h, o]) => [h, { ...o }])),
    phase: JSON.parse(JSON.stringify(state.phase)) as WfState['phase'],
    outcome: state.outcome === null ? null : { ...state.outcome },
    rng: [...state.rng] as WfState['rng'],
  };
}

export function applyAction(state: WfState, seat: Seat, action: unknown): ApplyResult<WfState> {
  return applyOnCopy(state, copyState, (draft, log) => {
    const typed = typedAction(action);
    const steps = actionEntry(STEPS_OF_ACTION, typed.type, 'Western Front 1914');
    checkMayAct(draft.phase.kind === 'over', statusOf(draft).toAct, seat);
    // A finished game was refused just above: the phase is an orders phase.
    const phase = draft.phase as Orders;
    if (!steps.includes(phase.step))
      violation(CommonErrorCode.WrongPhase, `${typed.type} is not possible during ${phase.step}`);
    const rerolling = typed.type === 'reroll' || typed.type === 'keepRoll';
    if (phase.reroll !== null && !rerolling)
      violation(CommonErrorCode.WrongPhase, 'first decide whether to re-roll the order');
    if (phase.reroll === null && rerolling)
      violation(CommonErrorCode.WrongPhase, 'there is no order roll to re-roll');
    if (phase.active !== null && !rerolling && !UNIT_ACTIONS.has(typed.type))
      violation(CommonErrorCode.WrongPhase, 'finish the ordered unit first (or stop it)');
    if (phase.active === null && UNIT_ACTIONS.has(typed.type))
      violation(CommonErrorCode.WrongPhase, 'no unit is being ordered');
    dispatch(draft, log, phase, typed);
    afterAction(draft, log);
  });
}

function dispatch(state: WfState, log: EventLog, phase: Orders, action: TypedAction): void {
  const side = phase.side;
  switch (action.type) {
    case 'bombard':
      bombard(state, log);
      advance(state, log, 'bombardment');
      return;
    case 'allocateMarker': {
      const to = stringParam(action, 'to');
      const valid =
        to === 'support' || state.battalions.some((b) => b.id === to && b.side === side && !b.routed);
      check(valid, 'UNKNOWN_POOL', `${to} is not one of your battalions, nor support`);
      state.markersLeft[side] = (state.markersLeft[side] ?? 0) - 1;
      const pools = state.allocated[side] ?? {};
      pools[to] = (pools[to] ?? 0) + 1;
      state.allocated[side] = pools;
      log.add({
        type: 'marker',
        text: `A staff re-roll marker goes to ${state.battalions.find((b) => b.id === to)?.name ?? 'support'}`,
        to,
      });
      if ((state.markersLeft[side] ?? 0) <= 0) advance(state, log, 'staff');
      return;
    }
    case 'order':
      orderUnit(state, log, phase, action);
      return;
    case 'reroll':
    case 'keepRoll':
      settleReroll(state, log, phase, action.type === 'reroll');
      return;
    case 'releaseGas': {
      check((state.gasReleases[side] ?? 0) > 0, 'NO_GAS', 'no gas cylinders are left');
      const at = stringParam(action, 'at');
      check(
        gasHexes(state, side).includes(at),
        'OUT_OF_REACH',
        'a gas cloud is released within 2 hexes of your own stands',
      );
      releaseGas(state, log, side, at);
      if (state.outcome === null && !stillWork(state, phase)) advance(state, log, 'support');
      return;
    }
    case 'endBattalion':
      check(phase.battalion !== null, 'NO_BATTALION', 'no battalion is being ordered');
      for (const s of nextAll(state, phase.battalion)) s.ordered = true;
      phase.battalion = null;
      if (battalionsToOrder(state, side).length === 0) advance(state, log, 'battalions');
      return;
    case 'callSos': {
      const battery = batteryById(state, stringParam(action, 'battery'));
      check(
        battery && battery.side === side,
        CommonErrorCode.UnknownUnit,
        'that is not one of your batteries',
      );
      const area = battery.sos.find((a) => a.id === action.area);
      check(area, 'UNKNOWN_AREA', `${battery.name} has no SOS area ${String(action.area)}`);
      check(
        canCallSos(state, battery, area),
        'CANNOT_CALL',
        `${battery.name} cannot answer a call on ${area.name} now`,
      );
      callSos(state, log, battery, area);
      if (
        state.outcome === null &&
        state.phase === phase &&
        !state.batteries.some((b) => b.side === side && b.sos.some((a) => canCallSos(state, b, a)))
      )
        advance(state, log, 'sos');
      return;
    }
    case 'moveCommander': {
      const stand = liveStand(state, action.unit);
      check(
        stand.side === side && isCommand(stand),
        'NOT_A_COMMANDER',
        `${stand.name} is not one of your command stands`,
      );
      check(stand.commandMoves < 2, 'NO_MOVES', `${stand.name} has moved twice already`);
      const to = stringParam(action, 'to');
      check(reachable(state, stand).has(to), 'CANNOT_MOVE', `${stand.name} cannot reach ${to}`);
      log.add({
        type: 'moved',
        text: `${stand.name} moves ${stand.hex} to ${to}`,
        stand: stand.id,
        from: stand.hex,
        to,
      });
      stand.hex = to;
      stand.commandMoves += 1;
      if (commandersToMove(state, side).length === 0) advance(state, log, 'commanders');
      return;
    }
    case 'endStep':
      if (phase.step === 'support') for (const u of supportUnits(state, side)) u.ordered = true;
      advance(state, log, phase.step);
      return;
    default:
      unitAction(state, log, phase, action);
  }
}

function nextAll(state: WfState, battalion: string): Stand[] {
  return state.stands.filter((s) => s.battalion === battalion && s.hex !== null && !s.ordered);
}

function stillWork(state: WfState, phase: Orders): boolean {
  return supportUnits(state, phase.side).some((u) => !u.ordered) || (state.gasReleases[phase.side] ?? 0) > 0;
}

function findUnit(state: WfState, id: unknown): { unit: Stand | Battery; battery: boolean } {
  if (typeof id !== 'string') violation(CommonErrorCode.Malformed, 'unit must be a string');
  const battery = batteryById(state, id);
  if (battery) return { unit: battery, battery: true };
  return { unit: liveStand(state, id), battery: false };
}

function orderUnit(state: WfState, log: EventLog, phase: Orders, action: JsonObject): void {
  const { unit, battery } = findUnit(state, action.unit);
  check(unit.side === phase.side, 'NOT_YOUR_UNIT', `${unit.name} is not yours`);
  check(!unit.ordered, 'ALREADY_ORDERED', `${unit.name} has had its order roll this turn`);
  const offered =
    phase.step === 'support'
      ? nextInSupport(state, phase.side).includes(unit)
      : phase.battalion !== null
        ? nextInBattalion(state, phase.battalion).includes(unit as Stand)
        : battalionsToOrder(state, phase.side).some((bn) =>
            nextInBattalion(state, bn).includes(unit as Stand),
          );
  check(
    offered,
    'OUT_OF_SEQUENCE',
    `${unit.name} is not to be ordered now (a regiment's MGs before its artillery, then each battalion's MGs before its companies)`,
  );
  const bonus = booleanParam(action, 'bonus');
  if (bonus) {
    check(bonusAvailable(state, unit), 'NO_BONUS', "the regiment's +1 is not available for this unit");
    spendBonus(state, unit as Stand);
  }
  if (phase.step === 'battalions') phase.battalion = (unit as Stand).battalion;
  unit.ordered = true;
  const modifier = orderFactors(state, unit, bonus).reduce((a, f) => a + f.value, 0);
  unit.actions = rollOrder(log, unit, modifier);
  if (markersFor(state, unit) > 0 && unit.actions < maxActions(unit)) {
    phase.reroll = { unit: unit.id, battery, modifier };
    return;
  }
  activate(state, log, phase, unit, battery);
}

function settleReroll(state: WfState, log: EventLog, phase: Orders, reroll: boolean): void {
  const pending = phase.reroll!;
  phase.reroll = null;
  const unit = pending.battery ? batteryById(state, pending.unit)! : standById(state, pending.unit)!;
  if (reroll) {
    const pools = state.allocated[unit.side]!;
    pools[poolOf(unit)] = markersFor(state, unit) - 1;
    log.add({ type: 'marker', text: `A staff marker is spent to re-roll ${unit.name}'s order` });
    unit.actions = rollOrder(log, unit, pending.modifier);
  }
  activate(state, log, phase, unit, pending.battery);
}

/** A unit with actions becomes the one being ordered; a failed roll ends its turn only. */
function activate(
  state: WfState,
  log: EventLog,
  phase: Orders,
  unit: Stand | Battery,
  battery: boolean,
): void {
  if (unit.actions > 0) {
    phase.active = { unit: unit.id, battery };
    return;
  }
  finishUnit(state, log, phase);
}

function finishUnit(state: WfState, log: EventLog, phase: Orders): void {
  phase.active = null;
  if (phase.step === 'battalions') {
    if (phase.battalion !== null && nextInBattalion(state, phase.battalion).length === 0)
      phase.battalion = null;
    if (phase.battalion === null && battalionsToOrder(state, phase.side).length === 0)
      advance(state, log, 'battalions');
  } else if (!stillWork(state, phase)) advance(state, log, 'support');
}

function unitAction(
  state: WfState,
  log: EventLog,
  phase: Orders,
  action: JsonObject & { type: string },
): void {
  const active = phase.active!;
  if (action.type === 'endUnit') {
    const unit = active.battery ? batteryById(state, active.unit)! : standById(state, active.unit)!;
    log.add({ type: 'unitDone', text: `${unit.name} stops`, unit: unit.id });
    unit.actions = 0;
    finishUnit(state, log, phase);
    return;
  }
  if (active.battery) batteryAction(state, log, batteryById(state, active.unit)!, action);
  else standAction(state, log, standById(state, active.unit)!, action);
  const unit = active.battery ? batteryById(state, active.unit)! : standById(state, active.unit)!;
  if (state.outcome !== null) return;
  unit.actions -= 1;
  if (unit.actions <= 0 || ('hex' in unit && unit.hex === null)) {
    unit.actions = 0;
    finishUnit(state, log, phase);
  }
}

function standAction(
  state: WfState,
  log: EventLog,
  stand: Stand,
  action: JsonObject & { type: string },
): void {
  switch (action.type) {
    case 'rally':
      check(stand.suppression > 0, 'NOT_SUPPRESSED', `${stand.name} is not suppressed`);
      stand.suppression -= 1;
      log.add({
        type: 'rallied',
        text: `${stand.name} removes a suppression level`,
        stand: stand.id,
        level: stand.suppression,
      });
      return;
    case 'move': {
      check(stand.suppression === 0, 'SUPPRESSED', `${stand.name} must first remove its suppression`);
      const to = stringParam(action, 'to');
      check(reachable(state, stand).has(to), 'CANNOT_MOVE', `${stand.name} cannot reach ${to} in one move`);
      log.add({
        type: 'moved',
        text: `${stand.name} moves ${stand.hex} to ${to}`,
        stand: stand.id,
        from: stand.hex,
        to,
      });
      stand.hex = to;
      return;
    }
    case 'fire': {
      check(stand.suppression === 0, 'SUPPRESSED', `${stand.name} must first remove its suppression`);
      const target = liveStand(state, action.target);
      const problem = fireProblem(state, stand, target);
      if (problem) violation('CANNOT_FIRE', problem);
      fire(state, log, stand, target);
      return;
    }
    case 'limber':
    case 'unlimber': {
      // Hooking the gun to its team, or unhooking it and bringing it into action, is a move action
      // of its own: the sheet's actions are remove a suppression level, fire and move.
      const limbering = action.type === 'limber';
      check(stand.gun !== null, 'NOT_A_GUN', `${stand.name} is not a field gun`);
      check(stand.suppression === 0, 'SUPPRESSED', `${stand.name} must first remove its suppression`);
      check(
        stand.gun === (limbering ? 'deployed' : 'limbered'),
        limbering ? 'ALREADY_LIMBERED' : 'NOT_LIMBERED',
        `${stand.name} is ${stand.gun} already`,
      );
      stand.gun = limbering ? 'limbered' : 'deployed';
      if (limbering)
        log.add({ type: 'limbered', text: `${stand.name} limbers up at ${stand.hex}`, stand: stand.id });
      else
        log.add({
          type: 'unlimbered',
          text: `${stand.name} unlimbers at ${stand.hex}, ready to fire`,
          stand: stand.id,
        });
      return;
    }
    case 'assault': {
      const hex = stringParam(action, 'hex');
      const problem = assaultProblem(state, stand, hex);
      if (problem) violation('CANNOT_ASSAULT', problem);
      assault(state, log, stand, hex);
      return;
    }
    default:
      violation(CommonErrorCode.WrongPhase, `${stand.name} cannot ${action.type}`);
  }
}

function batteryAction(
  state: WfState,
  log: EventLog,
  battery: Battery,
  action: JsonObject & { type: string },
): void {
  switch (action.type) {
    case 'fireBattery':
      check(battery.aim !== null, 'NO_AIM', `${battery.name} has no aiming point`);
      fireBattery(state, log, battery, 'a turn of fire');
      return;
    case 'redirect': {
      const to = stringParam(action, 'to');
      check(canRedirect(state, battery, to), 'NOT_OBSERVED', `no observer of yours sees ${to}`);
      check(
        to !== battery.aim || battery.aimSos !== null,
        'SAME_AIM',
        `${battery.name} is already laid on ${to}`,
      );
      battery.aim = to;
      battery.aimSos = null;
      log.add({
        type: 'redirect',
        text: `${battery.name} moves its aiming point to ${to}`,
        battery: battery.id,
        to,
      });
      return;
    }
    default:
      violation(CommonErrorCode.WrongPhase, `${battery.name} cannot ${action.type}`);
  }
}
