import type { ClockState } from '@salient/protocol';
import type { LiveMatch } from './liveMatch.ts';

/** Seats whose clock runs now: those the game waits for, while the match is being played. */
export function runningSeats(m: LiveMatch): string[] {
  // An imported unfinished record is an archive: nobody plays it, so no clock runs.
  return m.status === 'active' && m.timeControl.kind === 'live' && !m.imported ? m.toAct : [];
}

/** The live clocks charged up to `now`. */
export function remainingAt(m: LiveMatch, now: number): Record<string, number> {
  const remaining = { ...(m.clock ?? {}) };
  const since = m.clockSince?.getTime() ?? now;
  const elapsed = Math.max(0, now - since);
  for (const seat of runningSeats(m)) remaining[seat] = (remaining[seat] ?? 0) - elapsed;
  return remaining;
}

/** The first running seat out of time at `now`, if any. */
export function flaggedSeat(m: LiveMatch, now: number): string | null {
  const remaining = remainingAt(m, now);
  return runningSeats(m).find((seat) => (remaining[seat] ?? 0) <= 0) ?? null;
}

/** Milliseconds until the next running clock falls to zero, or null when none runs. */
export function msUntilFlag(m: LiveMatch, now: number): number | null {
  const seats = runningSeats(m);
  if (seats.length === 0) return null;
  const remaining = remainingAt(m, now);
  return Math.max(0, Math.min(...seats.map((s) => remaining[s] ?? 0)));
}

export function clockStateOf(m: LiveMatch, now: number): ClockState {
  // The time is written only where a clock runs: a push reads this twice per recipient.
  switch (m.timeControl.kind) {
    case 'live':
      return {
        kind: 'live',
        remainingMs: remainingAt(m, now),
        running: runningSeats(m),
        asOf: new Date(now).toISOString(),
      };
    case 'correspondence':
      return {
        kind: 'correspondence',
        deadline: m.status === 'active' ? (m.deadline?.toISOString() ?? null) : null,
        asOf: new Date(now).toISOString(),
      };
    case 'none':
      return { kind: 'none' };
  }
}

/** Initial clocks when the match starts. */
export function startingClock(m: LiveMatch): Record<string, number> | null {
  const tc = m.timeControl;
  if (tc.kind !== 'live') return null;
  return Object.fromEntries(m.seats.map((s) => [s.seat, tc.initialSeconds * 1000]));
}

/** The correspondence deadline for the position just reached (from the match's fields, not its state). */
export function nextDeadline(
  m: Pick<LiveMatch, 'timeControl' | 'status' | 'imported' | 'toAct'>,
  now: number,
): Date | null {
  const tc = m.timeControl;
  if (tc.kind !== 'correspondence' || m.status !== 'active' || m.imported || m.toAct.length === 0)
    return null;
  return new Date(now + tc.secondsPerTurn * 1000);
}
