import type {
  GameRating,
  Leaderboard,
  Profile,
  ProfileMatch,
  PublicUser,
  SideRecord,
  WireOutcome,
} from '@salient/protocol';
import { usernameKey } from '../auth/passwordPolicy.ts';
import type { Db } from '../db/database.ts';
import { AppError, notFound } from '../errors.ts';
import type { Prisma } from '../generated/prisma/client.ts';
import type { GameRegistry } from '../matches/liveMatch.ts';
import { isProvisional } from './pure/glicko2.ts';

/** A leaderboard lists players with a rated match in the game within this many days. */
export const ACTIVE_DAYS = 30;
const LIST_LIMIT = 50;
const HISTORY_LIMIT = 500;

/**
 * The matches of `userId` that `viewer` may see: open ones, and private ones the viewer plays in.
 * An invite holder sees a private match through its link, never through a profile.
 */
function visibleMatchesOf(userId: string, viewer: PublicUser | null): Prisma.MatchWhereInput {
  const sight: Prisma.MatchWhereInput[] = [{ visibility: 'open' }];
  if (viewer) sight.push({ seats: { some: { userId: viewer.id } } });
  return { seats: { some: { userId } }, imported: false, OR: sight };
}

const matchRow = {
  id: true,
  game: true,
  scenario: true,
  status: true,
  visibility: true,
  rated: true,
  computer: true,
  outcome: true,
  updatedAt: true,
  finishedAt: true,
  seats: {
    orderBy: { position: 'asc' },
    select: {
      seat: true,
      ratingAtStart: true,
      ratingProvisional: true,
      ratingAfter: true,
      bot: true,
      user: { select: { id: true, username: true } },
    },
  },
} satisfies Prisma.MatchSelect;

type MatchRow = Prisma.MatchGetPayload<{ select: typeof matchRow }>;

export class Profiles {
  constructor(
    private readonly db: Db,
    private readonly findGame: GameRegistry,
  ) {}

  private seatName(game: string, scenario: string, seat: string): string {
    return (
      this.findGame(game)
        ?.scenarios.find((s) => s.id === scenario)
        ?.seats.find((s) => s.id === seat)?.name ?? seat
    );
  }

  private toProfileMatch(m: MatchRow): ProfileMatch {
    return {
      id: m.id,
      game: m.game,
      scenario: m.scenario,
      status: m.status as ProfileMatch['status'],
      visibility: m.visibility as ProfileMatch['visibility'],
      rated: m.rated,
      seats: m.seats.map((s) => ({
        seat: s.seat,
        name: this.seatName(m.game, m.scenario, s.seat),
        user: s.user,
        ...(s.bot ? { bot: s.bot as 'easy' | 'normal' | 'hard' } : {}),
        rating:
          s.ratingAtStart === null
            ? null
            : { start: s.ratingAtStart, provisional: s.ratingProvisional, after: s.ratingAfter },
      })),
      outcome: (m.outcome as WireOutcome | null) ?? null,
      updatedAt: m.updatedAt.toISOString(),
      finishedAt: m.finishedAt?.toISOString() ?? null,
      ...(m.computer ? { computer: true } : {}),
    };
  }

  async profile(name: string, viewer: PublicUser | null): Promise<Profile> {
    if (typeof name !== 'string' || name.length > 64) throw notFound('player');
    const user =
      (await this.db.user.findUnique({ where: { username: name } })) ??
      (await this.db.user.findUnique({ where: { usernameKey: usernameKey(name) } }));
    if (!user) throw notFound('player');
    const visible = visibleMatchesOf(user.id, viewer);
    const [current, finished, results, ratings, changes] = await Promise.all([
      this.db.match.findMany({
        where: { ...visible, status: { in: ['open', 'active'] } },
        orderBy: { updatedAt: 'desc' },
        take: LIST_LIMIT,
        select: matchRow,
      }),
      this.db.match.findMany({
        where: { ...visible, status: 'finished' },
        orderBy: { finishedAt: 'desc' },
        take: LIST_LIMIT,
        select: matchRow,
      }),
      // Every finished match counts towards the record, not only the latest listed.
      this.db.matchSeat.findMany({
        where: { userId: user.id, match: { ...visible, status: 'finished' } },
        select: {
          seat: true,
          match: { select: { game: true, scenario: true, outcome: true, computer: true } },
        },
      }),
      this.db.playerRating.findMany({ where: { userId: user.id }, orderBy: { game: 'asc' } }),
      this.db.ratingChange.findMany({
        where: { userId: user.id },
        orderBy: { createdAt: 'desc' },
        take: HISTORY_LIMIT,
        select: { game: true, rating: true, createdAt: true },
      }),
    ]);
    const records = new Map<string, SideRecord>();
    for (const r of results) {
      // Games against the computer make a record of their own, beside the one against people.
      const key = `${r.match.game}\u0000${r.seat}\u0000${r.match.computer}`;
      const row = records.get(key) ?? {
        game: r.match.game,
        seat: r.seat,
        seatName: this.seatName(r.match.game, r.match.scenario, r.seat),
        wins: 0,
        draws: 0,
        losses: 0,
        ...(r.match.computer ? { computer: true } : {}),
      };
      const winner = (r.match.outcome as WireOutcome | null)?.winner ?? null;
      if (winner === null) row.draws++;
      else if (winner === r.seat) row.wins++;
      else row.losses++;
      records.set(key, row);
    }
    const gameRatings: GameRating[] = ratings.map((r) => ({
      game: r.game,
      rating: Math.round(r.rating),
      rd: Math.round(r.rd),
      games: r.games,
      provisional: isProvisional(r.games),
      history: changes
        .filter((c) => c.game === r.game)
        .reverse()
        .map((c) => ({ at: c.createdAt.toISOString(), rating: Math.round(c.rating) })),
    }));
    return {
      user: { id: user.id, username: user.username },
      memberSince: user.createdAt.toISOString(),
      lastSeen: user.lastSeenAt?.toISOString() ?? null,
      ratings: gameRatings,
      records: [...records.values()].sort(
        (a, b) => a.game.localeCompare(b.game) || a.seat.localeCompare(b.seat),
      ),
      current: current.map((m) => this.toProfileMatch(m)),
      finished: finished.map((m) => this.toProfileMatch(m)),
    };
  }

  async leaderboard(game: string, now = Date.now()): Promise<Leaderboard> {
    if (!this.findGame(game)) throw new AppError('UNKNOWN_GAME', `no game ${game}`, 404);
    const rows = await this.db.playerRating.findMany({
      where: { game, updatedAt: { gte: new Date(now - ACTIVE_DAYS * 86_400_000) } },
      orderBy: [{ rating: 'desc' }, { userId: 'asc' }],
      take: 100,
      include: { user: { select: { id: true, username: true } } },
    });
    return {
      game,
      activeDays: ACTIVE_DAYS,
      rows: rows.map((r, i) => ({
        rank: i + 1,
        user: r.user,
        rating: Math.round(r.rating),
        rd: Math.round(r.rd),
        games: r.games,
        provisional: isProvisional(r.games),
      })),
    };
  }
}

/** Stamps a signed-in user's last visit, at most once a minute per user and process. */
export class LastSeen {
  private readonly stamped = new Map<string, number>();
  constructor(private readonly db: Db) {}

  seen(userId: string, now = Date.now()): void {
    const last = this.stamped.get(userId) ?? 0;
    if (now - last < 60_000) return;
    this.stamped.set(userId, now);
    if (this.stamped.size > 50_000) this.stamped.clear();
    void this.db.user
      .update({ where: { id: userId }, data: { lastSeenAt: new Date(now) } })
      .catch(() => undefined);
  }
}
