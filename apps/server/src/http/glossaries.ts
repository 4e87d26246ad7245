import { referenceOf } from '@salient/games/reference';
import type { Glossary } from '@salient/protocol';

/**
 * A game's log words explained, from the game's package through the registry: served to the
 * client, which marks the terms in the log without knowing any game. [] for a game without one
 * (and for an id such as "constructor", which is no game's).
 */
export function glossaryOf(gameId: string): Glossary {
  return referenceOf(gameId)?.glossary.map((t) => ({ ...t })) ?? [];
}
