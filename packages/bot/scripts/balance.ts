/**
 * Balance report: plays bot against bot (and the bot against a uniformly random player) and prints
 * the win split by side with a 95% confidence interval, the game length and the bots' decision times.
 *
 *   pnpm balance -- --game loos --scenario loos-1915 --games 40
 *   pnpm balance -- --game western-front --games 40 --match random:normal,easy:hard
 *
 * --match takes pairs A:B of players (easy, normal, hard, random), default normal:normal (the
 * scenario's balance between sides) and random:normal. Each pair plays N games, A in the first seat
 * for even games and in the second for odd ones, so neither player keeps the better side.
 * --iterations N overrides every bot's iterations (a quicker, weaker report; the header says so).
 * --budget LEVEL.PART=N[,...] overrides part of one level's budget (iterations, depth, breadth,
 * maxMs), e.g. `--budget hard.depth=8` to try a search setting against the levels as they are.
 * --first K starts at game K (seeds balance-K, balance-K+1, ...): a long run split into parts, run on
 * several machines or sessions, adds up to the same games as one run.
 */
import { findGame } from '@salient/games';
import { type Budget, isLevel, type Level } from '../src/levels.ts';
import { type Player, playMatch } from '../src/match.ts';

function args(): Map<string, string> {
  const out = new Map<string, string>();
  const list = process.argv.slice(2).filter((a) => a !== '--');
  for (let i = 0; i < list.length; i++) {
    const a = list[i]!;
    if (!a.startsWith('--')) throw new Error(`unexpected argument ${a}`);
    const [key, inline] = a.slice(2).split('=', 2) as [string, string | undefined];
    out.set(key, inline ?? list[++i] ?? '');
  }
  return out;
}

/** Wilson score interval for k successes in n trials, 95%. */
function wilson(k: number, n: number): [number, number] {
  if (n === 0) return [0, 1];
  const z = 1.96;
  const p = k / n;
  const centre = (p + (z * z) / (2 * n)) / (1 + (z * z) / n);
  const half = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / (1 + (z * z) / n);
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}

const pct = (x: number) => `${(100 * x).toFixed(0)}%`;
const share = (k: number, n: number) => {
  const [lo, hi] = wilson(k, n);
  return `${k}/${n} (${pct(n ? k / n : 0)}, 95% CI ${pct(lo)}-${pct(hi)})`;
};

function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
}

const opts = args();
const game = findGame(opts.get('game') ?? '');
if (!game) throw new Error(`--game must be one of loos, belle-epoque, paths-of-glory, western-front`);
const scenario = opts.get('scenario') ?? game.scenarios[0]!.id;
const info = game.scenarios.find((s) => s.id === scenario);
if (!info) throw new Error(`${game.id} has no scenario ${scenario}`);
const count = Number(opts.get('games') ?? 40);
const first = Number(opts.get('first') ?? 0);
const iterations = opts.has('iterations') ? Number(opts.get('iterations')) : undefined;
const seedPrefix = opts.get('seed') ?? 'balance';
const BUDGET_PARTS = ['iterations', 'depth', 'breadth', 'maxMs'] as const;
const overrides = new Map<Level, Partial<Budget>>();
for (const item of (opts.get('budget') ?? '').split(',').filter(Boolean)) {
  const m = /^(\w+)\.(\w+)=(\d+)$/.exec(item);
  const [level, part, value] = m ? [m[1]!, m[2]!, Number(m[3])] : ['', '', 0];
  if (!isLevel(level) || !(BUDGET_PARTS as readonly string[]).includes(part))
    throw new Error(`--budget takes LEVEL.PART=N, PART one of ${BUDGET_PARTS.join(', ')}: not ${item}`);
  overrides.set(level, { ...overrides.get(level), [part]: value });
}
const pairs = (opts.get('match') ?? 'normal:normal,random:normal').split(',').map((p) => p.split(':'));
const seats = info.seats.map((s) => s.id);

function player(name: string): Player {
  if (name === 'random') return { kind: 'random' };
  if (!isLevel(name)) throw new Error(`a player is easy, normal, hard or random, not ${name}`);
  const budget = { ...(iterations === undefined ? {} : { iterations }), ...overrides.get(name) };
  return Object.keys(budget).length === 0
    ? { kind: 'bot', level: name }
    : { kind: 'bot', level: name, budget };
}

console.log(
  `${game.title}, ${info.name}: ${count} games per pairing${first ? `, from game ${first + 1}` : ''}${iterations === undefined ? '' : `, bots at ${iterations} iterations`}${overrides.size ? `, budgets changed: ${opts.get('budget')}` : ''}`,
);
for (const [a, b] of pairs) {
  if (!a || !b) throw new Error('--match takes pairs like normal:random');
  const bySeat = new Map<string, number>(seats.map((s) => [s, 0]));
  const byPlayer = new Map<string, number>([
    ['A', 0],
    ['B', 0],
  ]);
  let draws = 0;
  let unfinished = 0;
  const lengths: number[] = [];
  const times = new Map<string, number[]>();
  const started = performance.now();
  for (let i = first; i < first + count; i++) {
    const opening = i % 2 === 0 ? 'A' : 'B';
    const sitting: Record<string, 'A' | 'B'> = {
      [seats[0]!]: opening,
      [seats[1]!]: opening === 'A' ? 'B' : 'A',
    };
    const players = Object.fromEntries(seats.map((s) => [s, player(sitting[s] === 'A' ? a : b)]));
    const played = playMatch(game, scenario, `${seedPrefix}-${i}`, players);
    lengths.push(played.actions.length);
    for (const [seat, ms] of Object.entries(played.decisionMs)) {
      const name = sitting[seat] === 'A' ? a : b;
      times.set(name, [...(times.get(name) ?? []), ...ms]);
    }
    const winner = played.outcome?.winner;
    if (!played.outcome) unfinished++;
    else if (winner === null || winner === undefined) draws++;
    else {
      bySeat.set(winner, (bySeat.get(winner) ?? 0) + 1);
      byPlayer.set(sitting[winner]!, byPlayer.get(sitting[winner]!)! + 1);
    }
    const won = !played.outcome
      ? 'unfinished'
      : winner
        ? `${sitting[winner]} (${sitting[winner] === 'A' ? a : b}, ${winner})`
        : 'draw';
    const avg = Object.entries(played.decisionMs).map(
      ([seat, ms]) => `${seat} ${ms.length ? (ms.reduce((x, y) => x + y, 0) / ms.length).toFixed(0) : 0} ms`,
    );
    process.stderr.write(
      `  ${a}:${b} game ${i + 1}/${first + count}: winner ${won}, ${played.actions.length} actions, mean decision ${avg.join(', ')}: ${played.outcome?.reason ?? ''}\n`,
    );
  }
  const minutes = (performance.now() - started) / 60_000;
  console.log(`\n${a} (A) against ${b} (B), ${count} games, sides alternating, ${minutes.toFixed(1)} min:`);
  console.log(`  A (${a}) wins ${share(byPlayer.get('A')!, count)}`);
  console.log(`  B (${b}) wins ${share(byPlayer.get('B')!, count)}`);
  console.log(`  draws ${draws}${unfinished ? `, unfinished ${unfinished}` : ''}`);
  for (const seat of seats) console.log(`  side ${seat} wins ${share(bySeat.get(seat)!, count)}`);
  console.log(
    `  game length: ${(lengths.reduce((x, y) => x + y, 0) / count).toFixed(0)} actions on average, p50 ${quantile(lengths, 0.5)}, max ${Math.max(...lengths)}`,
  );
  for (const [name, ms] of times)
    console.log(
      `  ${name} decision time: p50 ${quantile(ms, 0.5).toFixed(0)} ms, p99 ${quantile(ms, 0.99).toFixed(0)} ms over ${ms.length} searched decisions`,
    );
}
