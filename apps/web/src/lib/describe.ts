import type { GameInfo, MatchSummary } from '@salient/protocol';
import { formatDuration, remainingMs } from './clock.ts';
import { ratingText } from './community.ts';

/** A seat the computer plays, named by its strength. */
export const computerName = (bot: string) => `computer (${bot})`;

export function seatsText(m: MatchSummary): string {
  return m.seats
    .map(
      (s) =>
        `${s.name}: ${s.bot ? computerName(s.bot) : (s.user?.username ?? 'open')}${ratingText(s.rating)}`,
    )
    .join(' · ');
}

export function timeControlText(m: Pick<MatchSummary, 'timeControl'>): string {
  const tc = m.timeControl;
  if (tc.kind === 'live') {
    const minutes =
      tc.initialSeconds >= 60 ? `${Math.round(tc.initialSeconds / 60)} min` : `${tc.initialSeconds} s`;
    return `live, ${minutes}${tc.incrementSeconds > 0 ? ` + ${tc.incrementSeconds} s a move` : ''}`;
  }
  if (tc.kind === 'correspondence') {
    const s = tc.secondsPerTurn;
    if (s % 86_400 === 0) return `correspondence, ${s / 86_400} day${s === 86_400 ? '' : 's'} a turn`;
    return `correspondence, ${Math.round(s / 3600)} h a turn`;
  }
  return 'no time limit';
}

/** The game's title and the scenario's name as the catalogue gives them (ids only for unknown games). */
export function titleOf(catalogue: readonly GameInfo[], m: Pick<MatchSummary, 'game' | 'scenario'>): string {
  const game = catalogue.find((g) => g.id === m.game);
  const scenario = game?.scenarios.find((s) => s.id === m.scenario);
  return `${game?.title ?? m.game}${scenario ? ` · ${scenario.name}` : ''}`;
}

/** The other players, by name, from the viewer's seat (or everyone when the viewer has none). */
export function opponentText(m: MatchSummary): string {
  const others = m.seats.filter((s) => s.seat !== m.yourSeat);
  return others
    .map(
      (s) =>
        `${s.bot ? computerName(s.bot) : (s.user?.username ?? 'open seat')}${ratingText(s.rating)} (${s.name})`,
    )
    .join(', ');
}

const deadlineFormat = new Intl.DateTimeFormat(undefined, {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
});

/** An absolute instant in the viewer's own time zone, e.g. "Tue 24 Nov, 14:05". */
export function localTime(iso: string): string {
  return deadlineFormat.format(new Date(iso));
}

/** What the clock means for this match now: the turn's deadline, or each side's time left. */
export function clockText(m: MatchSummary, nowMs: number): string {
  const c = m.clock;
  if (c.kind === 'correspondence') return c.deadline ? `move by ${localTime(c.deadline)}` : '';
  if (c.kind === 'live') {
    return m.seats
      .map((s) => {
        const left = remainingMs(c, s.seat, nowMs);
        return left === null ? '' : `${s.name} ${formatDuration(left)}`;
      })
      .filter(Boolean)
      .join(' · ');
  }
  return '';
}

export const isLive = (m: MatchSummary) => m.timeControl.kind === 'live';

/**
 * An outcome's reason with seat ids ("german ran out of time") put in the seats' names, since the
 * server words some reasons with the ids.
 */
export function reasonInWords(reason: string, seats: readonly { seat: string; name: string }[]): string {
  let out = reason;
  for (const s of seats) out = out.replace(new RegExp(`\\b${s.seat.replace(/[^\w-]/g, '')}\\b`, 'g'), s.name);
  return out;
}
