import type { GameEvent } from '@salient/engine';
import { type Applied as AppliedTo, applyWithDice, mustApply, refusalCode } from '@salient/engine/testing';
import { grid } from '../src/grid.ts';
import { westernFront } from '../src/index.ts';
import type { Phase, Stand, Step, Terrain, WfState } from '../src/types.ts';

export const game = westernFront;
export const MONS = 'mons-1914';
export const NC = 'neuve-chapelle-1915';

export function stand(state: WfState, id: string): Stand {
  const found = state.stands.find((s) => s.id === id);
  if (!found) throw new Error(`no stand ${id}`);
  return found;
}

/**
 * A laboratory position from a scenario: every hex open (or as given), no wire, roads or gas, only the
 * listed stands on the table, and `side` at the given step of its orders on turn 2.
 */
export function lab(
  placements: Record<string, string>,
  options: {
    scenario?: string;
    terrain?: Record<string, Terrain>;
    side?: string;
    step?: Step;
    wire?: string[];
  } = {},
): WfState {
  const state = game.setup(options.scenario ?? MONS, {}, 'lab');
  for (const s of state.stands) {
    s.hex = placements[s.id] ?? null;
    s.arrives = null;
    s.ordered = false;
    s.actions = 0;
  }
  state.terrain = {};
  for (const hex of grid.ids) state.terrain[hex] = options.terrain?.[hex] ?? 'open';
  state.roads = [];
  state.wire = options.wire ?? [];
  state.gas = [];
  state.turn = 2;
  state.allocated = Object.fromEntries(state.seats.map((s) => [s, {}]));
  for (const side of state.seats) state.markersLeft[side] = 0;
  for (const r of state.regiments) r.bonusUsed = false;
  const side = options.side ?? state.seats[0]!;
  state.phase = orders(side, options.step ?? 'battalions');
  state.outcome = null;
  return state;
}

export function orders(
  side: string,
  step: Step,
  extra: Partial<Extract<Phase, { kind: 'orders' }>> = {},
): Phase {
  return { kind: 'orders', side, step, battalion: null, active: null, reroll: null, ...extra };
}

/** Makes `id` the unit being ordered with `actions` actions. */
export function activeWith(state: WfState, id: string, actions: number): WfState {
  const s = stand(state, id);
  s.ordered = true;
  s.actions = actions;
  const phase = state.phase as Extract<Phase, { kind: 'orders' }>;
  phase.active = { unit: id, battery: false };
  if (s.battalion !== null && phase.step === 'battalions') phase.battalion = s.battalion;
  return state;
}

export type Applied = AppliedTo<WfState>;

export const play = (state: WfState, seat: string, action: Record<string, unknown>): Applied =>
  mustApply(game, state, seat, action);

/** Refuses `action` and checks the state is untouched; returns the error code. */
export const refused = (state: WfState, seat: string, action: unknown): string =>
  refusalCode(game, state, seat, action);

/** Plays `action` on the first dice (among many seeds) that give a result `want` accepts. */
export const withDice = (
  state: WfState,
  seat: string,
  action: Record<string, unknown>,
  want: (r: Applied) => boolean,
): Applied => applyWithDice(game, state, seat, action, want);

/** The dice of every roll made for `purpose`, in order. */
export function rolls(events: GameEvent[], purpose: string): number[] {
  return events
    .filter((e) => e.type === 'roll' && e.purpose === purpose)
    .map((e) => (e.dice as number[])[0]!);
}

export function firstRoll(purpose: string, die: number): (r: Applied) => boolean {
  return (r) => rolls(r.events, purpose)[0] === die;
}

export function eventsOf(r: Applied, type: string): GameEvent[] {
  return r.events.filter((e) => e.type === type);
}
