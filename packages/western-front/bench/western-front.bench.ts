/**
 * Western Front 1914 speed figures: microseconds per applied action and per choices query, and the
 * time of a whole game, over seeded games of both scenarios played by the purposeful bot. Prints
 * figures; asserts nothing.
 */
import { type JsonObject, pickAction, rngFromSeed, rollInPlace } from '@salient/engine';
import { purposefulPlayer } from '../src/bot.ts';
import { westernFront as game } from '../src/index.ts';
import type { WfState } from '../src/types.ts';

const GAMES_PER_SCENARIO = Number(process.env.WF_BENCH_GAMES ?? 10);

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;
}

function summary(label: string, samples: number[], unit: string, scale: number): string {
  const sorted = [...samples].sort((a, b) => a - b);
  const fmt = (x: number) => (x * scale).toFixed(1);
  return `${label.padEnd(34)} median ${fmt(percentile(sorted, 50))} ${unit}  p99 ${fmt(percentile(sorted, 99))} ${unit}  (n=${samples.length})`;
}

for (const scenario of game.scenarios.map((s) => s.id)) {
  const applyTimes: number[] = [];
  const choicesTimes: number[] = [];
  const gameTimes: number[] = [];
  let actions = 0;
  for (let i = 0; i < GAMES_PER_SCENARIO; i++) {
    const rng = rngFromSeed(`bench-bot-${i}`);
    const pick = (n: number) => rollInPlace(rng, n) - 1;
    const started = performance.now();
    let state: WfState = game.setup(scenario, {} as JsonObject, `bench-${i}`);
    while (game.outcome(state) === null) {
      const seat = game.status(state).toAct[0]!;
      const t0 = performance.now();
      const choices = game.choices(state, seat);
      const t1 = performance.now();
      const action = pickAction(purposefulPlayer(choices, seat, state, pick), pick);
      const t2 = performance.now();
      const result = game.apply(state, seat, action);
      const t3 = performance.now();
      if (!result.ok) throw new Error(`offered action refused: ${result.error.message}`);
      choicesTimes.push(t1 - t0);
      applyTimes.push(t3 - t2);
      state = result.state;
      actions++;
    }
    gameTimes.push(performance.now() - started);
  }
  console.log(`Western Front 1914, ${scenario}: ${GAMES_PER_SCENARIO} games, ${actions} actions`);
  console.log(summary('  apply, per action', applyTimes, 'µs', 1000));
  console.log(summary('  choices, per query', choicesTimes, 'µs', 1000));
  console.log(summary('  whole game (purposeful bot)', gameTimes, 'ms', 1));
}
