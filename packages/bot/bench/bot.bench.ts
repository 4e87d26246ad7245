/**
 * Bot benchmark: milliseconds per decision for each game and strength level (p50, p99, max), the
 * iterations run and how often the time cap cut the search short, over positions of random games
 * (only positions with a real choice: a lone legal action costs nothing). Run with `pnpm bench`;
 * BOT_BENCH_POSITIONS sets the positions per game (default 8), BOT_BENCH_GAMES the game ids.
 */
import { games } from '@salient/games';
import { decide, LEVELS, type Level } from '../src/index.ts';
import { positionsOfGame } from '../test/positions.ts';

const COUNT = Number(process.env.BOT_BENCH_POSITIONS ?? 8);
const ONLY = process.env.BOT_BENCH_GAMES?.split(',');

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
}

for (const game of Object.values(games)) {
  if (ONLY && !ONLY.includes(game.id)) continue;
  const scenario = game.scenarios[0]!.id;
  const positions = [];
  for (let g = 0; positions.length < COUNT && g < 20; g++)
    for (const p of positionsOfGame(game, scenario, `bench-${g}`))
      if (positions.length < COUNT && game.choices(p.state, p.seat).length > 1) positions.push(p);
  for (const level of Object.keys(LEVELS) as Level[]) {
    const times: number[] = [];
    let iterations = 0;
    let capped = 0;
    for (const [i, p] of positions.entries()) {
      const d = decide(game, game.view(p.state, p.seat), p.seat, { level, seed: `bench-${i}` });
      times.push(d.elapsedMs);
      iterations += d.iterations;
      if (d.timedOut) capped++;
    }
    times.sort((a, b) => a - b);
    const cap = LEVELS[level].maxMs;
    console.log(
      `bot ${game.id} ${scenario} ${level}: decision p50 ${quantile(times, 0.5).toFixed(0)} ms, p99 ${quantile(times, 0.99).toFixed(0)} ms, max ${times.at(-1)!.toFixed(0)} ms (cap ${cap} ms), ${(iterations / positions.length).toFixed(0)} iterations on average, ${capped}/${positions.length} cut by the cap`,
    );
  }
}
