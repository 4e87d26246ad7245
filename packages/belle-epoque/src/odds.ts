/**
 * Exact chances of the game's dice, for previews: no dice are rolled here, so the numbers a player
 * sees are the rules' own, computed from the same levels and "to hit" numbers the rolls use.
 */

/** A distribution over whole numbers: `chance[k]` is the probability of exactly k. */
export type Distribution = number[];

/** The chance that a die at or under `score` comes up (a reactivity test). */
export function passChance(score: number): number {
  return Math.max(0, Math.min(6, score)) / 6;
}

/** Hits from `dice` dice that each hit with probability `p`: the binomial distribution. */
export function hitDistribution(dice: number, p: number): Distribution {
  let dist: Distribution = [1];
  for (let i = 0; i < dice; i++) {
    const next: Distribution = new Array(dist.length + 1).fill(0);
    dist.forEach((q, k) => {
      next[k] = next[k]! + q * (1 - p);
      next[k + 1] = next[k + 1]! + q * p;
    });
    dist = next;
  }
  return dist;
}

/** The chance one fire die hits: above the automatic misses and at or under the "to hit" number. */
export function hitChance(hitOn: number, missUpTo: number): number {
  return Math.max(0, hitOn - missUpTo) / 6;
}

/** An assault side's total: each of `dice` dice adds its own score when at or under `level`. */
export function assaultTotalDistribution(dice: number, level: number): Distribution {
  let dist: Distribution = [1];
  for (let i = 0; i < dice; i++) {
    const next: Distribution = new Array(dist.length + level).fill(0);
    dist.forEach((q, total) => {
      for (let face = 1; face <= 6; face++) {
        const sum = total + (face <= level ? face : 0);
        next[sum] = next[sum]! + q / 6;
      }
    });
    dist = next;
  }
  return dist;
}

/**
 * The margin of an assault, attacker's total minus defender's: `chance` maps each margin (positive:
 * the defender loses that many; negative: the attacker does; zero: a tie) to its probability.
 */
export function assaultMargins(attack: Distribution, defence: Distribution): Map<number, number> {
  const margins = new Map<number, number>();
  attack.forEach((pa, a) => {
    if (pa === 0) return;
    defence.forEach((pd, d) => {
      if (pd === 0) return;
      margins.set(a - d, (margins.get(a - d) ?? 0) + pa * pd);
    });
  });
  return margins;
}
