import { loosRulesTables } from '@salient/loos/rules-tables';

/**
 * Tables a game's rules page adds after its rules document (combat results, terrain), made by the
 * game's package from the data its rules use. A game without such tables has none here.
 */
const TABLES: Record<string, () => string> = {
  loos: loosRulesTables,
};

export function rulesTables(gameId: string): string | null {
  return TABLES[gameId]?.() ?? null;
}
