/**
 * A peer side by side (a benchmark, not a test): boardgame.io 0.50.2's server and Salient's, each in
 * a process of its own on loopback, host the same trivial game (two players alternate, the only move
 * advances a counter), played by the same number of matches and clients for the same time, in one
 * run. Salient runs twice, on PostgreSQL and on the embedded PGlite.
 *
 *   pnpm bench:peer [-- --matches 50 --seconds 30 --warmup 3 --sides boardgameio,postgres,pglite]
 *   env: TEST_DATABASE_URL (default postgresql://postgres@127.0.0.1:5432/test): Salient's PostgreSQL
 *   side gets a fresh database there, dropped at the end.
 *
 * Each match has two clients on their own socket.io connections. A move is timed from its submission
 * to the mover's confirmation (Salient: the acknowledgement, sent after the action is committed;
 * boardgame.io: the mover's own state update, its protocol's only answer), and to the opponent
 * holding the new state; the opponent then moves. So every match has one move in flight at a time,
 * on both sides alike. Moves submitted during the first --warmup seconds are not counted. Server CPU
 * is the server process's user + system time from /proc over the measured window (PGlite runs inside
 * Salient's process); on PostgreSQL, its backends' CPU for the benchmark's database is shown apart.
 */
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import type { JsonObject } from '@salient/engine';
import type { SubmitAck } from '@salient/protocol';
import { freshPglite, freshPostgres, TEST_DATABASE_URL } from '../../apps/server/test/helpers/databases.ts';
import { type Player, TestUser } from '../../apps/server/test/helpers/harness.ts';
import { freePort, ServerProcess } from '../../apps/server/test/helpers/processes.ts';
import { BoardgameioProcess, BoardgameioTable, lobby } from './boardgameio.ts';
import { cpuSeconds, formatRow, type Measured, percentile, type Sample } from './measure.ts';
import { backendCpu, cpuBetween } from './postgresBackends.ts';

// `pnpm bench:peer -- --matches 10` passes the `--` through: it only separates pnpm's own arguments.
const { values } = parseArgs({
  args: process.argv.slice(2).filter((a) => a !== '--'),
  options: {
    matches: { type: 'string', default: '50' },
    seconds: { type: 'string', default: '30' },
    warmup: { type: 'string', default: '3' },
    sides: { type: 'string', default: 'boardgameio,postgres,pglite' },
  },
});
const MATCHES = Number(values.matches);
const SECONDS = Number(values.seconds);
const WARMUP = Number(values.warmup);
const SIDES = values.sides.split(',');
for (const s of SIDES)
  if (!['boardgameio', 'postgres', 'pglite'].includes(s))
    throw new Error(`unknown side ${s}: boardgameio, postgres or pglite`);
if (!(MATCHES > 0 && SECONDS > 0 && WARMUP >= 0)) throw new Error('--matches, --seconds > 0; --warmup >= 0');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function inBatches<T, R>(items: T[], size: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += size)
    out.push(...(await Promise.all(items.slice(i, i + size).map(work))));
  return out;
}

/** One match as the driver sees it: make the next move, resolving with its two timings. */
interface Table {
  move(): Promise<Sample>;
  close(): void;
}

/**
 * Plays every table for warmup + seconds, one move in flight per table, and measures the window
 * after the warm-up: moves, their timings, and the server process's CPU time.
 */
async function drive(
  pid: number,
  tables: Table[],
  databaseCpu?: () => Promise<Map<number, number>>,
): Promise<Omit<Measured, 'side' | 'persists' | 'consistency'>> {
  const samples: Sample[] = [];
  let errors = 0;
  const start = performance.now();
  const measureFrom = start + WARMUP * 1000;
  const stopAt = measureFrom + SECONDS * 1000;
  let cpuBefore = 0;
  let databaseBefore = new Map<number, number>();
  const loadBefore = loadavg()[0]!;
  const marked = sleep(WARMUP * 1000).then(async () => {
    cpuBefore = cpuSeconds(pid);
    if (databaseCpu) databaseBefore = await databaseCpu();
  });
  await Promise.all(
    tables.map(async (t) => {
      while (performance.now() < stopAt) {
        const submittedAt = performance.now();
        try {
          const sample = await t.move();
          if (submittedAt >= measureFrom) samples.push(sample);
        } catch (e) {
          errors++;
          if (errors <= 3) console.error(`  move failed: ${(e as Error).message}`);
          await sleep(50);
        }
      }
    }),
  );
  await marked;
  const elapsed = (performance.now() - measureFrom) / 1000;
  const cpu = cpuSeconds(pid) - cpuBefore;
  const databaseAfter = databaseCpu ? await databaseCpu() : null;
  const confirm = samples.map((s) => s.confirmMs).sort((a, b) => a - b);
  const opponent = samples.map((s) => s.opponentMs).sort((a, b) => a - b);
  return {
    moves: samples.length,
    seconds: elapsed,
    movesPerSecond: samples.length / elapsed,
    confirmP50: percentile(confirm, 50),
    confirmP99: percentile(confirm, 99),
    opponentP50: percentile(opponent, 50),
    opponentP99: percentile(opponent, 99),
    cpuMsPerMove: (cpu * 1000) / Math.max(1, samples.length),
    databaseCpuMsPerMove:
      databaseAfter && databaseAfter.size > 0
        ? (cpuBetween(databaseBefore, databaseAfter) * 1000) / Math.max(1, samples.length)
        : null,
    errors,
    load: [loadBefore, loadavg()[0]!],
  };
}

// ---- boardgame.io ---------------------------------------------------------------------------------

async function runBoardgameio(): Promise<Measured> {
  const server = new BoardgameioProcess(await freePort(), await freePort());
  try {
    await server.start();
    const tables = await inBatches(
      Array.from({ length: MATCHES }, (_, i) => i),
      10,
      async () => BoardgameioTable.open(server, await lobby(server).createMatch()),
    );
    const result = await drive(server.pid!, tables);
    // The state is the game's own count of moves: every confirmed move is in it, once.
    const counted = tables.reduce((n, t) => n + t.confirmed, 0);
    const inState = tables.reduce((n, t) => n + t.stateMoves(), 0);
    for (const t of tables) t.close();
    return {
      side: 'boardgame.io 0.50.2',
      persists: 'nothing: match state in a Map in the process (its InMemory storage)',
      ...result,
      consistency: `${counted} moves confirmed, ${inState} in the final states`,
    };
  } finally {
    await server.kill();
  }
}

// ---- Salient --------------------------------------------------------------------------------------

/** A skirmish match played with advances only: after both deploy, red and blue alternate. */
class SalientTable implements Table {
  private seq = 0;
  acked = 0;
  private counter = 0;

  private constructor(
    readonly id: string,
    readonly owner: TestUser,
    private readonly players: { red: Player; blue: Player },
  ) {}

  static async open(baseUrl: string, i: number): Promise<SalientTable> {
    const tag = randomBytes(3).toString('hex');
    const [a, b] = await Promise.all([
      TestUser.signUp(baseUrl, `pr${i}_${tag}`),
      TestUser.signUp(baseUrl, `pb${i}_${tag}`),
    ]);
    // The longest game the scenario offers: nobody reaches it in a benchmark's time.
    const m = await a.createMatch({
      game: 'skirmish',
      scenario: 'meeting',
      seat: 'red',
      options: { length: 100_000 },
    });
    await b.join(m.id, 'blue');
    const players = { red: await a.connect(), blue: await b.connect() };
    for (const p of [players.red, players.blue]) {
      const ack = await p.join(m.id, 'seat');
      if (!ack.ok) throw new Error(`join: ${JSON.stringify(ack)}`);
    }
    const t = new SalientTable(m.id, a, players);
    // Deployment (both seats, hidden) is not the trivial move: it happens before the clock starts.
    await t.submit(players.red, { type: 'deploy', at: 'north' });
    await t.submit(players.blue, { type: 'deploy', at: 'south' });
    await Promise.all([players.red.waitForSeq(t.seq, 10_000), players.blue.waitForSeq(t.seq, 10_000)]);
    t.acked = 0;
    return t;
  }

  private async submit(p: Player, action: JsonObject & { type: string }): Promise<number> {
    const ack: SubmitAck = await p.socket.timeout(10_000).emitWithAck('match:submit', {
      matchId: this.id,
      seq: this.seq,
      action,
      clientActionId: `m${this.counter++}`,
    });
    if (!ack.ok) throw new Error(`submit refused: ${JSON.stringify(ack)}`);
    this.seq = ack.seq;
    this.acked++;
    return ack.seq;
  }

  async move(): Promise<Sample> {
    // Whose turn it is, from the view the players hold (both hold the latest step here).
    const held = this.players.red.updates.at(-1)?.view ?? this.players.red.snapshot!.view;
    const seat = (held.toAct as string[])[0] as 'red' | 'blue';
    const me = this.players[seat];
    const opponent = this.players[seat === 'red' ? 'blue' : 'red'];
    const t0 = performance.now();
    const seq = await this.submit(me, { type: 'advance' });
    const confirmMs = performance.now() - t0;
    await Promise.all([opponent.waitForSeq(seq, 10_000), me.waitForSeq(seq, 10_000)]);
    const opponentMs = performance.now() - t0;
    // The harness keeps every push; a long run only needs the last.
    for (const p of [me, opponent]) p.updates.splice(0, p.updates.length - 1);
    for (const p of [me, opponent]) p.raw.length = 0;
    return { confirmMs, opponentMs };
  }

  close(): void {
    this.players.red.close();
    this.players.blue.close();
  }
}

async function runSalient(db: 'postgres' | 'pglite'): Promise<Measured> {
  // A database of its own, dropped (or its directory removed) at the end.
  const database = db === 'postgres' ? await freshPostgres() : await freshPglite();
  const env: Record<string, string> =
    database.target.kind === 'postgres'
      ? { DATABASE_URL: database.target.url }
      : { DATA_DIR: database.target.dataDir };
  const server = new ServerProcess(await freePort(), {
    ...env,
    NODE_ENV: 'production',
    SESSION_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'error',
  });
  try {
    await server.start(60_000);
    const tables = await inBatches(
      Array.from({ length: MATCHES }, (_, i) => i),
      10,
      (i) => SalientTable.open(server.url, i),
    );
    const target = database.target;
    const result = await drive(
      server.pid!,
      tables,
      target.kind === 'postgres'
        ? () => backendCpu(TEST_DATABASE_URL, new URL(target.url).pathname.slice(1))
        : undefined,
    );
    await sleep(300);
    // Every acknowledged move is in the match, once: the server's seq counts deployments + moves.
    let lost = 0;
    let extra = 0;
    await inBatches(tables, 10, async (t) => {
      const summary = (await t.owner.request<{ seq: number }>('GET', `/api/matches/${t.id}`)).body;
      const expected = 2 + t.acked;
      if (summary.seq < expected) lost += expected - summary.seq;
      if (summary.seq > expected) extra += summary.seq - expected;
    });
    for (const t of tables) t.close();
    return {
      side: `Salient on ${db === 'postgres' ? 'PostgreSQL' : 'PGlite'}`,
      persists:
        db === 'postgres'
          ? 'every action, committed (synchronous commit) before its acknowledgement; DB CPU is its backends'
          : 'every action, committed to the embedded database (files on disk) before its acknowledgement; PGlite runs inside the server process, so its CPU is in CPU/move',
      ...result,
      consistency: `lost / extra acknowledged actions: ${lost} / ${extra}`,
    };
  } finally {
    await server.kill('SIGTERM');
    await database.drop();
  }
}

// ---- the run ---------------------------------------------------------------------------------------

console.log(
  `peer benchmark: ${MATCHES} matches x 2 clients, ${SECONDS} s measured after ${WARMUP} s warm-up; load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
const results: Measured[] = [];
for (const side of SIDES) {
  console.log(`running ${side} ...`);
  results.push(
    side === 'boardgameio' ? await runBoardgameio() : await runSalient(side as 'postgres' | 'pglite'),
  );
}

console.log('');
console.log(formatRow(null));
for (const r of results) console.log(formatRow(r));
console.log('');
for (const r of results) console.log(`${r.side.padEnd(22)} persists ${r.persists}; ${r.consistency}`);
const peer = results.find((r) => r.side.startsWith('boardgame.io'));
if (peer) {
  const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}x`;
  console.log('');
  console.log(
    'Salient / boardgame.io  moves/s  confirm p50  confirm p99  CPU/move  CPU/move with DB backends',
  );
  for (const r of results.filter((x) => x !== peer)) {
    const withDatabase = r.cpuMsPerMove + (r.databaseCpuMsPerMove ?? 0);
    console.log(
      [
        r.side.padEnd(22),
        ratio(r.movesPerSecond, peer.movesPerSecond).padStart(8),
        ratio(r.confirmP50, peer.confirmP50).padStart(12),
        ratio(r.confirmP99, peer.confirmP99).padStart(11),
        ratio(r.cpuMsPerMove, peer.cpuMsPerMove).padStart(9),
        ratio(withDatabase, peer.cpuMsPerMove).padStart(27),
      ].join(' '),
    );
  }
}
