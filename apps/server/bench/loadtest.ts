/**
 * Load test (a benchmark, not a test): real games played by random legal players through the
 * public protocol, against a server process on loopback, on PostgreSQL or the embedded database.
 *
 * Each match has two players and `--spectators` watchers on their own socket.io connections. A
 * player folds every push into the view it holds (as the web client does), computes its choices
 * from that view with the game's rules package, waits its thinking time, and submits a random legal
 * action. Prints actions/s, acknowledgement and opponent-update latency (p50/p95/p99), server CPU per
 * action, bytes per push, server memory per loaded match, errors, and lost or duplicated actions.
 *
 *   pnpm loadtest [-- --game loos --scenario loos-1915 --matches 100 --spectators 1 --think 1000
 *                     --seconds 20 --db postgres --advance 0.25 --workers 2 --warmup 3 --nice 10
 *                     --inline-choosing]
 *   --think is each player's mean pause before an action, in ms (0: submit as soon as possible).
 *   --advance is how often a player takes a choice without parameters when one is offered (end the
 *   phase, finish or take the standard set-up): uniformly random players re-place set-up units for
 *   ever, so a game would never leave its set-up. 0 makes every choice equally likely.
 *   --workers is how many threads share the clients (loadPlayers.ts): in one thread, an
 *   acknowledgement would wait behind other players' choosing, which no real player's machine does.
 *   --warmup seconds are played before the measured --seconds and not counted: a fresh server's
 *   code is still being compiled, and every match makes its first move then.
 *   --bots N also starts N computer-vs-computer matches (--bot-level, unpaced: BOT_PACE_MS=0) that
 *   think in the server's bot worker threads while the people play (issue 24): compare the ack
 *   latency with --bots 0 on the same machine.
 *   --nice is the players' threads' niceness: they share the machine with the server and the
 *   database, and give way to them, as players on their own machines would not compete with them.
 *   --inline-choosing works out the players' choices in the threads that hold their sockets, as
 *   before 27 November 2026: an acknowledgement then waits behind other players' rules work
 *   (loadChooser.ts), which the clients' event loop line shows.
 *   env: LOADTEST_DATABASE_URL or TEST_DATABASE_URL (default postgresql://postgres@127.0.0.1:5432/test)
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import type { GameModule } from '@salient/engine';
import { games } from '@salient/games';
import type { MatchSummary } from '@salient/protocol';
import pg from 'pg';
import { skirmish } from '../test/fixtures/skirmish.ts';
import { TestUser } from '../test/helpers/clients.ts';
import { freePort, ServerProcess } from '../test/helpers/processes.ts';
import type {
  PlayersResults,
  PlayersSpec,
  StartMessage,
  TableSpec,
  UserSpec,
  WorkerMessage,
} from './loadPlayers.ts';
import { quantileBoundMs, type Scrape, scrape, shareWithinMs, windowOf } from './scrapedHistograms.ts';

// `pnpm loadtest -- --matches 10` passes the `--` through: it only separates pnpm's own arguments.
const { values } = parseArgs({
  args: process.argv.slice(2).filter((a) => a !== '--'),
  options: {
    game: { type: 'string', default: 'loos' },
    scenario: { type: 'string' },
    matches: { type: 'string', default: '100' },
    spectators: { type: 'string', default: '1' },
    think: { type: 'string', default: '1000' },
    seconds: { type: 'string', default: '20' },
    db: { type: 'string', default: 'postgres' },
    advance: { type: 'string', default: '0.25' },
    workers: { type: 'string', default: '2' },
    warmup: { type: 'string', default: '3' },
    nice: { type: 'string', default: '10' },
    bots: { type: 'string', default: '0' },
    'bot-level': { type: 'string', default: 'normal' },
    'inline-choosing': { type: 'boolean', default: false },
  },
});
const hosted: Record<string, GameModule> = { ...games, skirmish: skirmish as unknown as GameModule };
const game = hosted[values.game];
if (!game) throw new Error(`unknown game ${values.game}; one of ${Object.keys(hosted).join(', ')}`);
const scenario = game.scenarios.find((s) => s.id === (values.scenario ?? game.scenarios[0]!.id));
if (!scenario) throw new Error(`unknown scenario ${values.scenario} of ${game.id}`);
const MATCHES = Number(values.matches);
const SPECTATORS = Number(values.spectators);
const THINK_MS = Number(values.think);
const SECONDS = Number(values.seconds);
const ADVANCE = Number(values.advance);
const WORKERS = Number(values.workers);
const WARMUP = Number(values.warmup);
const NICE = Number(values.nice);
const BOTS = Number(values.bots);
if (!(Number.isInteger(BOTS) && BOTS >= 0)) throw new Error('--bots is a whole number, 0 or more');
if (!(Number.isInteger(NICE) && NICE >= 0 && NICE <= 19))
  throw new Error('--nice is a whole number, 0 to 19');
if (!(WARMUP >= 0)) throw new Error('--warmup is a number of seconds, 0 or more');
if (!(Number.isInteger(WORKERS) && WORKERS >= 1)) throw new Error('--workers is a whole number, 1 or more');
const [seatA, seatB] = scenario.seats.map((s) => s.id) as [string, string];
if (values.db !== 'postgres' && values.db !== 'pglite') throw new Error('--db is postgres or pglite');
if (!(ADVANCE >= 0 && ADVANCE <= 1)) throw new Error('--advance is a probability, 0 to 1');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const adminUrl =
  process.env.LOADTEST_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgresql://postgres@127.0.0.1:5432/test';

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function admin<R extends object = object>(sql: string): Promise<R[]> {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  try {
    return (await c.query<R>(sql)).rows;
  } finally {
    await c.end();
  }
}

/**
 * PostgreSQL's checkpoints so far (cluster-wide) and the ms spent syncing their files; null on PGlite,
 * or where pg_stat_bgwriter no longer has them (PostgreSQL 17 moved them to pg_stat_checkpointer).
 */
async function checkpoints(): Promise<{ count: number; syncMs: number } | null> {
  if (values.db !== 'postgres') return null;
  try {
    const [row] = await admin<{ count: string; sync_ms: number }>(
      'SELECT checkpoints_timed + checkpoints_req AS count, checkpoint_sync_time AS sync_ms FROM pg_stat_bgwriter',
    );
    return row ? { count: Number(row.count), syncMs: Number(row.sync_ms) } : null;
  } catch {
    return null;
  }
}

/** CPU seconds (user + system) and resident memory of a process, from /proc. */
function processUsage(pid: number): { cpuSeconds: number; rssBytes: number } {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  const rssKb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  return { cpuSeconds: ticks / 100, rssBytes: rssKb * 1024 };
}

async function inBatches<T, R>(items: T[], size: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += size)
    out.push(...(await Promise.all(items.slice(i, i + size).map(work))));
  return out;
}

/**
 * Where an acknowledgement's time went, to tell a tail's cause: the server's own measure of each
 * action (rules, commit, broadcast), how late its event loop ran, its garbage collector's pauses,
 * and how late the clients' event loops ran (the worker threads').
 */
function printWhereTheTimeWent(before: Scrape, after: Scrape, players: PlayersResults[]) {
  const ms = (n: number) => (Number.isFinite(n) ? n.toFixed(0) : '?');
  const of = (name: string) => {
    const a = after.get(name);
    return a ? windowOf(before.get(name), a) : null;
  };
  const action = of('salient_action_latency_seconds');
  if (action)
    console.log(
      `server: action to ack   p50 <= ${ms(quantileBoundMs(action, 0.5))} / p99 <= ${ms(quantileBoundMs(action, 0.99))} ms; ${(100 * shareWithinMs(action, 30)).toFixed(2)}% within 30 ms (from its turn in its match's queue; buckets)`,
    );
  const commit = of('salient_append_commit_seconds');
  if (commit)
    console.log(
      `server: group commits   p50 <= ${ms(quantileBoundMs(commit, 0.5))} / p99 <= ${ms(quantileBoundMs(commit, 0.99))} ms, ${(100 * (1 - shareWithinMs(commit, 100))).toFixed(2)}% over 100 ms (the database's answer to each appending statement; buckets)`,
    );
  const lag = of('salient_event_loop_lag_seconds');
  if (lag)
    console.log(
      `server: event loop lag  p50 <= ${ms(quantileBoundMs(lag, 0.5))} / p99 <= ${ms(quantileBoundMs(lag, 0.99))} ms, max since start ${ms(lag.max * 1000)} ms (20 ms probe)`,
    );
  for (const [kind, name] of [
    ['minor', 'salient_gc_minor_pause_seconds'],
    ['major', 'salient_gc_major_pause_seconds'],
  ] as const) {
    const gc = of(name);
    if (!gc) continue;
    console.log(
      `server: GC ${kind} pauses ${gc.counts.at(-1) ?? 0}, ${ms(gc.sum * 1000)} ms in all, p99 <= ${ms(quantileBoundMs(gc, 0.99))} ms, max since start ${ms(gc.max * 1000)} ms`,
    );
  }
  const worst = (pick: (r: PlayersResults) => number) => ms(Math.max(...players.map(pick)));
  console.log(
    `clients: event loop     p50 ${worst((r) => r.loopDelay.p50)} / p99 ${worst((r) => r.loopDelay.p99)} / max ${worst((r) => r.loopDelay.max)} ms late (the worst of ${players.length} worker threads)`,
  );
}

/** A worker thread playing a share of the tables (loadPlayers.ts). */
function startPlayers(spec: PlayersSpec) {
  // The worker runs TypeScript: tsx is registered in it before its module loads.
  const tsx = import.meta.resolve('tsx/esm/api');
  const players = new URL('./loadPlayers.ts', import.meta.url).href;
  const source = `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(players)}); })`;
  const worker = new Worker(source, { eval: true, workerData: spec });
  let failed: (err: Error) => void = () => {};
  const failure = new Promise<never>((_, reject) => {
    failed = reject;
  });
  failure.catch(() => {});
  worker.on('error', (err) => failed(err));
  const next = <K extends 'ready' | 'results'>(key: K) =>
    Promise.race([
      new Promise<Extract<WorkerMessage, Record<K, unknown>>>((resolve, reject) => {
        const listen = (m: WorkerMessage) => {
          if ('failed' in m) reject(new Error(`load players: ${m.failed}`));
          else if (key in m) resolve(m as Extract<WorkerMessage, Record<K, unknown>>);
          else return;
          worker.off('message', listen);
        };
        worker.on('message', listen);
      }),
      failure,
    ]);
  const ready = next('ready');
  return {
    ready,
    async play(warmupMs: number, playMs: number): Promise<PlayersResults> {
      const done = next('results');
      worker.postMessage({ warmupMs, playMs } satisfies StartMessage);
      return (await done).results;
    },
    stop: () => worker.terminate(),
  };
}

let dropDatabase = async () => {};
let env: Record<string, string>;
if (values.db === 'postgres') {
  const dbName = `salient_load_${randomBytes(4).toString('hex')}`;
  await admin(`CREATE DATABASE ${dbName}`);
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  env = { DATABASE_URL: url.toString() };
  dropDatabase = async () => {
    await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  };
} else {
  const dir = await mkdtemp(path.join(tmpdir(), 'salient-load-'));
  env = { DATA_DIR: dir };
  dropDatabase = () => rm(dir, { recursive: true, force: true });
}
const server = new ServerProcess(await freePort(), {
  ...env,
  LOG_LEVEL: 'error',
  BOT_PACE_MS: '0',
});

try {
  await server.start(60_000);
  const pid = server.pid!;
  console.log(
    `${game.title} / ${scenario.name} on ${values.db}: setting up ${MATCHES} matches (${MATCHES * (2 + SPECTATORS)} sockets)`,
  );
  await sleep(500);
  const idle = processUsage(pid);

  // Computer-vs-computer matches thinking all along (issue 24); the bench's own account creates them.
  if (BOTS > 0) {
    const host = await TestUser.signUp(server.url, `bots_${randomBytes(3).toString('hex')}`);
    for (let i = 0; i < BOTS; i++) {
      const res = await host.request('POST', '/api/computer-matches', {
        game: game.id,
        scenario: scenario.id,
        seat: null,
        level: values['bot-level'],
      });
      if (res.status !== 201) throw new Error(`bot match: ${res.status} ${JSON.stringify(res.body)}`);
    }
    console.log(`${BOTS} computer-vs-computer matches at ${values['bot-level']} thinking alongside`);
  }

  // The players sign up and their matches are made here; the worker threads connect the clients,
  // join, and play (loadPlayers.ts).
  const specs = await inBatches(
    Array.from({ length: MATCHES }, (_, i) => i),
    20,
    async (i): Promise<TableSpec> => {
      const tag = randomBytes(3).toString('hex');
      const [a, b] = await Promise.all([
        TestUser.signUp(server.url, `a${i}_${tag}`),
        TestUser.signUp(server.url, `b${i}_${tag}`),
      ]);
      const m = await a.createMatch({ game: game.id, scenario: scenario.id, seat: seatA });
      await b.join(m.id, seatB);
      const user = (u: TestUser): UserSpec => ({
        baseUrl: u.baseUrl,
        username: u.username,
        cookie: u.cookie,
        id: u.id,
      });
      return { owner: user(a), guest: user(b), matchId: m.id };
    },
  );
  const workers = Array.from({ length: Math.min(WORKERS, MATCHES) }, (_, w) =>
    startPlayers({
      serverUrl: server.url,
      game: game.id,
      scenario: scenario.id,
      seats: [seatA, seatB],
      spectators: SPECTATORS,
      thinkMs: THINK_MS,
      advance: ADVANCE,
      nice: NICE,
      chooser: !values['inline-choosing'],
      tables: specs.filter((_, i) => i % WORKERS === w),
    }),
  );
  await Promise.all(workers.map((w) => w.ready));
  await sleep(500);
  const loaded = processUsage(pid);

  const playing = workers.map((w) => w.play(WARMUP * 1000, SECONDS * 1000));
  await sleep(WARMUP * 1000);
  const before = processUsage(pid);
  const generatorBefore = process.cpuUsage();
  const scrapedBefore = await scrape(server.url);
  const checkpointsBefore = await checkpoints();
  const started = performance.now();
  const results = await Promise.all(playing);
  const elapsed = (performance.now() - started) / 1000;
  const after = processUsage(pid);
  // Every thread of this process: the clients, choosing with the rules.
  const generator = process.cpuUsage(generatorBefore);
  const scrapedAfter = await scrape(server.url);
  const checkpointsAfter = await checkpoints();
  await sleep(500);
  const ackMs = results.flatMap((r) => r.ackMs);
  const opponentMs = results.flatMap((r) => r.opponentMs);
  const pushBytes = results.flatMap((r) => r.pushBytes);
  const errors = results.reduce((n, r) => n + r.errors, 0);
  const finished = results.reduce((n, r) => n + r.finished, 0);

  // Every acknowledged action is in the match, once: the server's seq equals what was acknowledged.
  let lost = 0;
  let extra = 0;
  await inBatches(
    results.flatMap((r) => r.played),
    20,
    async (p) => {
      const owner = new TestUser(p.owner.baseUrl, p.owner.username, p.owner.cookie, p.owner.id);
      const summary = (await owner.request<MatchSummary>('GET', `/api/matches/${p.matchId}`)).body;
      if (summary.seq < p.acked) lost += p.acked - summary.seq;
      if (summary.seq > p.acked) extra += summary.seq - p.acked;
    },
  );

  const sorted = (xs: number[]) => xs.sort((a, b) => a - b);
  sorted(ackMs);
  sorted(opponentMs);
  sorted(pushBytes);
  const actions = ackMs.length;
  const fmt = (n: number, d = 2) => n.toFixed(d);
  const dist = (xs: number[]) =>
    `p50 ${fmt(percentile(xs, 50))} / p95 ${fmt(percentile(xs, 95))} / p99 ${fmt(percentile(xs, 99))} ms`;
  console.log('');
  console.log(`game                    ${game.id} / ${scenario.id} on ${values.db}`);
  console.log(
    `matches                 ${MATCHES} (2 players + ${SPECTATORS} spectator(s) each), ${fmt(elapsed)} s measured after ${WARMUP} s of warm-up, think ${THINK_MS} ms, advance ${ADVANCE}`,
  );
  console.log(`actions acknowledged    ${actions} (${finished} matches finished and replaced by new ones)`);
  console.log(`actions per second      ${fmt(actions / elapsed)}`);
  console.log(`ack latency             ${dist(ackMs)}`);
  console.log(`opponent update         ${dist(opponentMs)}`);
  console.log(
    `server CPU per action   ${fmt(((after.cpuSeconds - before.cpuSeconds) * 1000) / Math.max(1, actions), 3)} ms`,
  );
  // The clients share the machine with the server: what they spend per action is not the server's.
  console.log(
    `load generator CPU      ${fmt((generator.user + generator.system) / 1000 / Math.max(1, actions), 3)} ms per action (${workers.length} worker threads: every client, choosing with the rules)`,
  );
  console.log(
    `bytes per push          p50 ${percentile(pushBytes, 50)} / p95 ${percentile(pushBytes, 95)} / max ${pushBytes.at(-1)} (${pushBytes.length} pushes to players)`,
  );
  console.log(
    `server RSS              idle ${fmt(idle.rssBytes / 2 ** 20, 1)} MB, loaded ${fmt(loaded.rssBytes / 2 ** 20, 1)} MB, after play ${fmt(after.rssBytes / 2 ** 20, 1)} MB: ${fmt((loaded.rssBytes - idle.rssBytes) / MATCHES / 1024, 1)} KB per loaded match before play, ${fmt((after.rssBytes - idle.rssBytes) / MATCHES / 1024, 1)} KB after (with its sockets; the garbage collector and the database's caches move both)`,
  );
  printWhereTheTimeWent(scrapedBefore, scrapedAfter, results);
  const botAfter = scrapedAfter.get('salient_bot_decision_seconds');
  if (BOTS > 0 && botAfter) {
    const bot = windowOf(scrapedBefore.get('salient_bot_decision_seconds'), botAfter);
    console.log(
      `server: bot decisions   ${bot.counts.at(-1) ?? 0} during the run, queued to answered p50 <= ${quantileBoundMs(bot, 0.5).toFixed(0)} / p99 <= ${quantileBoundMs(bot, 0.99).toFixed(0)} ms (worker threads)`,
    );
  }
  // A checkpoint's file syncs can hold up commits' WAL flushes on the same disk: a tail's suspect.
  if (checkpointsBefore && checkpointsAfter)
    console.log(
      `postgres: checkpoints   ${checkpointsAfter.count - checkpointsBefore.count} during the run (any database of the cluster), ${checkpointsAfter.syncMs - checkpointsBefore.syncMs} ms syncing files`,
    );
  console.log(`errors                  ${errors}`);
  console.log(`lost / extra actions    ${lost} / ${extra}`);
  // Group commit: how many actions each appending statement (one commit) carried.
  const metrics = await (await fetch(`${server.url}/metrics`)).text();
  const metricValue = (name: string) =>
    Number(metrics.match(new RegExp(`^${name} (\\d+)$`, 'm'))?.[1] ?? Number.NaN);
  const commits = metricValue('salient_append_commits_total');
  const rows = metricValue('salient_append_rows_total');
  if (commits > 0)
    console.log(`append commits          ${commits} for ${rows} actions (${fmt(rows / commits)} per commit)`);
  for (const w of workers) await w.stop();
} finally {
  await server.kill('SIGTERM');
  await dropDatabase();
}
