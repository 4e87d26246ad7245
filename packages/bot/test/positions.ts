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
  /** The kind of decision: the state's phase kind and, where a game stacks decisions, the top one's. */
  kind: string;
}

/** What sort of decision a position asks for, read from the state's phase (every game has one). */
export function decisionKind(state: object): string {
  const s = state as { phase?: { kind?: string; step?: string }; pending?: { kind?: string }[] };
  return [s.phase?.kind, s.phase?.step, s.pending?.[0]?.kind].filter(Boolean).join('/');
}

/**
 * Positions of one random game: plays it from set-up with the game's purposeful player or
 * uniformly (by seed, so both set-ups and late phases come up) and keeps the first position of each
 * kind of decision met after a random number of actions, so every phase the game reached is there
 * (the first `limit` kinds only, when given).
 */
export function positionsOfGame(
  game: GameModule,
  scenario: string,
  seed: string,
  limit = Number.POSITIVE_INFINITY,
): Position[] {
  const rng = rngFromSeed(`position:${seed}`);
  const pick = (n: number) => rollInPlace(rng, n) - 1;
  const uniform: Policy = (choices) => choices[pick(choices.length)]!;
  const policy = pick(3) > 0 && game.bot?.playout ? game.bot.playout : uniform;
  let state = game.setup(scenario, {}, seed);
  const found = new Map<string, Position>();
  let wait = 0;
  for (let i = 0; i < 5_000 && found.size < limit && game.outcome(state) === null; i++) {
    const status = game.status(state);
    const seat = status.toAct[pick(status.toAct.length)]!;
    const kind = decisionKind(state);
    if (wait-- <= 0 && !found.has(kind)) {
      found.set(kind, { state, seat, kind });
      wait = pick(20);
    }
    const result = game.apply(
      state,
      seat,
      pickAction(policy(game.choices(state, seat), seat, state, pick), pick),
    );
    if (!result.ok) throw new Error(`${game.id}: ${result.error.code} ${result.error.message}`);
    state = result.state;
  }
  return [...found.values()];
}
