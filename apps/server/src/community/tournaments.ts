import { randomUUID } from 'node:crypto';
import type { JsonObject } from '@salient/engine';
import {
  type PublicUser,
  ServerErrorCode,
  type TimeControl,
  type TournamentDetail,
  type TournamentList,
  type TournamentSummary,
  tournamentRequest,
  type WireOutcome,
} from '@salient/protocol';
import { usernameKey } from '../auth/passwordPolicy.ts';
import type { Db } from '../db/database.ts';
import { AppError, conflict, forbidden, notFound } from '../errors.ts';
import type { Prisma } from '../generated/prisma/client.ts';
import type { GameRegistry, LiveMatch } from '../matches/liveMatch.ts';
import { roundCount, roundRobin } from './pure/roundRobin.ts';
import { standings } from './pure/standings.ts';
import { TIMEOUT_BAR, timeoutBar } from './pure/timeoutBar.ts';
import type { Tx } from './ratings.ts';
import { checkSpec, createStartedMatch, type MatchSpec } from './startMatch.ts';

const json = (v: unknown) => v as Prisma.InputJsonValue;

export interface TournamentEvents {
  /** Matches were made: load them and tell the lists. */
  matchesStarted(matchIds: string[]): Promise<void>;
  /** Standings or registrations changed: open lobby and tournament pages reload. */
  changed(): void;
}

/** How the server words a loss on time (Play.flag) and a won claim (Lifecycle.claim). */
const TIMED_OUT = /(ran out of time|missed the deadline)$/;

type TournamentRow = Prisma.TournamentGetPayload<{ include: { entries: true } }>;

/**
 * Round-robin tournaments: an operator creates one for a game and scenario; players join until it
 * is full, and then it starts by itself. Rounds follow pure/roundRobin.ts: in each round every
 * entrant plays one opponent twice at once, once with each side; the next round starts when every
 * game of the round is over. Standings follow pure/standings.ts. A player whose tournament game
 * ended by their time running out (or a won claim against them) is barred from joining for a while
 * (pure/timeoutBar.ts). Starting and advancing lock the tournament's row, so two processes never
 * both start a round.
 */
export class Tournaments {
  constructor(
    private readonly db: Db,
    private readonly findGame: GameRegistry,
    private readonly operators: readonly string[],
    private readonly events: TournamentEvents,
  ) {}

  isOperator(user: PublicUser): boolean {
    return this.operators.includes(usernameKey(user.username));
  }

  async create(user: PublicUser, body: unknown): Promise<TournamentDetail> {
    if (!this.isOperator(user)) throw forbidden('only an operator may create a tournament');
    const req = tournamentRequest.parse(body);
    const { scenario, options } = checkSpec(this.findGame, req as MatchSpec);
    if (scenario.seats.length !== 2)
      throw new AppError(ServerErrorCode.BadRequest, 'tournaments are for two-player scenarios');
    const id = randomUUID();
    await this.db.tournament.create({
      data: {
        id,
        name: req.name,
        game: req.game,
        scenario: req.scenario,
        options: json(options),
        timeControl: json(req.timeControl),
        rated: req.rated,
        size: req.size,
        createdById: user.id,
      },
    });
    this.events.changed();
    return this.detail(id, user);
  }

  async list(viewer: PublicUser | null): Promise<TournamentList> {
    const rows = await this.db.tournament.findMany({
      orderBy: { createdAt: 'desc' },
      take: 50,
      include: { entries: true },
    });
    return { tournaments: rows.map((t) => this.summaryOf(t, viewer)) };
  }

  private summaryOf(t: TournamentRow, viewer: PublicUser | null): TournamentSummary {
    return {
      id: t.id,
      name: t.name,
      game: t.game,
      scenario: t.scenario,
      rated: t.rated,
      size: t.size,
      entrants: t.entries.length,
      status: t.status as TournamentSummary['status'],
      timeControl: t.timeControl as TimeControl,
      createdAt: t.createdAt.toISOString(),
      joined: viewer !== null && t.entries.some((e) => e.userId === viewer.id),
    };
  }

  private async row(id: string): Promise<TournamentRow> {
    if (typeof id !== 'string' || id.length > 64) throw notFound('tournament');
    const t = await this.db.tournament.findUnique({ where: { id }, include: { entries: true } });
    if (!t) throw notFound('tournament');
    return t;
  }

  async detail(id: string, viewer: PublicUser | null): Promise<TournamentDetail> {
    const t = await this.row(id);
    const userIds = t.entries.map((e) => e.userId);
    const users = await this.db.user.findMany({
      where: { id: { in: userIds } },
      select: { id: true, username: true },
    });
    const userOf = (uid: string) => users.find((u) => u.id === uid) ?? { id: uid, username: '?' };
    const matches = await this.db.match.findMany({
      where: { tournamentId: id },
      orderBy: [{ tournamentRound: 'asc' }, { createdAt: 'asc' }],
      select: {
        id: true,
        status: true,
        outcome: true,
        tournamentRound: true,
        scenario: true,
        game: true,
        seats: {
          orderBy: { position: 'asc' },
          select: {
            seat: true,
            userId: true,
            ratingAtStart: true,
            ratingProvisional: true,
            ratingAfter: true,
          },
        },
      },
    });
    const scenario = this.findGame(t.game)?.scenarios.find((s) => s.id === t.scenario);
    const seatName = (seat: string) => scenario?.seats.find((s) => s.id === seat)?.name ?? seat;
    const finished = matches.flatMap((m) => {
      if (m.status !== 'finished') return [];
      const [a, b] = m.seats;
      const winner = (m.outcome as WireOutcome | null)?.winner ?? null;
      const winnerUser = m.seats.find((s) => s.seat === winner)?.userId ?? null;
      return [{ first: a!.userId!, second: b!.userId!, winner: winnerUser }];
    });
    const ordered = t.entries
      .slice()
      .sort((a, b) => (a.position ?? 99) - (b.position ?? 99) || a.joinedAt.getTime() - b.joinedAt.getTime());
    const table = standings(
      ordered.map((e) => e.userId),
      finished,
    );
    return {
      ...this.summaryOf(t, viewer),
      entries: ordered.map((e) => userOf(e.userId)),
      round: Math.max(0, ...matches.map((m) => m.tournamentRound ?? 0)),
      rounds: roundCount(t.size),
      games: matches.map((m) => ({
        matchId: m.id,
        round: m.tournamentRound ?? 0,
        status: m.status as 'open' | 'active' | 'finished',
        outcome: (m.outcome as WireOutcome | null) ?? null,
        seats: m.seats.map((s) => ({
          seat: s.seat,
          name: seatName(s.seat),
          user: s.userId ? userOf(s.userId) : null,
          rating:
            s.ratingAtStart === null
              ? null
              : { start: s.ratingAtStart, provisional: s.ratingProvisional, after: s.ratingAfter },
        })),
      })),
      standings: table.map((r) => ({
        rank: r.rank,
        user: userOf(r.player),
        played: r.played,
        wins: r.wins,
        draws: r.draws,
        losses: r.losses,
        points: r.points,
        sonnebornBerger: r.sonnebornBerger,
      })),
    };
  }

  /** The bar in force for this player, if any (ms since the epoch when it lifts). */
  async barOf(userId: string, now = Date.now()): Promise<number | null> {
    const rows = await this.db.tournamentTimeout.findMany({
      where: { userId, createdAt: { gte: new Date(now - TIMEOUT_BAR.memoryMs) } },
      select: { createdAt: true },
    });
    return (
      timeoutBar(
        rows.map((r) => r.createdAt.getTime()),
        now,
      )?.until ?? null
    );
  }

  async join(id: string, user: PublicUser, now = Date.now()): Promise<TournamentDetail> {
    await this.row(id);
    const bar = await this.barOf(user.id, now);
    if (bar !== null)
      throw conflict(
        ServerErrorCode.TimeoutBarred,
        `you let a tournament game time out: you may join tournaments again from ${new Date(bar).toISOString()}`,
      );
    const started = await this.db.$transaction(async (tx) => {
      const [t] = await tx.$queryRaw<{ status: string; size: number }[]>`
        SELECT status, size FROM tournaments WHERE id = ${id} FOR UPDATE`;
      if (t?.status !== 'registering')
        throw conflict(ServerErrorCode.TournamentNotOpen, 'this tournament takes no more entrants');
      const already = await tx.tournamentEntry.findUnique({
        where: { tournamentId_userId: { tournamentId: id, userId: user.id } },
      });
      if (already) throw conflict(ServerErrorCode.AlreadySeated, 'you have already joined this tournament');
      await tx.tournamentEntry.create({
        data: { tournamentId: id, userId: user.id, joinedAt: new Date(now) },
      });
      const count = await tx.tournamentEntry.count({ where: { tournamentId: id } });
      return count >= t.size ? this.start(tx, id, now) : [];
    });
    if (started.length > 0) await this.events.matchesStarted(started);
    this.events.changed();
    return this.detail(id, user);
  }

  async leave(id: string, user: PublicUser): Promise<TournamentDetail> {
    const t = await this.row(id);
    if (t.status !== 'registering')
      throw conflict(ServerErrorCode.TournamentNotOpen, 'the tournament has started: you cannot leave it');
    const gone = await this.db.tournamentEntry.deleteMany({ where: { tournamentId: id, userId: user.id } });
    if (gone.count !== 1) throw conflict(ServerErrorCode.NotJoined, 'you have not joined this tournament');
    this.events.changed();
    return this.detail(id, user);
  }

  /** Draws the order (the order of joining), marks the tournament running and starts round 1. */
  private async start(tx: Tx, id: string, now: number): Promise<string[]> {
    const entries = await tx.tournamentEntry.findMany({
      where: { tournamentId: id },
      orderBy: [{ joinedAt: 'asc' }, { userId: 'asc' }],
    });
    for (const [position, e] of entries.entries()) {
      await tx.tournamentEntry.update({
        where: { tournamentId_userId: { tournamentId: id, userId: e.userId } },
        data: { position },
      });
    }
    await tx.tournament.update({ where: { id }, data: { status: 'running', startedAt: new Date(now) } });
    return this.startRound(tx, id, 1, now);
  }

  private async startRound(tx: Tx, id: string, round: number, now: number): Promise<string[]> {
    const t = await tx.tournament.findUniqueOrThrow({ where: { id }, include: { entries: true } });
    const game = this.findGame(t.game);
    if (!game) throw new AppError('UNKNOWN_GAME', `this server no longer hosts ${t.game}`, 500);
    const seats = game.scenarios.find((s) => s.id === t.scenario)!.seats;
    const byPosition = new Map(t.entries.map((e) => [e.position, e.userId]));
    const spec = {
      game: t.game,
      scenario: t.scenario,
      options: t.options as JsonObject,
      timeControl: t.timeControl as TimeControl,
      rated: t.rated,
    };
    const made: string[] = [];
    for (const pairing of roundRobin(t.size).filter((p) => p.round === round)) {
      made.push(
        await createStartedMatch(
          tx,
          game,
          { ...spec, visibility: 'open', createdById: t.createdById, tournament: { id, round } },
          { [seats[0]!.id]: byPosition.get(pairing.first)!, [seats[1]!.id]: byPosition.get(pairing.second)! },
          now,
        ),
      );
    }
    return made;
  }

  /**
   * A tournament game ended: a loss on time counts towards the loser's bar, and when it was the
   * round's last game the next round starts (or the tournament ends). Safe to call more than once.
   */
  async matchFinished(m: LiveMatch, now = Date.now()): Promise<void> {
    if (!m.tournamentId || m.status !== 'finished') return;
    const tournamentId = m.tournamentId;
    if (m.outcome && TIMED_OUT.test(m.outcome.reason)) {
      const losers = m.seats.filter((s) => s.seat !== m.outcome!.winner && s.user);
      await this.db.tournamentTimeout.createMany({
        data: losers.map((s) => ({
          userId: s.user!.id,
          tournamentId,
          matchId: m.id,
          createdAt: new Date(now),
        })),
        skipDuplicates: true,
      });
    }
    await this.advance(tournamentId, now);
  }

  /** At start-up: a round whose last game ended while no process was running advances now. */
  async resume(): Promise<void> {
    const running = await this.db.tournament.findMany({ where: { status: 'running' }, select: { id: true } });
    for (const t of running) await this.advance(t.id);
  }

  /** Starts the next round when every game of the current one is over, or ends the tournament. */
  private async advance(tournamentId: string, now = Date.now()): Promise<void> {
    const started = await this.db.$transaction(async (tx) => {
      const [t] = await tx.$queryRaw<{ status: string; size: number }[]>`
        SELECT status, size FROM tournaments WHERE id = ${tournamentId} FOR UPDATE`;
      if (t?.status !== 'running') return [];
      const games = await tx.match.findMany({
        where: { tournamentId },
        select: { status: true, tournamentRound: true },
      });
      const round = Math.max(0, ...games.map((g) => g.tournamentRound ?? 0));
      if (games.some((g) => g.tournamentRound === round && g.status !== 'finished')) return [];
      if (round >= roundCount(t.size)) {
        await tx.tournament.update({
          where: { id: tournamentId },
          data: { status: 'finished', finishedAt: new Date(now) },
        });
        return [];
      }
      return this.startRound(tx, tournamentId, round + 1, now);
    });
    if (started.length > 0) await this.events.matchesStarted(started);
    this.events.changed();
  }
}
