import { type GameEvent, rngFromSeed, rollInPlace } from '@salient/engine';
import { expect } from 'vitest';
import { emptyCombat } from '../src/flow.ts';
import { loos } from '../src/index.ts';
import { initialState } from '../src/setup.ts';
import type { LoosState, Phase, Side } from '../src/state.ts';

export type Placement = string | { hex: string; reserve?: boolean; steps?: number };

export interface PositionSpec {
  turn?: number;
  phase?: Phase;
  /** Units to put on the map; every other unit is kept off it. */
  units: Record<string, Placement>;
  seed?: string;
  /**
   * Unless false, a British half-brigade (142/2) stands in the far south-west corner, out of
   * everyone's way, so that 12.2 (no British unit outside the trenches) does not end the game.
   */
  bystander?: boolean;
}

/** A test position: only the named units on the map, in the given phase. */
export function position(spec: PositionSpec): LoosState {
  const s = initialState(spec.seed ?? 'test');
  for (const unit of s.units) {
    if (unit.loc !== 'reserves' && unit.loc !== 'awaiting-release') unit.loc = 'unplaced';
  }
  const units =
    spec.bystander === false || '142/2' in spec.units ? spec.units : { ...spec.units, '142/2': '3318' };
  for (const [id, where] of Object.entries(units)) {
    const unit = s.units.find((u) => u.id === id);
    if (!unit) throw new Error(`no unit ${id}`);
    const p = typeof where === 'string' ? { hex: where } : where;
    unit.loc = p.hex;
    unit.reserve = p.reserve ?? false;
    if (p.steps !== undefined) unit.steps = p.steps;
  }
  s.turn = spec.turn ?? 1;
  s.phase = spec.phase ?? { kind: 'movement', side: 'british', activity: {}, began: false };
  return s;
}

export const movement = (side: Side): Phase => ({ kind: 'movement', side, activity: {}, began: false });
/** A mobile combat phase about to declare its attacks, with the units that made a mobile move. */
export const mobileCombat = (side: Side, movers: string[] = []): Phase => ({
  kind: 'mobile-combat',
  side,
  step: 'declare',
  combat: emptyCombat(),
  movers,
});
export const combatAttacks = (side: Side): Phase => ({
  kind: 'combat',
  side,
  step: 'declare',
  combat: emptyCombat(),
});
export const combatStep = (
  side: Side,
  step: 'aircraft' | 'attacker-markers' | 'defender-markers',
): Phase => ({
  kind: 'combat',
  side,
  step,
  combat: emptyCombat(),
});

/** Sets the dice generator so that the next d6 rolls are `dice`, found by searching seeds. */
export function withDice(state: LoosState, dice: number[]): LoosState {
  for (let i = 0; i < 5_000_000; i++) {
    const rng = rngFromSeed(`dice-${i}`);
    const probe = [...rng] as typeof rng;
    if (dice.every((d) => rollInPlace(probe, 6) === d)) {
      return { ...state, rng };
    }
  }
  throw new Error(`no seed gives ${dice.join(',')}`);
}

export interface Applied {
  state: LoosState;
  events: GameEvent[];
}

/** Applies an action that must be legal. */
export function act(state: LoosState, seat: Side, action: Record<string, unknown>): Applied {
  const result = loos.apply(state, seat, action);
  if (!result.ok) throw new Error(`refused: ${result.error.code} ${result.error.message}`);
  return { state: result.state, events: result.events };
}

/** Applies a sequence of legal actions. */
export function actAll(state: LoosState, steps: Array<[Side, Record<string, unknown>]>): Applied {
  let current: Applied = { state, events: [] };
  for (const [seat, action] of steps) {
    const next = act(current.state, seat, action);
    current = { state: next.state, events: [...current.events, ...next.events] };
  }
  return current;
}

/**
 * Makes one ground attack as the rules have it: declares it (with any `alsoDeclared` attacks, each
 * `[target, attackers]`), closes the declarations, and resolves this one first.
 */
export function attackNow(
  state: LoosState,
  seat: Side,
  target: string,
  attackers: string[],
  alsoDeclared: Array<[string, string[]]> = [],
): Applied {
  const steps: Array<[Side, Record<string, unknown>]> = [
    [seat, { type: 'declareAttack', target, attackers }],
    ...alsoDeclared.map(
      ([t, a]) =>
        [seat, { type: 'declareAttack', target: t, attackers: a }] as [Side, Record<string, unknown>],
    ),
    [seat, { type: 'resolveAttacks' }],
    [seat, { type: 'attack', target }],
  ];
  return actAll(state, steps);
}

/** Asserts the action is refused with `code` and leaves the state exactly as it was. */
export function refuse(state: LoosState, seat: string, action: unknown, code: string): void {
  const before = JSON.stringify(state);
  const result = loos.apply(state, seat, action);
  expect(result.ok).toBe(false);
  if (!result.ok) expect(result.error.code).toBe(code);
  expect(JSON.stringify(state)).toBe(before);
}

export function unit(state: LoosState, id: string) {
  const u = state.units.find((x) => x.id === id);
  if (!u) throw new Error(`no unit ${id}`);
  return u;
}

export function texts(events: GameEvent[]): string {
  return events.map((e) => e.text).join('\n');
}

/** The destinations the game offers a unit, from its choices. */
export function offeredMoves(state: LoosState, seat: Side, unitId: string): string[] {
  const choice = loos.choices(state, seat).find((c) => c.action === 'move' && c.piece === unitId);
  if (!choice) return [];
  const param = choice.params[0]!;
  return param.options.map((o) => String(o.value)).sort();
}

/** Ends the marker placement steps of a combat phase, whoever is placing (and they may be skipped). */
export function finishMarkers(state: LoosState): Applied {
  let current: Applied = { state, events: [] };
  for (;;) {
    const phase = current.state.phase;
    if (phase.kind !== 'combat' || (phase.step !== 'attacker-markers' && phase.step !== 'defender-markers'))
      return current;
    if (current.state.pending.length > 0) return current;
    const seat = loos.status(current.state).toAct[0] as Side;
    const next = act(current.state, seat, { type: 'endMarkers' });
    current = { state: next.state, events: [...current.events, ...next.events] };
  }
}
