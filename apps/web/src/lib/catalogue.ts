import { api, type GameInfo, gamesResponse } from '@salient/protocol';
import { call } from './api/client.ts';

let catalogue: Promise<GameInfo[]> | null = null;

/** The server's games, scenarios and sides, asked for once per page load. */
export function loadCatalogue(): Promise<GameInfo[]> {
  catalogue ??= call('GET', api.games, gamesResponse)
    .then((r) => r.games)
    .catch((err) => {
      catalogue = null;
      throw err;
    });
  return catalogue;
}

export const gameTitle = (games: readonly GameInfo[], id: string) =>
  games.find((g) => g.id === id)?.title ?? id;
