import { randomInt } from 'node:crypto';
import type { Action } from '@salient/engine';
import { autoPassRequest, type SeatMemory, seenRequest } from '@salient/protocol';
import type { Logger } from 'pino';
import type { ZodType } from 'zod';
import type { Db } from '../db/database.ts';
import { AppError } from '../errors.ts';
import type { LiveMatch } from '../matches/liveMatch.ts';
import type { MatchStore } from '../matches/matchStore.ts';
import type { CommittedStep, Play } from '../matches/play.ts';

/** How long a match's automatic-pass seats are trusted before they are read again (another process may have changed them). */
const AUTO_PASS_TTL_MS = 30_000;

const parse = <T>(schema: ZodType<T>, payload: unknown): T => {
  const parsed = schema.safeParse(payload);
  if (!parsed.success)
    throw new AppError('BAD_REQUEST', parsed.error.issues[0]?.message ?? 'malformed message');
  return parsed.data;
};

/**
 * What each seat's player has seen of a match (so a page opened later, on any device, can say what
 * happened since), and the automatic passes a player asked for: when a seat's only choice is one
 * the game marks `autoPass` (Paths of Glory's "no combat card", named by no one here), the server
 * takes it for the seat after a random wait, so how fast the pass comes says nothing of the hand.
 * The wait's randomness is the server's own, not the match's dice: replaying the match replays
 * the pass as an ordinary action.
 */
export class SeatMemories {
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly autoPassSeats = new Map<string, { seats: Set<string>; until: number }>();
  private closed = false;

  constructor(
    private readonly db: Db,
    private readonly store: MatchStore,
    private readonly play: Play,
    private readonly log: Logger,
    private readonly delayMs: { min: number; max: number },
  ) {}

  async of(matchId: string, seat: string): Promise<SeatMemory> {
    const row = await this.db.matchSeat.findUnique({
      where: { matchId_seat: { matchId, seat } },
      select: { seenSeq: true, autoPass: true },
    });
    return { seenSeq: row?.seenSeq ?? 0, autoPass: row?.autoPass ?? false };
  }

  /** The seat has seen the match up to `seq`: it only ever moves forward, and never past the match. */
  async seen(payload: unknown, at: { matchId: string; seat: string }): Promise<{ ok: true }> {
    const req = parse(seenRequest, payload);
    const m = await this.store.get(at.matchId);
    const seq = Math.min(req.seq, m.seq);
    await this.db.matchSeat.updateMany({
      where: { matchId: at.matchId, seat: at.seat, seenSeq: { lt: seq } },
      data: { seenSeq: seq },
    });
    return { ok: true };
  }

  async autoPass(payload: unknown, at: { matchId: string; seat: string }): Promise<{ ok: true }> {
    const req = parse(autoPassRequest, payload);
    await this.db.matchSeat.update({
      where: { matchId_seat: { matchId: at.matchId, seat: at.seat } },
      data: { autoPass: req.on },
    });
    this.autoPassSeats.delete(at.matchId);
    if (!req.on) this.cancel(at.matchId, at.seat);
    else this.consider(await this.store.get(at.matchId));
    return { ok: true };
  }

  stepCommitted(m: LiveMatch, _step: CommittedStep): void {
    this.consider(m);
  }

  summaryChanged(m: LiveMatch): void {
    if (m.status === 'active') this.consider(m);
  }

  /**
   * Arms a pass for every seat to act whose player asked for them and whose only choice is an
   * automatic pass. Synchronous up to the seats' setting, which is cached per match.
   */
  private consider(m: LiveMatch): void {
    if (this.closed || m.status !== 'active' || m.toAct.length === 0) return;
    const cached = this.autoPassSeats.get(m.id);
    if (cached && cached.until > Date.now()) return this.arm(m, cached.seats);
    // Read once per match and period; matches where nobody asked cost one read per period.
    this.db.matchSeat
      .findMany({ where: { matchId: m.id, autoPass: true }, select: { seat: true } })
      .then((rows) => {
        const seats = new Set(rows.map((r) => r.seat));
        if (this.autoPassSeats.size > 10_000) this.autoPassSeats.clear();
        this.autoPassSeats.set(m.id, { seats, until: Date.now() + AUTO_PASS_TTL_MS });
        this.arm(m, seats);
      })
      .catch((err) => this.log.warn({ err, matchId: m.id }, 'reading automatic passes failed'));
  }

  private arm(m: LiveMatch, seats: Set<string>): void {
    for (const seat of m.toAct) {
      if (!seats.has(seat)) continue;
      const choices = m.game.choices(m.state, seat);
      const only = choices.length === 1 ? choices[0] : undefined;
      if (!only?.autoPass || only.params.length > 0) continue;
      const userId = m.seats.find((s) => s.seat === seat)?.user?.id;
      if (!userId) continue;
      const action: Action = { type: only.action, ...only.base };
      const seq = m.seq;
      const key = `${m.id}\u0000${seat}`;
      this.cancel(m.id, seat);
      const timer = setTimeout(
        () => {
          this.timers.delete(key);
          if (this.closed) return;
          // At the step it was armed for: if the match moved on meanwhile this is STALE_SEQ and
          // changes nothing; the id makes a second process's identical pass a duplicate.
          this.play
            .submit(m.id, userId, seq, action, `auto-pass:${seat}:${seq}`)
            .then((r) => {
              if (!r.ok) this.log.debug({ matchId: m.id, seat, error: r.error }, 'automatic pass not taken');
            })
            .catch((err) => this.log.warn({ err, matchId: m.id }, 'automatic pass failed'));
        },
        randomInt(this.delayMs.min, this.delayMs.max + 1),
      );
      timer.unref();
      this.timers.set(key, timer);
    }
  }

  private cancel(matchId: string, seat: string): void {
    const key = `${matchId}\u0000${seat}`;
    const timer = this.timers.get(key);
    if (timer) clearTimeout(timer);
    this.timers.delete(key);
  }

  close(): void {
    this.closed = true;
    for (const t of this.timers.values()) clearTimeout(t);
    this.timers.clear();
  }
}
