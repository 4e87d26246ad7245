import type { GameEvent } from '@salient/engine';
import { type Applied as AppliedTo, applyWithDice, mustApply, refusalCode } from '@salient/engine/testing';
import { aggressivePlayer } from '../src/bot.ts';
import { grid } from '../src/grid.ts';
import { belleEpoque } from '../src/index.ts';
import type { BeState, Terrain, Unit } from '../src/types.ts';

export const game = belleEpoque;

/**
 * A scenario's state with the doctrine chosen (nobody loose unless said: units loose by the
 * scenario's default are changed to close) and turn 1 under way.
 */
export function started(scenario = 'encounter', seed = 'test'): BeState {
  let state = game.setup(scenario, {}, seed);
  for (const seat of [...state.seats]) {
    const change = state.units.filter((u) => u.side === seat && u.order === 'loose').map((u) => u.id);
    const result = game.apply(state, seat, { type: 'doctrine', change });
    if (!result.ok) throw new Error(result.error.message);
    state = result.state;
  }
  return state;
}

export function unit(state: BeState, id: string): Unit {
  const found = state.units.find((u) => u.id === id);
  if (!found) throw new Error(`no unit ${id}`);
  return found;
}

/**
 * A laboratory position: every sector open (or as given), only the listed units on the board, the
 * bowl matching them, and a token of `side` drawn for activation.
 */
export function lab(
  placements: Record<string, string>,
  options: { terrain?: Record<string, Terrain>; side?: string; cp?: number; scenario?: string } = {},
): BeState {
  const state = started(options.scenario ?? 'encounter');
  for (const u of state.units) {
    u.hex = placements[u.id] ?? null;
    u.activated = u.hex === null;
  }
  state.terrain = {};
  for (const hex of grid.ids) state.terrain[hex] = options.terrain?.[hex] ?? 'open';
  const side = options.side ?? state.seats[0]!;
  for (const s of state.seats) {
    state.bowl[s] = state.units.filter((u) => u.side === s && u.hex !== null).length - (s === side ? 1 : 0);
    state.cp[s] = options.cp ?? 0;
  }
  state.phase = { kind: 'pick', side };
  state.outcome = null;
  return state;
}

/** Applies an action that must succeed. */
export const play = (state: BeState, seat: string, action: Record<string, unknown>): Applied =>
  mustApply(game, state, seat, action);

/** Refuses `action` and checks the state is untouched; returns the error code. */
export const refused = (state: BeState, seat: string, action: unknown): string =>
  refusalCode(game, state, seat, action);

/** The aggressive player the property tests and the games tool use. */
export const aggressive = aggressivePlayer;

export type Applied = AppliedTo<BeState>;

/** Plays `action` on the first dice (among many seeds) that give a result `want` accepts. */
export const withDice = (
  state: BeState,
  seat: string,
  action: Record<string, unknown>,
  want: (r: Applied) => boolean,
): Applied => applyWithDice(game, state, seat, action, want);

/** Activates `id` with a passed reactivity test. */
export const passed = (state: BeState, id: string, seat = 'blue'): BeState =>
  withDice(state, seat, { type: 'activate', unit: id, cp: 0 }, (r) => {
    const phase = r.state.phase;
    return phase.kind === 'activation' && phase.act.test === 'passed';
  }).state;

/** Resolves the pending assault (red does not react) with the given successes for each side. */
export const fight = (state: BeState, attack: number, defence: number): Applied =>
  withDice(state, 'red', { type: 'noReaction' }, (r) => {
    const a = r.events.find((e) => e.type === 'assault');
    return a?.attack === attack && a?.defence === defence;
  });

export function rolls(events: GameEvent[], purpose: string): number[][] {
  return events.filter((e) => e.type === 'roll' && e.purpose === purpose).map((e) => e.dice as number[]);
}
