/**
 * Speed figures of a game's rules, shared by the games' benchmarks (`pnpm bench`): seeded games
 * played to their end by a bot, timing each choices query and each apply, and each whole game.
 * A benchmark, not part of the engine: it reads the clock, which rules never do.
 */
import {
  type GameModule,
  type JsonObject,
  type Policy,
  pickAction,
  rngFromSeed,
  rollInPlace,
} from '../src/index.ts';

export interface TimedGames {
  applyMs: number[];
  choicesMs: number[];
  gameMs: number[];
  /** Actions per game. */
  lengths: number[];
  /** The same apply and choices times by the kind of position they were taken in, if asked for. */
  byKind: Map<string, { applyMs: number[]; choicesMs: number[] }>;
}

/** Plays `count` seeded games of `scenario` with `policy` (uniformly random by default). */
export function timeGames<S extends object>(
  game: GameModule<S, object>,
  scenario: string,
  count: number,
  policy?: Policy,
  /** Names the kind of a position (a phase, a step), to find the dearest ones. */
  kindOf?: (state: S) => string,
): TimedGames {
  const out: TimedGames = { applyMs: [], choicesMs: [], gameMs: [], lengths: [], byKind: new Map() };
  for (let i = 0; i < count; i++) {
    const rng = rngFromSeed(`bench-bot-${i}`);
    const pick = (n: number) => rollInPlace(rng, n) - 1;
    const started = performance.now();
    let state = game.setup(scenario, {} as JsonObject, `bench-${i}`);
    let actions = 0;
    while (game.outcome(state) === null) {
      const seat = game.status(state).toAct[0]!;
      const t0 = performance.now();
      const choices = game.choices(state, seat);
      const t1 = performance.now();
      const choice = policy ? policy(choices, seat, state, pick) : choices[pick(choices.length)]!;
      const action = pickAction(choice, pick);
      const t2 = performance.now();
      const result = game.apply(state, seat, action);
      const t3 = performance.now();
      if (!result.ok) throw new Error(`offered action refused: ${result.error.message}`);
      out.choicesMs.push(t1 - t0);
      out.applyMs.push(t3 - t2);
      if (kindOf) {
        const kind = kindOf(state);
        const samples = out.byKind.get(kind) ?? { applyMs: [], choicesMs: [] };
        samples.choicesMs.push(t1 - t0);
        samples.applyMs.push(t3 - t2);
        out.byKind.set(kind, samples);
      }
      state = result.state;
      actions++;
    }
    out.gameMs.push(performance.now() - started);
    out.lengths.push(actions);
  }
  return out;
}

export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;
}

/** One line: the median and 99th percentile of `samples` (in ms) in `unit` (µs or ms). */
export function summary(label: string, samples: number[], unit: 'µs' | 'ms'): string {
  const sorted = [...samples].sort((a, b) => a - b);
  const scale = unit === 'µs' ? 1000 : 1;
  const fmt = (x: number) => (x * scale).toFixed(1);
  return `${label.padEnd(34)} median ${fmt(percentile(sorted, 50))} ${unit}  p99 ${fmt(percentile(sorted, 99))} ${unit}  (n=${samples.length})`;
}

/** The usual three lines: apply, choices and the whole game. */
export function printTimings(t: TimedGames, wholeGame = 'whole random game'): void {
  console.log(summary('  apply, per action', t.applyMs, 'µs'));
  console.log(summary('  choices, per query', t.choicesMs, 'µs'));
  console.log(summary(`  ${wholeGame}`, t.gameMs, 'ms'));
}

/** The `count` kinds of position whose apply plus choices p99 is highest: the busiest positions. */
export function printBusiest(t: TimedGames, count = 5): void {
  const p99 = (xs: number[]) =>
    percentile(
      [...xs].sort((a, b) => a - b),
      99,
    );
  const ranked = [...t.byKind.entries()]
    .map(([kind, s]) => ({ kind, s, worst: p99(s.applyMs) + p99(s.choicesMs) }))
    .sort((a, b) => b.worst - a.worst)
    .slice(0, count);
  console.log(`  busiest kinds of position (by apply p99 + choices p99):`);
  for (const { kind, s } of ranked) {
    console.log(summary(`    ${kind}: apply`, s.applyMs, 'ms'));
    console.log(summary(`    ${kind}: choices`, s.choicesMs, 'ms'));
  }
}
