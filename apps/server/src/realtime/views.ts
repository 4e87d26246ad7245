import type { GameEvent, JsonObject } from '@salient/engine';
import { eventVisibleTo, type LogEntry } from '@salient/protocol';
import type { Db } from '../db/database.ts';
import type { LiveMatch } from '../matches/liveMatch.ts';

/** The view a recipient gets. A game's view must drop the generator state; we make sure of it. */
export function viewFor(m: LiveMatch, seat: string | null, state: object = m.state): JsonObject {
  const view = m.game.view(state, seat) as JsonObject;
  if ('rng' in view) {
    const { rng: _dropped, ...rest } = view;
    return rest;
  }
  return view;
}

/**
 * Whether two views are made of the same parts: the same keys holding the very same values. Views
 * of one state from different seats are often so (a game without hidden information builds each
 * from the state's own subtrees), and then anything computed from one holds for the other.
 */
export function sameParts(a: JsonObject, b: JsonObject): boolean {
  if (a === b) return true;
  let count = 0;
  for (const key in a) {
    if (a[key] !== b[key] || !Object.hasOwn(b, key)) return false;
    count++;
  }
  for (const _ in b) count--;
  return count === 0;
}

/** Whether two lists hold the very same items in the same order (events filtered from one step's). */
export function sameItems<T>(a: readonly T[], b: readonly T[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

export const eventsFor = (events: GameEvent[], seat: string | null) =>
  events.filter((e) => eventVisibleTo(e as { to?: unknown }, seat));

/** The log entries after `afterSeq` up to the match's current seq, each filtered for `seat`. */
export async function logFor(db: Db, m: LiveMatch, seat: string | null, afterSeq = 0): Promise<LogEntry[]> {
  const rows = await db.matchAction.findMany({
    where: { matchId: m.id, seq: { gt: afterSeq, lte: m.seq } },
    orderBy: { seq: 'asc' },
    select: { seq: true, seat: true, kind: true, events: true, undone: true },
  });
  return rows.map((r) => ({
    seq: r.seq,
    seat: r.seat,
    kind: r.kind === 'undo' ? 'undo' : 'action',
    // After the end every event is published, as the record is.
    events: m.status === 'finished' ? (r.events as GameEvent[]) : eventsFor(r.events as GameEvent[], seat),
    undone: r.undone,
  }));
}
