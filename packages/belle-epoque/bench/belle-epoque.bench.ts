/**
 * Belle Epoque speed figures: microseconds per applied action and per choices query, and the time
 * of a whole random game, over seeded games of both scenarios. Prints figures; asserts nothing.
 */
import { type Choice, type JsonObject, pickAction, rngFromSeed, rollInPlace } from '@salient/engine';
import { belleEpoque as game } from '../src/index.ts';
import type { BeState } from '../src/types.ts';

const GAMES_PER_SCENARIO = Number(process.env.BE_BENCH_GAMES ?? 20);

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;
}

function summary(label: string, samples: number[], unit: string, scale: number): string {
  const sorted = [...samples].sort((a, b) => a - b);
  const fmt = (x: number) => (x * scale).toFixed(1);
  return `${label.padEnd(34)} median ${fmt(percentile(sorted, 50))} ${unit}  p99 ${fmt(percentile(sorted, 99))} ${unit}  (n=${samples.length})`;
}

/** Prefers fighting so the games exercise fire, assault and reactions, otherwise picks at random. */
function choose(choices: Choice[], pick: (n: number) => number): Choice {
  const fight = choices.filter((c) => c.action === 'assault' || c.action === 'fire');
  if (fight.length > 0 && pick(10) < 7) return fight[pick(fight.length)]!;
  return choices[pick(choices.length)]!;
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
    let state: BeState = game.setup(scenario, {} as JsonObject, `bench-${i}`);
    while (game.outcome(state) === null) {
      const seat = game.status(state).toAct[0]!;
      const t0 = performance.now();
      const choices = game.choices(state, seat);
      const t1 = performance.now();
      const action = pickAction(choose(choices, pick), pick);
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
  console.log(`Belle Epoque, ${scenario}: ${GAMES_PER_SCENARIO} games, ${actions} actions`);
  console.log(summary('  apply, per action', applyTimes, 'µs', 1000));
  console.log(summary('  choices, per query', choicesTimes, 'µs', 1000));
  console.log(summary('  whole random game', gameTimes, 'ms', 1));
}
