import { readable } from 'svelte/store';

/**
 * Hash routes, so every page is reachable from the one index.html whatever the server does with
 * unknown paths, and an invite link works when pasted anywhere.
 */
export type Route =
  | { page: 'lobby' }
  | { page: 'signin' }
  | { page: 'signup' }
  | { page: 'settings' }
  | { page: 'match'; id: string }
  | { page: 'invite'; code: string }
  | { page: 'replay'; id: string }
  | { page: 'profile'; name: string }
  | { page: 'challenges' }
  | { page: 'leaderboards' }
  | { page: 'tournaments' }
  | { page: 'tournament'; id: string }
  | { page: 'analysis'; id: string; step: number; line: string | null }
  | { page: 'stored-analysis'; id: string }
  | { page: 'seat-analysis'; id: string; step: number }
  | { page: 'not-found'; path: string };

export function parseRoute(hash: string): Route {
  const path = hash.replace(/^#/, '') || '/';
  const parts = path.split('/').filter(Boolean).map(decodeURIComponent);
  const [head, arg] = parts;
  if (parts.length === 0) return { page: 'lobby' };
  if (
    parts.length === 1 &&
    (head === 'signin' ||
      head === 'signup' ||
      head === 'settings' ||
      head === 'lobby' ||
      head === 'challenges' ||
      head === 'leaderboards' ||
      head === 'tournaments')
  ) {
    return { page: head };
  }
  // An analysis: the match, the step it starts from, and (optionally) the moves played, in the link.
  if (head === 'analysis' && arg && (parts.length === 3 || parts.length === 4) && /^\d+$/.test(parts[2]!)) {
    return { page: 'analysis', id: arg, step: Number(parts[2]), line: parts[3] ?? null };
  }
  // One's own match under way, from one's seat's view at a step.
  if (head === 'analyse' && arg && parts.length === 3 && /^\d+$/.test(parts[2]!)) {
    return { page: 'seat-analysis', id: arg, step: Number(parts[2]) };
  }
  if (parts.length === 2 && arg) {
    if (head === 'match') return { page: 'match', id: arg };
    if (head === 'invite') return { page: 'invite', code: arg };
    if (head === 'replay') return { page: 'replay', id: arg };
    // Profiles live at /@/name, as on other game servers.
    if (head === '@') return { page: 'profile', name: arg };
    if (head === 'tournament') return { page: 'tournament', id: arg };
    // An analysis stored on the server, by its id.
    if (head === 'analyses') return { page: 'stored-analysis', id: arg };
  }
  return { page: 'not-found', path };
}

export function href(route: Route): string {
  switch (route.page) {
    case 'lobby':
      return '#/';
    case 'match':
      return `#/match/${encodeURIComponent(route.id)}`;
    case 'invite':
      return `#/invite/${encodeURIComponent(route.code)}`;
    case 'replay':
      return `#/replay/${encodeURIComponent(route.id)}`;
    case 'profile':
      return `#/@/${encodeURIComponent(route.name)}`;
    case 'tournament':
      return `#/tournament/${encodeURIComponent(route.id)}`;
    case 'analysis':
      return `#/analysis/${encodeURIComponent(route.id)}/${route.step}${route.line ? `/${route.line}` : ''}`;
    case 'seat-analysis':
      return `#/analyse/${encodeURIComponent(route.id)}/${route.step}`;
    case 'stored-analysis':
      return `#/analyses/${encodeURIComponent(route.id)}`;
    case 'not-found':
      return '#/';
    default:
      return `#/${route.page}`;
  }
}

export function go(route: Route): void {
  window.location.hash = href(route);
}

export const route = readable<Route>({ page: 'lobby' }, (set) => {
  if (typeof window === 'undefined') return;
  const update = () => set(parseRoute(window.location.hash));
  update();
  window.addEventListener('hashchange', update);
  return () => window.removeEventListener('hashchange', update);
});
