/**
 * Loading a finished long match (a benchmark, not a test): the server's cost of opening a whole
 * game of weeks, e.g. a Paths of Glory Campaign, for its replay or its analysis.
 *
 * Plays N seeded games of a scenario to their end with the game's own purposeful player (its bot
 * playout policy; uniform random choices for a game without one: a uniformly random Paths of Glory
 * player accepts half the peace offers and ends the war in its first year), imports
 * each record into PostgreSQL through the real server, then, in a fresh MatchStore on the same
 * database (a process that has never seen the match), times loading it (rows read and the state
 * rebuilt), and times and weighs what a client downloads to replay it (GET /api/matches/:id/record)
 * and the same replay run by the rules package. Prints figures; asserts nothing.
 *
 *   pnpm --filter @salient/server bench [-- --game paths-of-glory --scenario campaign --matches 3]
 *   env: TEST_DATABASE_URL (default postgresql://postgres@127.0.0.1:5432/test)
 */
import { parseArgs } from 'node:util';
import {
  type GameModule,
  type JsonObject,
  pickAction,
  replay,
  rngFromSeed,
  rollInPlace,
} from '@salient/engine';
import { games } from '@salient/games';
import type { MatchRecordFile } from '@salient/protocol';
import pg from 'pg';
import { openDatabase } from '../src/db/database.ts';
import { hashSeed } from '../src/matches/lifecycle.ts';
import { MatchStore } from '../src/matches/matchStore.ts';
import { freshPostgres } from '../test/helpers/databases.ts';
import { startTestServer, TestUser } from '../test/helpers/harness.ts';

const { values } = parseArgs({
  // `pnpm run x -- --flag` passes the `--` on: skip it.
  args: process.argv.slice(2).filter((a) => a !== '--'),
  options: {
    game: { type: 'string', default: 'paths-of-glory' },
    scenario: { type: 'string', default: 'campaign' },
    matches: { type: 'string', default: process.env.FINISHED_LOAD_MATCHES ?? '3' },
  },
});
const game = games[values.game] as GameModule | undefined;
if (!game) throw new Error(`no game ${values.game}; known: ${Object.keys(games).join(', ')}`);
const scenario = values.scenario;
const N = Number(values.matches);

/** A whole seeded random game, as the record a finished match exports. */
function finishedRecord(i: number): MatchRecordFile {
  const seed = `finished-${game!.id}-${i}`;
  const rng = rngFromSeed(`player-${i}`);
  const pick = (n: number) => rollInPlace(rng, n) - 1;
  let state = game!.setup(scenario, {}, seed) as JsonObject;
  const actions: MatchRecordFile['actions'] = [];
  while (game!.outcome(state) === null) {
    const seat = game!.status(state).toAct[0]!;
    const choices = game!.choices(state, seat);
    const policy = game!.bot?.playout;
    const choice = policy ? policy(choices, seat, state, pick) : choices[pick(choices.length)]!;
    const action = pickAction(choice, pick);
    const result = game!.apply(state, seat, action);
    if (!result.ok) throw new Error(`offered action refused: ${result.error.code}`);
    state = result.state as JsonObject;
    actions.push({ seq: actions.length + 1, seat, action, events: result.events });
  }
  return {
    format: 'salient-record/1',
    matchId: seed,
    game: game!.id,
    scenario,
    options: {},
    seed,
    seedHash: hashSeed(seed),
    players: [],
    timeControl: { kind: 'none' },
    createdAt: new Date().toISOString(),
    finishedAt: new Date().toISOString(),
    outcome: game!.outcome(state),
    actions,
  };
}

const kib = (n: number) => `${(n / 1024).toFixed(0)} KiB`;
const ms = (n: number) => `${n.toFixed(0)} ms`;

const database = await freshPostgres();
try {
  if (database.target.kind !== 'postgres') throw new Error('the bench runs on PostgreSQL');
  const server = await startTestServer(
    database.target,
    { limits: { importMaxBytes: 256 * 1024 * 1024, importMaxActions: 1_000_000 } },
    Object.values(games),
  );
  const user = await TestUser.signUp(server.url, 'loader');
  const imported: { id: string; actions: number }[] = [];
  for (let i = 0; i < N; i++) {
    const r = finishedRecord(i);
    const res = await user.request<{ matchId: string }>('POST', '/api/records/import', r);
    if (res.status !== 201) throw new Error(`import failed: ${JSON.stringify(res.body).slice(0, 300)}`);
    imported.push({ id: res.body.matchId, actions: r.actions.length });
  }

  const sql = new pg.Client({ connectionString: database.target.url });
  await sql.connect();
  console.log(`${game.title}, ${scenario}: ${N} finished games imported, each loaded by a fresh MatchStore`);
  console.log(
    `${'actions'.padStart(8)}${'rows in DB'.padStart(12)}${'load'.padStart(9)}${'state JSON'.padStart(12)}${'record GET'.padStart(12)}${'record'.padStart(11)}${'on wire'.padStart(10)}${'replay'.padStart(9)}`,
  );
  for (const { id, actions } of imported) {
    const rows = await sql.query<{ bytes: string }>(
      'SELECT coalesce(sum(pg_column_size(a.*)), 0) AS bytes FROM match_actions a WHERE match_id = $1',
      [id],
    );
    // A process that has never seen the match: its rows read and its state rebuilt.
    const opened = await openDatabase(database.target);
    const store = new MatchStore(opened.db, (g) => games[g], Number.MAX_SAFE_INTEGER);
    const t0 = performance.now();
    const m = await store.get(id);
    const loadMs = performance.now() - t0;
    const stateBytes = JSON.stringify(m.state).length;
    await opened.close();

    // What a client downloads to replay it, asking for gzip as a browser does: "on wire" is what the
    // server sent (its Content-Length), the same as the record's size while it does not compress.
    const t1 = performance.now();
    const res = await fetch(`${server.url}/api/matches/${id}/record`, {
      headers: { cookie: user.cookie, 'accept-encoding': 'gzip' },
    });
    const body = await res.text();
    const recordMs = performance.now() - t1;
    const wireBytes = Number(res.headers.get('content-length') ?? Number.NaN);
    // The replay the client runs with the same rules package.
    const file = JSON.parse(body) as MatchRecordFile;
    const t2 = performance.now();
    replay(game, {
      game: file.game,
      scenario: file.scenario,
      options: file.options,
      seed: file.seed!,
      actions: file.actions.map((a) => ({ seat: a.seat, action: a.action })),
    });
    const replayMs = performance.now() - t2;
    console.log(
      `${String(actions).padStart(8)}${kib(Number(rows.rows[0]!.bytes)).padStart(12)}${ms(loadMs).padStart(9)}${kib(stateBytes).padStart(12)}${ms(recordMs).padStart(12)}${kib(body.length).padStart(11)}${(Number.isNaN(wireBytes) ? 'chunked' : kib(wireBytes)).padStart(10)}${ms(replayMs).padStart(9)}`,
    );
  }
  await sql.end();
  await server.close();
} finally {
  await database.drop();
}
