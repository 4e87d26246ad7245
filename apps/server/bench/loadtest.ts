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
 *                     --seconds 20 --db postgres --advance 0.25]
 *   --think is each player's mean pause before an action, in ms (0: submit as soon as possible).
 *   --advance is how often a player takes a choice without parameters when one is offered (end the
 *   phase, finish or take the standard set-up): uniformly random players re-place set-up units for
 *   ever, so a game would never leave its set-up. 0 makes every choice equally likely.
 *   env: LOADTEST_DATABASE_URL or TEST_DATABASE_URL (default postgresql://postgres@127.0.0.1:5432/test)
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { type GameModule, pickAction } from '@salient/engine';
import { games } from '@salient/games';
import type { MatchSummary, SubmitAck } from '@salient/protocol';
import pg from 'pg';
import { skirmish } from '../test/fixtures/skirmish.ts';
import { Player, TestUser } from '../test/helpers/harness.ts';
import { freePort, ServerProcess } from '../test/helpers/processes.ts';

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

async function admin(sql: string): Promise<void> {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  await c.query(sql);
  await c.end();
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
 * Opens a new match at the table and has its players and watchers join it: a table keeps playing
 * when a match ends, so the load stays what was asked for.
 */
async function startMatch(t: Table): Promise<void> {
  const m = await t.owner.createMatch({ game: game!.id, scenario: scenario!.id, seat: seatA });
  await t.guest.join(m.id, seatB);
  for (const p of [...Object.values(t.players), ...t.watchers]) {
    // What a player holds of the previous match is done with.
    p.updates.length = 0;
    const ack = await p.join(m.id, t.watchers.includes(p) ? 'spectator' : 'seat');
    if (!ack.ok) throw new Error(`join: ${ack.error.code}`);
  }
  t.id = m.id;
  t.seq = 0;
  t.acked = 0;
  t.played.push({ id: m.id, acked: 0 });
}

interface Table {
  /** The match being played now. */
  id: string;
  owner: TestUser;
  guest: TestUser;
  players: Record<string, Player>;
  watchers: Player[];
  seq: number;
  acked: number;
  /** Every match this table played, with the actions acknowledged in it. */
  played: { id: string; acked: number }[];
  finished: number;
}

let dropDatabase = async () => {};
let env: Record<string, string>;
if (values.db === 'postgres') {
  const dbName = `salient_load_${randomBytes(4).toString('hex')}`;
  await admin(`CREATE DATABASE ${dbName}`);
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  env = { DATABASE_URL: url.toString() };
  dropDatabase = () => admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
} else {
  const dir = await mkdtemp(path.join(tmpdir(), 'salient-load-'));
  env = { DATA_DIR: dir };
  dropDatabase = () => rm(dir, { recursive: true, force: true });
}
const server = new ServerProcess(await freePort(), {
  ...env,
  LOG_LEVEL: 'error',
});

try {
  await server.start(60_000);
  const pid = server.pid!;
  console.log(
    `${game.title} / ${scenario.name} on ${values.db}: setting up ${MATCHES} matches (${MATCHES * (2 + SPECTATORS)} sockets)`,
  );
  await sleep(500);
  const idle = processUsage(pid);

  const tables = await inBatches(
    Array.from({ length: MATCHES }, (_, i) => i),
    20,
    async (i): Promise<Table> => {
      const tag = randomBytes(3).toString('hex');
      const [a, b] = await Promise.all([
        TestUser.signUp(server.url, `a${i}_${tag}`),
        TestUser.signUp(server.url, `b${i}_${tag}`),
      ]);
      const players = { [seatA]: await a.connect(), [seatB]: await b.connect() };
      const watchers = await Promise.all(
        Array.from({ length: SPECTATORS }, () => Player.connect(server.url)),
      );
      const t: Table = {
        id: '',
        owner: a,
        guest: b,
        players,
        watchers,
        seq: 0,
        acked: 0,
        played: [],
        finished: 0,
      };
      await startMatch(t);
      return t;
    },
  );
  await sleep(500);
  const loaded = processUsage(pid);

  const ackMs: number[] = [];
  const opponentMs: number[] = [];
  const pushBytes: number[] = [];
  let errors = 0;
  const sentAt = new Map<string, number>();
  for (const t of tables) {
    for (const [seat, p] of Object.entries(t.players)) {
      p.socket.on('match:update', (u) => {
        if (u.seat === seat) return;
        const sent = sentAt.get(`${t.id}:${u.seq}`);
        if (sent !== undefined) opponentMs.push(performance.now() - sent);
      });
      // What arrives on the wire for each push, as socket.io frames it.
      p.socket.io.engine.on('packet', (packet: { type: string; data?: unknown }) => {
        if (
          packet.type === 'message' &&
          typeof packet.data === 'string' &&
          packet.data.startsWith('2["match:update"')
        )
          pushBytes.push(Buffer.byteLength(packet.data));
      });
    }
  }

  const before = processUsage(pid);
  const generatorBefore = process.cpuUsage();
  const stopAt = performance.now() + SECONDS * 1000;
  const started = performance.now();
  let counter = 0;
  await Promise.all(
    tables.map(async (t) => {
      const anyPlayer = t.players[seatA]!;
      const clients = [...Object.values(t.players), ...t.watchers];
      while (performance.now() < stopAt) {
        // A client holds its latest position, not every push since it joined (the test harness
        // keeps them all for its assertions): kept, they made the generator's heap and its garbage
        // collector grow all run long.
        for (const c of clients) {
          if (c.updates.length > 1) c.updates.splice(0, c.updates.length - 1);
          c.raw.length = 0;
        }
        if (THINK_MS > 0) await sleep(THINK_MS * (0.5 + Math.random()));
        if (performance.now() >= stopAt) break;
        const latest = anyPlayer.updates.at(-1)?.summary ?? anyPlayer.snapshot!.summary;
        if (latest.status !== 'active') {
          t.finished++;
          await startMatch(t);
          continue;
        }
        const seat = latest.toAct[Math.floor(Math.random() * latest.toAct.length)]!;
        const me = t.players[seat]!;
        // The position this player holds: its last folded push, or its snapshot.
        const heldSeq = me.updates.at(-1)?.seq ?? me.snapshot!.seq;
        if (heldSeq < t.seq) {
          await me.waitForSeq(t.seq, 10_000).catch(() => undefined);
          continue;
        }
        const view = me.updates.at(-1)?.view ?? me.snapshot!.view;
        const choices = game.choices(view, seat);
        if (choices.length === 0) {
          await sleep(5);
          continue;
        }
        const pick = (n: number) => Math.floor(Math.random() * n);
        const buttons = choices.filter((c) => c.params.length === 0);
        const pool = buttons.length > 0 && Math.random() < ADVANCE ? buttons : choices;
        const action = pickAction(pool[pick(pool.length)]!, pick);
        const t0 = performance.now();
        sentAt.set(`${t.id}:${t.seq + 1}`, t0);
        let ack: SubmitAck;
        try {
          ack = await me.socket.timeout(10_000).emitWithAck('match:submit', {
            matchId: t.id,
            seq: t.seq,
            action,
            clientActionId: `c${counter++}`,
          });
        } catch {
          errors++;
          continue;
        }
        if (!ack.ok) {
          errors++;
          if (ack.seq !== undefined) t.seq = ack.seq;
          continue;
        }
        ackMs.push(performance.now() - t0);
        t.seq = ack.seq;
        t.acked++;
        t.played.at(-1)!.acked++;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const after = processUsage(pid);
  const generator = process.cpuUsage(generatorBefore);
  await sleep(500);

  // Every acknowledged action is in the match, once: the server's seq equals what was acknowledged.
  let lost = 0;
  let extra = 0;
  await inBatches(
    tables.flatMap((t) => t.played.map((p) => ({ owner: t.owner, ...p }))),
    20,
    async (p) => {
      const summary = (await p.owner.request<MatchSummary>('GET', `/api/matches/${p.id}`)).body;
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
    `matches                 ${MATCHES} (2 players + ${SPECTATORS} spectator(s) each), ${fmt(elapsed)} s, think ${THINK_MS} ms, advance ${ADVANCE}`,
  );
  console.log(
    `actions acknowledged    ${actions} (${tables.reduce((n, t) => n + t.finished, 0)} matches finished and replaced by new ones)`,
  );
  console.log(`actions per second      ${fmt(actions / elapsed)}`);
  console.log(`ack latency             ${dist(ackMs)}`);
  console.log(`opponent update         ${dist(opponentMs)}`);
  console.log(
    `server CPU per action   ${fmt(((after.cpuSeconds - before.cpuSeconds) * 1000) / Math.max(1, actions), 3)} ms`,
  );
  // The clients share the machine with the server: what they spend per action is not the server's.
  console.log(
    `load generator CPU      ${fmt((generator.user + generator.system) / 1000 / Math.max(1, actions), 3)} ms per action (this process: every client, choosing with the rules)`,
  );
  console.log(
    `bytes per push          p50 ${percentile(pushBytes, 50)} / p95 ${percentile(pushBytes, 95)} / max ${pushBytes.at(-1)} (${pushBytes.length} pushes to players)`,
  );
  console.log(
    `server RSS              idle ${fmt(idle.rssBytes / 2 ** 20, 1)} MB, loaded ${fmt(loaded.rssBytes / 2 ** 20, 1)} MB, after play ${fmt(after.rssBytes / 2 ** 20, 1)} MB: ${fmt((loaded.rssBytes - idle.rssBytes) / MATCHES / 1024, 1)} KB per loaded match before play, ${fmt((after.rssBytes - idle.rssBytes) / MATCHES / 1024, 1)} KB after (with its sockets; the garbage collector and the database's caches move both)`,
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
  for (const t of tables) for (const p of [...Object.values(t.players), ...t.watchers]) p.close();
} finally {
  await server.kill('SIGTERM');
  await dropDatabase();
}
