import type { LogEntry } from '@salient/protocol';

/**
 * The steps a seat's player has not seen: after `seenSeq` (what the server remembers they saw, on
 * any device) and after their own last move (they saw the board then), taken by someone else and
 * still in force.
 */
export function stepsSince(log: readonly LogEntry[], seat: string, seenSeq: number): LogEntry[] {
  let from = seenSeq;
  for (const e of log)
    if (e.seat === seat && (e.kind ?? 'action') === 'action' && !e.undone) from = Math.max(from, e.seq);
  return log.filter((e) => e.seq > from && e.seat !== seat && !e.undone);
}
