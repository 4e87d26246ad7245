import type { GameModule } from '@salient/engine';

/** Every game the product offers, by id. The server and client take games from here only. */
export const games: Readonly<Record<string, GameModule>> = {};

export function findGame(id: string): GameModule | undefined {
  return Object.hasOwn(games, id) ? games[id] : undefined;
}
