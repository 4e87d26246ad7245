import type { GameEvent, JsonObject, Outcome } from '@salient/engine';
import { ServerErrorCode } from '@salient/protocol';
import type { Logger } from 'pino';
import { rateFinishedMatch } from '../community/ratings.ts';
import type { Db, SqlRunner } from '../db/database.ts';
import { Prisma } from '../generated/prisma/client.ts';
import type { Metrics } from '../metrics.ts';
import { appendActionIn, isUniqueViolation } from './appendAction.ts';
import { AppendBatcher } from './appendBatcher.ts';
import { flaggedSeat, msUntilFlag, nextDeadline, remainingAt } from './clocks.ts';
import type { LiveMatch } from './liveMatch.ts';
import { seatOf } from './liveMatch.ts';
import type { MatchStore } from './matchStore.ts';
import { copyOfMatch } from './packedState.ts';

/** A step the log gained: what the realtime layer tells every recipient. */
export interface CommittedStep {
  seq: number;
  kind: 'action' | 'undo';
  seat: string;
  events: GameEvent[];
  undoneSeqs: number[];
  /**
   * The match as it was before the step (its full state included): recipients get the difference
   * between their two views and their two summaries. Absent for a step pushed again from the
   * database (catch-up): recipients then get the whole view and summary.
   */
  before?: LiveMatch;
}

/** What the play layer needs from the outside world once a step is durable. */
export interface MatchListener {
  stepCommitted(m: LiveMatch, step: CommittedStep, previousToAct: string[]): void;
  summaryChanged(m: LiveMatch): void;
}

/**
 * Told of the changes to the lobby's lists that no step or summary push carries: a match created, or
 * a seat left (the match as it was before, so that its former players hear of it too; the match may
 * be gone since).
 */
export interface MatchListsListener {
  listsChanged(m: LiveMatch): void;
}

export type PlayResult =
  | { ok: true; seq: number }
  | { ok: false; error: { code: string; message: string }; seq?: number; appliedSeq?: number };

const refuse = (
  code: string,
  message: string,
  extra: { seq?: number; appliedSeq?: number } = {},
): PlayResult => ({
  ok: false,
  error: { code, message },
  ...extra,
});

/** Thrown inside a transaction when the match moved on under us; rolls it back. */
class LostRace extends Error {}

function isLostRace(err: unknown): boolean {
  return err instanceof LostRace || isUniqueViolation(err);
}

const json = (v: unknown) => v as Prisma.InputJsonValue;

/** The seat an account holds, or a bot seat named directly (only a seat the computer plays). */
function actingSeat(m: LiveMatch, actor: string | { bot: string }): string | null {
  if (typeof actor === 'string') return seatOf(m, actor);
  return m.seats.some((s) => s.seat === actor.bot && s.bot) ? actor.bot : null;
}

const withRatingsAfter = (seats: LiveMatch['seats'], after: Map<string, number>): LiveMatch['seats'] =>
  seats.map((s) =>
    s.rating && after.has(s.seat) ? { ...s, rating: { ...s.rating, after: after.get(s.seat)! } } : s,
  );

export interface PlayOptions {
  snapshotEvery: number;
}

/**
 * Submitting and undoing actions. Every step is validated by the game module against the full
 * state, made durable atomically (the action row with its events, and the match row moved from
 * seq n to n+1 only if it is still at n; concurrent actions of other matches share the commit,
 * see AppendBatcher), and only then acknowledged and broadcast.
 */
export class Play {
  private readonly flagTimers = new Map<string, NodeJS.Timeout>();
  private closed = false;
  private readonly appends: AppendBatcher;

  constructor(
    private readonly db: Db,
    sql: SqlRunner,
    private readonly store: MatchStore,
    private readonly listener: MatchListener,
    private readonly metrics: Metrics,
    private readonly log: Logger,
    private readonly options: PlayOptions,
  ) {
    this.appends = new AppendBatcher(sql, metrics);
  }

  submit(
    matchId: string,
    userId: string,
    seq: number,
    action: JsonObject,
    clientActionId: string,
  ): Promise<PlayResult> {
    return this.store.serial(matchId, async () => {
      const started = performance.now();
      const result = await this.submitNow(matchId, userId, seq, action, clientActionId);
      this.metrics.actionDone(result.ok, (performance.now() - started) / 1000);
      return result;
    });
  }

  /**
   * A bot seat's move (see bots/botPlayer.ts): the same checks and the same durable append as a
   * player's, with the seat standing in for the account. The client action id names the seat and
   * step, so the same decision applied twice (two processes) is DUPLICATE_ACTION the second time.
   */
  submitForBot(
    matchId: string,
    seat: string,
    seq: number,
    action: JsonObject,
    clientActionId: string,
  ): Promise<PlayResult> {
    return this.store.serial(matchId, async () => {
      const started = performance.now();
      const result = await this.submitNow(matchId, { bot: seat }, seq, action, clientActionId);
      this.metrics.actionDone(result.ok, (performance.now() - started) / 1000);
      return result;
    });
  }

  private async submitNow(
    matchId: string,
    actor: string | { bot: string },
    seq: number,
    action: JsonObject,
    clientActionId: string,
  ): Promise<PlayResult> {
    let m = await this.store.get(matchId);
    // Our copy may be behind another process: check the database before refusing on its account.
    if (seq !== m.seq || m.status !== 'active' || !actingSeat(m, actor)) m = await this.store.fresh(matchId);
    // A resend is usually at the step it was sent for, now stale; one at the current step that the
    // memory does not know goes on to the append, where the unique index refuses it.
    const mayApplyNow = seq === m.seq && m.status === 'active' && actingSeat(m, actor) !== null;
    const applied = mayApplyNow
      ? m.recentActionIds.get(clientActionId)
      : await this.store.appliedSeq(m, clientActionId);
    if (applied !== undefined) {
      return refuse(ServerErrorCode.DuplicateAction, 'this action was already applied', {
        appliedSeq: applied,
        seq: m.seq,
      });
    }
    const seat = actingSeat(m, actor);
    if (!seat) return refuse(ServerErrorCode.NotAPlayer, 'you hold no seat in this match', { seq: m.seq });
    if (m.status !== 'active')
      return refuse(ServerErrorCode.MatchNotActive, `the match is ${m.status}`, { seq: m.seq });
    if (seq !== m.seq) {
      return refuse(ServerErrorCode.StaleSeq, `the match is at step ${m.seq}, not ${seq}: sync first`, {
        seq: m.seq,
      });
    }
    const now = Date.now();
    if (flaggedSeat(m, now)) {
      await this.flag(m);
      return refuse(ServerErrorCode.MatchNotActive, 'time ran out', { seq: m.seq });
    }
    const result = m.game.apply(m.state, seat, action);
    if (!result.ok) return refuse(result.error.code, result.error.message, { seq: m.seq });

    const previousToAct = m.toAct;
    const next = this.advance(m, result.state, seat, now);
    const newSeq = m.seq + 1;
    const ratedEnd = next.status === 'finished' && m.rated;
    let ratingsAfter = new Map<string, number>();
    try {
      const append = {
        matchId: m.id,
        fromSeq: m.seq,
        seat,
        action,
        events: result.events,
        undoable: result.undoable,
        clientActionId,
        snapshot: newSeq % this.options.snapshotEvery === 0 ? result.state : null,
        rulesVersion: m.game.rulesVersion ?? null,
        next,
        now,
      };
      // A step that ends a rated match goes alone, in a transaction that also moves the ratings.
      const appended = ratedEnd
        ? await this.db.$transaction(async (tx) => {
            if (!(await appendActionIn(tx, append))) return false;
            ratingsAfter = (await rateFinishedMatch(tx, m.id, next.outcome!)).after;
            return true;
          })
        : await this.appends.append(append);
      if (!appended) throw new LostRace();
    } catch (err) {
      if (!isLostRace(err)) throw err;
      const now2 = await this.store.reload(matchId);
      const dup = await this.store.appliedSeq(now2, clientActionId);
      if (dup !== undefined)
        return refuse(ServerErrorCode.DuplicateAction, 'this action was already applied', {
          appliedSeq: dup,
          seq: now2.seq,
        });
      return refuse(ServerErrorCode.StaleSeq, `the match moved on to step ${now2.seq}: sync first`, {
        seq: now2.seq,
      });
    }

    // A shallow copy is enough: the step replaces the fields it changes, it mutates none of them.
    const before = copyOfMatch(m);
    Object.assign(m, next, { seq: newSeq, state: result.state, updatedAt: new Date(now) });
    if (ratingsAfter.size > 0) m.seats = withRatingsAfter(m.seats, ratingsAfter);
    m.recentActionIds.add(clientActionId, newSeq);
    this.scheduleFlag(m);
    this.listener.stepCommitted(
      m,
      { seq: newSeq, kind: 'action', seat, events: result.events, undoneSeqs: [], before },
      previousToAct,
    );
    return { ok: true, seq: newSeq };
  }

  /** What the match row becomes after a step that led to `state`. */
  advance(m: LiveMatch, state: object, actingSeat: string | null, now: number) {
    const status = m.game.status(state);
    const outcome: Outcome | null = m.game.outcome(state);
    const matchStatus = outcome ? ('finished' as const) : m.status;
    let clock = m.clock;
    if (m.timeControl.kind === 'live' && m.clock) {
      clock = remainingAt(m, now);
      if (actingSeat) clock[actingSeat] = (clock[actingSeat] ?? 0) + m.timeControl.incrementSeconds * 1000;
    }
    const after = { ...m, status: matchStatus, toAct: status.toAct };
    return {
      status: matchStatus,
      turn: status.turn,
      phase: status.phase,
      toAct: status.toAct,
      outcome,
      clock,
      clockSince: clock ? new Date(now) : null,
      deadline: nextDeadline(after, now),
      finishedAt: outcome ? new Date(now) : m.finishedAt,
    };
  }

  private matchRowUpdate(next: ReturnType<Play['advance']>, seq: number, now: number) {
    return {
      seq,
      status: next.status,
      turn: next.turn,
      phase: next.phase,
      toAct: json(next.toAct),
      outcome: next.outcome ? json(next.outcome) : Prisma.DbNull,
      clock: next.clock ? json(next.clock) : Prisma.DbNull,
      clockSince: next.clockSince,
      deadline: next.deadline,
      finishedAt: next.finishedAt,
      updatedAt: new Date(now),
    };
  }

  /**
   * Takes back the requester's last step, if it is the last step of the match and revealed
   * nothing (no die roll, no revelation). Repeated, it walks back to the last such barrier.
   */
  undo(matchId: string, userId: string, seq: number): Promise<PlayResult> {
    return this.store.serial(matchId, async () => {
      let m = await this.store.get(matchId);
      if (seq !== m.seq || m.status !== 'active' || !seatOf(m, userId)) m = await this.store.fresh(matchId);
      const seat = seatOf(m, userId);
      if (!seat) return refuse(ServerErrorCode.NotAPlayer, 'you hold no seat in this match', { seq: m.seq });
      if (m.status !== 'active')
        return refuse(ServerErrorCode.MatchNotActive, `the match is ${m.status}`, { seq: m.seq });
      if (seq !== m.seq)
        return refuse(ServerErrorCode.StaleSeq, `the match is at step ${m.seq}, not ${seq}`, { seq: m.seq });
      // The log is in the database; if another process moved on, the conditional update below fails.
      const last = await this.store.lastStepInForce(m.id);
      if (!last || last.seat !== seat) {
        return refuse(ServerErrorCode.NothingToUndo, 'the last step is not yours to take back', {
          seq: m.seq,
        });
      }
      if (!last.undoable) {
        return refuse(ServerErrorCode.NothingToUndo, 'the last step rolled dice or revealed something', {
          seq: m.seq,
        });
      }
      const newSeq = m.seq + 1;
      const now = Date.now();
      const name = m.seats.find((s) => s.seat === seat)?.name ?? seat;
      const event: GameEvent = { type: 'undo', text: `${name} took back a move`, seq: last.seq };
      const state = await this.store.stateAfter(m, last.seq - 1);
      const previousToAct = m.toAct;
      const next = this.advance(m, state, null, now);
      try {
        await this.db.$transaction(async (tx) => {
          const moved = await tx.match.updateMany({
            where: { id: m.id, seq: m.seq, status: 'active' },
            data: this.matchRowUpdate(next, newSeq, now),
          });
          if (moved.count !== 1) throw new LostRace();
          await tx.matchAction.update({
            where: { matchId_seq: { matchId: m.id, seq: last.seq } },
            data: { undone: true },
          });
          await tx.matchAction.create({
            data: {
              matchId: m.id,
              seq: newSeq,
              kind: 'undo',
              seat,
              events: json([event]),
              undoable: false,
              undoes: json([last.seq]),
            },
          });
          await tx.matchSnapshot.deleteMany({ where: { matchId: m.id, seq: { gte: last.seq } } });
        });
      } catch (err) {
        if (!isLostRace(err)) throw err;
        const again = await this.store.reload(matchId);
        return refuse(ServerErrorCode.StaleSeq, `the match moved on to step ${again.seq}`, {
          seq: again.seq,
        });
      }
      const before = copyOfMatch(m);
      Object.assign(m, next, { seq: newSeq, state, updatedAt: new Date(now) });
      this.scheduleFlag(m);
      const step: CommittedStep = {
        seq: newSeq,
        kind: 'undo',
        seat,
        events: [event],
        undoneSeqs: [last.seq],
        before,
      };
      this.listener.stepCommitted(m, step, previousToAct);
      return { ok: true, seq: newSeq };
    });
  }

  /** Ends the match on time if a running clock is out; other processes may race: the first wins. */
  private async flag(m: LiveMatch): Promise<void> {
    const now = Date.now();
    const loser = flaggedSeat(m, now);
    if (!loser) return;
    const others = m.seats.filter((s) => s.seat !== loser);
    const outcome: Outcome = {
      winner: others.length === 1 ? others[0]!.seat : null,
      reason: `${loser} ran out of time`,
    };
    await this.finish(m, outcome, now);
  }

  /** Finishes an active match outside the rules (time, resignation, a claim); no new step. */
  async finish(m: LiveMatch, outcome: Outcome, now = Date.now()): Promise<boolean> {
    const clock = m.clock ? remainingAt(m, now) : null;
    // The ratings move in the transaction that ends the match: both happen or neither.
    const done = await this.db.$transaction(async (tx) => {
      const ended = await tx.match.updateMany({
        where: { id: m.id, seq: m.seq, status: 'active' },
        data: {
          status: 'finished',
          outcome: json(outcome),
          finishedAt: new Date(now),
          updatedAt: new Date(now),
          clock: clock ? json(clock) : Prisma.DbNull,
          clockSince: clock ? new Date(now) : null,
          deadline: null,
        },
      });
      if (ended.count === 1 && m.rated) await rateFinishedMatch(tx, m.id, outcome);
      return ended;
    });
    const fresh = await this.store.reload(m.id);
    this.clearFlag(m.id);
    if (done.count === 1) {
      this.log.info({ matchId: m.id, outcome }, 'match finished');
      this.listener.summaryChanged(fresh);
    }
    return done.count === 1;
  }

  /** Arms a timer for the moment the running clock reaches zero. */
  scheduleFlag(m: LiveMatch): void {
    this.clearFlag(m.id);
    if (this.closed) return;
    const ms = msUntilFlag(m, Date.now());
    if (ms === null) return;
    const timer = setTimeout(() => {
      this.flagTimers.delete(m.id);
      this.store
        .serial(m.id, async () => {
          const fresh = await this.store.fresh(m.id);
          await this.flag(fresh);
        })
        .catch((err) => this.log.error({ err, matchId: m.id }, 'flag check failed'));
    }, ms + 20);
    timer.unref();
    this.flagTimers.set(m.id, timer);
  }

  private clearFlag(matchId: string): void {
    const t = this.flagTimers.get(matchId);
    if (t) clearTimeout(t);
    this.flagTimers.delete(matchId);
  }

  close(): void {
    this.closed = true;
    for (const t of this.flagTimers.values()) clearTimeout(t);
    this.flagTimers.clear();
  }
}
