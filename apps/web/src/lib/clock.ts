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
