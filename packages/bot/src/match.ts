import {
  type Action,
  type GameModule,
  type Outcome,
  pickAction,
  type RecordedAction,
  rngFromSeed,
  rollInPlace,
  type Seat,
} from '@salient/engine';
import type { Budget, Level } from './levels.ts';
import { decide } from './search.ts';

/** Who sits in a seat: the search bot at a level, or a uniformly random player. */
export type Player = { kind: 'bot'; level: Level; budget?: Partial<Budget> } | { kind: 'random' };

export interface PlayedMatch {
  outcome: Outcome | null;
  actions: RecordedAction[];
  /** Milliseconds per searched decision, by seat (decisions with a single legal action excluded). */
  decisionMs: Record<Seat, number[]>;
}

/**
 * Plays one match between the given players, each seat deciding from its own view only, the way a
 * server would run bot seats. The bots' seeds are the match seed and the action's index, so a bot
 * match replays like any other from its seed and actions.
 */
export function playMatch(
  game: GameModule,
  scenario: string,
  seed: string,
  players: Record<Seat, Player>,
  maxActions = 20_000,
): PlayedMatch {
  const rng = rngFromSeed(`random-player:${seed}`);
  const pick = (n: number) => rollInPlace(rng, n) - 1;
  let state = game.setup(scenario, {}, seed);
  const actions: RecordedAction[] = [];
  const decisionMs: Record<Seat, number[]> = {};
  while (game.outcome(state) === null && actions.length < maxActions) {
    const seat = game.status(state).toAct[0];
    if (seat === undefined) break;
    const player = players[seat];
    if (!player) throw new Error(`no player for seat ${seat}`);
    let action: Action;
    if (player.kind === 'random') {
      const choices = game.choices(state, seat);
      action = pickAction(choices[pick(choices.length)]!, pick);
    } else {
      const decision = decide(game, game.view(state, seat), seat, {
        level: player.level,
        seed: `${seed}:${actions.length}`,
        ...(player.budget ? { budget: player.budget } : {}),
      });
      if (decision.iterations > 0) {
        decisionMs[seat] ??= [];
        decisionMs[seat].push(decision.elapsedMs);
      }
      action = decision.action;
    }
    const result = game.apply(state, seat, action);
    if (!result.ok) throw new Error(`${seat} played ${JSON.stringify(action)}: ${result.error.message}`);
    state = result.state;
    actions.push({ seat, action });
  }
  return { outcome: game.outcome(state), actions, decisionMs };
}
