/**
 * Plays seeded random games of Loos to the end and prints how each ended:
 *   pnpm loos:games [count] [first-seed-number]
 */
import { randomPlayout } from '@salient/engine';
import { hurriedPlayer } from '../src/bot.ts';
import { loos } from '../src/index.ts';

const count = Number(process.argv[2] ?? 10);
const first = Number(process.argv[3] ?? 1);
if (!Number.isInteger(count) || count < 1 || !Number.isInteger(first)) {
  console.error('usage: play-games [count >= 1] [first seed number]');
  process.exit(2);
}

const tally = new Map<string, number>();
for (let n = first; n < first + count; n++) {
  const seed = `game-${n}`;
  const started = performance.now();
  const game = randomPlayout(loos, 'loos-1915', seed, `player-${n}`, { policy: hurriedPlayer });
  const ms = performance.now() - started;
  const winner = game.outcome?.winner ?? 'draw';
  tally.set(winner, (tally.get(winner) ?? 0) + 1);
  const losses = (side: string) =>
    game.state.units.filter((u) => u.side === side && u.loc === 'eliminated').length;
  console.log(
    `${seed}: ${winner.padEnd(7)} after ${String(game.actions.length).padStart(4)} actions, turn ${game.state.turn}, ` +
      `${losses('british')} British and ${losses('german')} German units eliminated (${ms.toFixed(0)} ms): ${game.outcome?.reason}`,
  );
}
console.log(`\n${count} games: ${[...tally].map(([w, n]) => `${w} ${n}`).join(', ')}`);
