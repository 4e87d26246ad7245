import { type MatchNote, matchNote, type PublicUser, ServerErrorCode } from '@salient/protocol';
import type { Db } from '../db/database.ts';
import { AppError } from '../errors.ts';
import { requireSight } from '../matches/access.ts';
import { seatOf } from '../matches/liveMatch.ts';
import type { MatchStore } from '../matches/matchStore.ts';

/**
 * A player's private notes on a match: read and written only by that player. Someone who may not
 * see the match is told it does not exist; a spectator is told only players keep notes.
 */
export class Notes {
  constructor(
    private readonly db: Db,
    private readonly store: MatchStore,
  ) {}

  private async requirePlayer(matchId: string, user: PublicUser): Promise<void> {
    const m = await this.store.fresh(matchId);
    requireSight(m, user, undefined);
    if (!seatOf(m, user.id))
      throw new AppError(ServerErrorCode.NotAPlayer, 'only the players of a match keep notes on it', 403);
  }

  async read(matchId: string, user: PublicUser): Promise<MatchNote> {
    await this.requirePlayer(matchId, user);
    const row = await this.db.matchNote.findUnique({
      where: { matchId_userId: { matchId, userId: user.id } },
    });
    return { text: row?.text ?? '' };
  }

  async write(matchId: string, user: PublicUser, body: unknown): Promise<MatchNote> {
    const { text } = matchNote.parse(body);
    await this.requirePlayer(matchId, user);
    await this.db.matchNote.upsert({
      where: { matchId_userId: { matchId, userId: user.id } },
      create: { matchId, userId: user.id, text },
      update: { text, updatedAt: new Date() },
    });
    return { text };
  }
}
