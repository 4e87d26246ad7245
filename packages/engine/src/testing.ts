import type { ApplyResult, GameModule, Seat } from './game.ts';
import { canonicalJson } from './json.ts';
import type { PlayoutResult } from './playout.ts';
import { replay } from './replay.ts';
import { type RngState, rngFromSeed } from './rng.ts';

/**
 * Helpers the rules packages' tests share: applying an action that must succeed, one that must be
 * refused, and one whose dice must come out a given way. Imported as `@salient/engine/testing`, so
 * no game's own code depends on them.
 */

/** Anything with a game's `apply`: a GameModule, or a test's wrapper of one. */
export interface Applies<S> {
  apply(state: S, seat: Seat, action: unknown): ApplyResult<S>;
}

export type Applied<S> = Extract<ApplyResult<S>, { ok: true }>;

/** Applies an action that must succeed; otherwise throws, naming the action and why it was refused. */
export function mustApply<S>(game: Applies<S>, state: S, seat: Seat, action: unknown): Applied<S> {
  const result = game.apply(state, seat, action);
  if (!result.ok)
    throw new Error(`${JSON.stringify(action)} refused: ${result.error.code} ${result.error.message}`);
  return result;
}

/** Applies an action that must be refused, checks the state is untouched, and returns the error code. */
export function refusalCode<S>(game: Applies<S>, state: S, seat: Seat, action: unknown): string {
  const before = JSON.stringify(state);
  const result = game.apply(state, seat, action);
  if (result.ok) throw new Error(`${JSON.stringify(action)} was accepted`);
  if (JSON.stringify(state) !== before) throw new Error('a refused action changed the state');
  return result.error.code;
}

/**
 * Plays `action` with the first generator state (among many seeds) whose dice give a result that
 * `want` accepts: the rules then run on real dice, only chosen ones.
 */
export function applyWithDice<S extends { rng: RngState }>(
  game: Applies<S>,
  state: S,
  seat: Seat,
  action: unknown,
  want: (result: Applied<S>) => boolean,
): Applied<S> {
  for (let i = 0; i < 20_000; i++) {
    const trial = structuredClone(state);
    trial.rng = rngFromSeed(`dice-${i}`);
    const result = mustApply(game, trial, seat, action);
    if (want(result)) return result;
  }
  throw new Error('no dice gave the wanted result');
}

/**
 * A played game's final state and the state its seed and actions replay to, both as canonical JSON:
 * a test expects them equal, since a match is its seed plus its actions.
 */
export function playedAndReplayed<S extends object>(
  game: GameModule<S, object>,
  scenario: string,
  seed: string,
  played: PlayoutResult<S>,
): { played: string; replayed: string } {
  const replayed = replay(game, { game: game.id, scenario, options: {}, seed, actions: played.actions });
  return { played: canonicalJson(played.state), replayed: canonicalJson(replayed) };
}
