/**
 * Telling a player it is their turn when they are looking elsewhere: the tab's title and a badge on
 * its icon, an optional sound, and a browser notification once they have allowed it (permission is
 * only asked for when they click to turn notifications on).
 */

const BASE_ICON =
  "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 32 32'><rect width='32' height='32' rx='6' fill='%232b3a42'/><path d='M8 22 L16 8 L24 22 Z' fill='%23d9b26f'/>";
const icon = (badge: boolean) =>
  `data:image/svg+xml,${BASE_ICON}${badge ? "<circle cx='25' cy='7' r='7' fill='%23e0301e' stroke='white' stroke-width='2'/>" : ''}</svg>`;

function iconLink(): HTMLLinkElement {
  let link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (!link) {
    link = document.createElement('link');
    link.rel = 'icon';
    document.head.appendChild(link);
  }
  return link;
}

export const BASE_TITLE = 'Salient';

/** Sets the tab's title and icon badge for "your turn" (or clears them). */
export function showTurn(yourTurn: boolean, what: string): void {
  document.title = yourTurn ? `(●) Your turn · ${what} · ${BASE_TITLE}` : `${what} · ${BASE_TITLE}`;
  const link = iconLink();
  link.href = icon(yourTurn);
  link.dataset.badge = String(yourTurn);
}

export function clearTurn(): void {
  document.title = BASE_TITLE;
  const link = iconLink();
  link.href = icon(false);
  link.dataset.badge = 'false';
}

const SOUND_KEY = 'salient:turn-sound';
export const soundWanted = () => localStorage.getItem(SOUND_KEY) === 'on';
export const setSoundWanted = (on: boolean) => localStorage.setItem(SOUND_KEY, on ? 'on' : 'off');

/** A short two-note chime, made on the spot (no sound file to download). */
export function chime(): void {
  try {
    const ctx = new AudioContext();
    const gain = ctx.createGain();
    gain.connect(ctx.destination);
    gain.gain.setValueAtTime(0.15, ctx.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, ctx.currentTime + 0.6);
    for (const [i, f] of [660, 880].entries()) {
      const osc = ctx.createOscillator();
      osc.frequency.value = f;
      osc.connect(gain);
      osc.start(ctx.currentTime + i * 0.15);
      osc.stop(ctx.currentTime + 0.6);
    }
    setTimeout(() => void ctx.close(), 1000);
  } catch {
    // No audio (a browser without Web Audio, or one that refuses it before a click): stay silent.
  }
}

export function notificationsSupported(): boolean {
  return typeof Notification !== 'undefined';
}

export async function askNotifications(): Promise<NotificationPermission> {
  if (!notificationsSupported()) return 'denied';
  return Notification.requestPermission();
}

/** A system notification, only when allowed and the page is not being looked at. */
export function notifyTurn(what: string): void {
  if (!notificationsSupported() || Notification.permission !== 'granted' || !document.hidden) return;
  try {
    new Notification('Your turn', { body: what, tag: 'salient-turn' });
  } catch {
    // Some browsers only allow notifications from a service worker: the title and badge remain.
  }
}
