import type { GameReference } from '@salient/engine';

/** Belle Epoque's log was judged plain (issue 11): no glossary yet, and no generated tables. */
export const reference: GameReference = { glossary: [] };
