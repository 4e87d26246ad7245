/**
 * Plays seeded games of both scenarios to the end and prints each winner and length:
 *   pnpm --filter @salient/western-front games [count] [random|purposeful] [scenario id]
 */
import { randomPlayout } from '@salient/engine';
import { purposefulPlayer } from '../src/bot.ts';
import { westernFront } from '../src/index.ts';

const count = Number(process.argv[2] ?? 50);
const kind = process.argv[3] ?? 'random';
if (!Number.isInteger(count) || count < 1 || (kind !== 'random' && kind !== 'purposeful')) {
  console.error('usage: play-games [count >= 1] [random|purposeful]');
  process.exit(2);
}

const only = process.argv[4];
for (const scenario of westernFront.scenarios
  .map((s) => s.id)
  .filter((id) => only === undefined || id === only)) {
  const tally = new Map<string, number>();
  const lengths: number[] = [];
  const started = performance.now();
  for (let n = 1; n <= count; n++) {
    const game = randomPlayout(westernFront, scenario, `game-${n}`, `player-${n}`, {
      ...(kind === 'purposeful' ? { policy: purposefulPlayer } : {}),
    });
    const winner = game.outcome?.winner ?? 'draw';
    tally.set(winner, (tally.get(winner) ?? 0) + 1);
    lengths.push(game.actions.length);
    if (process.env.VERBOSE)
      console.log(
        `${scenario} game-${n}: ${winner} after ${game.actions.length} actions: ${game.outcome?.reason}`,
      );
  }
  lengths.sort((a, b) => a - b);
  const mean = lengths.reduce((a, b) => a + b, 0) / lengths.length;
  console.log(
    `${scenario}, ${count} ${kind} games: ${[...tally].map(([w, n]) => `${w} ${n}`).join(', ')}; ` +
      `actions per game mean ${mean.toFixed(0)}, median ${lengths[Math.floor(lengths.length / 2)]}, ` +
      `min ${lengths[0]}, max ${lengths.at(-1)}; ${((performance.now() - started) / count).toFixed(0)} ms per game`,
  );
}
