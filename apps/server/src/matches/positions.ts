import type { GameModule, JsonObject } from '@salient/engine';
import { type Position, ServerErrorCode } from '@salient/protocol';
import type { Db } from '../db/database.ts';
import { AppError } from '../errors.ts';
import type { LiveMatch } from './liveMatch.ts';
import { seatOf } from './liveMatch.ts';
import type { MatchStore } from './matchStore.ts';

/** Replayed states of recently browsed matches, so stepping back and forth does not replay each time. */
interface Replayed {
  seq: number;
  states: { seq: number; state: object }[];
}
const CACHE_LIMIT = 32;

/**
 * Past positions of a match for its in-game history: the match is replayed from its seed through
 * the steps still in force, with the same module that plays it, and each position is shown as the
 * caller's seat (or a spectator) would have seen it then. Nothing here reveals more than the live
 * view did: views are per seat, and the seed never leaves the server before the end.
 */
export class Positions {
  private readonly cache = new Map<string, Replayed>();

  constructor(
    private readonly db: Db,
    private readonly store: MatchStore,
  ) {}

  async position(matchId: string, index: number, userId: string | undefined): Promise<Position> {
    const m = await this.store.fresh(matchId);
    const seat = seatOf(m, userId);
    if (m.visibility === 'private' && seat === null && m.status !== 'finished')
      throw new AppError(ServerErrorCode.Forbidden, 'private matches cannot be watched before they end', 403);
    const states = await this.replayed(m);
    if (!Number.isInteger(index) || index < 0 || index >= states.length)
      throw new AppError(ServerErrorCode.NotFound, `there is no position ${index} in this match`, 404);
    const at = states[index]!;
    return { index, total: states.length - 1, seq: at.seq, view: viewOf(m.game, at.state, seat) };
  }

  private async replayed(m: LiveMatch): Promise<{ seq: number; state: object }[]> {
    const cached = this.cache.get(m.id);
    if (cached && cached.seq === m.seq) return cached.states;
    const rows = await this.db.matchAction.findMany({
      where: { matchId: m.id, kind: 'action', undone: false, seq: { lte: m.seq } },
      orderBy: { seq: 'asc' },
      select: { seq: true, seat: true, action: true },
    });
    let state = m.game.setup(m.scenario, m.options, m.seed);
    const states = [{ seq: 0, state }];
    for (const r of rows) {
      const result = m.game.apply(state, r.seat, r.action);
      // The match was played with this module: a refusal means the rules changed under a running
      // match, and the history stops where they part rather than showing a wrong position.
      if (!result.ok) break;
      state = result.state;
      states.push({ seq: r.seq, state });
    }
    this.cache.delete(m.id);
    this.cache.set(m.id, { seq: m.seq, states });
    while (this.cache.size > CACHE_LIMIT) this.cache.delete(this.cache.keys().next().value!);
    return states;
  }
}

function viewOf(game: GameModule, state: object, seat: string | null): JsonObject {
  const view = game.view(state, seat) as JsonObject;
  const { rng: _dropped, ...rest } = view;
  return rest;
}
