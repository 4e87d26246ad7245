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
  /** The state after the last step, where a live match's next steps go on from. */
  last: object;
  /** Estimated memory: the JSON text of its checkpoints and steps. */
  bytes: number;
  /** The rules refused a step: the history ends before it. */
  stopped: boolean;
}
/** Histories kept at once, and the memory they may take together (the newest is always kept). */
const CACHE_LIMIT = 16;
const CACHE_BYTES = 16 * 1024 * 1024;
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
    const { state, total, seq } = await this.stateAt(m, index);
    return { index, total, seq, view: viewOf(m.game, state, seat) };
  }

  /**
   * The real state after the first `index` steps in force (0: the setup). Server-side only: it
   * holds what no seat may see; callers send views of it, never the state itself.
   */
  async stateAt(m: LiveMatch, index: number): Promise<{ state: object; total: number; seq: number }> {
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
    return { state, total: history.seqs.length - 1, seq: history.seqs[index]! };
  }

  private async replayed(m: LiveMatch): Promise<Replayed> {
    const cached = this.cache.get(m.id);
    if (cached && cached.seq === m.seq) return cached;
    // A live match moved on since its history was built: go on from where it stopped, unless a
    // step was taken back meanwhile (an undo changes what is in force, so it is built anew).
    const newer = cached
      ? await this.db.matchAction.findMany({
          where: { matchId: m.id, seq: { gt: cached.seq, lte: m.seq } },
          orderBy: { seq: 'asc' },
          select: { seq: true, seat: true, action: true, kind: true },
        })
      : [];
    const extend = cached && newer.every((r) => r.kind === 'action');
    const history = extend ? cached : await this.fromTheStart(m);
    if (extend) {
      // Another request may have gone on with this history while we read: only what it lacks.
      this.play(
        m,
        history,
        newer.filter((r) => r.seq > history.seq),
      );
    }
    history.seq = Math.max(history.seq, m.seq);
    this.cache.delete(m.id);
    this.cache.set(m.id, history);
    let total = 0;
    for (const h of this.cache.values()) total += h.bytes;
    for (const [id, h] of this.cache) {
      if (this.cache.size <= 1 || (this.cache.size <= CACHE_LIMIT && total <= CACHE_BYTES)) break;
      this.cache.delete(id);
      total -= h.bytes;
    }
    return history;
  }

  private async fromTheStart(m: LiveMatch): Promise<Replayed> {
    const rows = await this.db.matchAction.findMany({
      where: { matchId: m.id, kind: 'action', undone: false, seq: { lte: m.seq } },
      orderBy: { seq: 'asc' },
      select: { seq: true, seat: true, action: true },
    });
    const state = m.game.setup(m.scenario, m.options, m.seed);
    const history: Replayed = {
      seq: m.seq,
      seqs: [0],
      steps: [],
      checkpoints: [state],
      last: state,
      bytes: JSON.stringify(state).length,
      stopped: false,
    };
    this.play(m, history, rows);
    return history;
  }

  /** Applies steps to the end of a history. */
  private play(
    m: LiveMatch,
    history: Replayed,
    rows: { seq: number; seat: string; action: unknown }[],
  ): void {
    // The history stopped where the rules refused a step (see below): nothing after it is shown.
    if (history.stopped) return;
    let state = history.last;
    for (const r of rows) {
      const result = m.game.apply(state, r.seat, r.action);
      // The match was played with this module: a refusal means the rules changed under a running
      // match, and the history stops where they part rather than showing a wrong position.
      if (!result.ok) {
        history.stopped = true;
        break;
      }
      state = result.state;
      history.steps.push({ seat: r.seat, action: r.action });
      history.seqs.push(r.seq);
      history.bytes += JSON.stringify(r.action).length + 32;
      if (history.steps.length % CHECKPOINT_EVERY === 0) {
        history.checkpoints.push(state);
        history.bytes += JSON.stringify(state).length;
      }
    }
    history.last = state;
  }
}

/** What a seat (or a spectator, null) is shown of a state: its view, without any dice generator. */
export function viewOf(game: GameModule, state: object, seat: string | null): JsonObject {
  const view = game.view(state, seat) as JsonObject;
  const { rng: _dropped, ...rest } = view;
  return rest;
}
