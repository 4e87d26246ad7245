/**
 * Plays seeded games to the end and prints the winner split and the spread of the final VP (the
 * scenario's victory levels) and of the games' length:
 *   pnpm --filter @salient/paths-of-glory games [count] [random|purposeful|eventful] [introductory|limited|campaign]
 * VERBOSE=1 prints each game.
 */
import { type Policy, randomPlayout } from '@salient/engine';
import { pathsOfGlory } from '../src/index.ts';
import type { PogState } from '../src/types.ts';

const count = Number(process.argv[2] ?? 50);
const kind = process.argv[3] ?? 'random';
const scenario = process.argv[4] ?? 'introductory';
if (
  !Number.isInteger(count) ||
  count < 1 ||
  !['random', 'purposeful', 'eventful'].includes(kind) ||
  !['introductory', 'limited', 'campaign'].includes(scenario)
) {
  console.error(
    'usage: play-games [count >= 1] [random|purposeful|eventful] [introductory|limited|campaign]',
  );
  process.exit(2);
}
const policy: Policy | undefined =
  kind === 'purposeful'
    ? (await import('../src/bot.ts')).purposefulPlayer
    : kind === 'eventful'
      ? (await import('../src/eventful.ts')).eventfulPlayer
      : undefined;
const turns: number[] = [];

const tally = new Map<string, number>();
const vps: number[] = [];
const lengths: number[] = [];
const started = performance.now();
for (let n = 1; n <= count; n++) {
  const game = randomPlayout(pathsOfGlory, scenario, `game-${n}`, `player-${n}`, {
    ...(policy ? { policy } : {}),
    maxActions: 100_000,
  });
  const state = game.state as PogState;
  const winner = game.outcome?.winner ?? 'draw';
  tally.set(winner, (tally.get(winner) ?? 0) + 1);
  vps.push(state.vp);
  lengths.push(game.actions.length);
  turns.push(state.turn);
  if (process.env.VERBOSE)
    console.log(
      `game-${n}: ${winner} after ${game.actions.length} actions, turn ${state.turn}, war status ${state.warStatus.ap}/${state.warStatus.cp}: ${game.outcome?.reason}`,
    );
}

const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const median = (xs: number[]) => sorted(xs)[Math.floor(xs.length / 2)]!;
const byVp = new Map<number, number>();
for (const v of vps) byVp.set(v, (byVp.get(v) ?? 0) + 1);
const histogram = [...byVp.entries()]
  .sort((a, b) => a[0] - b[0])
  .map(([v, n]) => `${v}:${n}`)
  .join(' ');
const names: Record<string, string> = { ap: 'Allies', cp: 'Central Powers', draw: 'draw' };
console.log(
  `${scenario}, ${count} ${kind} games: ${['cp', 'ap', 'draw'].map((w) => `${names[w]} ${tally.get(w) ?? 0}`).join(', ')}`,
);
console.log(
  `final VP: mean ${mean(vps).toFixed(1)}, median ${median(vps)}, min ${sorted(vps)[0]}, max ${sorted(vps).at(-1)}; by VP ${histogram}`,
);
console.log(
  `last turn: mean ${mean(turns).toFixed(1)}, min ${sorted(turns)[0]}, max ${sorted(turns).at(-1)}`,
);
console.log(
  `actions per game: mean ${mean(lengths).toFixed(0)}, median ${median(lengths)}, min ${sorted(lengths)[0]}, max ${sorted(lengths).at(-1)}; ${((performance.now() - started) / count).toFixed(0)} ms per game`,
);
