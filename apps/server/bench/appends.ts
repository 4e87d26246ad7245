/**
 * The durable path alone (a benchmark, not a test): how many actions per second the database
 * acknowledges, one statement per action versus group commit, with no game, socket or client in
 * the way. `--matches` loops each append to their own match as fast as the previous one commits
 * (as players with no thinking time would), for `--seconds`, once per mode, back to back.
 *
 *   npx tsx bench/appends.ts [--matches 100 --seconds 10 --db postgres|pglite --modes single,batched]
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { type DatabaseTarget, openDatabase, type SqlRunner } from '../src/db/database.ts';
import { type Append, appendAction } from '../src/matches/appendAction.ts';
import { AppendBatcher } from '../src/matches/appendBatcher.ts';
import { Metrics } from '../src/metrics.ts';

const { values } = parseArgs({
  args: process.argv.slice(2).filter((a) => a !== '--'),
  options: {
    matches: { type: 'string', default: '100' },
    seconds: { type: 'string', default: '10' },
    db: { type: 'string', default: 'postgres' },
    modes: { type: 'string', default: 'single,batched,single,batched' },
  },
});
const MATCHES = Number(values.matches);
const SECONDS = Number(values.seconds);
const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/test';

async function admin(sql: string) {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  await c.query(sql).finally(() => c.end());
}

/** A Loos-sized action: its events and the match row it moves, as Play would write them. */
function step(matchId: string, fromSeq: number): Append {
  return {
    matchId,
    fromSeq,
    seat: fromSeq % 2 === 0 ? 'british' : 'german',
    action: { type: 'move', unit: `u${fromSeq % 40}`, to: `h${fromSeq % 97}` },
    events: [{ type: 'moved', text: `a unit moves to hex ${fromSeq % 97}`, seq: fromSeq }],
    undoable: true,
    clientActionId: `${matchId}-${fromSeq}`,
    snapshot: null,
    rulesVersion: null,
    next: {
      status: 'active',
      turn: String(1 + Math.floor(fromSeq / 20)),
      phase: 'movement',
      toAct: [fromSeq % 2 === 0 ? 'german' : 'british'],
      outcome: null,
      clock: null,
      clockSince: null,
      deadline: null,
      finishedAt: null,
    },
    now: Date.now(),
  };
}

async function run(mode: 'single' | 'batched', sql: SqlRunner, ids: string[], from: Map<string, number>) {
  const metrics = new Metrics();
  const batcher = new AppendBatcher(sql, metrics);
  const append = (a: Append) => (mode === 'batched' ? batcher.append(a) : appendAction(sql, a));
  const latencies: number[] = [];
  const until = performance.now() + SECONDS * 1000;
  const started = performance.now();
  // The whole process's CPU (every thread: PGlite's worker included), which survives a busy machine.
  const cpuBefore = process.cpuUsage();
  await Promise.all(
    ids.map(async (id) => {
      while (performance.now() < until) {
        const seq = from.get(id)!;
        const t = performance.now();
        if (!(await append(step(id, seq)))) throw new Error(`${id} lost its step ${seq}`);
        latencies.push(performance.now() - t);
        from.set(id, seq + 1);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  const cpuMsPerAppend = (cpu.user + cpu.system) / 1000 / Math.max(1, latencies.length);
  latencies.sort((a, b) => a - b);
  const pct = (p: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))]!;
  const perCommit =
    mode === 'batched' ? `, ${(metrics.appendedActions / metrics.appendCommits).toFixed(1)} per commit` : '';
  console.log(
    `${mode.padEnd(8)} ${(latencies.length / elapsed).toFixed(0).padStart(6)} appends/s   commit p50 ${pct(50).toFixed(1)} / p99 ${pct(99).toFixed(1)} ms${perCommit}, process CPU ${cpuMsPerAppend.toFixed(3)} ms per append`,
  );
}

const dbName = `salient_appends_${randomBytes(4).toString('hex')}`;
const dir = values.db === 'pglite' ? await mkdtemp(path.join(tmpdir(), 'salient-appends-')) : '';
let target: DatabaseTarget;
if (values.db === 'pglite') target = { kind: 'pglite', dataDir: dir };
else {
  await admin(`CREATE DATABASE ${dbName}`);
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  target = { kind: 'postgres', url: url.toString() };
}
const database = await openDatabase(target);
try {
  await database.sql.query(
    `INSERT INTO users (id, username, username_key, password_hash) VALUES ('bench', 'bench', 'bench', '-')`,
    [],
  );
  const ids = Array.from({ length: MATCHES }, (_, i) => `m${i}`);
  for (const id of ids) {
    await database.sql.query(
      `INSERT INTO matches (id, game, scenario, options, status, visibility, time_control, seed, seed_hash, created_by_id)
       VALUES ($1, 'loos', 'loos-1915', '{}', 'active', 'public', '{"kind":"none"}', 's', 'h', 'bench')`,
      [id],
    );
  }
  const from = new Map(ids.map((id) => [id, 0]));
  console.log(`${MATCHES} matches appending back to back on ${values.db}, ${SECONDS} s per mode`);
  for (const mode of values.modes.split(',')) {
    if (mode !== 'single' && mode !== 'batched') throw new Error(`unknown mode ${mode}: single or batched`);
    await run(mode, database.sql, ids, from);
  }
} finally {
  await database.close();
  if (values.db === 'pglite') await rm(dir, { recursive: true, force: true });
  else await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
}
