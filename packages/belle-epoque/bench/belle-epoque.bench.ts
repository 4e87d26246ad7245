/**
 * Belle Epoque speed figures: microseconds per applied action and per choices query, and the time
 * of a whole random game, over seeded games of both scenarios. Prints figures; asserts nothing.
 */
import type { Choice } from '@salient/engine';
import { printTimings, timeGames } from '../../engine/bench/timedGames.ts';
import { belleEpoque as game } from '../src/index.ts';

const GAMES_PER_SCENARIO = Number(process.env.BE_BENCH_GAMES ?? 20);

/** Prefers fighting so the games exercise fire, assault and reactions, otherwise picks at random. */
function choose(choices: Choice[], _seat: string, _state: object, pick: (n: number) => number): Choice {
  const fight = choices.filter((c) => c.action === 'assault' || c.action === 'fire');
  if (fight.length > 0 && pick(10) < 7) return fight[pick(fight.length)]!;
  return choices[pick(choices.length)]!;
}

for (const scenario of game.scenarios.map((s) => s.id)) {
  const t = timeGames(game, scenario, GAMES_PER_SCENARIO, choose);
  const actions = t.lengths.reduce((a, b) => a + b, 0);
  console.log(`Belle Epoque, ${scenario}: ${GAMES_PER_SCENARIO} games, ${actions} actions`);
  printTimings(t);
}
