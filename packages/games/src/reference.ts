import { reference as belleEpoque } from '@salient/belle-epoque/reference';
import type { GameReference } from '@salient/engine';
import { reference as loos } from '@salient/loos/reference';
import { reference as pathsOfGlory } from '@salient/paths-of-glory/reference';
import { reference as westernFront } from '@salient/western-front/reference';

/**
 * Each game's glossary and rules tables by game id, for the server's rules pages and glossary
 * route. A separate entry point from `./lazy`, so the web client never bundles them.
 */
const REFERENCES: Readonly<Record<string, GameReference>> = {
  'belle-epoque': belleEpoque,
  loos,
  'paths-of-glory': pathsOfGlory,
  'western-front': westernFront,
};

/** A hosted game's reference, null for an id that names no game ("constructor" included). */
export function referenceOf(gameId: string): GameReference | null {
  return Object.hasOwn(REFERENCES, gameId) ? REFERENCES[gameId]! : null;
}
