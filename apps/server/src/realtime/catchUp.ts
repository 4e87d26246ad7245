import type { Logger } from 'pino';
import type { Db } from '../db/database.ts';

/**
 * How long a process keeps looking after Redis is back (at least three looks). Longer than the
 * reconnect back-off of the other processes' publishers (at most about 1.1 s, see redisLink.ts):
 * until they are connected again, what they broadcast does not reach this process's subscriber.
 */
const SETTLE_MS = 3_000;
/** Chat written this long before an outage was noticed may have been lost in flight too. */
const IN_FLIGHT_MARGIN_MS = 2_000;

export interface ChatRow {
  id: bigint;
  matchId: string;
  channel: string;
  username: string;
  text: string;
  createdAt: Date;
}

/** What the catch-up needs from the realtime layer: only this process's own sockets are touched. */
export interface CatchUpTarget {
  /** Matches that some socket of this process has joined. */
  joinedMatches(): string[];
  /** Sends this process's sockets in the match its latest step and summary; they drop what they hold. */
  pushPosition(matchId: string): Promise<void>;
  /** Sends this process's sockets chat they may have missed; clients drop messages they hold. */
  pushChat(rows: ChatRow[]): void;
  /** Disconnects this process's sockets whose session was signed out on another process. */
  endSignedOutSessions(): Promise<void>;
}

/**
 * While Redis is down, a process does not hear what the other processes commit. The database has
 * it all, so this polls it, for the matches this process's sockets have joined only, and pushes
 * the latest step of any match that moved. A client further behind sees a gap in the seqs and
 * catches up with match:sync, as after any reconnect; a client that has the step ignores it. When
 * Redis returns, every joined match is pushed once more, and polling goes on for a short settling
 * time, then stops. Sign-outs are carried the same way: a socket whose session is gone is closed.
 */
export class CrossProcessCatchUp {
  private timer: NodeJS.Timeout | null = null;
  /** matchId -> the seq and update time last pushed (or found). */
  private readonly seen = new Map<string, string>();
  private chatAfter: bigint | null = null;
  private chatSince = new Date();
  private until = 0;
  private running: Promise<void> | null = null;
  /** Matches pushed to this process's sockets since start (metrics). */
  pushes = 0;

  constructor(
    private readonly db: Db,
    private readonly target: CatchUpTarget,
    private readonly log: Logger,
    /** REDIS_CATCHUP_MS: how often a degraded process looks in the database. */
    private readonly intervalMs: number,
  ) {}

  redisDown(): void {
    this.seen.clear();
    this.chatAfter = null;
    this.chatSince = new Date(Date.now() - IN_FLIGHT_MARGIN_MS);
    this.until = Number.POSITIVE_INFINITY;
    this.arm();
  }

  redisUp(): void {
    // Push everything once more: the subscriber is listening again, so from here on nothing the
    // other processes broadcast is missed, and this covers what they committed meanwhile.
    this.seen.clear();
    this.until = Date.now() + Math.max(SETTLE_MS, 3 * this.intervalMs);
    this.arm();
    void this.tick();
  }

  private arm(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.tick(), this.intervalMs);
    this.timer.unref();
  }

  /** One look at the database; never two at once. Resolves when it is done (tests). */
  tick(): Promise<void> {
    this.running ??= this.look()
      .catch((err) => this.log.warn({ err }, 'cross-process catch-up failed; trying again'))
      .finally(() => {
        this.running = null;
      });
    return this.running;
  }

  private async look(): Promise<void> {
    if (Date.now() > this.until) {
      this.stop();
      return;
    }
    await this.target.endSignedOutSessions();
    const ids = this.target.joinedMatches();
    if (ids.length === 0) return;
    const rows = await this.db.match.findMany({
      where: { id: { in: ids } },
      select: { id: true, seq: true, updatedAt: true },
    });
    for (const row of rows) {
      const mark = `${row.seq}@${row.updatedAt.getTime()}`;
      if (this.seen.get(row.id) === mark) continue;
      try {
        await this.target.pushPosition(row.id);
        this.seen.set(row.id, mark);
        this.pushes++;
      } catch (err) {
        // One match that cannot be loaded must not hold back the others; it is tried next time.
        this.log.warn({ err, matchId: row.id }, 'cross-process catch-up of a match failed');
      }
    }
    const chat = await this.db.chatMessage.findMany({
      where: {
        matchId: { in: ids },
        ...(this.chatAfter === null
          ? { createdAt: { gte: this.chatSince } }
          : { id: { gt: this.chatAfter } }),
      },
      orderBy: { id: 'asc' },
      take: 500,
    });
    if (chat.length > 0) {
      this.target.pushChat(chat);
      this.chatAfter = chat.at(-1)!.id;
    }
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.seen.clear();
  }
}
