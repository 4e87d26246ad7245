import type { GameModule } from '@salient/engine';

/**
 * Every game's rules package, loaded the first time it is asked for. The web client takes its games
 * from here, so a bundler splits each game into a file of its own: the lobby downloads no rules, and
 * a match page only its own game's (the four together are about half the client's JavaScript). The
 * ids are those of `games` (index.ts); a test holds the two lists together.
 */
const loaders: Readonly<Record<string, () => Promise<GameModule>>> = {
  loos: () => import('@salient/loos').then((m) => m.loos),
  'belle-epoque': () => import('@salient/belle-epoque').then((m) => m.belleEpoque),
  'paths-of-glory': () => import('@salient/paths-of-glory').then((m) => m.pathsOfGlory),
  'western-front': () => import('@salient/western-front').then((m) => m.westernFront),
};

export const lazyGameIds: readonly string[] = Object.keys(loaders);

/**
 * The game with this id, or undefined when there is none. Rejects when its file cannot be fetched
 * (offline, or a newer deployment replaced it); the module system keeps a loaded game, so asking
 * again costs nothing.
 */
export function loadGame(id: string): Promise<GameModule | undefined> {
  return Object.hasOwn(loaders, id) ? loaders[id]!() : Promise.resolve(undefined);
}
