import { randomUUID } from 'node:crypto';
import {
  type CreateMatchRequest,
  createMatchRequest,
  type PublicUser,
  type RematchOffer,
  type RematchRequest,
  rematchRequest,
  ServerErrorCode,
} from '@salient/protocol';
import { z } from 'zod';
import type { Db } from '../db/database.ts';
import { AppError, conflict, forbidden } from '../errors.ts';
import type { RematchOffer as OfferRow, Prisma } from '../generated/prisma/client.ts';
import type { Quotas } from '../limits/quotas.ts';
import { requireSight } from './access.ts';
import { isUniqueViolation } from './appendAction.ts';
import type { Lifecycle } from './lifecycle.ts';
import { type LiveMatch, seatOf } from './liveMatch.ts';
import type { MatchStore } from './matchStore.ts';
import { summaryFor } from './summary.ts';

/** Told of every offer made, renewed, accepted or declined: pushes it to both players. */
export interface RematchListener {
  rematchChanged(offer: RematchOffer, m: LiveMatch): void;
}

const offerId = z.string().min(1).max(64);

const notFound = () => new AppError(ServerErrorCode.RematchNotFound, 'no rematch offer has this id', 404);
const notPending = (status: string) =>
  conflict(ServerErrorCode.RematchNotPending, `the offer was already ${status}`);

/**
 * Rematch offers. One row per finished match (its unique key): whoever asks first makes the offer,
 * and the other player asking too is accepting it, so two clicks never make two matches, on any
 * number of processes. Answering is a conditional update from `pending`, so a second answer (a
 * double click, an accept after a decline, two tabs) is REMATCH_NOT_PENDING and changes nothing.
 */
export class Rematches {
  constructor(
    private readonly db: Db,
    private readonly store: MatchStore,
    private readonly lifecycle: Lifecycle,
    private readonly quotas: Quotas,
    private readonly listener: RematchListener,
  ) {}

  /** The match's offer, for its players (null when none was made). */
  async current(matchId: string, user: PublicUser): Promise<RematchOffer | null> {
    const m = await this.store.fresh(matchId);
    requireSight(m, user, undefined);
    if (!seatOf(m, user.id)) throw forbidden('you hold no seat in this match');
    const row = await this.db.rematchOffer.findUnique({ where: { matchId } });
    return row ? this.wire(row, m) : null;
  }

  /** The offers waiting for `user`'s answer, newest first (the lobby lists them). */
  async pendingFor(user: PublicUser): Promise<RematchOffer[]> {
    const rows = await this.db.rematchOffer.findMany({
      where: { toUserId: user.id, status: 'pending' },
      orderBy: { createdAt: 'desc' },
      take: 20,
    });
    const out: RematchOffer[] = [];
    for (const row of rows) out.push(this.wire(row, await this.store.fresh(row.matchId)));
    return out;
  }

  /** Offers a rematch, or accepts the opponent's when they asked first. `created` says which. */
  async offer(
    matchId: string,
    user: PublicUser,
    body: RematchRequest,
    address: string,
  ): Promise<{ offer: RematchOffer; created: boolean }> {
    const req = rematchRequest.parse(body ?? {});
    const m = await this.store.fresh(matchId);
    requireSight(m, user, undefined);
    const seat = seatOf(m, user.id);
    if (!seat) throw forbidden('you hold no seat in this match');
    if (m.status !== 'finished') throw conflict(ServerErrorCode.MatchNotFinished, 'the match is not over');
    const opponent = m.seats.find((s) => s.seat !== seat && s.user)?.user;
    if (!opponent) throw conflict(ServerErrorCode.Conflict, 'nobody else played this match');
    const seating = seatingFor(m, req.sides);
    return this.store.serial(`rematch:${matchId}`, async () => {
      for (let attempt = 0; ; attempt++) {
        const existing = await this.db.rematchOffer.findUnique({ where: { matchId } });
        if (existing?.status === 'pending' && existing.toUserId === user.id)
          return { offer: await this.acceptNow(existing, user, address), created: false };
        if (existing && existing.status !== 'declined')
          return { offer: this.wire(existing, m), created: false };
        const data = {
          fromUserId: user.id,
          toUserId: opponent.id,
          seating: seating as Prisma.InputJsonValue,
          status: 'pending',
          newMatchId: null,
          createdAt: new Date(),
          answeredAt: null,
        };
        try {
          // A declined offer is renewed in place; the conditional update loses to a concurrent answer.
          const row = existing
            ? await this.renew(existing.id, data)
            : await this.db.rematchOffer.create({ data: { id: randomUUID(), matchId, ...data } });
          if (!row) continue;
          const offer = this.wire(row, m);
          this.listener.rematchChanged(offer, m);
          return { offer, created: true };
        } catch (err) {
          // Another process made the offer at the same moment: read it and answer from it.
          if (isUniqueViolation(err) && attempt === 0) continue;
          throw err;
        }
      }
    });
  }

  private async renew(id: string, data: Prisma.RematchOfferUpdateManyMutationInput) {
    const done = await this.db.rematchOffer.updateMany({ where: { id, status: 'declined' }, data });
    return done.count === 1 ? this.db.rematchOffer.findUniqueOrThrow({ where: { id } }) : null;
  }

  async accept(id: unknown, user: PublicUser, address: string): Promise<RematchOffer> {
    const row = await this.answerable(id, user);
    return this.store.serial(`rematch:${row.matchId}`, () => this.acceptNow(row, user, address));
  }

  async decline(id: unknown, user: PublicUser): Promise<RematchOffer> {
    const row = await this.answerable(id, user);
    const done = await this.db.rematchOffer.updateMany({
      where: { id: row.id, status: 'pending' },
      data: { status: 'declined', answeredAt: new Date() },
    });
    if (done.count !== 1) throw notPending(await this.statusOf(row.id));
    const m = await this.store.fresh(row.matchId);
    const offer = this.wire(await this.db.rematchOffer.findUniqueOrThrow({ where: { id: row.id } }), m);
    this.listener.rematchChanged(offer, m);
    return offer;
  }

  /** The offer, if it exists and was made to `user`; its status is checked when it is answered. */
  private async answerable(id: unknown, user: PublicUser): Promise<OfferRow> {
    const parsed = offerId.safeParse(id);
    if (!parsed.success) throw notFound();
    const row = await this.db.rematchOffer.findUnique({ where: { id: parsed.data } });
    if (!row) throw notFound();
    if (row.toUserId !== user.id) throw forbidden('this rematch was not offered to you');
    return row;
  }

  private async statusOf(id: string): Promise<string> {
    return (await this.db.rematchOffer.findUnique({ where: { id }, select: { status: true } }))?.status ?? '';
  }

  /**
   * Claims the offer (pending -> accepted), then creates the new match with both seats taken. If
   * the match cannot be made (a quota), the claim is given back and the offer stays pending.
   */
  private async acceptNow(row: OfferRow, user: PublicUser, address: string): Promise<RematchOffer> {
    const claimed = await this.db.rematchOffer.updateMany({
      where: { id: row.id, status: 'pending', toUserId: user.id },
      data: { status: 'accepted', answeredAt: new Date() },
    });
    if (claimed.count !== 1) throw notPending(await this.statusOf(row.id));
    const m = await this.store.fresh(row.matchId);
    let newMatchId: string;
    try {
      newMatchId = await this.createMatch(m, row, address);
    } catch (err) {
      await this.db.rematchOffer.updateMany({
        where: { id: row.id, status: 'accepted', newMatchId: null },
        data: { status: 'pending', answeredAt: null },
      });
      throw err;
    }
    const accepted = await this.db.rematchOffer.update({ where: { id: row.id }, data: { newMatchId } });
    const offer = this.wire(accepted, m);
    this.listener.rematchChanged(offer, m);
    return offer;
  }

  private async createMatch(m: LiveMatch, row: OfferRow, address: string): Promise<string> {
    const seating = row.seating as Record<string, string>;
    const offererSeat = Object.keys(seating).find((s) => seating[s] === row.fromUserId);
    const offerer = m.seats.find((s) => s.user?.id === row.fromUserId)?.user;
    const accepter = m.seats.find((s) => s.user?.id === row.toUserId)?.user;
    if (!offererSeat || !offerer || !accepter)
      throw conflict(ServerErrorCode.Conflict, 'the players changed');
    await this.quotas.beforeTakingSeat(accepter);
    const others = Object.fromEntries(Object.entries(seating).filter(([seat]) => seat !== offererSeat));
    const summary = await this.lifecycle.create(
      offerer,
      { ...settingsOf(m), seat: offererSeat },
      address,
      m.id,
      others,
    );
    return summary.id;
  }

  private wire(row: OfferRow, m: LiveMatch): RematchOffer {
    const userOf = (id: string) =>
      m.seats.find((s) => s.user?.id === id)?.user ?? { id, username: '(unknown)' };
    return {
      id: row.id,
      matchId: row.matchId,
      from: userOf(row.fromUserId),
      to: userOf(row.toUserId),
      seating: row.seating as Record<string, string>,
      status: row.status as RematchOffer['status'],
      newMatchId: row.newMatchId,
      createdAt: row.createdAt.toISOString(),
    };
  }
}

/**
 * Who sits where in the rematch: each player moves to the next seat (two seats: swapped), or stays.
 */
export function seatingFor(m: LiveMatch, sides: 'swapped' | 'same'): Record<string, string> {
  const out: Record<string, string> = {};
  m.seats.forEach((s, i) => {
    if (!s.user) return;
    const to = sides === 'same' ? s : m.seats[(i + 1) % m.seats.length]!;
    out[to.seat] = s.user.id;
  });
  return out;
}

/**
 * The new match's settings: every field a creation request takes that the old match's summary also
 * has (game, scenario, options, pace, visibility, and whatever is added to both later, such as a
 * rating mode), so a new match setting carries over without being named here.
 */
export function settingsOf(m: LiveMatch): Omit<CreateMatchRequest, 'seat'> {
  const summary = summaryFor(m, null) as unknown as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(createMatchRequest.shape)) {
    // A summary says null for a setting the match did not use (an open seek's rating range); the
    // request leaves such a setting out.
    if (key !== 'seat' && summary[key] !== undefined && summary[key] !== null) out[key] = summary[key];
  }
  return out as Omit<CreateMatchRequest, 'seat'>;
}
