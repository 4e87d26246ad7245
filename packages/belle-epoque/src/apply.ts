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
  typedAction,
  violation,
} from '@salient/engine';
import { assaultProblem, fireActionProblem } from './eligibility.ts';
import { rollFire } from './fire.ts';
import {
  carry,
  chooseFallBackStep,
  continueReaction,
  endActivation,
  finishEvade,
  mayEvade,
  openReaction,
  reactivityTest,
  resolveAssault,
  salvoUnits,
  settleHits,
  spendToken,
  startTurn,
  takeFireLosses,
} from './flow.ts';
import {
  activationMove,
  evadeMove,
  marchAllowance,
  startsInRough,
  stepProblem,
  takeStep,
} from './movement.ts';
import { integerParam, stringListParam, stringParam } from './params.ts';
import { sideName } from './scenarios/index.ts';
import { statusOf } from './status.ts';
import { choosesOrder } from './tables.ts';
import type { Activation, BeState, Phase } from './types.ts';
import { liveUnit, unitById } from './units.ts';

/** Every action type and the phase it belongs to, so a misplaced action gets WRONG_PHASE. */
const PHASE_OF_ACTION: Record<string, Phase['kind'][]> = {
  doctrine: ['doctrine'],
  activate: ['pick'],
  activateBasic: ['pick'],
  move: ['activation', 'evade'],
  fire: ['activation'],
  assault: ['activation'],
  endActivation: ['activation'],
  salvo: ['reaction'],
  evade: ['reaction'],
  noReaction: ['reaction'],
  endEvade: ['evade'],
  takeLosses: ['fireLosses'],
  fallBack: ['fallBack'],
  carry: ['carry'],
  holdPosition: ['carry'],
};

/** A deep copy, written out because it runs on every action and a generic clone is several times slower. */
export function copyState(state: BeState): BeState {
  return {
    ...state,
    seats: [...state.seats],
    home: { ...state.home },
    generals: { ...state.generals },
    cp: { ...state.cp },
    bowl: { ...state.bowl },
    units: state.units.map((u) => ({ ...u, ratings: [...u.ratings] })),
    terrain: { ...state.terrain },
    // Fixed by the scenario and never written, so the copy may share it.
    impassableTo: state.impassableTo,
    objectives: Object.fromEntries(Object.entries(state.objectives).map(([hex, o]) => [hex, { ...o }])),
    phase: JSON.parse(JSON.stringify(state.phase)) as BeState['phase'],
    outcome: state.outcome === null ? null : { ...state.outcome },
    rng: [...state.rng] as BeState['rng'],
  };
}

export function applyAction(state: BeState, seat: Seat, action: unknown): ApplyResult<BeState> {
  return applyOnCopy(state, copyState, (draft, log) => {
    const typed = typedAction(action);
    const phases = actionEntry(PHASE_OF_ACTION, typed.type, 'Belle Epoque');
    checkMayAct(draft.phase.kind === 'over', statusOf(draft).toAct, seat);
    if (!phases.includes(draft.phase.kind)) {
      violation(CommonErrorCode.WrongPhase, `${typed.type} is not possible during ${draft.phase.kind}`);
    }
    dispatch(draft, log, seat, typed);
  });
}

function dispatch(state: BeState, log: EventLog, seat: Seat, action: JsonObject & { type: string }): void {
  const phase = state.phase;
  switch (phase.kind) {
    case 'doctrine':
      chooseDoctrine(state, log, seat, action);
      return;
    case 'pick':
      activate(state, log, seat, action);
      return;
    case 'activation':
      act(state, log, phase.act, action);
      return;
    case 'reaction':
      react(state, log, phase, action);
      return;
    case 'evade':
      evadeStep(state, log, phase, action);
      return;
    case 'fireLosses': {
      const fallBacks = integerParam(action, 'fallBack', 0, phase.maxFallBack);
      takeFireLosses(state, log, phase, fallBacks);
      return;
    }
    case 'fallBack':
      chooseFallBackStep(state, log, phase, stringParam(action, 'to'));
      return;
    case 'carry': {
      const winner = liveUnit(state, phase.winner);
      if (action.type === 'carry') carry(state, log, winner, phase.hex);
      else log.add({ type: 'held', text: `${winner.name} holds its ground` });
      endActivation(state, log);
      return;
    }
    case 'over':
      violation(CommonErrorCode.GameOver, 'the game is over');
      return;
  }
}

/**
 * Doctrine: each side names the units whose order changes from the scenario's (loose to close or
 * close to loose), so a side that changes nothing keeps the scenario's order of battle.
 */
function chooseDoctrine(state: BeState, log: EventLog, seat: Seat, action: JsonObject): void {
  if (state.phase.kind !== 'doctrine') return;
  const change = stringListParam(action, 'change');
  for (const id of change) {
    const unit = unitById(state, id);
    check(unit && unit.side === seat, CommonErrorCode.UnknownUnit, `${id} is not one of your units`);
    check(choosesOrder(unit), 'FIXED_ORDER', `${unit.name} always fights in close order`);
  }
  state.phase.sealed[seat] = change;
  state.phase.submitted.push(seat);
  log.add({
    type: 'doctrineChosen',
    text: `The ${sideName(state.scenario, seat)} army has chosen its order of battle`,
    side: seat,
  });
  if (state.phase.submitted.length < state.seats.length) return;
  const sealed = state.phase.sealed;
  for (const unit of state.units) {
    if ((sealed[unit.side] ?? []).includes(unit.id)) unit.order = unit.order === 'loose' ? 'close' : 'loose';
  }
  for (const side of state.seats) {
    const loose = state.units.filter((u) => u.side === side && u.order === 'loose');
    const names = loose.map((u) => u.name);
    const text = `The ${sideName(state.scenario, side)} army: ${names.length > 0 ? `loose order for ${names.join(', ')}` : 'all in close order'}`;
    log.add({
      type: 'doctrine',
      text,
      side,
      loose: loose.map((u) => u.id),
      changed: sealed[side] ?? [],
      reveals: true,
    });
  }
  startTurn(state, log, 1);
}

function activate(state: BeState, log: EventLog, seat: Seat, action: JsonObject & { type: string }): void {
  const unit = liveUnit(state, action.unit);
  check(unit.side === seat, 'NOT_YOUR_UNIT', `${unit.name} is not yours`);
  check(!unit.activated, 'ALREADY_ACTIVATED', `${unit.name} has already been activated this turn`);
  unit.activated = true;
  let test: Activation['test'] = 'none';
  if (action.type === 'activate') {
    const cp = integerParam(action, 'cp', 0, state.cp[seat] ?? 0);
    test = reactivityTest(state, log, unit, cp) ? 'passed' : 'failed';
  } else {
    log.add({ type: 'activated', text: `${unit.name} is activated for a basic move only`, unit: unit.id });
  }
  state.phase = {
    kind: 'activation',
    act: {
      unit: unit.id,
      test,
      startHex: unit.hex!,
      steps: 0,
      halted: false,
      startedInRough: startsInRough(state, unit),
    },
  };
}

function act(
  state: BeState,
  log: EventLog,
  activation: Activation,
  action: JsonObject & { type: string },
): void {
  const unit = liveUnit(state, activation.unit);
  switch (action.type) {
    case 'move': {
      const to = stringParam(action, 'to');
      const problem = stepProblem(state, activationMove(activation, unit), to);
      if (problem) violation(problem.code, problem.message);
      const step = takeStep(state, log, activationMove(activation, unit), to);
      activation.steps += step.cost;
      if (step.halts) activation.halted = true;
      if (activationMove(activation, unit).remaining === 0) activation.halted = true;
      return;
    }
    case 'fire': {
      const problem = fireActionProblem(state, activation, unit, action.target);
      if (problem) violation(problem.code, problem.message);
      const target = liveUnit(state, action.target);
      activation.halted = true;
      const hits = rollFire(state, log, unit, target, activation.steps === 1);
      settleHits(state, log, activation, null, target, hits, 'endActivation');
      return;
    }
    case 'assault': {
      const problem = assaultProblem(state, activation, unit, action.target);
      if (problem) violation(problem.code, problem.message);
      const target = liveUnit(state, action.target);
      activation.halted = true;
      log.add({
        type: 'assaultDeclared',
        text: `${unit.name} assaults ${target.name}`,
        attacker: unit.id,
        defender: target.id,
      });
      openReaction(state, log, activation, { attacker: unit.id, defender: target.id, reacted: [] });
      return;
    }
    default:
      log.add({ type: 'activationEnded', text: `${unit.name} ends its activation`, unit: unit.id });
      endActivation(state, log);
      return;
  }
}

function react(
  state: BeState,
  log: EventLog,
  phase: Extract<Phase, { kind: 'reaction' }>,
  action: JsonObject & { type: string },
): void {
  const { act: activation, assault } = phase;
  if (action.type === 'noReaction') {
    log.add({ type: 'noReaction', text: 'The defenders stand and await the assault' });
    resolveAssault(state, log, activation, assault);
    return;
  }
  const unitId = action.type === 'evade' ? assault.defender : action.unit;
  const unit = liveUnit(state, unitId);
  if (action.type === 'evade') {
    check(mayEvade(state, assault), 'CANNOT_EVADE', `${unit.name} may not evade this assault`);
  } else {
    check(
      salvoUnits(state, assault).some((u) => u.id === unit.id),
      'CANNOT_REACT',
      `${unit.name} may not fire at the assaulting unit`,
    );
  }
  const cp = integerParam(action, 'cp', 0, state.cp[unit.side] ?? 0);
  spendToken(state, unit);
  assault.reacted.push(unit.id);
  const passed = reactivityTest(state, log, unit, cp);
  if (!passed) {
    continueReaction(state, log, activation, assault);
    return;
  }
  if (action.type === 'evade') {
    state.phase = {
      kind: 'evade',
      act: activation,
      assault,
      origin: unit.hex!,
      stepsLeft: marchAllowance(state, unit),
    };
    return;
  }
  const attacker = liveUnit(state, assault.attacker);
  const hits = rollFire(state, log, unit, attacker, false);
  settleHits(state, log, activation, assault, attacker, hits, 'reaction');
}

function evadeStep(
  state: BeState,
  log: EventLog,
  phase: Extract<Phase, { kind: 'evade' }>,
  action: JsonObject & { type: string },
): void {
  liveUnit(state, phase.assault.defender);
  if (action.type === 'endEvade') {
    finishEvade(state, log, phase.act, phase.assault, phase.origin);
    return;
  }
  const to = stringParam(action, 'to');
  const problem = stepProblem(state, evadeMove(state, phase), to);
  if (problem) violation(problem.code, problem.message);
  const step = takeStep(state, log, evadeMove(state, phase), to);
  phase.stepsLeft = step.halts ? 0 : phase.stepsLeft - step.cost;
  if (phase.stepsLeft <= 0) finishEvade(state, log, phase.act, phase.assault, phase.origin);
}
