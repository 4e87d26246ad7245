/**
 * How much of a search's choice is its own dice: several searches of the same position with other
 * bot seeds, and how often two of them chose the same action. A search whose estimates are mostly
 * the noise of its playouts' dice agrees with itself rarely, and more iterations buy it little; the
 * figure moves with the playout depth, so it is the quick way to compare depths before playing
 * games (packages/western-front/docs/design.md used it to choose that game's maxDepth).
 *
 *   pnpm --filter @salient/bot agreement -- --game western-front --scenario neuve-chapelle-1915 --depths 24,4,1
 *
 * --level (default hard), --positions (default 10), --seeds (default 4), --breadth (the level's).
 */
import { findGame } from '@salient/games';
import { actionKey } from '../src/candidates.ts';
import { decide } from '../src/index.ts';
import { isLevel } from '../src/levels.ts';
import { positionsOfGame } from '../test/positions.ts';

const opts = new Map<string, string>();
const argv = process.argv.slice(2).filter((a) => a !== '--');
for (let i = 0; i < argv.length; i += 2) opts.set(argv[i]!.replace(/^--/, ''), argv[i + 1] ?? '');
const game = findGame(opts.get('game') ?? '');
if (!game) throw new Error('--game must be one of loos, belle-epoque, paths-of-glory, western-front');
const scenario = opts.get('scenario') ?? game.scenarios[0]!.id;
const level = opts.get('level') ?? 'hard';
if (!isLevel(level)) throw new Error('--level is easy, normal or hard');
const depths = (opts.get('depths') ?? '24').split(',').map(Number);
const count = Number(opts.get('positions') ?? 10);
const seeds = Number(opts.get('seeds') ?? 4);
const breadth = opts.has('breadth') ? { breadth: Number(opts.get('breadth')) } : {};

// Positions from random games played by the game's purposeful player, one in seven, with a choice.
const positions = [];
for (let g = 0; positions.length < count && g < 40; g++)
  for (const [k, p] of positionsOfGame(game, scenario, `agreement-${g}`).entries())
    if (k % 7 === 3 && positions.length < count && game.choices(p.state, p.seat).length > 1)
      positions.push(p);

for (const depth of depths) {
  let agree = 0;
  let pairs = 0;
  let ms = 0;
  for (const p of positions) {
    const keys: string[] = [];
    for (let s = 0; s < seeds; s++) {
      const d = decide(game, game.view(p.state, p.seat), p.seat, {
        level,
        seed: `agreement-${s}`,
        budget: { depth, maxMs: Number.POSITIVE_INFINITY, ...breadth },
      });
      keys.push(actionKey(d.action));
      ms += d.elapsedMs;
    }
    for (let i = 0; i < seeds; i++)
      for (let j = i + 1; j < seeds; j++) {
        pairs++;
        if (keys[i] === keys[j]) agree++;
      }
  }
  console.log(
    `${game.id} ${scenario} ${level}, playouts of ${depth} actions: ${((100 * agree) / pairs).toFixed(0)}% of pairs of searches agree (${positions.length} positions x ${seeds} seeds), ${(ms / positions.length / seeds).toFixed(0)} ms a decision`,
  );
}
