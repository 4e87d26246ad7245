import type { Outcome } from '@salient/engine';
import type { Db } from '../db/database.ts';
import type { Prisma } from '../generated/prisma/client.ts';
import { DEFAULT_RATING, isProvisional, pairwiseScores, type Rating, ratedUpdate } from './pure/glicko2.ts';

/** A Prisma transaction: ratings move only inside the transaction that ends the match. */
export type Tx = Prisma.TransactionClient;

/**
 * Test-only fault points: a function set here runs inside the ending transaction, between the
 * match's end and its rating update; throwing from it must roll both back (see community-ratings
 * test). Always null in service.
 */
export const ratingFaults: { betweenEndAndRating: ((matchId: string) => void) | null } = {
  betweenEndAndRating: null,
};

interface RatingRow {
  user_id: string;
  rating: number;
  rd: number;
  volatility: number;
  games: number;
}

/** Why a finished match was not rated, or null when it was. For logs and tests. */
export type Unrated = 'casual' | 'imported' | 'empty-or-bot-seat' | 'aborted' | 'already-rated' | null;

/**
 * Rates a match that `tx` has just finished: every seat's player gets a Glicko-2 update against
 * every other seat (the winner beat them all; no winner is a draw). Not rated: casual and imported
 * matches, a seat without a player (a computer opponent, when there are any), and a match ended
 * before every side made a move (an abort, whatever ended it). Returns each seat's new rating,
 * rounded, or why there was none. Locks the players' rating rows in user order so that two
 * matches ending at once cannot lose an update or deadlock.
 */
export async function rateFinishedMatch(
  tx: Tx,
  matchId: string,
  outcome: Outcome,
): Promise<{ unrated: Unrated; after: Map<string, number> }> {
  const after = new Map<string, number>();
  ratingFaults.betweenEndAndRating?.(matchId);
  const match = await tx.match.findUnique({
    where: { id: matchId },
    select: { rated: true, imported: true, game: true, seats: { select: { seat: true, userId: true } } },
  });
  if (!match?.rated) return { unrated: 'casual', after };
  if (match.imported) return { unrated: 'imported', after };
  const users = match.seats.map((s) => s.userId);
  // A rating needs an opponent: a scenario of one seat, or one player in two seats, is not rated.
  if (users.length < 2 || users.some((u) => u === null) || new Set(users).size !== users.length)
    return { unrated: 'empty-or-bot-seat', after };
  const acted = await tx.matchAction.findMany({
    where: { matchId, kind: 'action', undone: false },
    distinct: ['seat'],
    select: { seat: true },
  });
  if (acted.length < match.seats.length) return { unrated: 'aborted', after };
  const already = await tx.ratingChange.count({ where: { matchId } });
  if (already > 0) return { unrated: 'already-rated', after };

  const ids = (users as string[]).slice().sort();
  for (const id of ids) {
    await tx.$executeRaw`INSERT INTO player_ratings (user_id, game, rating, rd, volatility, games)
      VALUES (${id}, ${match.game}, ${DEFAULT_RATING.rating}, ${DEFAULT_RATING.rd}, ${DEFAULT_RATING.volatility}, 0)
      ON CONFLICT (user_id, game) DO NOTHING`;
  }
  const rows = await tx.$queryRaw<RatingRow[]>`SELECT user_id, rating, rd, volatility, games
    FROM player_ratings WHERE game = ${match.game} AND user_id = ANY(${ids}) ORDER BY user_id FOR UPDATE`;
  const current = new Map(rows.map((r) => [r.user_id, r]));
  const seatUser = new Map(match.seats.map((s) => [s.seat, s.userId as string]));
  const ratingOf = (seat: string): Rating => {
    const r = current.get(seatUser.get(seat)!)!;
    return { rating: r.rating, rd: r.rd, volatility: r.volatility };
  };
  const scores = pairwiseScores(
    match.seats.map((s) => s.seat),
    outcome.winner,
  );
  for (const s of match.seats) {
    const userId = s.userId as string;
    const before = ratingOf(s.seat);
    const games = scores
      .filter((x) => x.seat === s.seat)
      .map((x) => ({ opponent: ratingOf(x.opponent), score: x.score }));
    const next = ratedUpdate(before, games);
    const now = new Date();
    await tx.playerRating.update({
      where: { userId_game: { userId, game: match.game } },
      data: {
        rating: next.rating,
        rd: next.rd,
        volatility: next.volatility,
        games: { increment: 1 },
        updatedAt: now,
      },
    });
    await tx.ratingChange.create({
      data: {
        userId,
        game: match.game,
        matchId,
        before: before.rating,
        rating: next.rating,
        rd: next.rd,
        createdAt: now,
      },
    });
    const rounded = Math.round(next.rating);
    await tx.matchSeat.update({
      where: { matchId_seat: { matchId, seat: s.seat } },
      data: { ratingAfter: rounded },
    });
    after.set(s.seat, rounded);
  }
  return { unrated: null, after };
}

/**
 * Stores each seated player's current rating in the game on the match's seats: called in the
 * transaction that starts the match, so lists, the match page and the replay show the ratings the
 * players had when it began. A player with no rating yet shows the starting 1500, provisional.
 */
export async function recordStartingRatings(tx: Tx, matchId: string): Promise<void> {
  const seats = await tx.matchSeat.findMany({
    where: { matchId, userId: { not: null } },
    select: { seat: true, userId: true, match: { select: { game: true } } },
  });
  for (const s of seats) {
    const r = await tx.playerRating.findUnique({
      where: { userId_game: { userId: s.userId!, game: s.match.game } },
      select: { rating: true, games: true },
    });
    await tx.matchSeat.update({
      where: { matchId_seat: { matchId, seat: s.seat } },
      data: {
        ratingAtStart: Math.round(r?.rating ?? DEFAULT_RATING.rating),
        ratingProvisional: isProvisional(r?.games ?? 0),
      },
    });
  }
}

/** A player's current rating in a game, rounded (1500 before their first rated match). */
export async function ratingIn(db: Db, userId: string, game: string): Promise<number> {
  const r = await db.playerRating.findUnique({
    where: { userId_game: { userId, game } },
    select: { rating: true },
  });
  return Math.round(r?.rating ?? DEFAULT_RATING.rating);
}
