/**
 * Glicko-2 (Mark Glickman, "Example of the Glicko-2 system", 2013), pure. Ratings are shown on the
 * Glicko scale (1500 / 350); the arithmetic runs on the Glicko-2 scale (mu, phi) as the paper does.
 * Each rated match is a rating period of its own, as most online servers do: a player's rating
 * moves as soon as a match ends instead of waiting for the end of a month.
 */

export interface Rating {
  rating: number;
  /** Rating deviation: how unsure the rating is. */
  rd: number;
  volatility: number;
}

/** One game of the period: the opponent as they were before it, and the score (1, 0.5, 0). */
export interface GameResult {
  opponent: Rating;
  score: 0 | 0.5 | 1;
}

export const DEFAULT_RATING: Readonly<Rating> = Object.freeze({ rating: 1500, rd: 350, volatility: 0.06 });

/** Constrains the change of volatility over time; Glickman suggests 0.3 to 1.2, and uses 0.5. */
export const TAU = 0.5;
/** A rating counts as provisional until this many rated games: shown with a question mark. */
export const PROVISIONAL_GAMES = 10;
/** The deviation never grows past a newcomer's, nor shrinks so far that a rating stops moving. */
export const MAX_RD = 350;
export const MIN_RD = 30;

const SCALE = 173.7178;
const EPSILON = 0.000001;

const g = (phi: number) => 1 / Math.sqrt(1 + (3 * phi * phi) / (Math.PI * Math.PI));
const expected = (mu: number, muJ: number, phiJ: number) => 1 / (1 + Math.exp(-g(phiJ) * (mu - muJ)));

/** The new volatility (step 5 of the paper: the Illinois algorithm on f(x) = 0). */
function newVolatility(phi: number, sigma: number, v: number, delta: number, tau: number): number {
  const a = Math.log(sigma * sigma);
  const f = (x: number) => {
    const ex = Math.exp(x);
    const d = phi * phi + v + ex;
    return (ex * (delta * delta - phi * phi - v - ex)) / (2 * d * d) - (x - a) / (tau * tau);
  };
  let A = a;
  let B: number;
  if (delta * delta > phi * phi + v) {
    B = Math.log(delta * delta - phi * phi - v);
  } else {
    let k = 1;
    while (f(a - k * tau) < 0) k++;
    B = a - k * tau;
  }
  let fA = f(A);
  let fB = f(B);
  // Bounded: the interval halves at least every other step; 100 steps is far past convergence.
  for (let i = 0; i < 100 && Math.abs(B - A) > EPSILON; i++) {
    const C = A + ((A - B) * fA) / (fB - fA);
    const fC = f(C);
    if (fC * fB <= 0) {
      A = B;
      fA = fB;
    } else {
      fA /= 2;
    }
    B = C;
    fB = fC;
  }
  return Math.exp(A / 2);
}

/** The player's rating after a period with these games (none: only the deviation grows). */
export function updateRating(player: Rating, games: readonly GameResult[], tau = TAU): Rating {
  const mu = (player.rating - 1500) / SCALE;
  const phi = player.rd / SCALE;
  const sigma = player.volatility;
  if (games.length === 0) {
    const grown = Math.sqrt(phi * phi + sigma * sigma) * SCALE;
    return { rating: player.rating, rd: Math.min(grown, MAX_RD), volatility: sigma };
  }
  let vInverse = 0;
  let sum = 0;
  for (const game of games) {
    const muJ = (game.opponent.rating - 1500) / SCALE;
    const phiJ = game.opponent.rd / SCALE;
    const e = expected(mu, muJ, phiJ);
    const gj = g(phiJ);
    vInverse += gj * gj * e * (1 - e);
    sum += gj * (game.score - e);
  }
  const v = 1 / vInverse;
  const delta = v * sum;
  const sigmaNew = newVolatility(phi, sigma, v, delta, tau);
  const phiStar = Math.sqrt(phi * phi + sigmaNew * sigmaNew);
  const phiNew = 1 / Math.sqrt(1 / (phiStar * phiStar) + 1 / v);
  const muNew = mu + phiNew * phiNew * sum;
  return { rating: muNew * SCALE + 1500, rd: phiNew * SCALE, volatility: sigmaNew };
}

/** The same, with the deviation kept within [MIN_RD, MAX_RD]: what the server stores. */
export function ratedUpdate(player: Rating, games: readonly GameResult[]): Rating {
  const next = updateRating(player, games);
  return { ...next, rd: Math.min(MAX_RD, Math.max(MIN_RD, next.rd)) };
}

export const isProvisional = (ratedGames: number) => ratedGames < PROVISIONAL_GAMES;

/**
 * The scores of a finished match between the seats: the winner beat every other seat; with no
 * winner (a draw) or between two losers, each game counts half. Seats missing from `seats` are not
 * rated.
 */
export function pairwiseScores(
  seats: readonly string[],
  winner: string | null,
): { seat: string; opponent: string; score: 0 | 0.5 | 1 }[] {
  const out: { seat: string; opponent: string; score: 0 | 0.5 | 1 }[] = [];
  for (const seat of seats) {
    for (const opponent of seats) {
      if (seat === opponent) continue;
      const score = seat === winner ? 1 : opponent === winner ? 0 : 0.5;
      out.push({ seat, opponent, score });
    }
  }
  return out;
}
