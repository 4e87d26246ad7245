import { CommonErrorCode, type EventLog, type HexId } from '@salient/engine';
import { grid } from './grid.ts';
import { relocate } from './sight.ts';
import { BASIC_MOVE, MARCH } from './tables.ts';
import type { Activation, BeState, Phase, Readable, Unit } from './types.ts';
import { hasRating, inEnemyZoc, passableFor, terrainAt, unitAt, unitById } from './units.ts';

/** What limits one movement: the unit's own activation, or an evade. */
export type MoveContext = {
  unit: Unit;
  /** Sectors it may still move. */
  remaining: number;
  /** Where the movement began: friendly units next to it may be passed through. */
  origin: HexId;
  mayInterpenetrate: boolean;
};

export function startsInRough(state: Readable, unit: Unit): boolean {
  return unit.hex !== null && (terrainAt(state, unit.hex)?.rough ?? false);
}

/** Sectors a unit may cover in one march, leaving rough ground permitting. */
export function marchAllowance(state: Readable, unit: Unit): number {
  if (startsInRough(state, unit) && !hasRating(unit, 'special')) return BASIC_MOVE;
  return MARCH[unit.kind];
}

export function activationMove(act: Activation, unit: Unit): MoveContext {
  const leavingRough = act.startedInRough && !hasRating(unit, 'special');
  const allowance = act.halted ? 0 : act.test === 'passed' && !leavingRough ? MARCH[unit.kind] : BASIC_MOVE;
  return {
    unit,
    remaining: Math.max(0, allowance - act.steps),
    origin: act.startHex,
    mayInterpenetrate: act.test === 'passed',
  };
}

/**
 * No march when leaving rough ground: a unit that is not special may not move on from a rough sector
 * it has entered, since any further step would make its movement a march out of rough ground.
 */
export function roughHalts(state: Readable, unit: Unit, hex: HexId): boolean {
  return (terrainAt(state, hex)?.rough ?? false) && !hasRating(unit, 'special');
}

/** Why the mover may not pass through the friend at `through`, or null. */
function throughProblem(
  state: Readable,
  ctx: MoveContext,
  friend: Unit,
): { code: string; message: string } | null {
  const through = friend.hex!;
  if (!passableFor(state, through, ctx.unit)) {
    return { code: 'IMPASSABLE', message: `${through} is impassable to ${ctx.unit.name}` };
  }
  if (
    terrainAt(state, through)?.halts ||
    roughHalts(state, ctx.unit, through) ||
    inEnemyZoc(state, ctx.unit.side, through)
  ) {
    return {
      code: 'WOULD_HALT_IN_FRIEND',
      message: `a unit entering ${through} would have to stop inside ${friend.name}`,
    };
  }
  return null;
}

/**
 * The friend a two-sector step to `to` passes through: one next to both ends and to the start of the
 * movement, that the mover may cross. Where two could serve, one not standing in rough ground is
 * taken (entering rough would bar fire and assault for the turn). `problem` explains a refusal.
 */
export function interpenetration(
  state: Readable,
  ctx: MoveContext,
  to: HexId,
): { friend: Unit; problem: null } | { friend: null; problem: { code: string; message: string } } {
  const from = ctx.unit.hex!;
  const friends = grid
    .neighbors(from)
    .filter((hex) => grid.adjacent(hex, to) && grid.adjacent(hex, ctx.origin))
    .map((hex) => unitAt(state, hex))
    .filter((u): u is Unit => u !== undefined && u.side === ctx.unit.side);
  if (friends.length === 0) {
    return {
      friend: null,
      problem: {
        code: 'NOT_ADJACENT',
        message: `${to} is not next to ${from} nor beyond a friend next to the start`,
      },
    };
  }
  const crossable = friends.filter((f) => throughProblem(state, ctx, f) === null);
  if (crossable.length === 0) return { friend: null, problem: throughProblem(state, ctx, friends[0]!)! };
  const dry = crossable.find((f) => !(terrainAt(state, f.hex!)?.rough ?? false));
  return { friend: dry ?? crossable[0]!, problem: null };
}

/** Why a step to `to` is refused, or null when it is legal. Choices and apply both ask this. */
export function stepProblem(
  state: Readable,
  ctx: MoveContext,
  to: HexId,
): { code: string; message: string } | null {
  const from = ctx.unit.hex!;
  if (!grid.has(to))
    return { code: CommonErrorCode.UnknownLocation, message: `${to} is not a sector of this board` };
  if (ctx.remaining <= 0)
    return { code: 'NO_MOVE_LEFT', message: `${ctx.unit.name} may not move any further` };
  const distance = grid.distance(from, to);
  if (distance === 2) {
    if (!ctx.mayInterpenetrate) {
      return { code: 'NOT_ADJACENT', message: 'only a successfully activated unit may pass through friends' };
    }
    const { problem } = interpenetration(state, ctx, to);
    if (problem?.code === 'NOT_ADJACENT') return problem;
    if (ctx.remaining < 2) return { code: 'NO_MOVE_LEFT', message: 'passing through a friend takes 2 UD' };
    if (problem) return problem;
  } else if (distance !== 1) {
    return { code: 'NOT_ADJACENT', message: `${to} is not next to ${from}` };
  }
  if (unitAt(state, to)) return { code: 'OCCUPIED', message: `${to} already holds a unit` };
  if (!passableFor(state, to, ctx.unit))
    return { code: 'IMPASSABLE', message: `${to} is impassable to ${ctx.unit.name}` };
  if (inEnemyZoc(state, ctx.unit.side, from) && inEnemyZoc(state, ctx.unit.side, to)) {
    return { code: 'ZOC_TO_ZOC', message: 'no move from one enemy zone of control into another' };
  }
  return null;
}

export function legalSteps(state: Readable, ctx: MoveContext): HexId[] {
  if (ctx.remaining <= 0) return [];
  const from = ctx.unit.hex!;
  const candidates =
    ctx.mayInterpenetrate && ctx.remaining >= 2 ? sectorsAround(from, 2) : grid.neighbors(from);
  return candidates.filter((to) => stepProblem(state, ctx, to) === null);
}

function sectorsAround(hex: HexId, range: number): HexId[] {
  return grid.ids.filter((id) => {
    const d = grid.distance(hex, id);
    return d >= 1 && d <= range;
  });
}

/**
 * Moves the unit one step (already checked legal), discovers what it now sees, and says whether it
 * must stop there: halting ground, an enemy zone of control, or rough ground it may not march out of.
 * Passing through a friend standing in rough ground counts as entering rough ground.
 */
export function takeStep(
  state: BeState,
  log: EventLog,
  ctx: MoveContext,
  to: HexId,
): { cost: number; halts: boolean } {
  const unit = ctx.unit;
  const cost = grid.distance(unit.hex!, to);
  const through = cost === 2 ? interpenetration(state, ctx, to).friend : null;
  if (through && terrainAt(state, through.hex!)?.rough) unit.enteredRough = true;
  const text = through
    ? `${unit.name} moves from ${unit.hex} through ${through.name} at ${through.hex} to ${to}`
    : `${unit.name} moves from ${unit.hex} to ${to}`;
  relocate(state, log, unit, to, { type: 'moved', text });
  const halts =
    (terrainAt(state, to)?.halts ?? false) || inEnemyZoc(state, unit.side, to) || roughHalts(state, unit, to);
  return { cost, halts };
}

/** An evade is a march by the assaulted unit from where it stood, friends passable as in a march. */
export function evadeMove(state: Readable, phase: Extract<Phase, { kind: 'evade' }>): MoveContext {
  const unit = unitById(state, phase.assault.defender)!;
  return { unit, remaining: phase.stepsLeft, origin: phase.origin, mayInterpenetrate: true };
}
