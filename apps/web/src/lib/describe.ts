import type { MatchSummary } from '@salient/protocol';

export function seatsText(m: MatchSummary): string {
  return m.seats.map((s) => `${s.name}: ${s.user?.username ?? 'open'}`).join(' · ');
}

export function timeControlText(m: MatchSummary): string {
  const tc = m.timeControl;
  if (tc.kind === 'live') return `live ${Math.round(tc.initialSeconds / 60)} min + ${tc.incrementSeconds}s`;
  if (tc.kind === 'correspondence') return `correspondence, ${Math.round(tc.secondsPerTurn / 3600)} h a turn`;
  return 'no time limit';
}
