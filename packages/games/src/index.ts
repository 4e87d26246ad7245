import { belleEpoque } from '@salient/belle-epoque';
import type { GameModule } from '@salient/engine';
import { loos } from '@salient/loos';
import { pathsOfGlory } from '@salient/paths-of-glory';
import { westernFront } from '@salient/western-front';

/**
 * Every game the product offers, by id. The server takes its games from here; the web client from
 * lazy.ts, which loads each one when a page first needs it.
 */
export const games: Readonly<Record<string, GameModule>> = {
  [loos.id]: loos,
  [belleEpoque.id]: belleEpoque,
  [pathsOfGlory.id]: pathsOfGlory,
  [westernFront.id]: westernFront,
};

export function findGame(id: string): GameModule | undefined {
  return Object.hasOwn(games, id) ? games[id] : undefined;
}
