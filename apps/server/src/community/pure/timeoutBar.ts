/**
 * A player who lets a tournament game time out may not join new tournaments for a while, and the
 * while grows with repeated timeouts: a week for the first timeout within the memory window, two
 * for the second, four for the third, and so on up to a cap. Timeouts older than the window are
 * forgiven. Pure: the caller passes the timeouts and the time.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

export const TIMEOUT_BAR = {
  /** The bar for a first timeout. */
  firstMs: 7 * DAY_MS,
  /** Timeouts further back than this no longer count. */
  memoryMs: 180 * DAY_MS,
  /** The longest bar. */
  maxMs: 112 * DAY_MS,
} as const;

export interface TimeoutBar {
  /** When the bar lifts (ms since the epoch). */
  until: number;
  /** The timeouts that counted towards it. */
  timeouts: number;
}

/** The bar in force at `now`, or null: `timeouts` are the times (ms) of the player's timeouts. */
export function timeoutBar(timeouts: readonly number[], now: number): TimeoutBar | null {
  const latest = Math.max(...timeouts.filter((t) => t <= now), Number.NEGATIVE_INFINITY);
  if (!Number.isFinite(latest)) return null;
  // Counted back from the latest timeout, so a bar does not shrink while it runs.
  const counted = timeouts.filter((t) => t <= latest && latest - t < TIMEOUT_BAR.memoryMs).length;
  const length = Math.min(TIMEOUT_BAR.firstMs * 2 ** (counted - 1), TIMEOUT_BAR.maxMs);
  const until = latest + length;
  return until > now ? { until, timeouts: counted } : null;
}
