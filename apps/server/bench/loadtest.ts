/**
 * Load test (a benchmark, not a test): N concurrent matches, each with two players and one
 * spectator on their own socket.io connections, against a server process on loopback backed by
 * PostgreSQL. Prints acknowledgement latency (p50, p99), spectator delivery latency (p99),
 * actions per second, errors, and checks that no action was lost or applied twice.
 *
 * Players think between moves, as people do: together they offer `--rate` actions per second
 * (spread evenly over the matches, with jitter). `--rate 0` removes the thinking: every match
 * submits as soon as its last action is acknowledged, which measures the server's ceiling.
 *
 *   pnpm loadtest [-- --matches 200 --seconds 20 --rate 600]
 *   env: LOADTEST_DATABASE_URL or TEST_DATABASE_URL (default postgresql://postgres@127.0.0.1:5432/test)
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import type { SubmitAck } from '@salient/protocol';
import pg from 'pg';
import { Player, TestUser } from '../test/helpers/harness.ts';
import { freePort, ServerProcess } from '../test/helpers/processes.ts';

const { values } = parseArgs({
  options: {
    matches: { type: 'string', default: '200' },
    seconds: { type: 'string', default: '20' },
    rate: { type: 'string', default: '600' },
  },
});
const MATCHES = Number(values.matches);
const SECONDS = Number(values.seconds);
const RATE = Number(values.rate);
/** Each match's mean time between actions, so that all matches together offer RATE actions/s. */
const THINK_MS = RATE > 0 ? (1000 * MATCHES) / RATE : 0;
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

async function inBatches<T, R>(
  items: T[],
  size: number,
  work: (item: T, i: number) => Promise<R>,
): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += size) {
    out.push(...(await Promise.all(items.slice(i, i + size).map((item, j) => work(item, i + j)))));
  }
  return out;
}

interface Table {
  id: string;
  red: Player;
  blue: Player;
  watcher: Player;
  seq: number;
  acked: number;
}

const dbName = `salient_load_${randomBytes(4).toString('hex')}`;
await admin(`CREATE DATABASE ${dbName}`);
const url = new URL(adminUrl);
url.pathname = `/${dbName}`;
const server = new ServerProcess(await freePort(), { DATABASE_URL: url.toString(), LOG_LEVEL: 'error' });

try {
  await server.start();
  console.log(`server up on ${server.url}; setting up ${MATCHES} matches (${MATCHES * 3} sockets)`);
  const tables = await inBatches(
    Array.from({ length: MATCHES }, (_, i) => i),
    20,
    async (i): Promise<Table> => {
      const [r, b] = await Promise.all([
        TestUser.signUp(server.url, `red${i}`),
        TestUser.signUp(server.url, `blue${i}`),
      ]);
      const m = await r.createMatch({ options: { length: 100_000 } });
      await b.join(m.id, 'blue');
      const [red, blue, watcher] = await Promise.all([r.connect(), b.connect(), Player.connect(server.url)]);
      await red.join(m.id, 'seat');
      await blue.join(m.id, 'seat');
      await watcher.join(m.id, 'spectator');
      await red.submit(m.id, { type: 'deploy', at: 'north' }, 0);
      await blue.submit(m.id, { type: 'deploy', at: 'south' }, 1);
      return { id: m.id, red, blue, watcher, seq: 2, acked: 2 };
    },
  );

  const ackMs: number[] = [];
  const spectatorMs: number[] = [];
  let errors = 0;
  const sentAt = new Map<string, number>();
  for (const t of tables) {
    t.watcher.socket.on('match:update', (u) => {
      const sent = sentAt.get(`${t.id}:${u.seq}`);
      if (sent !== undefined) {
        spectatorMs.push(performance.now() - sent);
        sentAt.delete(`${t.id}:${u.seq}`);
      }
    });
  }

  const stopAt = performance.now() + SECONDS * 1000;
  const started = performance.now();
  let counter = 0;
  await Promise.all(
    tables.map(async (t) => {
      // Start the matches spread over one think time, not all at once.
      let nextAt = performance.now() + Math.random() * THINK_MS;
      while (performance.now() < stopAt) {
        if (THINK_MS > 0) {
          await sleep(Math.max(0, nextAt - performance.now()));
          nextAt += THINK_MS * (0.5 + Math.random());
          if (performance.now() >= stopAt) break;
        }
        const by = t.seq % 2 === 0 ? t.red : t.blue;
        const t0 = performance.now();
        sentAt.set(`${t.id}:${t.seq + 1}`, t0);
        let ack: SubmitAck;
        try {
          ack = await by.socket.timeout(10_000).emitWithAck('match:submit', {
            matchId: t.id,
            seq: t.seq,
            action: { type: 'advance' },
            clientActionId: `c${counter++}`,
          });
        } catch {
          errors++;
          continue;
        }
        ackMs.push(performance.now() - t0);
        if (!ack.ok) {
          errors++;
          if (ack.seq !== undefined) t.seq = ack.seq;
          continue;
        }
        t.seq = ack.seq;
        t.acked++;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  await new Promise((r) => setTimeout(r, 500));

  // Every acknowledged action is in the log once, and nothing else is.
  const c = new pg.Client({ connectionString: url.toString() });
  await c.connect();
  const rows = await c.query(
    'SELECT match_id, count(*)::int AS n, max(seq) AS top FROM match_actions GROUP BY match_id',
  );
  await c.end();
  const byMatch = new Map(rows.rows.map((r) => [r.match_id as string, r as { n: number; top: number }]));
  let lost = 0;
  let extra = 0;
  for (const t of tables) {
    const row = byMatch.get(t.id);
    const stored = row?.n ?? 0;
    if (stored < t.acked) lost += t.acked - stored;
    if (stored > t.acked) extra += stored - t.acked;
    if (row && row.top !== row.n) extra++;
  }

  ackMs.sort((a, b) => a - b);
  spectatorMs.sort((a, b) => a - b);
  const actions = ackMs.length - errors;
  const fmt = (n: number) => n.toFixed(2);
  console.log('');
  console.log(`matches                 ${MATCHES} (2 players + 1 spectator each), ${fmt(elapsed)} s`);
  console.log(`offered rate            ${RATE > 0 ? `${RATE} actions/s` : 'as fast as acknowledged'}`);
  console.log(`actions acknowledged    ${actions}`);
  console.log(`actions per second      ${fmt(actions / elapsed)}`);
  console.log(`ack latency p50         ${fmt(percentile(ackMs, 50))} ms`);
  console.log(`ack latency p99         ${fmt(percentile(ackMs, 99))} ms`);
  console.log(
    `spectator delivery p99  ${fmt(percentile(spectatorMs, 99))} ms (p50 ${fmt(percentile(spectatorMs, 50))} ms)`,
  );
  console.log(`errors                  ${errors}`);
  console.log(`lost / extra actions    ${lost} / ${extra}`);
  for (const t of tables) for (const p of [t.red, t.blue, t.watcher]) p.close();
} finally {
  await server.kill('SIGTERM');
  await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
}
