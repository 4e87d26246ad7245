import { timingSafeEqual } from 'node:crypto';
import type { PublicUser } from '@salient/protocol';
import { notFound } from '../errors.ts';
import { type LiveMatch, seatOf } from './liveMatch.ts';

/**
 * Who may see a match at all (its summary, its record, its board as a spectator). An open match:
 * anyone. A private match: its players, and whoever holds its invite code, that is whoever came
 * through the invite link (the code is the invitation, as with a shared document's link; the client
 * passes it along as `invite`). Anyone else is told the match does not exist, as for an unknown id.
 */
export function maySee(m: LiveMatch, user: PublicUser | null, invite: string | undefined): boolean {
  if (m.visibility === 'open') return true;
  if (seatOf(m, user?.id)) return true;
  return invite !== undefined && holdsInvite(m, invite);
}

/** Throws NOT_FOUND, exactly as for a match that does not exist, unless {@link maySee}. */
export function requireSight(m: LiveMatch, user: PublicUser | null, invite: string | undefined): void {
  if (!maySee(m, user, invite)) throw notFound('match');
}

/** Compared in constant time: the code is a secret. */
export function holdsInvite(m: LiveMatch, invite: string): boolean {
  if (!m.inviteCode) return false;
  const given = Buffer.from(invite);
  const expected = Buffer.from(m.inviteCode);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
