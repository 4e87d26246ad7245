import type { JsonObject } from '@salient/engine';
import type { MatchSummary, SubmitAck } from '@salient/protocol';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database.ts';
import { estimateMatchBytes, MatchStore } from '../src/matches/matchStore.ts';
import { RECENT_ACTION_IDS } from '../src/matches/recentActionIds.ts';
import type { RunningServer } from '../src/server.ts';
import { skirmish } from './fixtures/skirmish.ts';
import { databaseKinds, freshPostgres, type TestDatabase } from './helpers/databases.ts';
import { startTestServer, TestUser } from './helpers/harness.ts';
import { recordOf } from './helpers/records.ts';

/** Room for a few dozen small matches: most of the 1,000 are dropped and some are loaded again. */
const BUDGET = 96 * 1024;
const MATCHES = 1_000;
const WORKERS = 8;

async function metric(server: RunningServer, name: string): Promise<number> {
  const text = await (await fetch(`${server.url}/metrics`)).text();
  const line = text.split('\n').find((l) => l.startsWith(`${name} `));
  if (!line) throw new Error(`no metric ${name}`);
  return Number(line.split(' ')[1]);
}

describe('the match cache under 1,000 matches (issue 14, bounded memory)', () => {
  let database: TestDatabase;
  let server: RunningServer;

  beforeAll(async () => {
    database = await freshPostgres();
    server = await startTestServer(database.target, { limits: { matchCacheBytes: BUDGET } });
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  it('issue 14: the match cache stays under its memory budget while 1,000 matches are created and played; dropped matches load again and play on', async () => {
    // Each worker plays with its own two accounts: one account's creations are serialised.
    const pairs = await Promise.all(
      Array.from({ length: WORKERS }, async (_, w) => {
        const alice = await TestUser.signUp(server.url, `alice${w}`);
        const bob = await TestUser.signUp(server.url, `bob${w}`);
        const [red, blue] = await Promise.all([alice.connect(), bob.connect()]);
        return { alice, bob, red, blue };
      }),
    );
    type Pair = (typeof pairs)[number];
    const pairOf = new Map<string, Pair>();
    // In the fixture red deploys at step 0 and blue at 1; then red advances at even steps, blue at odd.
    const play = async (matchId: string, from: number, to: number) => {
      const { red, blue } = pairOf.get(matchId)!;
      for (let seq = from; seq < to; seq++) {
        const action = seq < 2 ? { type: 'deploy', at: 'north' } : { type: 'advance' };
        const ack: SubmitAck = await (seq % 2 === 0 ? red : blue).submit(matchId, action, seq);
        expect(ack).toEqual({ ok: true, seq: seq + 1 });
      }
    };

    const ids: string[] = new Array(MATCHES);
    const resumed: string[] = [];
    let peakSeen = 0;
    let next = 0;
    const worker = async (pair: Pair) => {
      const { alice, bob, red } = pair;
      while (next < MATCHES) {
        const i = next++;
        // Every tenth match is a race to 3, played to its end (7 steps); the rest stop after 3.
        const short = i % 10 === 0;
        const m = await alice.createMatch(short ? { options: { length: 3 } } : {});
        ids[i] = m.id;
        pairOf.set(m.id, pair);
        await bob.join(m.id, 'blue');
        // Submitting needs no join; red watches the matches resumed later, to check their pushes.
        if (i % 10 === 5) await red.join(m.id, 'seat');
        await play(m.id, 0, short ? 7 : 3);
        // Now and then a match left long ago (dropped from memory by now) is loaded again and
        // played on: two more advances.
        if (i % 10 === 5 && i >= 300) {
          const old = ids[i - 300]!;
          await play(old, 3, 5);
          resumed.push(old);
        }
        if (i % 50 === 0) {
          peakSeen = Math.max(peakSeen, await metric(server, 'salient_match_cache_bytes'));
        }
      }
    };
    await Promise.all(pairs.map(worker));

    expect(await metric(server, 'salient_match_cache_budget_bytes')).toBe(BUDGET);
    // The high-water mark covers every moment the cache settled, not only the samples.
    expect(await metric(server, 'salient_match_cache_peak_bytes')).toBeLessThanOrEqual(BUDGET);
    expect(peakSeen).toBeLessThanOrEqual(BUDGET);
    // It was full, not idle: most of what was loaded had to go.
    expect(await metric(server, 'salient_match_cache_peak_bytes')).toBeGreaterThan(BUDGET * 0.8);
    expect(await metric(server, 'salient_match_cache_evictions_total')).toBeGreaterThan(MATCHES - 60);
    expect(await metric(server, 'salient_matches_loaded')).toBeLessThan(60);
    expect(resumed).toHaveLength(70);

    // The resumed matches' pushes fold into the position the database holds.
    const last = resumed.at(-1)!;
    const folded = pairOf.get(last)!.red.updates.find((u) => u.matchId === last && u.seq === 5);
    expect(folded?.view.progress).toEqual({ red: 2, blue: 1 });

    // Nothing lost, nothing twice: every match's log is exactly the steps acknowledged.
    const client = new pg.Client({ connectionString: (database.target as { url: string }).url });
    await client.connect();
    try {
      const rows = (
        await client.query<{ id: string; seq: number; status: string; steps: string; distinct_ids: string }>(
          `SELECT m.id, m.seq, m.status, count(a.seq) AS steps, count(DISTINCT a.client_action_id) AS distinct_ids
           FROM matches m LEFT JOIN match_actions a ON a.match_id = m.id GROUP BY m.id`,
        )
      ).rows;
      expect(rows).toHaveLength(MATCHES);
      const resumedSet = new Set(resumed);
      for (const r of rows) {
        const i = ids.indexOf(r.id);
        const expected = i % 10 === 0 ? 7 : resumedSet.has(r.id) ? 5 : 3;
        expect({ seq: r.seq, steps: Number(r.steps), ids: Number(r.distinct_ids) }).toEqual({
          seq: expected,
          steps: expected,
          ids: expected,
        });
        expect(r.status).toBe(i % 10 === 0 ? 'finished' : 'active');
      }
    } finally {
      await client.end();
    }
    for (const { red, blue } of pairs) {
      red.close();
      blue.close();
    }
    // A hang guard for a loaded machine; on a quiet one the test takes about half a minute.
  }, 300_000);
});

describe.each(databaseKinds)('client action ids beyond those kept in memory, on $name', ({ fresh }) => {
  let database: TestDatabase;
  let server: RunningServer;

  beforeAll(async () => {
    database = await fresh();
    server = await startTestServer(database.target);
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  it('issue 14: an action resent long after it was applied is recognised from the database and applied no second time', async () => {
    const alice = await TestUser.signUp(server.url, 'alice');
    const bob = await TestUser.signUp(server.url, 'bob');
    const m = await alice.createMatch({ options: { length: 100_000 } });
    await bob.join(m.id, 'blue');
    const [red, blue] = await Promise.all([alice.connect(), bob.connect()]);
    const steps = RECENT_ACTION_IDS * 3;
    for (let seq = 0; seq < steps; seq++) {
      const action = seq < 2 ? { type: 'deploy', at: 'north' } : { type: 'advance' };
      const ack = await (seq % 2 === 0 ? red : blue).submit(m.id, action, seq, `step-${seq}`);
      expect(ack).toEqual({ ok: true, seq: seq + 1 });
    }
    // The first advance, long out of memory: resent for its own step (a lost ack), and for the
    // current step (which the rules would accept as a new action).
    for (const seq of [2, steps]) {
      expect(await red.submit(m.id, { type: 'advance' }, seq, 'step-2')).toMatchObject({
        ok: false,
        error: { code: 'DUPLICATE_ACTION' },
        appliedSeq: 3,
        seq: steps,
      });
    }
    // The latest one, still in memory.
    expect(await blue.submit(m.id, { type: 'advance' }, steps - 1, `step-${steps - 1}`)).toMatchObject({
      ok: false,
      error: { code: 'DUPLICATE_ACTION' },
      appliedSeq: steps,
    });
    // A new action goes on as usual.
    expect(await red.submit(m.id, { type: 'advance' }, steps, 'fresh')).toEqual({ ok: true, seq: steps + 1 });
    const summary = (await alice.request<MatchSummary>('GET', `/api/matches/${m.id}`)).body;
    expect(summary.seq).toBe(steps + 1);
    red.close();
    blue.close();
  });
});

describe('idle matches packed (issue 14, bounded memory)', () => {
  let database: TestDatabase;
  let server: RunningServer;

  beforeAll(async () => {
    database = await freshPostgres();
    server = await startTestServer(database.target);
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  it('issue 14: an idle match keeps its state as JSON text, costs less in the cache, and plays on unchanged', async () => {
    const user = await TestUser.signUp(server.url, 'idler');
    const imported = await user.request<{ matchId: string }>(
      'POST',
      '/api/records/import',
      recordOf(4, { length: 6 }),
    );
    const id = imported.body.matchId;
    const opened = await openDatabase(database.target);
    try {
      const store = new MatchStore(opened.db, () => skirmish);
      const reference = new MatchStore(opened.db, () => skirmish);
      const m = await store.get(id);
      const full = store.figures().bytes;
      expect(full).toBe(estimateMatchBytes(m));
      // Just used: not idle yet.
      expect(store.packIdle(60_000)).toBe(0);
      expect(store.packIdle(0)).toBe(1);
      expect(store.packIdle(0)).toBe(0);
      const packed = store.figures().bytes;
      expect(packed).toBeLessThan(full);
      expect(packed).toBe(estimateMatchBytes(m));
      // In use again: the same state, counted at its full size.
      const again = await store.get(id);
      expect(again).toBe(m);
      expect(store.figures().bytes).toBe(full);
      const fresh = await reference.get(id);
      expect(JSON.stringify(again.state)).toBe(JSON.stringify(fresh.state));
      const a = skirmish.apply(again.state as never, 'red', { type: 'advance' });
      const b = skirmish.apply(fresh.state as never, 'red', { type: 'advance' });
      expect(a.ok && b.ok).toBe(true);
      expect(JSON.stringify(a)).toBe(JSON.stringify(b));
      // A new state assigned while packed replaces the text.
      expect(store.packIdle(0)).toBe(1);
      if (!a.ok) throw new Error('refused');
      again.state = a.state;
      expect(JSON.stringify(again.state)).toBe(JSON.stringify(a.state));
    } finally {
      await opened.close();
    }
  });

  it("a saved state is used only by the rules version that saved it: another version replays the match's actions from its seed", async () => {
    const user = await TestUser.signUp(server.url, 'versions');
    const imported = await user.request<{ matchId: string }>(
      'POST',
      '/api/records/import',
      recordOf(4, { length: 6 }),
    );
    const id = imported.body.matchId;
    if (database.target.kind !== 'postgres') throw new Error('expected postgres');
    const sql = new pg.Client({ connectionString: database.target.url });
    await sql.connect();
    const opened = await openDatabase(database.target);
    try {
      // The import saved its final state as the fixture's (version-less) rules left it; mark it, to
      // tell a state read from the snapshot from one replayed.
      const saved = await sql.query('SELECT seq, rules_version FROM match_snapshots WHERE match_id = $1', [
        id,
      ]);
      expect(saved.rows).toEqual([{ seq: 4, rules_version: null }]);
      await sql.query(
        `UPDATE match_snapshots SET state = (left(state::text, -1) || ', "fromSnapshot": true}')::json WHERE match_id = $1`,
        [id],
      );
      const same = await new MatchStore(opened.db, () => skirmish).get(id);
      expect((same.state as { fromSnapshot?: boolean }).fromSnapshot).toBe(true);

      // Rules of another version (here keeping a new field from the set-up on) never read it.
      const v2 = {
        ...skirmish,
        rulesVersion: 'v2',
        setup: (scenario: string, options: JsonObject, seed: string) => ({
          ...skirmish.setup(scenario, options, seed),
          addedInV2: true,
        }),
      } as typeof skirmish;
      const replayed = await new MatchStore(opened.db, () => v2).get(id);
      expect(replayed.state).toMatchObject({ addedInV2: true });
      expect((replayed.state as { fromSnapshot?: boolean }).fromSnapshot).toBeUndefined();
      expect(replayed.seq).toBe(same.seq);
    } finally {
      await sql.end();
      await opened.close();
    }
  });
});
