import {
  type GameModule,
  type Policy,
  pickAction,
  rngFromSeed,
  rollInPlace,
  type Seat,
} from '@salient/engine';

export interface Position {
  state: object;
  seat: Seat;
  /** Phase as the game names it, for the tally of phases covered. */
  phase: string;
}

/**
 * Positions reached by playing `steps` actions from set-up, with the game's purposeful player or
 * uniformly (alternately by seed, so both the set-ups and the late phases come up); null when the
 * game ended first.
 */
export function randomPosition(
  game: GameModule,
  scenario: string,
  seed: string,
  steps: number,
): Position | null {
  const rng = rngFromSeed(`position:${seed}`);
  const pick = (n: number) => rollInPlace(rng, n) - 1;
  const uniform: Policy = (choices) => choices[pick(choices.length)]!;
  const policy = pick(3) > 0 && game.bot?.playout ? game.bot.playout : uniform;
  let state = game.setup(scenario, {}, seed);
  for (let i = 0; i < steps; i++) {
    if (game.outcome(state) !== null) return null;
    const seat = game.status(state).toAct[0]!;
    const result = game.apply(
      state,
      seat,
      pickAction(policy(game.choices(state, seat), seat, state, pick), pick),
    );
    if (!result.ok) throw new Error(`${game.id}: ${result.error.code} ${result.error.message}`);
    state = result.state;
  }
  if (game.outcome(state) !== null) return null;
  const status = game.status(state);
  return { state, seat: status.toAct[pick(status.toAct.length)]!, phase: status.phase };
}
