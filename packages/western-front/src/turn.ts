import type { EventLog, HexId, Seat } from '@salient/engine';
import { fireBattery } from './artillery.ts';
import { driftGas } from './gas.ts';
import { grid } from './grid.ts';
import { canStep } from './movement.ts';
import { sideAdjective, sideName } from './sides.ts';
import { canCallSos } from './sos.ts';
import { battalionById, enemyOf, fitsIn, isCommand, onTable } from './stands.ts';
import { orderTableOf } from './tables.ts';
import type { Battery, Readable, Stand, Step, WfState } from './types.ts';
import { finalOutcome, suddenDeath, updateObjectives } from './victory.ts';

/** Support units: regimental or brigade MGs, on-table guns and mortars without a battalion, and batteries. */
export function supportUnits(state: Readable, side: Seat): (Stand | Battery)[] {
  const stands = onTable(state, side).filter((s) => s.battalion === null && orderTableOf(s.kind) !== null);
  return [...stands, ...state.batteries.filter((b) => b.side === side)];
}

/**
 * The support units that may be ordered next (playsheet section 1: staff markers, then each
 * regiment's or brigade's MGs, then its artillery). A regiment's guns and batteries wait until every
 * unit of that regiment ordered on the MG table (its MGs and mortars) has been ordered; a squadron
 * ordered with the support units is not in the sheet's sequence and may go at any point.
 */
export function nextInSupport(state: Readable, side: Seat): (Stand | Battery)[] {
  const waiting = supportUnits(state, side).filter((u) => !u.ordered);
  const mgsWaiting = new Set(waiting.filter((u) => tableOf(u) === 'mg').map((u) => u.regiment));
  return waiting.filter((u) => tableOf(u) !== 'artillery' || !mgsWaiting.has(u.regiment));
}

function tableOf(unit: Stand | Battery) {
  return orderTableOf('hex' in unit ? unit.kind : 'battery');
}

/** A battalion's stands that take order rolls, on the table. */
export function battalionUnits(state: Readable, battalion: string): Stand[] {
  return onTable(state).filter((s) => s.battalion === battalion && orderTableOf(s.kind) !== null);
}

/**
 * The units of a battalion that may be ordered next: its MGs first, then its rifle companies, as the
 * sequence says.
 */
export function nextInBattalion(state: Readable, battalion: string): Stand[] {
  const waiting = battalionUnits(state, battalion).filter((s) => !s.ordered);
  const mgs = waiting.filter((s) => s.kind === 'mg');
  return mgs.length > 0 ? mgs : waiting;
}

export function battalionsToOrder(state: Readable, side: Seat): string[] {
  return state.battalions
    .filter((b) => b.side === side && !b.routed && nextInBattalion(state, b.id).length > 0)
    .map((b) => b.id);
}

export function commandersToMove(state: Readable, side: Seat): Stand[] {
  return onTable(state, side).filter((s) => isCommand(s) && s.commandMoves < 2 && canStep(state, s));
}

/** Whether a step has anything for the side to decide; empty steps are passed over. */
function stepHasWork(state: Readable, side: Seat, step: Step): boolean {
  switch (step) {
    case 'bombardment':
      return state.bombardment?.side === side && !state.bombardment.done;
    case 'staff':
      return (state.markersLeft[side] ?? 0) > 0;
    case 'support':
      return supportUnits(state, side).some((u) => !u.ordered) || (state.gasReleases[side] ?? 0) > 0;
    case 'battalions':
      return battalionsToOrder(state, side).length > 0;
    case 'sos':
      return state.batteries.some((b) => b.side === side && b.sos.some((a) => canCallSos(state, b, a)));
    case 'commanders':
      return commandersToMove(state, side).length > 0;
  }
}

const STEPS: Step[] = ['bombardment', 'staff', 'support', 'battalions', 'sos', 'commanders'];

/**
 * Goes to the next step of the side's sequence that has something to decide; removing suppression
 * from command stands happens on the way from battalion orders to SOS calls. After the last step the
 * other side orders, or the turn ends.
 */
export function advance(state: WfState, log: EventLog, from: Step | null): void {
  const phase = state.phase;
  if (phase.kind !== 'orders') return;
  const side = phase.side;
  let index = from === null ? 0 : STEPS.indexOf(from) + 1;
  for (; index < STEPS.length; index++) {
    const step = STEPS[index]!;
    if (step === 'sos' && (from === null || STEPS.indexOf(from) < STEPS.indexOf('sos')))
      rallyCommanders(state, log, side);
    if (stepHasWork(state, side, step)) {
      state.phase = { kind: 'orders', side, step, battalion: null, active: null, reroll: null };
      return;
    }
  }
  endSide(state, log, side);
}

/** Step iii: command stands shake off their suppression (they have no order roll to do it with). */
function rallyCommanders(state: WfState, log: EventLog, side: Seat): void {
  for (const s of onTable(state, side)) {
    if (isCommand(s) && s.suppression > 0) {
      s.suppression = 0;
      log.add({ type: 'rallied', text: `${s.name} recovers from suppression`, stand: s.id });
    }
  }
}

function endSide(state: WfState, log: EventLog, side: Seat): void {
  removeUnspentMarkers(state, log, side);
  if (state.order[0] === side) {
    beginSide(state, log, state.order[1]!);
    return;
  }
  if (state.turn >= state.lastTurn) {
    state.outcome = finalOutcome(state);
    state.phase = { kind: 'over' };
    log.add({ type: 'gameOver', text: state.outcome.reason, winner: state.outcome.winner });
    return;
  }
  startTurn(state, log);
}

/** A side's staff markers last only through its own sequence: what is left of them goes now. */
function removeUnspentMarkers(state: WfState, log: EventLog, side: Seat): void {
  const unspent =
    (state.markersLeft[side] ?? 0) + Object.values(state.allocated[side] ?? {}).reduce((a, n) => a + n, 0);
  state.markersLeft[side] = 0;
  state.allocated[side] = {};
  if (unspent > 0)
    log.add({
      type: 'marker',
      text: `The ${sideName(state, side)}' unspent staff re-roll marker${unspent === 1 ? ' is' : 's are'} removed`,
      side,
      count: unspent,
    });
}

/**
 * A new turn: gas drifts, every unit may be ordered again, and the sides roll for initiative (a die
 * each, the higher orders first; on a tie the side that ordered second last turn goes first). On turn
 * 1 the scenario's attacker goes first.
 */
export function startTurn(state: WfState, log: EventLog): void {
  state.turn += 1;
  for (const s of state.stands) {
    s.ordered = false;
    s.actions = 0;
    s.commandMoves = 0;
  }
  for (const b of state.batteries) {
    b.ordered = false;
    b.actions = 0;
    b.answeredSos = false;
  }
  for (const r of state.regiments) r.bonusUsed = false;
  log.add({ type: 'turn', text: `Turn ${state.turn} of ${state.lastTurn}`, turn: state.turn });
  if (state.turn > 1) driftGas(state, log);
  if (checkSuddenDeath(state, log)) return;
  if (state.turn === 1) {
    state.order = [state.firstSide, enemyOf(state, state.firstSide)];
  } else {
    const [a, b] = state.seats as [Seat, Seat];
    const ra = log.die('initiative', `Initiative: ${a}`);
    const rb = log.die('initiative', `Initiative: ${b}`);
    const first = ra > rb ? a : rb > ra ? b : state.order[1]!;
    state.order = [first, enemyOf(state, first)];
    log.add({ type: 'initiative', text: `The ${sideName(state, first)} order first this turn`, side: first });
  }
  beginSide(state, log, state.order[0]!);
}

function beginSide(state: WfState, log: EventLog, side: Seat): void {
  arrive(state, log, side);
  state.markersLeft[side] = state.staffMarkers[side] ?? 0;
  state.phase = { kind: 'orders', side, step: 'bombardment', battalion: null, active: null, reroll: null };
  advance(state, log, null);
}

/** Reinforcements due this turn come on at their entry hex, or the nearest hex where they fit. */
function arrive(state: WfState, log: EventLog, side: Seat): void {
  for (const s of state.stands) {
    if (s.side !== side || s.hex !== null || s.gone !== null || s.arrives === null || s.arrives > state.turn)
      continue;
    const at = grid
      .within(s.entry!, 3)
      .find((h: HexId) => fitsIn(state, s, h) && !state.stands.some((x) => x.hex === h && x.side !== side));
    if (at === undefined) continue;
    s.hex = at;
    log.add({ type: 'arrived', text: `${s.name} arrives at ${at}`, stand: s.id, hex: at });
  }
}

/** The preliminary bombardment: every battery of the side fires its rounds at its aiming point. */
export function bombard(state: WfState, log: EventLog): void {
  const plan = state.bombardment!;
  plan.done = true;
  log.add({
    type: 'bombardment',
    text: `The ${sideAdjective(state, plan.side)} preliminary bombardment opens`,
  });
  for (let round = 1; round <= plan.rounds; round++) {
    for (const b of state.batteries)
      if (b.side === plan.side && b.aim !== null) fireBattery(state, log, b, `bombardment round ${round}`);
  }
}

/** After every action: objectives change hands, and a side with no battalion left loses at once. */
export function afterAction(state: WfState, log: EventLog): void {
  updateObjectives(state);
  checkSuddenDeath(state, log);
}

function checkSuddenDeath(state: WfState, log: EventLog): boolean {
  if (state.outcome !== null) return true;
  const outcome = suddenDeath(state);
  if (outcome === null) return false;
  state.outcome = outcome;
  state.phase = { kind: 'over' };
  log.add({ type: 'gameOver', text: outcome.reason, winner: outcome.winner });
  return true;
}

export function battalionName(state: Readable, id: string): string {
  return battalionById(state, id)?.name ?? id;
}
