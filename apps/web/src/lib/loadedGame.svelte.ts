import type { GameModule } from '@salient/engine';
import { loadGame } from '@salient/games/lazy';

/** Where a page stands with the rules package of the game it shows. */
export type GameLoad =
  | { status: 'none' }
  | { status: 'loading'; id: string }
  | { status: 'ready'; id: string; game: GameModule }
  | { status: 'unknown'; id: string }
  | { status: 'failed'; id: string };

/** What a page says instead of the board while the game is not ready; null once it is. */
export function gameLoadText(load: GameLoad): string | null {
  switch (load.status) {
    case 'none':
    case 'ready':
      return null;
    case 'loading':
      return 'Loading the rules…';
    case 'unknown':
      return `This client does not know the game “${load.id}”.`;
    case 'failed':
      return 'The rules of this game could not be loaded: check the connection and reload the page (Salient may have been updated since it was opened).';
  }
}

/**
 * Loads the rules package of the game a page shows, each game in a file of its own
 * (@salient/games/lazy), and again whenever the id changes. Call it while a component is created:
 * it sets up an effect. Only the id is tracked, so a page whose match summary changes on every
 * push does not ask again.
 */
export function loadedGame(id: () => string | undefined): { readonly current: GameLoad } {
  let load = $state.raw<GameLoad>({ status: 'none' });
  const wanted = $derived(id());
  $effect(() => {
    const gameId = wanted;
    if (gameId === undefined) {
      load = { status: 'none' };
      return;
    }
    let stale = false;
    load = { status: 'loading', id: gameId };
    loadGame(gameId).then(
      (game) => {
        if (!stale) load = game ? { status: 'ready', id: gameId, game } : { status: 'unknown', id: gameId };
      },
      () => {
        if (!stale) load = { status: 'failed', id: gameId };
      },
    );
    return () => {
      stale = true;
    };
  });
  return {
    get current() {
      return load;
    },
  };
}
