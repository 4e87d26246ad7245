import type { JsonObject, Outcome } from '@salient/engine';
import {
  type MatchStatus,
  ServerErrorCode,
  type TimeControl,
  timeControl,
  type Visibility,
} from '@salient/protocol';
import type { Db } from '../db/database.ts';
import { AppError, notFound } from '../errors.ts';
import type { CacheFigures } from '../metrics.ts';
import type { EffectiveStep, GameRegistry, LiveMatch, SeatHolder } from './liveMatch.ts';
import { pack, packableMatch, packedBytes } from './packedState.ts';
import { RECENT_ACTION_IDS, RecentActionIds } from './recentActionIds.ts';

/**
 * What a loaded match costs in memory, estimated from its state's JSON length. The factors come
 * from `pnpm --filter @salient/server bench:memory` (bench/matchMemory.ts), which measures the heap
 * before and after loading real matches of every game: see "Security and limits" in docs/server.md.
 */
export const CACHE_COST = {
  /**
   * Heap bytes per byte of the state's JSON. Measured per game (heap all in, less the base, per
   * byte of JSON): 0.4 to 1.9, Western Front and Paths of Glory highest; 2 keeps the estimate at or
   * above the measured heap for every game.
   */
  perStateByte: 2,
  /** Per remembered clientActionId (a UUID string and its map entry; at most RECENT_ACTION_IDS). */
  perClientActionId: 96,
  /** The row's other fields, seats, options and the cache entry itself. */
  base: 8_192,
} as const;

/** The estimate is refreshed after this many new steps: a state's size drifts slowly. */
const REMEASURE_EVERY = 16;

/**
 * A match untouched for this long has its state packed into its JSON text (see packedState.ts);
 * the cache looks for such matches at most once per PACK_SWEEP_MS, when it is used.
 */
export const IDLE_BEFORE_PACK_MS = 2 * 60_000;
const PACK_SWEEP_MS = 30_000;

export function estimateMatchBytes(m: LiveMatch): number {
  const packed = packedBytes(m);
  return Math.round(
    (packed ?? JSON.stringify(m.state).length * CACHE_COST.perStateByte) +
      m.recentActionIds.size * CACHE_COST.perClientActionId +
      CACHE_COST.base,
  );
}

interface CacheEntry {
  m: LiveMatch;
  bytes: number;
  measuredSeq: number;
  /** Date.now() of its last use. */
  usedAt: number;
}

/**
 * Loads matches from the database into memory and serialises the work on each match within this
 * process. Across processes the database decides: every write is conditional on the seq and status
 * this process saw, so a stale copy can only cause a refusal and a reload, never a fork.
 *
 * The loaded matches are kept under a memory budget (MATCH_CACHE_BYTES): past it, finished matches
 * go first, then the least recently used; a match with work queued is never dropped. A dropped
 * match is loaded again from its latest snapshot and the steps after it when next needed.
 */
export class MatchStore {
  /** In least-recently-used order: every use moves a match to the end. */
  private readonly cache = new Map<string, CacheEntry>();
  private readonly queues = new Map<string, Promise<unknown>>();
  private bytes = 0;
  private peakBytes = 0;
  private evictions = 0;
  private lastSweep = Date.now();

  constructor(
    private readonly db: Db,
    private readonly findGame: GameRegistry,
    readonly budgetBytes = 256 * 1024 * 1024,
  ) {}

  /** Runs `work` after every earlier piece of work on the same match has finished. */
  serial<T>(matchId: string, work: () => Promise<T>): Promise<T> {
    const previous = this.queues.get(matchId) ?? Promise.resolve();
    const run = previous.then(work, work);
    const tail = run.catch(() => undefined);
    this.queues.set(matchId, tail);
    tail.then(() => {
      if (this.queues.get(matchId) === tail) this.queues.delete(matchId);
      this.remeasure(matchId);
    });
    return run;
  }

  /** Resolves once no work is queued on any match: for graceful shutdown. */
  async drain(): Promise<void> {
    while (this.queues.size > 0) await Promise.all([...this.queues.values()]);
  }

  get size(): number {
    return this.cache.size;
  }

  figures(): CacheFigures {
    return {
      entries: this.cache.size,
      bytes: this.bytes,
      peakBytes: this.peakBytes,
      budget: this.budgetBytes,
      evictions: this.evictions,
    };
  }

  cached(matchId: string): LiveMatch | undefined {
    return this.cache.get(matchId)?.m;
  }

  async get(matchId: string): Promise<LiveMatch> {
    this.sweepSometimes();
    const entry = this.cache.get(matchId);
    if (!entry) return this.reload(matchId);
    this.touch(matchId, entry);
    return entry.m;
  }

  evict(matchId: string): void {
    const entry = this.cache.get(matchId);
    if (!entry) return;
    this.cache.delete(matchId);
    this.bytes -= entry.bytes;
  }

  remember(m: LiveMatch): void {
    this.evict(m.id);
    const entry = { m, bytes: estimateMatchBytes(m), measuredSeq: m.seq, usedAt: Date.now() };
    this.cache.set(m.id, entry);
    this.bytes += entry.bytes;
    this.keepUnderBudget(m.id);
  }

  private touch(matchId: string, entry: CacheEntry): void {
    this.cache.delete(matchId);
    this.cache.set(matchId, entry);
    entry.usedAt = Date.now();
    if (packedBytes(entry.m) !== null) {
      // In use again: unpack now, and count it at its full size.
      void entry.m.state;
      this.measure(matchId, entry);
    }
  }

  /** Packs the states of matches unused for `idleMs` and with no work queued; returns how many. */
  packIdle(idleMs: number, now = Date.now()): number {
    let packed = 0;
    for (const [id, entry] of this.cache) {
      if (now - entry.usedAt < idleMs || this.queues.has(id) || !pack(entry.m)) continue;
      this.measure(id, entry);
      packed++;
    }
    return packed;
  }

  private sweepSometimes(): void {
    const now = Date.now();
    if (now - this.lastSweep < PACK_SWEEP_MS) return;
    this.lastSweep = now;
    this.packIdle(IDLE_BEFORE_PACK_MS, now);
  }

  private measure(matchId: string, entry: CacheEntry): void {
    const bytes = estimateMatchBytes(entry.m);
    this.bytes += bytes - entry.bytes;
    entry.bytes = bytes;
    entry.measuredSeq = entry.m.seq;
    this.keepUnderBudget(matchId);
  }

  /** After work on a match: its state may have grown since it was last measured. */
  private remeasure(matchId: string): void {
    const entry = this.cache.get(matchId);
    if (!entry || Math.abs(entry.m.seq - entry.measuredSeq) < REMEASURE_EVERY) return;
    this.measure(matchId, entry);
  }

  /** Drops finished matches, then any others, least recently used first, until under budget. */
  private keepUnderBudget(keep: string): void {
    this.dropOverBudget(keep);
    this.peakBytes = Math.max(this.peakBytes, this.bytes);
  }

  private dropOverBudget(keep: string): void {
    if (this.bytes <= this.budgetBytes) return;
    for (const pass of ['finished', 'any'] as const) {
      for (const [id, e] of this.cache) {
        if (this.bytes <= this.budgetBytes) return;
        if (id === keep || this.queues.has(id)) continue;
        if (pass === 'finished' && e.m.status !== 'finished') continue;
        this.evict(id);
        this.evictions++;
      }
    }
  }

  /** Reloads when the database has moved past the cached copy (another process wrote). */
  async fresh(matchId: string): Promise<LiveMatch> {
    const entry = this.cache.get(matchId);
    if (!entry) return this.reload(matchId);
    this.touch(matchId, entry);
    const cached = entry.m;
    const row = await this.db.match.findUnique({
      where: { id: matchId },
      select: { seq: true, status: true, updatedAt: true },
    });
    if (!row) throw notFound('match');
    if (
      row.seq === cached.seq &&
      row.status === cached.status &&
      row.updatedAt.getTime() === cached.updatedAt.getTime()
    ) {
      return cached;
    }
    return this.reload(matchId);
  }

  async reload(matchId: string): Promise<LiveMatch> {
    const m = await this.load(matchId);
    this.remember(m);
    return m;
  }

  private async load(matchId: string): Promise<LiveMatch> {
    if (typeof matchId !== 'string' || matchId.length > 64) throw notFound('match');
    const row = await this.db.match.findUnique({
      where: { id: matchId },
      include: {
        seats: { include: { user: { select: { id: true, username: true } } }, orderBy: { position: 'asc' } },
        createdBy: { select: { id: true, username: true } },
      },
    });
    if (!row) throw notFound('match');
    const game = this.findGame(row.game);
    if (!game) throw new AppError('UNKNOWN_GAME', `this server no longer hosts the game ${row.game}`, 500);
    const scenario = game.scenarios.find((s) => s.id === row.scenario);
    const seatNames = new Map(scenario?.seats.map((s) => [s.id, s.name]) ?? []);

    // Only the latest client action ids: an older one is looked up when a resend needs it.
    const recent = await this.db.matchAction.findMany({
      where: { matchId, clientActionId: { not: null } },
      select: { seq: true, clientActionId: true },
      orderBy: { seq: 'desc' },
      take: RECENT_ACTION_IDS + 1,
    });
    const recentActionIds = new RecentActionIds(
      RECENT_ACTION_IDS,
      recent.reverse().map((s) => [s.clientActionId!, s.seq] as const),
      recent.length <= RECENT_ACTION_IDS,
    );

    const options = row.options as JsonObject;
    const state = await this.stateAfter(
      { id: row.id, game, scenario: row.scenario, options, seed: row.seed },
      row.seq,
    );
    const m = packableMatch(
      {
        id: row.id,
        gameId: row.game,
        game,
        scenario: row.scenario,
        options,
        status: row.status as MatchStatus,
        visibility: row.visibility as Visibility,
        inviteCode: row.inviteCode,
        timeControl: timeControl.parse(row.timeControl) as TimeControl,
        seed: row.seed,
        seedHash: row.seedHash,
        seq: row.seq,
        turn: row.turn,
        phase: row.phase,
        toAct: row.toAct as string[],
        outcome: (row.outcome as Outcome | null) ?? null,
        clock: (row.clock as Record<string, number> | null) ?? null,
        clockSince: row.clockSince,
        deadline: row.deadline,
        createdBy: row.createdBy,
        createdAt: row.createdAt,
        updatedAt: row.updatedAt,
        finishedAt: row.finishedAt,
        rematchOf: row.rematchOf,
        imported: row.imported,
        rated: row.rated,
        ratingRange:
          row.ratingMin !== null && row.ratingMax !== null
            ? { min: row.ratingMin, max: row.ratingMax }
            : null,
        tournamentId: row.tournamentId,
        computer: row.computer,
        hints: row.hints,
        seats: row.seats.map((s) => ({
          bot: (s.bot as SeatHolder['bot']) ?? null,
          seat: s.seat,
          name: seatNames.get(s.seat) ?? s.seat,
          user: s.user,
          rating:
            s.ratingAtStart === null
              ? null
              : { start: s.ratingAtStart, provisional: s.ratingProvisional, after: s.ratingAfter },
        })),
        recentActionIds,
      },
      state,
    );
    return m;
  }

  /**
   * The state after the steps in force up to `throughSeq`: from the latest snapshot among them,
   * replaying the rest. Snapshots only exist at steps in force (undo deletes those it passes).
   */
  async stateAfter(
    m: Pick<LiveMatch, 'id' | 'game' | 'scenario' | 'options' | 'seed'>,
    throughSeq: number,
  ): Promise<object> {
    // Only a state these rules saved: another version's may lack what they now keep, or hold what
    // they now decide otherwise; without one, the actions are replayed from the seed.
    const snapshot = await this.db.matchSnapshot.findFirst({
      where: { matchId: m.id, seq: { lte: throughSeq }, rulesVersion: m.game.rulesVersion ?? null },
      orderBy: { seq: 'desc' },
    });
    let state: object = snapshot
      ? (snapshot.state as JsonObject)
      : m.game.setup(m.scenario, m.options, m.seed);
    const rows = await this.db.matchAction.findMany({
      where: {
        matchId: m.id,
        kind: 'action',
        undone: false,
        seq: { gt: snapshot?.seq ?? 0, lte: throughSeq },
      },
      select: { seq: true, seat: true, action: true },
      orderBy: { seq: 'asc' },
    });
    for (const row of rows) {
      const result = m.game.apply(state, row.seat, row.action);
      if (!result.ok) {
        throw new AppError(
          ServerErrorCode.RulesChanged,
          `the rules were corrected after this match's step ${row.seq} was played and no longer allow it (${result.error.code}): the match waits for an operator to rewind it to before that step`,
          409,
        );
      }
      state = result.state;
    }
    return state;
  }

  /** The match's last step in force (an action not undone), from the database: what undo takes back. */
  async lastStepInForce(matchId: string): Promise<EffectiveStep | null> {
    return this.db.matchAction.findFirst({
      where: { matchId, kind: 'action', undone: false },
      select: { seq: true, seat: true, undoable: true },
      orderBy: { seq: 'desc' },
    });
  }

  /**
   * The seq at which the action with this client id was applied, if it was: from memory for the
   * latest actions, else from the database.
   */
  async appliedSeq(m: LiveMatch, clientActionId: string): Promise<number | undefined> {
    const recent = m.recentActionIds.get(clientActionId);
    if (recent !== undefined || !m.recentActionIds.mayHaveOlder) return recent;
    const row = await this.db.matchAction.findFirst({
      where: { matchId: m.id, clientActionId },
      select: { seq: true },
    });
    return row?.seq;
  }
}
