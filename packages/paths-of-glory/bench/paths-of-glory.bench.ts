/**
 * Paths of Glory speed figures: microseconds per applied action and per choices query, the time of
 * a whole random Introductory game and its length in actions, over seeded games. Prints figures;
 * asserts nothing.
 */
import { type JsonObject, pickAction, rngFromSeed, rollInPlace } from '@salient/engine';
import { pathsOfGlory as game } from '../src/index.ts';
import type { PogState } from '../src/types.ts';

const GAMES = Number(process.env.POG_BENCH_GAMES ?? 20);

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;
}

function summary(label: string, samples: number[], unit: string, scale: number): string {
  const sorted = [...samples].sort((a, b) => a - b);
  const fmt = (x: number) => (x * scale).toFixed(1);
  return `${label.padEnd(34)} median ${fmt(percentile(sorted, 50))} ${unit}  p99 ${fmt(percentile(sorted, 99))} ${unit}  (n=${samples.length})`;
}

const applyTimes: number[] = [];
const choicesTimes: number[] = [];
const gameTimes: number[] = [];
const lengths: number[] = [];
for (let i = 0; i < GAMES; i++) {
  const rng = rngFromSeed(`bench-bot-${i}`);
  const pick = (n: number) => rollInPlace(rng, n) - 1;
  const started = performance.now();
  let state: PogState = game.setup('introductory', {} as JsonObject, `bench-${i}`);
  let actions = 0;
  while (game.outcome(state) === null) {
    const seat = game.status(state).toAct[0]!;
    const t0 = performance.now();
    const choices = game.choices(state, seat);
    const t1 = performance.now();
    const action = pickAction(choices[pick(choices.length)]!, pick);
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
  lengths.push(actions);
}
const sortedLengths = [...lengths].sort((a, b) => a - b);
console.log(`Paths of Glory, introductory: ${GAMES} random games`);
console.log(summary('  apply, per action', applyTimes, 'µs', 1000));
console.log(summary('  choices, per query', choicesTimes, 'µs', 1000));
console.log(summary('  whole random game', gameTimes, 'ms', 1));
console.log(
  `  game length in actions             median ${percentile(sortedLengths, 50)}  min ${sortedLengths[0]}  max ${sortedLengths[sortedLengths.length - 1]}`,
);
