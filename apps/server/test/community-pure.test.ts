import { describe, expect, it } from 'vitest';
import { pairwiseScores, ratedUpdate, updateRating } from '../src/community/pure/glicko2.ts';
import { MAX_ENTRANTS, MIN_ENTRANTS, roundCount, roundRobin } from '../src/community/pure/roundRobin.ts';
import { standings } from '../src/community/pure/standings.ts';
import { TIMEOUT_BAR, timeoutBar } from '../src/community/pure/timeoutBar.ts';

describe('Glicko-2', () => {
  it("gives Glickman's worked example: 1500/200/0.06 against 1400/30 (won), 1550/100 and 1700/300 (lost)", () => {
    const next = updateRating({ rating: 1500, rd: 200, volatility: 0.06 }, [
      { opponent: { rating: 1400, rd: 30, volatility: 0.06 }, score: 1 },
      { opponent: { rating: 1550, rd: 100, volatility: 0.06 }, score: 0 },
      { opponent: { rating: 1700, rd: 300, volatility: 0.06 }, score: 0 },
    ]);
    // The paper rounds its intermediate figures (mu' = -0.2069); unrounded arithmetic gives 1464.0507.
    expect(Math.abs(next.rating - 1464.06)).toBeLessThan(0.01);
    expect(next.rd.toFixed(2)).toBe('151.52');
    // The paper prints 0.05999, cut off at five places: the figure is 0.059996.
    expect(next.volatility).toBeGreaterThanOrEqual(0.05999);
    expect(next.volatility).toBeLessThan(0.06);
  });

  it('grows only the deviation over a period without games, never past a newcomer’s', () => {
    const next = updateRating({ rating: 1600, rd: 100, volatility: 0.06 }, []);
    expect(next.rating).toBe(1600);
    expect(next.rd).toBeCloseTo(Math.sqrt((100 / 173.7178) ** 2 + 0.06 ** 2) * 173.7178, 6);
    expect(updateRating({ rating: 1500, rd: 350, volatility: 0.06 }, []).rd).toBe(350);
  });

  it('moves two newcomers symmetrically after one game, and a draw between equals changes no rating', () => {
    const fresh = { rating: 1500, rd: 350, volatility: 0.06 };
    const winner = ratedUpdate(fresh, [{ opponent: fresh, score: 1 }]);
    const loser = ratedUpdate(fresh, [{ opponent: fresh, score: 0 }]);
    expect(winner.rating - 1500).toBeCloseTo(1500 - loser.rating, 6);
    expect(winner.rating).toBeGreaterThan(1600);
    expect(ratedUpdate(fresh, [{ opponent: fresh, score: 0.5 }]).rating).toBeCloseTo(1500, 6);
  });

  it('keeps the stored deviation at 30 or more', () => {
    const steady = { rating: 1500, rd: 30, volatility: 0.06 };
    const games = Array.from({ length: 60 }, () => ({ opponent: steady, score: 0.5 as const }));
    expect(updateRating(steady, games).rd).toBeLessThan(30);
    expect(ratedUpdate(steady, games).rd).toBe(30);
  });

  it('scores a match pairwise: the winner beat every other seat, the others drew among themselves', () => {
    expect(pairwiseScores(['a', 'b'], 'b')).toEqual([
      { seat: 'a', opponent: 'b', score: 0 },
      { seat: 'b', opponent: 'a', score: 1 },
    ]);
    expect(pairwiseScores(['a', 'b'], null).map((s) => s.score)).toEqual([0.5, 0.5]);
    expect(pairwiseScores(['a', 'b', 'c'], 'a').filter((s) => s.seat === 'b')).toEqual([
      { seat: 'b', opponent: 'a', score: 0 },
      { seat: 'b', opponent: 'c', score: 0.5 },
    ]);
  });
});

describe('round-robin pools', () => {
  for (let n = MIN_ENTRANTS; n <= MAX_ENTRANTS; n++) {
    it(`${n} entrants: each plays each side equally often, every opponent once per side, never one side twice in a round`, () => {
      const games = roundRobin(n);
      expect(games).toHaveLength(n * (n - 1));
      expect(new Set(games.map((g) => g.round)).size).toBe(roundCount(n));
      for (let p = 0; p < n; p++) {
        expect(games.filter((g) => g.first === p)).toHaveLength(n - 1);
        expect(games.filter((g) => g.second === p)).toHaveLength(n - 1);
        for (let q = 0; q < n; q++) {
          if (q === p) continue;
          expect(games.filter((g) => g.first === p && g.second === q)).toHaveLength(1);
        }
        for (let r = 1; r <= roundCount(n); r++) {
          const inRound = games.filter((g) => g.round === r);
          expect(inRound.filter((g) => g.first === p).length).toBeLessThanOrEqual(1);
          expect(inRound.filter((g) => g.second === p).length).toBeLessThanOrEqual(1);
          // Both games of a round are against the same opponent: one with each side.
          const opponents = new Set(
            inRound
              .filter((g) => g.first === p || g.second === p)
              .map((g) => (g.first === p ? g.second : g.first)),
          );
          expect(opponents.size).toBeLessThanOrEqual(1);
        }
      }
    });
  }

  it('refuses pools of fewer than 3 or more than 8', () => {
    expect(() => roundRobin(2)).toThrow(RangeError);
    expect(() => roundRobin(9)).toThrow(RangeError);
  });
});

describe('standings', () => {
  it('scores 2 a win and 1 a draw and breaks ties by Sonneborn-Berger (worked example)', () => {
    // A beats B and D, loses to C: 4 points. B beats C and D, loses to A: 4. C beats A, loses to
    // B, draws D: 3. D draws C, loses to A and B: 1.
    // Sonneborn-Berger: A = B's 4 + D's 1 = 5; B = C's 3 + D's 1 = 4; C = A's 4 + half D's 1 = 4.5;
    // D = half C's 3 = 1.5. A and B tie on points; A's better Sonneborn-Berger puts A first.
    const table = standings(
      ['A', 'B', 'C', 'D'],
      [
        { first: 'A', second: 'B', winner: 'A' },
        { first: 'C', second: 'A', winner: 'C' },
        { first: 'A', second: 'D', winner: 'A' },
        { first: 'B', second: 'C', winner: 'B' },
        { first: 'D', second: 'B', winner: 'B' },
        { first: 'C', second: 'D', winner: null },
      ],
    );
    expect(table.map((r) => [r.player, r.points, r.sonnebornBerger, r.rank])).toEqual([
      ['A', 4, 5, 1],
      ['B', 4, 4, 2],
      ['C', 3, 4.5, 3],
      ['D', 1, 1.5, 4],
    ]);
    expect(table[2]).toMatchObject({ wins: 1, draws: 1, losses: 1, played: 3 });
  });

  it('gives equal rows the same rank and refuses a stranger', () => {
    const table = standings(['x', 'y'], [{ first: 'x', second: 'y', winner: null }]);
    expect(table.map((r) => r.rank)).toEqual([1, 1]);
    expect(() => standings(['x'], [{ first: 'x', second: 'z', winner: 'x' }])).toThrow(RangeError);
  });
});

describe('timeout bar', () => {
  const day = 24 * 60 * 60 * 1000;
  const t0 = Date.UTC(2026, 0, 1);

  it('applies a week after a first timeout and lifts when the week is over', () => {
    expect(timeoutBar([], t0)).toBeNull();
    expect(timeoutBar([t0], t0 + day)).toEqual({ until: t0 + 7 * day, timeouts: 1 });
    expect(timeoutBar([t0], t0 + 7 * day)).toBeNull();
  });

  it('doubles with each repeated timeout up to the cap, and forgets timeouts past the memory window', () => {
    expect(timeoutBar([t0, t0 + 10 * day], t0 + 11 * day)?.until).toBe(t0 + 24 * day);
    expect(timeoutBar([t0, t0 + 10 * day, t0 + 30 * day], t0 + 31 * day)?.until).toBe(t0 + 58 * day);
    const many = Array.from({ length: 8 }, (_, i) => t0 + i * day);
    expect(timeoutBar(many, t0 + 8 * day)?.until).toBe(t0 + 7 * day + TIMEOUT_BAR.maxMs);
    const old = t0 - TIMEOUT_BAR.memoryMs - day;
    expect(timeoutBar([old, t0], t0 + day)).toEqual({ until: t0 + 7 * day, timeouts: 1 });
  });

  it('ignores timeouts recorded after `now`', () => {
    expect(timeoutBar([t0 + day], t0)).toBeNull();
  });
});
