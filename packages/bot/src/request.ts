import type { Action, GameModule, Seat } from '@salient/engine';
import { isLevel, type Level } from './levels.ts';
import { decide } from './search.ts';

/**
 * What a server sends to whatever runs a bot's thinking (a worker thread): plain JSON, so it can be
 * posted to a worker or queued. The view is the bot seat's view, exactly what a human in that seat
 * would receive; the seed should be the match's seed and the action count, so the decision replays.
 */
export interface BotRequest {
  game: string;
  view: object;
  seat: Seat;
  level: Level;
  seed: string;
}

export type BotAnswer =
  | { ok: true; action: Action; iterations: number; elapsedMs: number; timedOut: boolean }
  | { ok: false; error: string };

/** Answers a request with the game the lookup finds: never throws, so a worker can always reply. */
export function answer(request: BotRequest, findGame: (id: string) => GameModule | undefined): BotAnswer {
  try {
    const game = findGame(request.game);
    if (!game) return { ok: false, error: `no game ${request.game}` };
    if (!isLevel(request.level)) return { ok: false, error: `no level ${String(request.level)}` };
    const d = decide(game, request.view, request.seat, { level: request.level, seed: request.seed });
    return {
      ok: true,
      action: d.action,
      iterations: d.iterations,
      elapsedMs: d.elapsedMs,
      timedOut: d.timedOut,
    };
  } catch (err) {
    return { ok: false, error: err instanceof Error ? err.message : String(err) };
  }
}
