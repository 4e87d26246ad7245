import type { ClockState } from '@salient/protocol';

/** Milliseconds a seat has left now, counting down from the server's reading if its clock runs. */
export function remainingMs(clock: ClockState, seat: string, nowMs: number): number | null {
  if (clock.kind !== 'live') return null;
  const at = clock.remainingMs[seat];
  if (at === undefined) return null;
  const elapsed = clock.running.includes(seat) ? Math.max(0, nowMs - Date.parse(clock.asOf)) : 0;
  return Math.max(0, at - elapsed);
}

export function formatDuration(ms: number): string {
  const total = Math.ceil(ms / 1000);
  const d = Math.floor(total / 86_400);
  const h = Math.floor((total % 86_400) / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  if (d > 0) return `${d}d ${h}h`;
  if (h > 0) return `${h}:${pad(m)}:${pad(s)}`;
  return `${m}:${pad(s)}`;
}

/** One line per clock for the match header: each side's time, or the turn's deadline. */
export function clockLines(
  clock: ClockState,
  seats: { seat: string; name: string }[],
  nowMs: number,
): string[] {
  if (clock.kind === 'none') return [];
  if (clock.kind === 'correspondence') {
    if (clock.deadline === null) return ['No deadline running'];
    const left = Date.parse(clock.deadline) - nowMs;
    return [
      left > 0
        ? `Turn deadline in ${formatDuration(left)}`
        : 'Turn deadline passed: the waiting side may claim',
    ];
  }
  return seats.map(({ seat, name }) => {
    const ms = remainingMs(clock, seat, nowMs);
    const running = clock.running.includes(seat) ? ' ▶' : '';
    return `${name} ${ms === null ? '—' : formatDuration(ms)}${running}`;
  });
}

/**
 * The server's clock as seen from this browser: deadlines and running clocks are counted from the
 * server's readings, so a browser whose clock is off by minutes must not show a wrong countdown.
 * Each reading the server stamps (`asOf`) updates the offset.
 */
let offsetMs = 0;
let offsetKnown = false;

export function noteServerTime(asOf: string, receivedAtMs = Date.now()): void {
  const t = Date.parse(asOf);
  if (!Number.isFinite(t)) return;
  const offset = t - receivedAtMs;
  // A reading delayed in transit underestimates the server's time: prefer the largest offset seen,
  // but let a clock that jumped back (corrected) be followed when readings disagree by over a minute.
  if (!offsetKnown || offset > offsetMs || offsetMs - offset > 60_000) offsetMs = offset;
  offsetKnown = true;
}

export function serverNow(): number {
  return Date.now() + offsetMs;
}

export function serverOffsetMs(): number {
  return offsetMs;
}

/** Notes the server time of any summary's clock reading. */
export function noteClock(clock: ClockState): void {
  if (clock.kind !== 'none') noteServerTime(clock.asOf);
}
