import type { Logger } from 'pino';
import type { BotSettings } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { LiveMatch } from '../matches/liveMatch.ts';
import type { MatchStore } from '../matches/matchStore.ts';
import type { Play } from '../matches/play.ts';
import { viewFor } from '../realtime/views.ts';
import type { BotPool } from './pool.ts';

/** The seed of a bot's decision at a step: the match's seed and the action count, so it replays. */
export const decisionSeed = (matchSeed: string, seq: number) => `${matchSeed}:${seq}`;

/** The client action id of a bot's move: one per seat and step, so a second apply is a duplicate. */
export const botActionId = (seat: string, seq: number) => `bot:${seat}:${seq}`;

/**
 * Plays the seats the computer holds. When a bot seat is to act, this process claims the decision
 * in the database (a conditional update of the seat's row from an older step, or from a claim
 * older than the lease), asks a worker thread with the seat's own view, and submits the answer as
 * the seat's action at that step. The claim makes each decision once across processes (renewed
 * while the decision is made, so it lapses only when its process is gone); the append's conditions
 * (the step, the seat's client action id) make each apply once whatever happens to the claims. A
 * sweep finds bot seats nobody is deciding: after a restart, or when the process holding a claim
 * died (its lease runs out).
 */
export class BotPlayer {
  private readonly inFlight = new Set<string>();
  private sweepTimer: NodeJS.Timeout | null = null;
  private closed = false;
  /** Decisions applied by this process (tests, logs). */
  applied = 0;

  constructor(
    private readonly db: Db,
    private readonly store: MatchStore,
    private readonly play: Play,
    private readonly pool: BotPool,
    private readonly log: Logger,
    private readonly settings: BotSettings,
  ) {}

  start(): void {
    const tick = () => {
      this.sweep()
        .catch((err) => this.log.warn({ err }, 'bot sweep failed'))
        .finally(() => {
          if (!this.closed) {
            this.sweepTimer = setTimeout(tick, this.settings.sweepMs);
            this.sweepTimer.unref();
          }
        });
    };
    tick();
  }

  stepCommitted(m: LiveMatch): void {
    this.consider(m);
  }

  summaryChanged(m: LiveMatch): void {
    if (m.status === 'active') this.consider(m);
  }

  /** Starts a decision for every bot seat to act that this process is not deciding already. */
  consider(m: LiveMatch): void {
    if (this.closed || m.status !== 'active' || m.imported) return;
    for (const seat of m.toAct) {
      const level = m.seats.find((s) => s.seat === seat)?.bot;
      if (!level) continue;
      const key = `${m.id}\u0000${seat}\u0000${m.seq}`;
      if (this.inFlight.has(key)) continue;
      this.inFlight.add(key);
      this.decide(m.id, seat, m.seq, level)
        .catch((err) => this.log.warn({ err, matchId: m.id, seat }, 'bot decision failed'))
        .finally(() => this.inFlight.delete(key));
    }
  }

  private async sweep(): Promise<void> {
    const rows = await this.db.matchSeat.findMany({
      where: { bot: { not: null }, match: { status: 'active', imported: false } },
      select: { matchId: true },
      distinct: ['matchId'],
      take: 1_000,
    });
    for (const { matchId } of rows) {
      if (this.closed) return;
      const m = await this.store.fresh(matchId).catch(() => null);
      if (m) this.consider(m);
    }
  }

  private async claim(matchId: string, seat: string, seq: number): Promise<boolean> {
    const now = new Date();
    const claimed = await this.db.matchSeat.updateMany({
      where: {
        matchId,
        seat,
        bot: { not: null },
        match: { seq, status: 'active' },
        OR: [
          { botClaimSeq: null },
          { botClaimSeq: { lt: seq } },
          { botClaimedAt: { lt: new Date(now.getTime() - this.settings.leaseMs) } },
        ],
      },
      data: { botClaimSeq: seq, botClaimedAt: now },
    });
    return claimed.count === 1;
  }

  /** Gives a claim back at once (the decision failed): the next sweep, here or elsewhere, retries. */
  private async release(matchId: string, seat: string, seq: number): Promise<void> {
    await this.db.matchSeat.updateMany({
      where: { matchId, seat, botClaimSeq: seq },
      data: { botClaimedAt: new Date(0) },
    });
  }

  /**
   * Keeps a claim alive while this process works on it, so a slow decision (a cold worker, a long
   * queue, a busy machine) is never taken over and made twice; only a dead process's claim lapses.
   */
  private keepClaim(matchId: string, seat: string, seq: number): () => void {
    const timer = setInterval(
      () => {
        this.db.matchSeat
          // Not a claim given back meanwhile (release dates it to 1970): that one stays free.
          .updateMany({
            where: { matchId, seat, botClaimSeq: seq, botClaimedAt: { gt: new Date(0) } },
            data: { botClaimedAt: new Date() },
          })
          .catch((err) => this.log.warn({ err, matchId, seat }, 'could not renew a bot claim'));
      },
      Math.max(50, Math.floor(this.settings.leaseMs / 3)),
    );
    timer.unref();
    return () => clearInterval(timer);
  }

  private async decide(matchId: string, seat: string, seq: number, level: string): Promise<void> {
    if (!(await this.claim(matchId, seat, seq))) return;
    const stopRenewing = this.keepClaim(matchId, seat, seq);
    try {
      await this.decideClaimed(matchId, seat, seq, level);
    } finally {
      stopRenewing();
    }
  }

  private async decideClaimed(matchId: string, seat: string, seq: number, level: string): Promise<void> {
    const m = await this.store.fresh(matchId);
    if (m.seq !== seq || m.status !== 'active' || !m.toAct.includes(seat)) return;
    const startedAt = Date.now();
    const answer = await this.pool.decide({
      game: m.gameId,
      // Exactly what a person in this seat receives: never the state, never the dice.
      view: viewFor(m, seat),
      seat,
      level: level as 'easy' | 'normal' | 'hard',
      seed: decisionSeed(m.seed, seq),
    });
    // One line per decision made: the two-process test counts them to show each is made once.
    if (answer.ok) this.log.info({ matchId, seat, seq, level, ms: Date.now() - startedAt }, 'bot decided');
    // Computers playing each other are paced for their spectators; a person's opponent is not.
    const pause = m.seats.every((s) => s.bot) ? this.settings.paceMs - (Date.now() - startedAt) : 0;
    if (pause > 0) await new Promise((resolve) => setTimeout(resolve, pause));
    if (this.closed) return;
    if (!answer.ok) {
      this.log.warn({ matchId, seat, seq, error: answer.error }, 'the bot could not decide');
      await this.release(matchId, seat, seq);
      return;
    }
    const result = await this.play.submitForBot(matchId, seat, seq, answer.action, botActionId(seat, seq));
    if (result.ok) {
      this.applied++;
      return;
    }
    if (result.error.code !== 'STALE_SEQ' && result.error.code !== 'DUPLICATE_ACTION') {
      this.pool.failures++;
      this.log.error({ matchId, seat, seq, error: result.error }, 'the bot chose an action the game refused');
      await this.release(matchId, seat, seq);
    }
  }

  close(): void {
    this.closed = true;
    if (this.sweepTimer) clearTimeout(this.sweepTimer);
  }
}
