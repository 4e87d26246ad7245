import { createHash, randomBytes, randomUUID } from 'node:crypto';
import {
  type CreateMatchRequest,
  createMatchRequest,
  type MatchSummary,
  type PublicUser,
  ServerErrorCode,
} from '@salient/protocol';
import { ratingIn, recordStartingRatings } from '../community/ratings.ts';
import type { Db } from '../db/database.ts';
import { AppError, conflict, forbidden } from '../errors.ts';
import { Prisma } from '../generated/prisma/client.ts';
import type { Quotas } from '../limits/quotas.ts';
import { holdsInvite, requireSight } from './access.ts';
import { nextDeadline, startingClock } from './clocks.ts';
import { type GameRegistry, type LiveMatch, seatOf } from './liveMatch.ts';
import type { MatchStore } from './matchStore.ts';
import { checkOptions } from './options.ts';
import type { MatchListener, MatchListsListener, Play } from './play.ts';
import { summaryFor } from './summary.ts';

const json = (v: unknown) => v as Prisma.InputJsonValue;

export const hashSeed = (seed: string) => createHash('sha256').update(seed).digest('hex');

/** Creating, joining, leaving, resigning, claiming and rematching: everything but the moves. */
export class Lifecycle {
  constructor(
    private readonly db: Db,
    private readonly store: MatchStore,
    private readonly play: Play,
    private readonly listener: MatchListener & MatchListsListener,
    private readonly findGame: GameRegistry,
    private readonly quotas: Quotas,
  ) {}

  /**
   * A new match with the creator in `input.seat`. `address` is where the request came from: the
   * quotas count per account and per address. One account's creations run one at a time in this
   * process, so two at once cannot both slip under the open-matches quota.
   */
  create(
    user: PublicUser,
    input: CreateMatchRequest,
    address: string,
    rematchOf: string | null = null,
    /** Other players seated from the start (seat -> user id): a rematch. When every seat is taken the match starts. */
    seated: Record<string, string> = {},
  ): Promise<MatchSummary> {
    return this.store.serial(`create:${user.id}`, () =>
      this.createNow(user, input, address, rematchOf, seated),
    );
  }

  private async createNow(
    user: PublicUser,
    input: CreateMatchRequest,
    address: string,
    rematchOf: string | null,
    seated: Record<string, string>,
  ): Promise<MatchSummary> {
    const req = createMatchRequest.parse(input);
    const game = this.findGame(req.game);
    if (!game) throw new AppError(ServerErrorCode.UnknownGame, `no game ${req.game}`);
    const scenario = game.scenarios.find((s) => s.id === req.scenario);
    if (!scenario)
      throw new AppError(ServerErrorCode.UnknownScenario, `${game.title} has no scenario ${req.scenario}`);
    if (!scenario.seats.some((s) => s.id === req.seat)) {
      throw new AppError(ServerErrorCode.UnknownSeat, `${scenario.name} has no seat ${req.seat}`);
    }
    const checked = checkOptions(scenario.options, req.options);
    if (!checked.ok) throw new AppError(ServerErrorCode.BadRequest, checked.message);
    // Hints are the computer's help: fair between people only when both chose it, never when rated.
    if (req.hints && req.rated)
      throw new AppError(ServerErrorCode.BadRequest, 'a rated match cannot have hints');
    const options = checked.options;
    await this.quotas.beforeCreate(user, address);
    // The seed stays secret until the end; only its hash is published now.
    const seed = randomBytes(24).toString('base64url');
    let initial: object;
    try {
      initial = game.setup(scenario.id, options, seed);
    } catch (err) {
      throw new AppError(
        ServerErrorCode.BadRequest,
        `the game refused these options: ${(err as Error).message}`,
      );
    }
    const status = game.status(initial);
    const id = randomUUID();
    await this.db.match.create({
      data: {
        id,
        game: game.id,
        scenario: scenario.id,
        options: json(options),
        status: 'open',
        visibility: req.visibility,
        inviteCode: req.visibility === 'private' ? randomBytes(12).toString('base64url') : null,
        timeControl: json(req.timeControl),
        seed,
        seedHash: hashSeed(seed),
        turn: status.turn,
        phase: status.phase,
        toAct: json(status.toAct),
        createdById: user.id,
        createdFrom: this.quotas.addressKey(address),
        rematchOf,
        rated: req.rated,
        ratingMin: req.ratingRange?.min ?? null,
        ratingMax: req.ratingRange?.max ?? null,
        hints: req.hints,
        seats: {
          create: scenario.seats.map((s, position) => ({
            seat: s.id,
            position,
            userId: s.id === req.seat ? user.id : (seated[s.id] ?? null),
          })),
        },
      },
    });
    const m = await this.store.reload(id);
    this.listener.listsChanged(m);
    if (m.seats.every((s) => s.user)) return summaryFor(await this.start(m), req.seat);
    return summaryFor(m, req.seat);
  }

  /** A match created with every seat taken starts at once, as the last join would start it. */
  private async start(m: LiveMatch): Promise<LiveMatch> {
    const now = Date.now();
    const started: LiveMatch = { ...m, status: 'active' };
    const clock = startingClock(started);
    await this.db.match.updateMany({
      where: { id: m.id, status: 'open' },
      data: {
        status: 'active',
        updatedAt: new Date(now),
        clock: clock ? json(clock) : Prisma.DbNull,
        clockSince: clock ? new Date(now) : null,
        deadline: nextDeadline(started, now),
      },
    });
    const fresh = await this.store.reload(m.id);
    this.play.scheduleFlag(fresh);
    this.listener.summaryChanged(fresh);
    return fresh;
  }

  /** A private match only to its players and invite holders (who also get the code): NOT_FOUND to others. */
  async summary(matchId: string, user: PublicUser | null, invite?: string): Promise<MatchSummary> {
    const m = await this.store.fresh(matchId);
    requireSight(m, user, invite);
    const summary = summaryFor(m, seatOf(m, user?.id));
    return invite !== undefined && holdsInvite(m, invite)
      ? { ...summary, inviteCode: m.inviteCode }
      : summary;
  }

  async byInvite(code: string, user: PublicUser | null): Promise<MatchSummary> {
    const row = await this.db.match.findUnique({ where: { inviteCode: code }, select: { id: true } });
    if (!row) throw new AppError(ServerErrorCode.NotFound, 'no match has this invite', 404);
    const m = await this.store.fresh(row.id);
    // The invite itself is the permission to see the code.
    return { ...summaryFor(m, seatOf(m, user?.id)), inviteCode: m.inviteCode };
  }

  join(
    matchId: string,
    user: PublicUser,
    seat: string,
    invite: string | undefined,
    agreeHints = false,
  ): Promise<MatchSummary> {
    return this.store.serial(matchId, async () => {
      const m = await this.store.fresh(matchId);
      if (m.seats.find((s) => s.seat === seat)?.bot)
        throw conflict(ServerErrorCode.BotSeat, 'the computer plays this seat');
      if (m.status !== 'open') throw conflict(ServerErrorCode.MatchNotOpen, 'the match has already started');
      if (m.visibility === 'private' && (invite === undefined || !holdsInvite(m, invite)))
        throw forbidden('this match is private: use its invite link');
      if (seatOf(m, user.id))
        throw conflict(ServerErrorCode.AlreadySeated, 'you already hold a seat in this match');
      const target = m.seats.find((s) => s.seat === seat);
      if (!target) throw new AppError(ServerErrorCode.UnknownSeat, `no seat ${seat} in this match`);
      if (target.user) throw conflict(ServerErrorCode.SeatTaken, `${target.name} is taken`);
      // The creator chose hints; the one joining must say so too, or there would be hints in a
      // match against a person who never agreed to them.
      if (m.hints && !agreeHints)
        throw conflict(
          ServerErrorCode.HintsNotAgreed,
          'this match lets both players ask the computer for hints: join with agreeHints to accept',
        );
      if (m.ratingRange) {
        const rating = await ratingIn(this.db, user.id, m.gameId);
        if (rating < m.ratingRange.min || rating > m.ratingRange.max)
          throw conflict(
            ServerErrorCode.RatingOutOfRange,
            `this seek is for players rated ${m.ratingRange.min} to ${m.ratingRange.max}; yours is ${rating}`,
          );
      }
      await this.quotas.beforeTakingSeat(user);
      const filled = m.seats.every((s) => s.user || s.seat === seat);
      const now = Date.now();
      await this.db.$transaction(async (tx) => {
        const took = await tx.matchSeat.updateMany({
          where: { matchId, seat, userId: null },
          data: { userId: user.id },
        });
        if (took.count !== 1) throw conflict(ServerErrorCode.SeatTaken, `${target.name} was just taken`);
        const started: LiveMatch = { ...m, status: 'active' };
        const clock = startingClock(started);
        const moved = await tx.match.updateMany({
          where: { id: matchId, status: 'open' },
          data: filled
            ? {
                status: 'active',
                updatedAt: new Date(now),
                clock: clock ? json(clock) : Prisma.DbNull,
                clockSince: clock ? new Date(now) : null,
                deadline: nextDeadline(started, now),
              }
            : { updatedAt: new Date(now) },
        });
        if (moved.count !== 1) throw conflict(ServerErrorCode.MatchNotOpen, 'the match has already started');
        if (filled) await recordStartingRatings(tx, matchId);
      });
      const fresh = await this.store.reload(matchId);
      this.play.scheduleFlag(fresh);
      this.listener.summaryChanged(fresh);
      return summaryFor(fresh, seat);
    });
  }

  /** Before the start a player may leave; when nobody is left the match is deleted. */
  leave(matchId: string, user: PublicUser): Promise<MatchSummary | null> {
    return this.store.serial(matchId, async () => {
      const m = await this.store.fresh(matchId);
      const seat = seatOf(m, user.id);
      if (!seat) throw forbidden('you hold no seat in this match');
      if (m.status !== 'open')
        throw conflict(ServerErrorCode.MatchNotOpen, 'the match has started: resign instead');
      await this.db.matchSeat.update({ where: { matchId_seat: { matchId, seat } }, data: { userId: null } });
      // The leaver's own list changes too, though the match is no longer theirs (or no longer exists).
      this.listener.listsChanged(m);
      if (m.seats.every((s) => s.seat === seat || !s.user)) {
        await this.db.match.delete({ where: { id: matchId } });
        this.store.evict(matchId);
        return null;
      }
      await this.db.match.update({ where: { id: matchId }, data: { updatedAt: new Date() } });
      const fresh = await this.store.reload(matchId);
      this.listener.summaryChanged(fresh);
      return summaryFor(fresh, null);
    });
  }

  resign(matchId: string, user: PublicUser): Promise<MatchSummary> {
    return this.store.serial(matchId, async () => {
      const m = await this.store.fresh(matchId);
      const seat = seatOf(m, user.id);
      if (!seat) throw forbidden('you hold no seat in this match');
      if (m.status !== 'active') throw conflict(ServerErrorCode.MatchNotActive, `the match is ${m.status}`);
      const others = m.seats.filter((s) => s.seat !== seat);
      const name = m.seats.find((s) => s.seat === seat)?.name ?? seat;
      const winner = others.length === 1 ? others[0]!.seat : null;
      await this.finishOrConflict(m, { winner, reason: `${name} resigned` });
      return summaryFor(await this.store.get(matchId), seat);
    });
  }

  /** Correspondence: once the deadline has passed, a player who is not to act may claim the win. */
  claim(matchId: string, user: PublicUser): Promise<MatchSummary> {
    return this.store.serial(matchId, async () => {
      const m = await this.store.fresh(matchId);
      const seat = seatOf(m, user.id);
      if (!seat) throw forbidden('you hold no seat in this match');
      if (m.status !== 'active') throw conflict(ServerErrorCode.MatchNotActive, `the match is ${m.status}`);
      if (m.timeControl.kind !== 'correspondence' || !m.deadline || m.deadline.getTime() > Date.now()) {
        throw conflict(ServerErrorCode.DeadlineNotPassed, 'the deadline has not passed');
      }
      if (m.toAct.includes(seat))
        throw conflict(ServerErrorCode.DeadlineNotPassed, 'it is your own turn: you cannot claim');
      const late = m.toAct.map((s) => m.seats.find((x) => x.seat === s)?.name ?? s).join(', ');
      await this.finishOrConflict(m, { winner: seat, reason: `${late} missed the deadline` });
      return summaryFor(await this.store.get(matchId), seat);
    });
  }

  private async finishOrConflict(
    m: LiveMatch,
    outcome: { winner: string | null; reason: string },
  ): Promise<void> {
    const ok = await this.play.finish(m, outcome);
    if (!ok) throw conflict(ServerErrorCode.Conflict, 'the match changed meanwhile: try again');
  }
}
