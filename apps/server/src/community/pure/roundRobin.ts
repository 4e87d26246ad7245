/**
 * Round-robin pools for two-sided games, as correspondence tournaments play them: each pair of
 * entrants meets twice, once with each side, and both games of a pair run in the same round. So
 * every entrant plays each side exactly once against each opponent (n - 1 times in all), and
 * within a round nobody holds the same side in two games at once. Pure and deterministic.
 */

export interface Pairing {
  round: number;
  /** Indexes into the entrants: who plays the first side, who plays the second. */
  first: number;
  second: number;
}

export const MIN_ENTRANTS = 3;
export const MAX_ENTRANTS = 8;

/**
 * The circle method: entrant 0 (or the bye, with an odd count) stays put and the others rotate.
 * Returns rounds of pairs [a, b] with a < b; an odd count gives each entrant one round off.
 */
export function circlePairs(n: number): [number, number][][] {
  const slots: (number | null)[] = Array.from({ length: n }, (_, i) => i);
  if (n % 2 === 1) slots.push(null);
  const size = slots.length;
  const rounds: [number, number][][] = [];
  for (let r = 0; r < size - 1; r++) {
    const pairs: [number, number][] = [];
    for (let i = 0; i < size / 2; i++) {
      const a = slots[i]!;
      const b = slots[size - 1 - i]!;
      if (a !== null && b !== null) pairs.push(a < b ? [a, b] : [b, a]);
    }
    rounds.push(pairs);
    // Keep the first slot, rotate the rest one place.
    const rest = slots.slice(1);
    rest.unshift(rest.pop()!);
    slots.splice(1, size - 1, ...rest);
  }
  return rounds;
}

/** Every game of a pool of `n` entrants, round by round (rounds numbered from 1). */
export function roundRobin(n: number): Pairing[] {
  if (!Number.isInteger(n) || n < MIN_ENTRANTS || n > MAX_ENTRANTS) {
    throw new RangeError(`a pool takes ${MIN_ENTRANTS} to ${MAX_ENTRANTS} entrants, not ${n}`);
  }
  const games: Pairing[] = [];
  circlePairs(n).forEach((pairs, i) => {
    for (const [a, b] of pairs) {
      games.push({ round: i + 1, first: a, second: b });
      games.push({ round: i + 1, first: b, second: a });
    }
  });
  return games;
}

export const roundCount = (n: number) => (n % 2 === 0 ? n - 1 : n);
