import type { GameModule, JsonObject } from '@salient/engine';
import { type Position, type PublicUser, ServerErrorCode } from '@salient/protocol';
import type { Db } from '../db/database.ts';
import { AppError } from '../errors.ts';
import { requireSight } from './access.ts';
import type { LiveMatch } from './liveMatch.ts';
import { seatOf } from './liveMatch.ts';
import type { MatchStore } from './matchStore.ts';

/**
 * A browsed match's history: the seqs of its positions, and every CHECKPOINT_EVERY-th state. A
 * position between checkpoints is replayed from the one before it (a few applies), so a long
 * match costs a few dozen states in memory, not one per step.
 */
interface Replayed {
  seq: number;
  seqs: number[];
  steps: { seat: string; action: unknown }[];
  checkpoints: object[];
}
const CACHE_LIMIT = 16;
const CHECKPOINT_EVERY = 25;

/**
 * Past positions of a match for its in-game history: the match is replayed from its seed through
 * the steps still in force, with the same module that plays it, and each position is shown as the
 * caller's seat (or a spectator) would have seen it then. Nothing here reveals more than the live
 * view did: views are per seat, the seed never leaves the server before the end, and a private
 * match is seen only by those who may see it live (its players and invite holders).
 */
export class Positions {
  private readonly cache = new Map<string, Replayed>();

  constructor(
    private readonly db: Db,
    private readonly store: MatchStore,
  ) {}

  async position(
    matchId: string,
    index: number,
    user: PublicUser | null,
    invite: string | undefined,
  ): Promise<Position> {
    const m = await this.store.fresh(matchId);
    requireSight(m, user, invite);
    const seat = seatOf(m, user?.id);
    const history = await this.replayed(m);
    if (!Number.isInteger(index) || index < 0 || index >= history.seqs.length)
      throw new AppError(ServerErrorCode.NotFound, `there is no position ${index} in this match`, 404);
    const from = Math.floor(index / CHECKPOINT_EVERY);
    let state = history.checkpoints[from]!;
    for (let i = from * CHECKPOINT_EVERY; i < index; i++) {
      const step = history.steps[i]!;
      const result = m.game.apply(state, step.seat, step.action);
      if (!result.ok) break;
      state = result.state;
    }
    return {
      index,
      total: history.seqs.length - 1,
      seq: history.seqs[index]!,
      view: viewOf(m.game, state, seat),
    };
  }

  private async replayed(m: LiveMatch): Promise<Replayed> {
    const cached = this.cache.get(m.id);
    if (cached && cached.seq === m.seq) return cached;
    const rows = await this.db.matchAction.findMany({
      where: { matchId: m.id, kind: 'action', undone: false, seq: { lte: m.seq } },
      orderBy: { seq: 'asc' },
      select: { seq: true, seat: true, action: true },
    });
    let state = m.game.setup(m.scenario, m.options, m.seed);
    const history: Replayed = { seq: m.seq, seqs: [0], steps: [], checkpoints: [state] };
    for (const r of rows) {
      const result = m.game.apply(state, r.seat, r.action);
      // The match was played with this module: a refusal means the rules changed under a running
      // match, and the history stops where they part rather than showing a wrong position.
      if (!result.ok) break;
      state = result.state;
      history.steps.push({ seat: r.seat, action: r.action });
      history.seqs.push(r.seq);
      if (history.steps.length % CHECKPOINT_EVERY === 0) history.checkpoints.push(state);
    }
    this.cache.delete(m.id);
    this.cache.set(m.id, history);
    while (this.cache.size > CACHE_LIMIT) this.cache.delete(this.cache.keys().next().value!);
    return history;
  }
}

function viewOf(game: GameModule, state: object, seat: string | null): JsonObject {
  const view = game.view(state, seat) as JsonObject;
  const { rng: _dropped, ...rest } = view;
  return rest;
}
