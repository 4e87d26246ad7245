import type { MatchListName, MatchSummary, PublicUser } from '@salient/protocol';
import type { Db } from '../db/database.ts';
import { unauthenticated } from '../errors.ts';
import { seatOf } from './liveMatch.ts';
import type { MatchStore } from './matchStore.ts';
import { summaryFor } from './summary.ts';

/** The lobby's lists. Rows are found in the database; summaries come from the loaded matches. */
export async function listMatches(
  db: Db,
  store: MatchStore,
  list: MatchListName,
  user: PublicUser | null,
  limit: number,
): Promise<MatchSummary[]> {
  let ids: string[];
  switch (list) {
    case 'open':
      ids = (
        await db.match.findMany({
          where: { status: 'open', visibility: 'open' },
          orderBy: { createdAt: 'desc' },
          take: limit,
          select: { id: true },
        })
      ).map((r) => r.id);
      break;
    case 'live':
      ids = (
        await db.match.findMany({
          // An imported unfinished record is an archive, not a match being played.
          where: { status: 'active', visibility: 'open', imported: false },
          orderBy: { updatedAt: 'desc' },
          take: limit,
          select: { id: true },
        })
      ).map((r) => r.id);
      break;
    case 'finished':
      ids = (
        await db.match.findMany({
          // Private matches stay private after the end: their players find them under "mine".
          where: { status: 'finished', visibility: 'open' },
          orderBy: { finishedAt: 'desc' },
          take: limit,
          select: { id: true },
        })
      ).map((r) => r.id);
      break;
    case 'mine': {
      if (!user) throw unauthenticated();
      ids = (
        await db.match.findMany({
          where: { seats: { some: { userId: user.id } } },
          orderBy: { updatedAt: 'desc' },
          take: limit,
          select: { id: true },
        })
      ).map((r) => r.id);
      break;
    }
  }
  const summaries: MatchSummary[] = [];
  for (const id of ids) {
    const m = await store.fresh(id).catch(() => null);
    if (m) summaries.push(summaryFor(m, seatOf(m, user?.id)));
  }
  if (list === 'mine') {
    // Your turn first, then unfinished matches, then the rest; each group most recent first.
    const rank = (s: MatchSummary) => (s.yourTurn ? 0 : s.status !== 'finished' ? 1 : 2);
    summaries.sort((a, b) => rank(a) - rank(b) || b.updatedAt.localeCompare(a.updatedAt));
  }
  return summaries;
}
