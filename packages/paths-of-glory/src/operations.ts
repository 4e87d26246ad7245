import type { EventLog } from '@salient/engine';
import { activationCost, sudArmyStack } from './activation.ts';
import { defendersOf, mayAttack, targetKind, undefended } from './combat.ts';
import { card, space, unitData } from './data/index.ts';
import { actionDone } from './flow.ts';
import { fortSide, intactFort, siegeKeptWithout } from './forts.ts';
import { MAP, turnInfo } from './map.ts';
import { beachheadOf } from './mef.ts';
import { channelClosed, moveAlong, reachable, stackDestinations } from './movement.ts';
import { isNeutralSpace, supplyOf } from './supply.ts';
import type { ActivationMode, Operation, PogState, Readable, Side } from './types.ts';
import { label, lfOf, mfOf, occupancy, sideOf, unitsIn } from './units.ts';

export function newOperation(card: string | null, points: number): Operation {
  return {
    card,
    points,
    activated: {},
    moved: [],
    spent: {},
    attacked: [],
    sortied: [],
    entrenching: [],
    retreated: [],
    sudArmySpace: null,
    onlyAttackers: null,
  };
}

export interface ActivationOption {
  space: string;
  cost: number;
  modes: ActivationMode[];
  /** What combat activation costs when it differs from movement (16.4.5); absent: the same. */
  attackCost?: number;
}

/**
 * Spaces a side may still activate and at what cost (9.2): occupied by its units (9.2.6), not yet
 * activated, affordable. A desert space may not be activated for combat in summer (15.2.5); the
 * Allies activate at most one Near East space for combat per round (9.2.7).
 */
export function activationOptions(state: Readable, side: Side, op: Operation): ActivationOption[] {
  const occupied = occupancy(state);
  const out: ActivationOption[] = [];
  // 9.2.7: the beachhead's space and the British NE Army's do not count against the limit.
  const counted = (s: string) =>
    space(s).map === 'neareast' && s !== beachheadOf(state) && !unitsIn(state, s).includes('br-army-ne');
  const nearEastCombat = Object.entries(op.activated).some(([s, mode]) => mode === 'attack' && counted(s));
  for (const [s, units] of occupied) {
    // 9.5.2.4: the Greek units of a limited entry stay neutral: nobody activates them.
    if (op.activated[s] || !units.some((u) => sideOf(u) === side) || isNeutralSpace(state, s)) continue;
    const cost = activationCost(state, side, s, op);
    if (cost > op.points) continue;
    const modes: ActivationMode[] = ['move'];
    const summerDesert = space(s).terrain === 'desert' && turnInfo(state.turn).season === 'summer';
    const nearEastLimit = side === 'ap' && counted(s) && nearEastCombat;
    const attackCost = activationCost(state, side, s, op, 'attack');
    if (!summerDesert && !nearEastLimit && attackCost <= op.points) modes.push('attack');
    out.push({ space: s, cost, modes, ...(attackCost !== cost ? { attackCost } : {}) });
  }
  return out.sort((a, b) => (a.space < b.space ? -1 : 1));
}

export function activate(
  state: PogState,
  log: EventLog,
  side: Side,
  op: Operation,
  s: string,
  mode: ActivationMode,
): void {
  const cost = activationCost(state, side, s, op, mode);
  if (side === 'cp' && sudArmyStack(state, s) && op.sudArmySpace === null && cost === 1) op.sudArmySpace = s;
  op.points -= cost;
  op.activated[s] = mode;
  log.add({
    type: 'activated',
    text: `${space(s).name} activated for ${mode === 'move' ? 'movement' : 'combat'} (${cost} OPS)`,
    space: s,
    mode,
    cost,
  });
}

/**
 * Units that may still move: in a space activated for movement, not moved yet, supplied when they
 * start (14.1.1.3); and units going on after taking a space in passing (11.1.4 seed), wherever
 * they now stand.
 */
export function movers(state: Readable, side: Side, op: Operation, supply = supplyOf(state)): string[] {
  const out: string[] = [];
  for (const [s, mode] of Object.entries(op.activated)) {
    if (mode !== 'move') continue;
    for (const u of unitsIn(state, s)) {
      if (sideOf(u) !== side || op.moved.includes(u) || op.entrenching.includes(u)) continue;
      if (mfOf(state, u) - (op.spent?.[u] ?? 0) < 1 || !supply.unitSupplied(u)) continue;
      out.push(u);
    }
  }
  for (const [u, spent] of Object.entries(op.spent ?? {})) {
    if (out.includes(u) || op.moved.includes(u) || mfOf(state, u) - spent < 1 || !supply.unitSupplied(u))
      continue;
    out.push(u);
  }
  return out;
}

/** Whether trench digging is open to a side (11.2.1): from Fall 1914, or once it has played Entrench. */
export function mayDig(state: Readable, side: Side): boolean {
  return state.turn >= 3 || state.played.includes(side === 'cp' ? 'cp_entrench' : 'ap_entrench');
}

/** Units that may try to dig in instead of moving: one per activated space, supplied (11.2.1, 14.3.3). */
export function diggers(state: Readable, side: Side, op: Operation, supply = supplyOf(state)): string[] {
  if (!mayDig(state, side)) return [];
  const out: string[] = [];
  for (const [s, mode] of Object.entries(op.activated)) {
    if (mode !== 'move') continue;
    if (op.entrenching.some((u) => state.units[u]!.loc === s)) continue;
    const trench = state.trenches[s];
    if (trench && (trench.side !== side || trench.level === 2)) continue;
    for (const u of unitsIn(state, s)) {
      if (
        sideOf(u) === side &&
        !op.moved.includes(u) &&
        op.spent?.[u] === undefined &&
        supply.unitSupplied(u)
      )
        out.push(u);
    }
  }
  return out;
}

export function moveUnit(state: PogState, log: EventLog, op: Operation, id: string, to: string): void {
  const path = reachable(state, id).paths.get(to)!;
  moveAlong(state, log, id, path);
  op.moved.push(id);
  if (op.spent) delete op.spent[id];
}

/**
 * Spaces where a unit may stop to take control in passing and then go on (11.1.4 seed): not already
 * its side's, no intact enemy fort, supplied for it (it would have to stop otherwise, 11.1.5), and
 * with at least one MP left after the extra MP the taking costs. A channel space closed to the
 * Central Powers (11.1.9 seed: they may move through and take it) is offered only if the unit can
 * still end its move somewhere from there.
 */
export function passingTargets(
  state: Readable,
  id: string,
  supply = supplyOf(state),
  reach = reachable(state, id, supply),
): string[] {
  const side = sideOf(id);
  const left = mfLeft(state, id);
  const nation = unitData(id).nation;
  const takeable = (to: string, path: string[]) =>
    state.control[to] !== side &&
    !(intactFort(state, to) && fortSide(to) !== side) &&
    path.length + 1 < left &&
    supply.suppliedAt(side, nation, to);
  const out = [...reach.paths.entries()].filter(([to, path]) => takeable(to, path)).map(([to]) => to);
  for (const [to, path] of reach.through) {
    if (!takeable(to, path)) continue;
    const onward = reachable(state, id, supply, [], { space: to, mf: left - path.length - 1 });
    if (onward.paths.size > 0) out.push(to);
  }
  return out.sort();
}

/** A path the unit may take to a space it ends in or passes through (11.1.9). */
function pathTo(state: Readable, id: string, to: string): string[] {
  const reach = reachable(state, id);
  return reach.paths.get(to) ?? reach.through.get(to)!;
}

/**
 * A Central Powers unit standing in a closed channel space in the middle of its move (it took the
 * space in passing, 11.1.9 seed): it must move on before anything else happens.
 */
export function mustMoveOn(state: Readable, side: Side, op: Operation): string | null {
  for (const u of Object.keys(op.spent ?? {})) {
    if (op.moved.includes(u) || sideOf(u) !== side) continue;
    if (channelClosed(state, side, state.units[u]!.loc)) return u;
  }
  return null;
}

/** Moves a unit to a space it takes in passing (one more MP), leaving it free to go on. */
export function moveInPassing(state: PogState, log: EventLog, op: Operation, id: string, to: string): void {
  const path = pathTo(state, id, to);
  moveAlong(state, log, id, path);
  op.spent = { ...op.spent, [id]: (op.spent?.[id] ?? 0) + path.length + 1 };
  log.add({
    type: 'passing',
    text: `${label(id)} spends a movement point taking ${space(to).name}`,
    unit: id,
  });
}

/** Movement points a unit has left in the current movement (its MF less what it spent taking spaces in passing). */
export function mfLeft(state: Readable, id: string): number {
  const phase = state.phase;
  const spent = phase.kind === 'move' ? (phase.op.spent?.[id] ?? 0) : 0;
  return mfOf(state, id) - spent;
}

/** Moves every unit still free to move in a space together to one destination (11.1.1). */
export function moveStack(
  state: PogState,
  log: EventLog,
  side: Side,
  op: Operation,
  from: string,
  to: string,
): void {
  const units = movers(state, side, op).filter((u) => state.units[u]!.loc === from);
  if (!siegeKeptWithout(state, from, units)) return;
  const paths = stackDestinations(state, units).get(to)!;
  for (const [u, path] of paths) {
    moveAlong(state, log, u, path);
    op.moved.push(u);
  }
}

/** The action round now being played, counted across turns, for 11.2.10's "following round". */
const roundStamp = (state: Readable, side: Side) => state.turn * 6 + state.actions[side].length;

/** Nations whose failed digs help the next one under optional 11.2.10 of the living rules. */
const TRENCH_ROLL_NATIONS = ['ge', 'br', 'fr', 'it'];

/**
 * Optional 11.2.10 (living rules, a match option; always on in the historical scenario 5.7.4.2): a
 * German, British, French or Italian unit that failed to dig in the round just before (the last round
 * of the previous turn counting for the first) subtracts one from its roll, never more than one.
 */
export function trenchRollModifier(state: Readable, side: Side, unit: string): number {
  if (!state.rules?.trenchRollModifier) return 0;
  const failed = state.failedDigs?.[unit];
  return failed !== undefined && failed === roundStamp(state, side) - 1 ? 1 : 0;
}

function markFailedDig(state: PogState, side: Side, unit: string): void {
  if (!state.rules?.trenchRollModifier || !TRENCH_ROLL_NATIONS.includes(unitData(unit).nation)) return;
  const now = roundStamp(state, side);
  const kept = Object.entries(state.failedDigs ?? {}).filter(([, at]) => at >= now - 1);
  state.failedDigs = { ...Object.fromEntries(kept), [unit]: now };
}

/**
 * Entrenchment after movement (11.2.2): without its Entrench event a side rolls for level 1 (die at
 * most the unit's LF); with it, level 1 is automatic and a level 1 trench rolls for level 2.
 */
export function digIn(state: PogState, log: EventLog, side: Side, op: Operation): void {
  const entrenchPlayed = state.played.includes(side === 'cp' ? 'cp_entrench' : 'ap_entrench');
  for (const id of op.entrenching) {
    const s = state.units[id]!.loc;
    const name = space(s).name;
    const trench = state.trenches[s];
    if (!trench && entrenchPlayed) {
      state.trenches[s] = { side, level: 1 };
      log.add({ type: 'trench', text: `${label(id)} digs a level 1 trench in ${name}`, space: s });
      continue;
    }
    if (trench && (!entrenchPlayed || trench.level === 2)) continue;
    const die = log.die('entrench', `${label(id)} digs in at ${name}`) - trenchRollModifier(state, side, id);
    if (die <= lfOf(state, id)) {
      state.trenches[s] = { side, level: trench ? 2 : 1 };
      log.add({ type: 'trench', text: `A level ${trench ? 2 : 1} trench now stands in ${name}`, space: s });
      if (state.failedDigs) delete state.failedDigs[id];
    } else {
      log.add({ type: 'trench', text: `The digging at ${name} fails`, space: s });
      markFailedDig(state, side, id);
    }
  }
  op.entrenching = [];
}

/** Spaces the side may attack now, with the units able to join each attack (12.1.4-12.1.6). */
export function attackTargets(
  state: Readable,
  side: Side,
  op: Operation,
  supply = supplyOf(state),
): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const fought = op.attacked.length > 0;
  for (const [s, mode] of Object.entries(op.activated)) {
    if (mode !== 'attack') continue;
    const units = unitsIn(state, s).filter((u) => sideOf(u) === side);
    for (const target of [s, ...MAP.neighbors(s)]) {
      const kind = targetKind(state, target, side);
      if (target === s && kind !== 'fort' && kind !== 'enemy') continue;
      // 12.2.1 (seed): an empty space or one holding only friendly units may be attacked too
      // (ruling 77); such attacks come before all others.
      if (undefended(kind) && fought) continue;
      for (const u of units) {
        if (!mayAttack(state, op, u, target, supply)) continue;
        const list = out.get(target);
        if (list) list.push(u);
        else out.set(target, [u]);
      }
    }
  }
  return out;
}

export function finishOperation(state: PogState, log: EventLog, side: Side, op: Operation): void {
  log.add({ type: 'opsDone', text: 'Operations end', side });
  actionDone(
    state,
    log,
    side,
    op.card === null ? 'oneOp' : card(op.card).event === 'guns_of_august' ? 'event' : 'ops',
  );
}

/** After movement: dig in, then attack if any space was activated for combat, else end the action. */
export function endMovement(state: PogState, log: EventLog, side: Side, op: Operation): void {
  digIn(state, log, side, op);
  toAttackOrEnd(state, log, side, op);
}

export function toAttackOrEnd(state: PogState, log: EventLog, side: Side, op: Operation): void {
  if (Object.values(op.activated).includes('attack') && attackTargets(state, side, op).size > 0) {
    state.phase = { kind: 'attack', side, op, combat: null };
  } else finishOperation(state, log, side, op);
}

export function defendingUnits(state: Readable, target: string, side: Side, op: Operation): string[] {
  return defendersOf(state, target, side, op);
}
