/**
 * Strength levels. Strength comes from the number of search iterations (each one determinization,
 * one walk down the tree and one playout); the time cap only guards the promise of an answer within
 * the budget on a slow or loaded machine. A decision is deterministic for a given seed and position
 * whenever the iterations finish before the cap; `pnpm bench` prints how often the cap cut a search
 * short, and a game whose iterations are dear scales them down with its `bot.cost`.
 */
export type Level = 'easy' | 'normal' | 'hard';

export interface Budget {
  /** Search iterations: the strength. */
  iterations: number;
  /** Wall-clock cap per decision in milliseconds: the search stops early if it is reached. */
  maxMs: number;
  /** Actions a playout plays before the position is scored by the game's evaluation. */
  depth: number;
  /** Candidate actions a tree node considers at most. */
  breadth: number;
}

export const LEVELS: Readonly<Record<Level, Budget>> = {
  easy: { iterations: 16, maxMs: 500, depth: 8, breadth: 8 },
  normal: { iterations: 96, maxMs: 2_000, depth: 16, breadth: 16 },
  hard: { iterations: 400, maxMs: 10_000, depth: 24, breadth: 24 },
};

export function isLevel(value: unknown): value is Level {
  return value === 'easy' || value === 'normal' || value === 'hard';
}
