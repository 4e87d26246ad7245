import { pickAction } from './choices.ts';
import type { GameEvent } from './events.ts';
import type { Action, Choice, GameModule, Outcome, Seat } from './game.ts';
import type { RecordedAction } from './replay.ts';
import { type RngState, rngFromSeed, rollInPlace } from './rng.ts';

/** Chooses which of the offered choices a bot takes; the default picks uniformly. */
export type Policy = (choices: Choice[], seat: Seat, state: object, pick: (n: number) => number) => Choice;

export interface PlayoutOptions {
  maxActions?: number;
  policy?: Policy;
  /** Called after every applied action, for invariant checks. */
  afterAction?: (state: object, action: Action, events: GameEvent[]) => void;
}

export interface PlayoutResult<S> {
  state: S;
  actions: RecordedAction[];
  outcome: Outcome | null;
}

/**
 * Plays a game to its end by taking random legal choices. The bot's own generator is seeded apart
 * from the game's, so the same bot seed replays the same game.
 */
export function randomPlayout<S extends object>(
  game: GameModule<S, object>,
  scenario: string,
  seed: string,
  botSeed: string,
  options: PlayoutOptions = {},
): PlayoutResult<S> {
  const rng: RngState = rngFromSeed(botSeed);
  const pick = (n: number) => rollInPlace(rng, n) - 1;
  const policy: Policy = options.policy ?? ((choices) => choices[pick(choices.length)]!);
  const maxActions = options.maxActions ?? 20_000;
  let state = game.setup(scenario, {}, seed);
  const actions: RecordedAction[] = [];
  while (game.outcome(state) === null) {
    if (actions.length >= maxActions) throw new Error(`no outcome after ${maxActions} actions`);
    const seat = game.status(state).toAct[0];
    if (seat === undefined) throw new Error('the game is not over but nobody is to act');
    const choices = game.choices(state, seat);
    if (choices.length === 0) throw new Error(`${seat} is to act but has no choices`);
    const choice = policy(choices, seat, state, pick);
    const action = pickAction(choice, pick);
    const result = game.apply(state, seat, action);
    if (!result.ok) {
      throw new Error(
        `offered action ${JSON.stringify(action)} refused: ${result.error.code} ${result.error.message}`,
      );
    }
    state = result.state;
    actions.push({ seat, action });
    options.afterAction?.(state, action, result.events);
  }
  return { state, actions, outcome: game.outcome(state) };
}
