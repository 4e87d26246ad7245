/**
 * Western Front 1914 speed figures: microseconds per applied action and per choices query, and the
 * time of a whole game, over seeded games of every scenario played by the purposeful bot. Prints
 * figures; asserts nothing.
 */
import { printTimings, timeGames } from '../../engine/bench/timedGames.ts';
import { purposefulPlayer } from '../src/bot.ts';
import { westernFront as game } from '../src/index.ts';

const GAMES_PER_SCENARIO = Number(process.env.WF_BENCH_GAMES ?? 10);

for (const scenario of game.scenarios.map((s) => s.id)) {
  const t = timeGames(game, scenario, GAMES_PER_SCENARIO, purposefulPlayer);
  const actions = t.lengths.reduce((a, b) => a + b, 0);
  console.log(`Western Front 1914, ${scenario}: ${GAMES_PER_SCENARIO} games, ${actions} actions`);
  printTimings(t, 'whole game (purposeful bot)');
}
