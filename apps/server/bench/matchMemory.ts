/**
 * Memory per loaded idle match (a benchmark, not a test), for every game the product offers.
 *
 * For each game it imports N seeded random matches (a hurried bot for Loos, uniform random legal
 * choices for the others), cut at 20 to 420 actions as the cache holds matches in play, gives every
 * action a client action id as the web client does (a random UUID), then loads them all into a fresh
 * MatchStore on the same database and prints what they retain, all in: the heap after a full GC with
 * them loaded, less the heap after a full GC once the store dropped them. That counts everything only
 * the cache reaches (state, match row, seats, remembered client action ids, the cache entry), not
 * what is shared (game modules, maps). RSS is too noisy for this: freed pages go back late. Next to it,
 * the cache's own estimate, so MATCH_CACHE_BYTES can be set from a figure and CACHE_COST checked.
 *
 *   pnpm --filter @salient/server bench:memory [-- --matches 50] [--games loos,belle-epoque]
 *   env: TEST_DATABASE_URL (default postgresql://postgres@127.0.0.1:5432/test)
 */

import { parseArgs } from 'node:util';
import {
  type Choice,
  type GameModule,
  type JsonObject,
  pickAction,
  rngFromSeed,
  rollInPlace,
} from '@salient/engine';
import { games } from '@salient/games';
import type { MatchRecordFile } from '@salient/protocol';
import pg from 'pg';
import { openDatabase } from '../src/db/database.ts';
import { hashSeed } from '../src/matches/lifecycle.ts';
import { estimateMatchBytes, MatchStore } from '../src/matches/matchStore.ts';
import { freshPostgres } from '../test/helpers/databases.ts';
import { startTestServer, TestUser } from '../test/helpers/harness.ts';

const { values } = parseArgs({
  // `pnpm run x -- --flag` passes the `--` on: skip it.
  args: process.argv.slice(2).filter((a) => a !== '--'),
  options: {
    matches: { type: 'string', default: '50' },
    games: { type: 'string', default: Object.keys(games).join(',') },
  },
});
const N = Number(values.matches);
const gameIds = values.games.split(',');
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with node --expose-gc (the bench:memory script does)');

type Chooser = (choices: Choice[], state: JsonObject, seat: string, pick: (n: number) => number) => Choice;

/** Loos: the historical set-up, then mostly moves, else anything offered: a game that goes somewhere. */
const loosChooser: Chooser = (choices, state, seat, pick) => {
  const units = state.units as { side: string; loc: string }[];
  const standard = choices.find((c) => c.action === 'deployStandard');
  if (standard && units.some((u) => u.side === seat && u.loc === 'unplaced')) return standard;
  const done = choices.find((c) => c.action === 'endDeployment');
  if (done) return done;
  const busy = choices.filter((c) => ['move', 'attack', 'bombard'].includes(c.action));
  const pool = busy.length > 0 && pick(4) > 0 ? busy : choices;
  return pool[pick(pool.length)]!;
};
const uniform: Chooser = (choices, _state, _seat, pick) => choices[pick(choices.length)]!;

function record(game: GameModule, scenario: string, i: number, length: number): MatchRecordFile {
  const seed = `memory-${game.id}-${i}`;
  const rng = rngFromSeed(`bot-${i}`);
  const pick = (n: number) => rollInPlace(rng, n) - 1;
  const choose = game.id === 'loos' ? loosChooser : uniform;
  let state = game.setup(scenario, {}, seed) as JsonObject;
  const actions: MatchRecordFile['actions'] = [];
  while (actions.length < length && game.outcome(state) === null) {
    const seat = game.status(state).toAct[0]!;
    const action = pickAction(choose(game.choices(state, seat), state, seat, pick), pick);
    const result = game.apply(state, seat, action);
    if (!result.ok) throw new Error(`bot action refused: ${result.error.code}`);
    state = result.state as JsonObject;
    actions.push({ seq: actions.length + 1, seat, action, events: result.events });
  }
  const outcome = game.outcome(state);
  return {
    format: 'salient-record/1',
    matchId: seed,
    game: game.id,
    scenario,
    options: {},
    seed,
    seedHash: hashSeed(seed),
    players: [],
    timeControl: { kind: 'none' },
    createdAt: new Date().toISOString(),
    finishedAt: outcome ? new Date().toISOString() : null,
    outcome,
    actions,
  };
}

const settle = () => {
  for (let i = 0; i < 4; i++) gc();
  return process.memoryUsage().heapUsed;
};
const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;

const database = await freshPostgres();
try {
  const server = await startTestServer(
    database.target,
    { limits: { importMaxBytes: 64 * 1024 * 1024, importMaxActions: 100_000 } },
    Object.values(games),
  );
  const user = await TestUser.signUp(server.url, 'memory');
  const idsByGame = new Map<string, { ids: string[]; actions: number }>();
  for (const id of gameIds) {
    const game = games[id];
    if (!game) throw new Error(`no game ${id}; known: ${Object.keys(games).join(', ')}`);
    const scenario = game.scenarios[0]!.id;
    const ids: string[] = [];
    let actions = 0;
    for (let i = 0; i < N; i++) {
      const r = record(game, scenario, i, 20 + ((i * 37) % 400));
      actions += r.actions.length;
      const res = await user.request<{ matchId: string }>('POST', '/api/records/import', r);
      if (res.status !== 201) throw new Error(`import failed: ${JSON.stringify(res.body)}`);
      ids.push(res.body.matchId);
    }
    idsByGame.set(id, { ids, actions });
  }
  await server.close();
  // Imports carry no client action ids; matches played through the web client have one per action.
  if (database.target.kind !== 'postgres') throw new Error('the bench runs on PostgreSQL');
  const admin = new pg.Client({ connectionString: database.target.url });
  await admin.connect();
  await admin.query(
    `UPDATE match_actions SET client_action_id = gen_random_uuid()::text WHERE kind = 'action'`,
  );
  await admin.end();

  console.log(
    'method: heap after a full GC with the matches held by a fresh MatchStore, less the heap after a',
  );
  console.log('full GC once it dropped them, divided by the number of matches (node --expose-gc).');
  console.log('packed: the same once their states are kept as JSON text (what an idle match becomes).');
  console.log('wake: the first read of a packed match parses its state back (each match once).');
  console.log(
    `${'game'.padEnd(16)}${'matches'.padStart(8)}${'actions'.padStart(9)}${'heap/match'.padStart(13)}${'state JSON'.padStart(12)}${'heap/JSON'.padStart(10)}${'estimate'.padStart(12)}${'est/heap'.padStart(9)}${'packed heap'.padStart(13)}${'packed est'.padStart(12)}${'wake ms p50/max'.padStart(17)}`,
  );
  for (const [id, { ids, actions }] of idsByGame) {
    // A fresh process-like store on the same database: only what loading the matches adds counts.
    const opened = await openDatabase(database.target);
    const store = new MatchStore(opened.db, (g) => games[g], Number.MAX_SAFE_INTEGER);
    let stateBytes = 0;
    let estimated = 0;
    for (const matchId of ids) {
      const m = await store.get(matchId);
      stateBytes += JSON.stringify(m.state).length;
      estimated += estimateMatchBytes(m);
    }
    const loaded = settle();
    // The same matches once idle long enough for their states to be packed into their JSON text.
    store.packIdle(0);
    const packed = settle();
    let packedEstimate = 0;
    for (const matchId of ids) packedEstimate += estimateMatchBytes(store.cached(matchId)!);
    // Waking a packed match: the first read of its state parses the text back.
    const wakeMs: number[] = [];
    for (const matchId of ids) {
      const m = store.cached(matchId)!;
      const t = performance.now();
      void m.state;
      wakeMs.push(performance.now() - t);
    }
    wakeMs.sort((a, b) => a - b);
    const wake = `${wakeMs[Math.floor(wakeMs.length / 2)]!.toFixed(2)}/${wakeMs.at(-1)!.toFixed(2)}`;
    for (const matchId of ids) store.evict(matchId);
    const dropped = settle();
    await opened.close();
    const heapPer = (loaded - dropped) / ids.length;
    const jsonPer = stateBytes / ids.length;
    const estPer = estimated / ids.length;
    const packedPer = (packed - dropped) / ids.length;
    console.log(
      `${id.padEnd(16)}${String(ids.length).padStart(8)}${(actions / ids.length).toFixed(0).padStart(9)}${kib(heapPer).padStart(13)}${kib(jsonPer).padStart(12)}${(heapPer / jsonPer).toFixed(2).padStart(10)}${kib(estPer).padStart(12)}${(estPer / heapPer).toFixed(2).padStart(9)}${kib(packedPer).padStart(13)}${kib(packedEstimate / ids.length).padStart(12)}${wake.padStart(17)}`,
    );
  }
} finally {
  await database.drop();
}
