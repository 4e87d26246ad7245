import type { SeatRating } from '@salient/protocol';
import { chime, notificationsSupported, soundWanted } from './turnAlert.ts';

/** " (1512)", " (1500?)" while provisional, or nothing for a seat without a rating. */
export function ratingText(rating: SeatRating | null | undefined): string {
  if (!rating) return '';
  return ` (${rating.start}${rating.provisional ? '?' : ''})`;
}

/** The change a rated match made, signed: "+12", "-8", or "" when there was none. */
export function ratingChange(rating: SeatRating | null | undefined): string {
  if (!rating || rating.after === null) return '';
  const d = rating.after - rating.start;
  return d >= 0 ? `+${d}` : `${d}`;
}

export const profileHref = (username: string) => `#/@/${encodeURIComponent(username)}`;

const dateFormat = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', year: 'numeric' });
export const dayText = (iso: string) => dateFormat.format(new Date(iso));
const timeFormat = new Intl.DateTimeFormat(undefined, {
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
});
/** A day and a time: for chart labels when every point falls within two days. */
export const timeText = (iso: string) => timeFormat.format(new Date(iso));

/** "3 minutes ago", "2 days ago": for "last seen". */
export function agoText(iso: string, now = Date.now()): string {
  const s = Math.max(0, Math.round((now - new Date(iso).getTime()) / 1000));
  const units: [number, string][] = [
    [86_400 * 365, 'year'],
    [86_400 * 30, 'month'],
    [86_400, 'day'],
    [3_600, 'hour'],
    [60, 'minute'],
  ];
  for (const [size, name] of units) {
    const n = Math.floor(s / size);
    if (n >= 1) return `${n} ${name}${n > 1 ? 's' : ''} ago`;
  }
  return 'just now';
}

/**
 * A new challenge, told as a turn is: the chime when the player wants sounds, and a system
 * notification when allowed and the page is not being looked at.
 */
export function alertChallenge(from: string): void {
  if (soundWanted()) chime();
  if (!notificationsSupported() || Notification.permission !== 'granted' || !document.hidden) return;
  try {
    new Notification('A challenge', { body: `${from} challenges you`, tag: 'salient-challenge' });
  } catch {
    // Some browsers only allow notifications from a service worker: the badge remains.
  }
}
