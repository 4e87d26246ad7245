/**
 * Tournament standings: 2 points a win, 1 a draw, 0 a loss; ties broken by Sonneborn-Berger (the
 * final points of every opponent one beat, plus half those of every opponent one drew with, game
 * by game), then by wins, then by name so that the order is always the same. Pure.
 */

export interface FinishedGame {
  first: string;
  second: string;
  /** The winner's name, or null for a draw. */
  winner: string | null;
}

export interface Standing {
  player: string;
  played: number;
  wins: number;
  draws: number;
  losses: number;
  points: number;
  sonnebornBerger: number;
  rank: number;
}

export const POINTS = { win: 2, draw: 1, loss: 0 } as const;

export function standings(players: readonly string[], games: readonly FinishedGame[]): Standing[] {
  const rows = new Map<string, Omit<Standing, 'rank'>>(
    players.map((p) => [
      p,
      { player: p, played: 0, wins: 0, draws: 0, losses: 0, points: 0, sonnebornBerger: 0 },
    ]),
  );
  const row = (p: string) => {
    const r = rows.get(p);
    if (!r) throw new RangeError(`${p} is not in this tournament`);
    return r;
  };
  for (const game of games) {
    for (const p of [game.first, game.second]) {
      const r = row(p);
      r.played++;
      if (game.winner === null) {
        r.draws++;
        r.points += POINTS.draw;
      } else if (game.winner === p) {
        r.wins++;
        r.points += POINTS.win;
      } else {
        r.losses++;
      }
    }
  }
  for (const game of games) {
    for (const [p, opponent] of [
      [game.first, game.second],
      [game.second, game.first],
    ] as const) {
      const theirs = row(opponent).points;
      if (game.winner === p) row(p).sonnebornBerger += theirs;
      else if (game.winner === null) row(p).sonnebornBerger += theirs / 2;
    }
  }
  const sorted = [...rows.values()].sort(
    (a, b) =>
      b.points - a.points ||
      b.sonnebornBerger - a.sonnebornBerger ||
      b.wins - a.wins ||
      (a.player < b.player ? -1 : a.player > b.player ? 1 : 0),
  );
  // Equal on points, Sonneborn-Berger and wins: the same rank.
  return sorted.map((r, i) => {
    let rank = i + 1;
    for (let j = i - 1; j >= 0; j--) {
      const o = sorted[j]!;
      if (o.points === r.points && o.sonnebornBerger === r.sonnebornBerger && o.wins === r.wins) rank = j + 1;
      else break;
    }
    return { ...r, rank };
  });
}
