import { referenceOf } from '@salient/games/reference';

/**
 * Tables a game's rules page adds after its rules document (combat results, terrain), made by the
 * game's package from the data its rules use; null for a game without such tables.
 */
export function rulesTables(gameId: string): string | null {
  return referenceOf(gameId)?.rulesTables?.() ?? null;
}
