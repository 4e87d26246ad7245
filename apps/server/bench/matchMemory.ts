/**
 * Memory per loaded match (a benchmark, not a test): imports N real Loos matches (seeded random
 * games by a hurried player, cut at various points, as the cache holds matches in play), then
 * loads them all into a fresh MatchStore and prints what they retain on the heap per match (the
 * heap after a full GC with them loaded, less the same once they are dropped; RSS is too noisy for
 * this, freed pages go back late) next to the cache's own estimate, so MATCH_CACHE_BYTES can be set from a figure and CACHE_COST checked.
 *
 *   pnpm --filter @salient/server bench:memory [-- --matches 100]
 *   env: TEST_DATABASE_URL (default postgresql://postgres@127.0.0.1:5432/test)
 */

import { parseArgs } from 'node:util';
import { type Choice, type JsonObject, pickAction, rngFromSeed, rollInPlace } from '@salient/engine';
import { games } from '@salient/games';
import type { MatchRecordFile } from '@salient/protocol';
import { openDatabase } from '../src/db/database.ts';
import { hashSeed } from '../src/matches/lifecycle.ts';
import { estimateMatchBytes, MatchStore } from '../src/matches/matchStore.ts';
import { freshPostgres } from '../test/helpers/databases.ts';
import { startTestServer, TestUser } from '../test/helpers/harness.ts';

const { values } = parseArgs({ options: { matches: { type: 'string', default: '100' } } });
const N = Number(values.matches);
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with node --expose-gc (the bench:memory script does)');
const loos = games.loos!;

/** The historical set-up, then mostly moves, else anything offered: a game that goes somewhere. */
function choose(choices: Choice[], state: JsonObject, seat: string, pick: (n: number) => number): Choice {
  const units = state.units as { side: string; loc: string }[];
  const standard = choices.find((c) => c.action === 'deployStandard');
  if (standard && units.some((u) => u.side === seat && u.loc === 'unplaced')) return standard;
  const done = choices.find((c) => c.action === 'endDeployment');
  if (done) return done;
  const busy = choices.filter((c) => ['move', 'attack', 'bombard'].includes(c.action));
  const pool = busy.length > 0 && pick(4) > 0 ? busy : choices;
  return pool[pick(pool.length)]!;
}

function record(i: number, length: number): MatchRecordFile {
  const seed = `memory-${i}`;
  const rng = rngFromSeed(`bot-${i}`);
  const pick = (n: number) => rollInPlace(rng, n) - 1;
  let state = loos.setup('loos-1915', {}, seed) as JsonObject;
  const actions: MatchRecordFile['actions'] = [];
  while (actions.length < length && loos.outcome(state) === null) {
    const seat = loos.status(state).toAct[0]!;
    const action = pickAction(choose(loos.choices(state, seat), state, seat, pick), pick);
    const result = loos.apply(state, seat, action);
    if (!result.ok) throw new Error(`bot action refused: ${result.error.code}`);
    state = result.state as JsonObject;
    actions.push({ seq: actions.length + 1, seat, action, events: result.events });
  }
  const outcome = loos.outcome(state);
  return {
    format: 'salient-record/1',
    matchId: `memory-${i}`,
    game: 'loos',
    scenario: 'loos-1915',
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

const database = await freshPostgres();
try {
  const server = await startTestServer(
    database.target,
    { limits: { importMaxBytes: 64 * 1024 * 1024, importMaxActions: 100_000 } },
    Object.values(games),
  );
  const user = await TestUser.signUp(server.url, 'memory');
  const ids: string[] = [];
  let actions = 0;
  for (let i = 0; i < N; i++) {
    const r = record(i, 20 + ((i * 37) % 400));
    actions += r.actions.length;
    const res = await user.request<{ matchId: string }>('POST', '/api/records/import', r);
    if (res.status !== 201) throw new Error(`import failed: ${JSON.stringify(res.body)}`);
    ids.push(res.body.matchId);
  }
  await server.close();

  // A fresh process-like store on the same database: only what loading the matches adds counts.
  const opened = await openDatabase(database.target);
  const store = new MatchStore(opened.db, (id) => games[id], Number.MAX_SAFE_INTEGER);
  let stateBytes = 0;
  let estimated = 0;
  for (const id of ids) {
    const m = await store.get(id);
    stateBytes += JSON.stringify(m.state).length;
    estimated += estimateMatchBytes(m);
  }
  // What the loaded matches retain: the heap with them all held, less the heap once they are dropped.
  const settle = () => {
    for (let i = 0; i < 4; i++) gc();
    return process.memoryUsage().heapUsed;
  };
  const loaded = settle();
  for (const id of ids) store.evict(id);
  const dropped = settle();
  await opened.close();

  const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
  const heapPer = (loaded - dropped) / N;
  console.log(`Loos matches loaded       ${N} (${(actions / N).toFixed(0)} actions each on average)`);
  console.log(`heap per loaded match     ${kib(heapPer)}`);
  console.log(
    `state JSON per match      ${kib(stateBytes / N)} (heap / JSON: ${(heapPer / (stateBytes / N)).toFixed(2)})`,
  );
  console.log(
    `cache estimate per match  ${kib(estimated / N)} (estimate / heap: ${(estimated / N / heapPer).toFixed(2)})`,
  );
  console.log(
    `matches in the default budget (256 MiB): about ${Math.floor((256 * 1024 * 1024) / (estimated / N))}`,
  );
} finally {
  await database.drop();
}
