import { LOOS_GLOSSARY } from '@salient/loos/rules-tables';
import { POG_GLOSSARY } from '@salient/paths-of-glory/glossary';
import type { Glossary } from '@salient/protocol';
import { WF_GLOSSARY } from '@salient/western-front/glossary';

/**
 * Each game's log words explained, from the game's own package (see rulesTables.ts for the same
 * pattern): served to the client, which marks the terms in the log without knowing any game.
 */
const GLOSSARIES: Record<string, () => Glossary> = {
  loos: () => LOOS_GLOSSARY.map((t) => ({ ...t })),
  'paths-of-glory': () => POG_GLOSSARY.map((t) => ({ ...t })),
  'western-front': () => WF_GLOSSARY.map((t) => ({ ...t })),
};

/** A game's glossary, [] for a game without one (an id such as "constructor" is no game's). */
export function glossaryOf(gameId: string): Glossary {
  return Object.hasOwn(GLOSSARIES, gameId) ? GLOSSARIES[gameId]!() : [];
}
