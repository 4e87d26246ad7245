import { check, type EventLog, type HexId, type Outcome } from '@salient/engine';
import { holdsGround, rollAssault } from './assault.ts';
import { fireProblem } from './fire.ts';
import { grid } from './grid.ts';
import { fallBackOptions, fallBackStep, loseStands, possibleFallBacks } from './losses.ts';
import { sideName } from './scenarios/index.ts';
import { relocate } from './sight.ts';
import { BASIC_SCORE, COMMAND_DIE, MARCH, STANDS_PER_COMMAND_DIE } from './tables.ts';
import type { Activation, AfterFallBack, Assault, BeState, Phase, Readable, Resume, Unit } from './types.ts';
import { hasRating, liveUnit, onMap, passableFor, unitById } from './units.ts';
import { endOfTurnOutcome, updateControl, wipeOut } from './victory.ts';

export function basicScore(unit: Unit): number {
  return BASIC_SCORE[unit.quality][unit.order];
}

/** Command points worth adding to a test: more than would make success certain is never offered. */
export function usefulCommandPoints(state: Readable, unit: Unit): number {
  return Math.max(0, Math.min(state.cp[unit.side] ?? 0, 6 - basicScore(unit)));
}

/** The reactivity test: a die at or under the basic score plus the command points spent. */
export function reactivityTest(state: BeState, log: EventLog, unit: Unit, cp: number): boolean {
  state.cp[unit.side] = state.cp[unit.side]! - cp;
  const score = basicScore(unit) + cp;
  const die = log.die('reactivity', `${unit.name} tests reactivity (needs ${score} or less)`);
  const passed = die <= score;
  log.add({
    type: 'reactivity',
    text: `${unit.name} ${passed ? 'passes' : 'fails'} its reactivity test${cp > 0 ? ` with ${cp} command point${cp > 1 ? 's' : ''}` : ''}`,
    unit: unit.id,
    passed,
    cp,
  });
  return passed;
}

/** Takes a unit's token out of the bowl for a reaction: it counts as activated from now on. */
export function spendToken(state: BeState, unit: Unit): void {
  unit.activated = true;
  state.bowl[unit.side] = state.bowl[unit.side]! - 1;
}

export function startTurn(state: BeState, log: EventLog, turn: number): void {
  state.turn = turn;
  for (const unit of state.units) {
    unit.activated = unit.hex === null;
    unit.movedThisTurn = false;
    unit.assaults = 0;
    unit.enteredRough = false;
  }
  log.add({ type: 'turn', text: `Turn ${turn} of ${state.lastTurn} begins` });
  for (const side of state.seats) {
    const units = onMap(state, side);
    const stands = units.reduce((sum, u) => sum + u.stands, 0);
    const dice = Math.ceil(stands / STANDS_PER_COMMAND_DIE);
    const sides = COMMAND_DIE[state.generals[side]!];
    state.cp[side] =
      dice > 0
        ? log.roll(
            dice,
            sides,
            'command',
            `${sideName(state.scenario, side)} command points (${dice}d${sides})`,
          ).total
        : 0;
    state.bowl[side] = units.length;
  }
  drawNext(state, log);
}

/** Draws the next token: which side's it is, is rolled now, so nobody could have known it before. */
export function drawNext(state: BeState, log: EventLog): void {
  const [first, second] = state.seats as [string, string];
  const total = state.bowl[first]! + state.bowl[second]!;
  if (total === 0) {
    endTurn(state, log);
    return;
  }
  const roll = log.roll(1, total, 'draw', 'Token drawn from the bowl').total;
  const side = roll <= state.bowl[first]! ? first : second;
  state.bowl[side] = state.bowl[side]! - 1;
  log.add({ type: 'drawn', text: `A ${sideName(state.scenario, side)} token is drawn from the bowl`, side });
  state.phase = { kind: 'pick', side };
}

function endTurn(state: BeState, log: EventLog): void {
  const outcome = endOfTurnOutcome(state);
  if (outcome) finish(state, log, outcome);
  else startTurn(state, log, state.turn + 1);
}

export function finish(state: BeState, log: EventLog, outcome: Outcome): void {
  state.outcome = outcome;
  state.phase = { kind: 'over' };
  log.add({ type: 'gameOver', text: `Game over: ${outcome.reason}`, winner: outcome.winner });
}

export function endActivation(state: BeState, log: EventLog): void {
  updateControl(state);
  const outcome = wipeOut(state);
  if (outcome) finish(state, log, outcome);
  else drawNext(state, log);
}

/**
 * Unactivated units of the defender's side that may fire at the attacker before the assault; not one
 * that entered rough ground this turn (it may not fire until the turn ends), nor one whose fire could
 * not hit the attacker (ruling 27).
 */
export function salvoUnits(state: Readable, assault: Assault): Unit[] {
  const attacker = unitById(state, assault.attacker)!;
  const defender = unitById(state, assault.defender)!;
  return onMap(state, defender.side).filter(
    (u) =>
      !u.activated &&
      !u.enteredRough &&
      !assault.reacted.includes(u.id) &&
      (u.id === defender.id || grid.distance(u.hex!, attacker.hex!) <= 1) &&
      fireProblem(state, u, attacker.id, false) === null,
  );
}

/** An unactivated defender assaulted by a slower unit may try to evade. */
export function mayEvade(state: Readable, assault: Assault): boolean {
  const attacker = unitById(state, assault.attacker)!;
  const defender = unitById(state, assault.defender)!;
  return (
    !defender.activated &&
    !assault.reacted.includes(defender.id) &&
    MARCH[attacker.kind] < MARCH[defender.kind]
  );
}

export function openReaction(state: BeState, log: EventLog, act: Activation, assault: Assault): void {
  if (salvoUnits(state, assault).length === 0 && !mayEvade(state, assault))
    resolveAssault(state, log, act, assault);
  else state.phase = { kind: 'reaction', act, assault };
}

/** After a reaction: the assault goes on only if both units still stand next to each other. */
export function continueReaction(state: BeState, log: EventLog, act: Activation, assault: Assault): void {
  const attacker = unitById(state, assault.attacker)!;
  const defender = unitById(state, assault.defender)!;
  if (attacker.hex === null || defender.hex === null || !grid.adjacent(attacker.hex, defender.hex)) {
    log.add({ type: 'assaultCalledOff', text: `${attacker.name}'s assault does not go in` });
    endActivation(state, log);
    return;
  }
  openReaction(state, log, act, assault);
}

/** Settles a fire's hits: the target's owner may turn even losses into fall backs, if any is possible. */
export function settleHits(
  state: BeState,
  log: EventLog,
  act: Activation,
  assault: Assault | null,
  target: Unit,
  hits: number,
  resume: Resume,
): void {
  const maxFallBack = possibleFallBacks(state, target, Math.floor(hits / 2));
  if (maxFallBack > 0) {
    state.phase = { kind: 'fireLosses', act, assault, target: target.id, hits, maxFallBack, resume };
    return;
  }
  loseStands(state, log, target, hits);
  resumeAfterFire(state, log, act, assault, resume);
}

/** The owner's split of a fire's hits: `fallBacks` of them (at most those possible) as fall backs. */
export function takeFireLosses(
  state: BeState,
  log: EventLog,
  phase: Extract<Phase, { kind: 'fireLosses' }>,
  fallBacks: number,
): void {
  const target = liveUnit(state, phase.target);
  const origin = target.hex!;
  loseStands(state, log, target, phase.hits - fallBacks);
  const then: AfterFallBack = { kind: 'resumeFire', assault: phase.assault, resume: phase.resume };
  proceedFallBack(state, log, phase.act, target, fallBacks, [origin], then);
}

/**
 * Carries a fall back on: steps that can no longer be made become stands lost, a step with only one
 * possible sector is taken at once, and otherwise the unit's owner chooses the next sector.
 */
export function proceedFallBack(
  state: BeState,
  log: EventLog,
  act: Activation,
  unit: Unit,
  steps: number,
  visited: HexId[],
  then: AfterFallBack,
): void {
  let stepsLeft = steps;
  while (unit.hex !== null && stepsLeft > 0) {
    const { reach, options } = fallBackOptions(state, unit, visited, stepsLeft);
    if (reach < stepsLeft) {
      log.add({
        type: 'fallBackBlocked',
        text: `${unit.name} cannot fall back further and takes the loss in stands`,
        unit: unit.id,
      });
      loseStands(state, log, unit, stepsLeft - reach);
      stepsLeft = reach;
      continue;
    }
    if (options.length > 1) {
      state.phase = { kind: 'fallBack', act, unit: unit.id, stepsLeft, visited, then };
      return;
    }
    fallBackStep(state, log, unit, options[0]!);
    visited.push(options[0]!);
    stepsLeft -= 1;
  }
  afterFallBack(state, log, act, unit, visited[0]!, then);
}

/** The owner's chosen step in a fall back, then whatever follows. */
export function chooseFallBackStep(
  state: BeState,
  log: EventLog,
  phase: Extract<Phase, { kind: 'fallBack' }>,
  to: HexId,
): void {
  const unit = liveUnit(state, phase.unit);
  const { options } = fallBackOptions(state, unit, phase.visited, phase.stepsLeft);
  check(
    options.includes(to),
    'NOT_A_FALL_BACK',
    `${unit.name} may not fall back to ${to}: choose one of ${options.join(', ')}`,
  );
  fallBackStep(state, log, unit, to);
  proceedFallBack(state, log, phase.act, unit, phase.stepsLeft - 1, [...phase.visited, to], phase.then);
}

function afterFallBack(
  state: BeState,
  log: EventLog,
  act: Activation,
  unit: Unit,
  origin: HexId,
  then: AfterFallBack,
): void {
  if (then.kind === 'resumeFire') {
    resumeAfterFire(state, log, act, then.assault, then.resume);
    return;
  }
  // The loser left its sector (or was destroyed in it): the winner may carry the position.
  if (unit.hex === origin) endActivation(state, log);
  else offerCarry(state, log, act, liveUnit(state, then.winner), origin);
}

export function resumeAfterFire(
  state: BeState,
  log: EventLog,
  act: Activation,
  assault: Assault | null,
  resume: Resume,
): void {
  if (resume === 'reaction' && assault) continueReaction(state, log, act, assault);
  else endActivation(state, log);
}

/**
 * Fights the assault: each side rolls a die per stand and adds up its successful scores; the loser
 * loses the difference between the totals, its even losses turned into 1 UD fall backs where it can
 * and may. A tie costs each side a stand.
 */
export function resolveAssault(state: BeState, log: EventLog, act: Activation, assault: Assault): void {
  const attacker = liveUnit(state, assault.attacker);
  const defender = liveUnit(state, assault.defender);
  const attack = rollAssault(state, log, attacker, 'attacker', defender);
  const defence = rollAssault(state, log, defender, 'defender', attacker);
  attacker.assaults += 1;
  defender.assaults += 1;
  log.add({
    type: 'assault',
    text: `Assault of ${attacker.name} on ${defender.name}: total ${attack} against ${defence}, ${assaultVerdict(attacker, defender, attack, defence)}`,
    attacker: attacker.id,
    defender: defender.id,
    attack,
    defence,
  });
  if (attack === defence) {
    loseStands(state, log, attacker, 1);
    loseStands(state, log, defender, 1);
    endActivation(state, log);
    return;
  }
  const [winner, loser] = attack > defence ? [attacker, defender] : [defender, attacker];
  const difference = Math.abs(attack - defence);
  const position = loser.hex!;
  const fallBacks = holdsGround(state, loser)
    ? 0
    : possibleFallBacks(state, loser, Math.floor(difference / 2));
  loseStands(state, log, loser, difference - fallBacks);
  proceedFallBack(state, log, act, loser, fallBacks, [position], { kind: 'offerCarry', winner: winner.id });
}

function assaultVerdict(attacker: Unit, defender: Unit, attack: number, defence: number): string {
  if (attack === defence) return 'a tie: each side loses a stand';
  const loser = attack > defence ? defender : attacker;
  const difference = Math.abs(attack - defence);
  return `${loser.name} loses ${difference} (stands or fall backs)`;
}

/** The winner may carry an abandoned position; a bold unit must. */
export function offerCarry(state: BeState, log: EventLog, act: Activation, winner: Unit, hex: HexId): void {
  if (winner.hex === null || !passableFor(state, hex, winner)) {
    endActivation(state, log);
    return;
  }
  if (hasRating(winner, 'bold')) {
    carry(state, log, winner, hex);
    endActivation(state, log);
    return;
  }
  state.phase = { kind: 'carry', act, winner: winner.id, hex };
}

export function carry(state: BeState, log: EventLog, unit: Unit, hex: HexId): void {
  relocate(state, log, unit, hex, { type: 'carried', text: `${unit.name} carries the position at ${hex}` });
}

/** The end of an evade: out of reach the assault fails and the attacker may carry; else it is fought. */
export function finishEvade(
  state: BeState,
  log: EventLog,
  act: Activation,
  assault: Assault,
  origin: HexId,
): void {
  const attacker = liveUnit(state, assault.attacker);
  const defender = liveUnit(state, assault.defender);
  if (grid.adjacent(attacker.hex!, defender.hex!)) {
    resolveAssault(state, log, act, assault);
    return;
  }
  log.add({
    type: 'evaded',
    text: `${defender.name} evades the assault of ${attacker.name}`,
    unit: defender.id,
  });
  offerCarry(state, log, act, attacker, origin);
}
