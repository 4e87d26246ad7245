import { type EventLog, EventLog as Log, rngFromSeed } from '@salient/engine';
import { type Applied, mustApply, refusalCode } from '@salient/engine/testing';
import { UNITS } from '../src/data/index.ts';
import { pathsOfGlory } from '../src/index.ts';
import { newOperation } from '../src/operations.ts';
import { OFFMAP, type Operation, type PogState, type Side } from '../src/types.ts';

export const game = pathsOfGlory;

/** A fresh Introductory game with the opening hand chosen and turn 1 under way. */
export function started(seed = 'test', keepGuns = true): PogState {
  const state = game.setup('introductory', {}, seed);
  return play(state, 'cp', { type: 'gunsOfAugust', keep: keepGuns }).state;
}

/** Applies an action that must succeed. */
export const play = (state: PogState, seat: string, action: Record<string, unknown>): Applied<PogState> =>
  mustApply(game, state, seat, action);

/** Refuses `action`, checks the state is untouched and returns the error code. */
export const refused = (state: PogState, seat: string, action: unknown): string =>
  refusalCode(game, state, seat, action);

/**
 * A laboratory position: every unit off the map except those placed, original control, no
 * trenches, the given side in its action phase with the given hand.
 */
export function lab(
  placements: Record<string, string>,
  options: {
    side?: Side;
    turn?: number;
    hand?: string[];
    reduced?: string[];
    trenches?: PogState['trenches'];
  } = {},
): PogState {
  const state = started('lab');
  for (const u of UNITS)
    state.units[u.id] = {
      loc: placements[u.id] ?? OFFMAP,
      reduced: (options.reduced ?? []).includes(u.id),
      oos: false,
    };
  state.trenches = options.trenches ?? {};
  state.turn = options.turn ?? 2;
  const side = options.side ?? 'cp';
  state.phase = { kind: 'action', side };
  if (options.hand) state.decks[side].hand = [...options.hand];
  state.mandates = { ap: { nation: null, made: true }, cp: { nation: null, made: true } };
  return state;
}

/** Puts the state straight into an operation with the given spaces activated. */
export function inOperation(
  state: PogState,
  side: Side,
  activated: Operation['activated'],
  kind: 'move' | 'attack',
): PogState {
  const op = newOperation(null, 0);
  op.activated = activated;
  state.phase = kind === 'move' ? { kind: 'move', side, op } : { kind: 'attack', side, op, combat: null };
  return state;
}

/** A log whose dice come from a fixed seed, for calling rule functions directly. */
export function testLog(seed = 'dice'): EventLog {
  return new Log(rngFromSeed(seed));
}

/** Options a choice offers for one parameter. */
export function options(
  state: PogState,
  seat: string,
  action: string,
  param: string,
  base: Record<string, unknown> = {},
): unknown[] {
  const choices = game
    .choices(state, seat)
    .filter((c) => c.action === action && Object.entries(base).every(([k, v]) => c.base[k] === v));
  return choices.flatMap((c) => c.params.find((p) => p.name === param)?.options.map((o) => o.value) ?? []);
}
