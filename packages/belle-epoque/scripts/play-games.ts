/**
 * Plays seeded games of Belle Epoque to the end between two aggressive players and prints how each
 * ended and the winner split per scenario (the balance check for the break thresholds):
 *   pnpm --filter @salient/belle-epoque games [count] [scenario] [first seed number]
 */
import { randomPlayout } from '@salient/engine';
import { aggressivePlayer } from '../src/bot.ts';
import { belleEpoque } from '../src/index.ts';
import type { BeState } from '../src/types.ts';
import { standsLost } from '../src/victory.ts';

const count = Number(process.argv[2] ?? 50);
const only = process.argv[3] === 'all' ? undefined : process.argv[3];
const first = Number(process.argv[4] ?? 1);
const scenarios = belleEpoque.scenarios.map((s) => s.id).filter((id) => only === undefined || id === only);
if (!Number.isInteger(count) || count < 1 || !Number.isInteger(first) || scenarios.length === 0) {
  const ids = ['all', ...belleEpoque.scenarios.map((s) => s.id)].join(' | ');
  console.error(`usage: play-games [count >= 1] [${ids}] [first seed number]`);
  process.exit(2);
}

for (const scenario of scenarios) {
  const tally = new Map<string, number>();
  const endings = new Map<string, number>();
  let turns = 0;
  for (let n = first; n < first + count; n++) {
    const seed = `${scenario}-game-${n}`;
    const game = randomPlayout(belleEpoque, scenario, seed, `player-${n}`, { policy: aggressivePlayer });
    const state = game.state as BeState;
    const winner = game.outcome?.winner ?? 'draw';
    tally.set(winner, (tally.get(winner) ?? 0) + 1);
    const ending = (game.outcome?.reason ?? '')
      .replace(/:.*$/, '')
      .replace(/^the \w+ army broke.*$/, 'one army broke')
      .replace(/^the \w+ army/, 'an army');
    endings.set(ending, (endings.get(ending) ?? 0) + 1);
    turns += state.turn;
    const lost = state.seats.map((s) => `${s} lost ${standsLost(state, s)}`).join(', ');
    console.log(`${seed}: ${winner.padEnd(7)} turn ${state.turn}, ${lost}: ${game.outcome?.reason}`);
  }
  const split = [...tally].map(([w, n]) => `${w} ${n}`).join(', ');
  const how = [...endings].map(([e, n]) => `${e} ${n}`).join('; ');
  console.log(
    `\n${scenario}, ${count} games: ${split}; mean last turn ${(turns / count).toFixed(1)} (${how})\n`,
  );
}
