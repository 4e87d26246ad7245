import { randomUUID } from 'node:crypto';
import type { JsonObject } from '@salient/engine';
import {
  type Challenge,
  type ChallengeList,
  challengeRequest,
  type DeclineReason,
  declineRequest,
  type PublicUser,
  ServerErrorCode,
  type TimeControl,
} from '@salient/protocol';
import { usernameKey } from '../auth/passwordPolicy.ts';
import type { Db } from '../db/database.ts';
import { AppError, conflict, notFound } from '../errors.ts';
import type { Prisma } from '../generated/prisma/client.ts';
import type { GameRegistry } from '../matches/liveMatch.ts';
import { checkSpec, createStartedMatch } from './startMatch.ts';

/** Pending challenges one player may have out at once. */
export const MAX_PENDING_CHALLENGES = 20;
/** Answered challenges stay in their sender's list this long, so a decline's reason is seen. */
const ANSWERED_SHOWN_MS = 7 * 86_400_000;

const json = (v: unknown) => v as Prisma.InputJsonValue;
type Row = {
  id: string;
  game: string;
  scenario: string;
  seat: string;
  options: unknown;
  timeControl: unknown;
  rated: boolean;
  status: string;
  declineReason: string | null;
  matchId: string | null;
  createdAt: Date;
  fromId: string;
  toId: string;
};

export interface ChallengeEvents {
  /** The challenge's two players should hear of a change (lobby pages reload). */
  changed(userIds: string[]): void;
  /** A match was made: load it and tell the lists. */
  matchStarted(matchId: string): Promise<void>;
  /** Sent or answered: the player it concerns is told by notice if away (as for turns). */
  notice(c: Challenge): void;
}

/**
 * Challenges to a named player. Only its two players ever see a challenge: to anyone else it does
 * not exist (NOT_FOUND), and only the challenged player may accept or decline it, only the
 * challenger withdraw it. Each answer is a conditional update from `pending`, so two answers at
 * once (two tabs, two processes) cannot both go through; accepting makes the match in the same
 * transaction, private, with both seated, rated if the challenge was.
 */
export class Challenges {
  constructor(
    private readonly db: Db,
    private readonly findGame: GameRegistry,
    private readonly events: ChallengeEvents,
  ) {}

  private async view(row: Row): Promise<Challenge> {
    const users = await this.db.user.findMany({
      where: { id: { in: [row.fromId, row.toId] } },
      select: { id: true, username: true },
    });
    const user = (id: string) => users.find((u) => u.id === id) ?? { id, username: '?' };
    return {
      id: row.id,
      from: user(row.fromId),
      to: user(row.toId),
      game: row.game,
      scenario: row.scenario,
      options: row.options as JsonObject,
      seat: row.seat,
      timeControl: row.timeControl as TimeControl,
      rated: row.rated,
      status: row.status as Challenge['status'],
      declineReason: (row.declineReason as DeclineReason | null) ?? null,
      matchId: row.matchId,
      createdAt: row.createdAt.toISOString(),
    };
  }

  async send(from: PublicUser, body: unknown): Promise<Challenge> {
    const req = challengeRequest.parse(body);
    const to =
      (await this.db.user.findUnique({ where: { username: req.to } })) ??
      (await this.db.user.findUnique({ where: { usernameKey: usernameKey(req.to) } }));
    if (!to) throw notFound('player');
    if (to.id === from.id) throw new AppError(ServerErrorCode.BadRequest, 'you cannot challenge yourself');
    const { scenario, options } = checkSpec(this.findGame, { ...req, rated: req.rated }, req.seat);
    if (scenario.seats.length !== 2)
      throw new AppError(ServerErrorCode.BadRequest, 'challenges are for two-player scenarios');
    const pending = await this.db.challenge.count({ where: { fromId: from.id, status: 'pending' } });
    if (pending >= MAX_PENDING_CHALLENGES)
      throw new AppError(
        ServerErrorCode.QuotaExceeded,
        `you have ${pending} challenges waiting for an answer: withdraw some first`,
        429,
      );
    const row = await this.db.challenge.create({
      data: {
        id: randomUUID(),
        fromId: from.id,
        toId: to.id,
        game: req.game,
        scenario: req.scenario,
        seat: req.seat,
        options: json(options),
        timeControl: json(req.timeControl),
        rated: req.rated,
      },
    });
    this.events.changed([from.id, to.id]);
    const sent = await this.view(row);
    this.events.notice(sent);
    return sent;
  }

  async list(user: PublicUser, now = Date.now()): Promise<ChallengeList> {
    const [incoming, outgoing] = await Promise.all([
      this.db.challenge.findMany({
        where: { toId: user.id, status: 'pending' },
        orderBy: { createdAt: 'desc' },
        take: 50,
      }),
      this.db.challenge.findMany({
        where: {
          fromId: user.id,
          OR: [{ status: 'pending' }, { answeredAt: { gte: new Date(now - ANSWERED_SHOWN_MS) } }],
        },
        orderBy: { createdAt: 'desc' },
        take: 50,
      }),
    ]);
    return {
      incoming: await Promise.all(incoming.map((r) => this.view(r))),
      outgoing: await Promise.all(outgoing.map((r) => this.view(r))),
    };
  }

  /** The challenge if `user` is one of its players; NOT_FOUND otherwise, as for a made-up id. */
  private async mine(id: string, user: PublicUser): Promise<Row> {
    if (typeof id !== 'string' || id.length > 64) throw notFound('challenge');
    const row = await this.db.challenge.findUnique({ where: { id } });
    if (!row || (row.fromId !== user.id && row.toId !== user.id)) throw notFound('challenge');
    return row;
  }

  private notPending(row: Row): AppError {
    return conflict(ServerErrorCode.ChallengeNotPending, `this challenge was already ${row.status}`);
  }

  async decline(id: string, user: PublicUser, body: unknown): Promise<Challenge> {
    const { reason } = declineRequest.parse(body ?? {});
    const row = await this.mine(id, user);
    if (row.toId !== user.id)
      throw new AppError(ServerErrorCode.Forbidden, 'only the challenged player may decline', 403);
    const done = await this.db.challenge.updateMany({
      where: { id, status: 'pending' },
      data: { status: 'declined', declineReason: reason, answeredAt: new Date() },
    });
    if (done.count !== 1) throw this.notPending(row);
    this.events.changed([row.fromId, row.toId]);
    const declined = await this.view((await this.db.challenge.findUnique({ where: { id } }))!);
    this.events.notice(declined);
    return declined;
  }

  async cancel(id: string, user: PublicUser): Promise<Challenge> {
    const row = await this.mine(id, user);
    if (row.fromId !== user.id)
      throw new AppError(ServerErrorCode.Forbidden, 'only the challenger may withdraw a challenge', 403);
    const done = await this.db.challenge.updateMany({
      where: { id, status: 'pending' },
      data: { status: 'cancelled', answeredAt: new Date() },
    });
    if (done.count !== 1) throw this.notPending(row);
    this.events.changed([row.fromId, row.toId]);
    return this.view((await this.db.challenge.findUnique({ where: { id } }))!);
  }

  async accept(id: string, user: PublicUser): Promise<Challenge> {
    const row = await this.mine(id, user);
    if (row.toId !== user.id)
      throw new AppError(ServerErrorCode.Forbidden, 'only the challenged player may accept', 403);
    if (row.status !== 'pending') throw this.notPending(row);
    const spec = {
      game: row.game,
      scenario: row.scenario,
      options: row.options as JsonObject,
      timeControl: row.timeControl as TimeControl,
      rated: row.rated,
    };
    // Checked again: the server may no longer host the game or scenario it named.
    const { game, scenario } = checkSpec(this.findGame, spec, row.seat);
    const other = scenario.seats.find((s) => s.id !== row.seat)!.id;
    const matchId = await this.db.$transaction(async (tx) => {
      const claimed = await tx.challenge.updateMany({
        where: { id, status: 'pending' },
        data: { status: 'accepted', answeredAt: new Date() },
      });
      if (claimed.count !== 1) throw this.notPending(row);
      const made = await createStartedMatch(
        tx,
        game,
        { ...spec, visibility: 'private', createdById: row.fromId },
        { [row.seat]: row.fromId, [other]: row.toId },
      );
      await tx.challenge.update({ where: { id }, data: { matchId: made } });
      return made;
    });
    await this.events.matchStarted(matchId);
    this.events.changed([row.fromId, row.toId]);
    const accepted = await this.view((await this.db.challenge.findUnique({ where: { id } }))!);
    this.events.notice(accepted);
    return accepted;
  }
}
