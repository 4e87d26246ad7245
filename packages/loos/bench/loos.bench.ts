/**
 * Loos benchmark: prints microseconds per applied action and per legal-choice query (median, p99),
 * per unit's movement options, and the time of whole random games. Run with `pnpm bench`.
 */
import { randomPlayout } from '@salient/engine';
import { moveOptions } from '../src/actions.ts';
import { hurriedPlayer } from '../src/bot.ts';
import { loos } from '../src/index.ts';
import type { LoosState } from '../src/state.ts';

const GAMES = Number(process.env.LOOS_BENCH_GAMES ?? 20);

function stats(samples: number[]): string {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return `median ${at(0.5).toFixed(1)} µs, p99 ${at(0.99).toFixed(1)} µs, n=${samples.length}`;
}

const seeds = Array.from({ length: GAMES }, (_, i) => [`bench-${i}`, `bot-${i}`] as const);

// Warm up the JIT on a few games first.
for (let i = 0; i < 3; i++)
  randomPlayout(loos, 'loos-1915', `warm-${i}`, `warm-${i}`, { policy: hurriedPlayer });

const applyTimes: number[] = [];
const choiceTimes: number[] = [];
const moveTimes: number[] = [];
const gameTimes: number[] = [];
const replayTimes: number[] = [];
const applyReplayTimes: number[] = [];
let actions = 0;
let reachedTurn8 = 0;

for (const [seed, botSeed] of seeds) {
  // A whole game as a bot plays it: choices, picking and applying, from set-up to the end.
  const started = performance.now();
  const game = randomPlayout(loos, 'loos-1915', seed, botSeed, { policy: hurriedPlayer });
  gameTimes.push(performance.now() - started);
  actions += game.actions.length;
  if (game.state.turn === 8) reachedTurn8++;

  // The same game replayed action by action, timing each apply and each choices query.
  let state: LoosState = loos.setup('loos-1915', {}, seed);
  const replayStart = performance.now();
  for (const { seat, action } of game.actions) {
    const t0 = performance.now();
    const choices = loos.choices(state, seat);
    const t1 = performance.now();
    const result = loos.apply(state, seat, action);
    const t2 = performance.now();
    if (!result.ok) throw new Error(result.error.message);
    choiceTimes.push((t1 - t0) * 1000);
    applyTimes.push((t2 - t1) * 1000);
    if (state.phase.kind === 'movement' && choices.length > 0) {
      const unit = state.units.find((u) => u.side === seat && u.loc.length === 4);
      if (unit) {
        const t3 = performance.now();
        moveOptions(state, unit);
        moveTimes.push((performance.now() - t3) * 1000);
      }
    }
    state = result.state;
  }
  replayTimes.push(performance.now() - replayStart);

  // And replayed by applying alone, as the server does when it loads a match.
  const applyOnly = performance.now();
  let replayed: LoosState = loos.setup('loos-1915', {}, seed);
  for (const { seat, action } of game.actions) {
    const result = loos.apply(replayed, seat, action);
    if (!result.ok) throw new Error(result.error.message);
    replayed = result.state;
  }
  applyReplayTimes.push(performance.now() - applyOnly);
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
console.log(`Loos benchmark: ${GAMES} random games, ${actions} actions, ${reachedTurn8} reached Turn 8`);
console.log(`apply (validate + apply one action): ${stats(applyTimes)}`);
console.log(`choices (all legal choices for the seat to act): ${stats(choiceTimes)}`);
console.log(`one unit's movement options: ${stats(moveTimes)}`);
console.log(
  `whole random game, bot choosing and applying: mean ${mean(gameTimes).toFixed(1)} ms, max ${Math.max(...gameTimes).toFixed(1)} ms`,
);
console.log(`whole game replayed, choices + apply per action: mean ${mean(replayTimes).toFixed(1)} ms`);
console.log(
  `whole game replayed, apply only (a match loaded from its record): mean ${mean(applyReplayTimes).toFixed(1)} ms, max ${Math.max(...applyReplayTimes).toFixed(1)} ms`,
);
