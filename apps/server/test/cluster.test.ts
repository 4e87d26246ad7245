import { randomBytes } from 'node:crypto';
import type { MatchSummary, RematchOffer, SubmitAck } from '@salient/protocol';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshPostgres, TEST_REDIS_URL, type TestDatabase } from './helpers/databases.ts';
import { Player, TestUser } from './helpers/harness.ts';
import { freePort, ServerProcess } from './helpers/processes.ts';

let database: TestDatabase;
let a: ServerProcess;
let b: ServerProcess;

beforeAll(async () => {
  database = await freshPostgres();
  if (database.target.kind !== 'postgres') throw new Error('expected postgres');
  const env = {
    DATABASE_URL: database.target.url,
    REDIS_URL: TEST_REDIS_URL,
    REDIS_KEY_PREFIX: `salient-test-${randomBytes(4).toString('hex')}`,
  };
  a = new ServerProcess(await freePort(), env);
  b = new ServerProcess(await freePort(), env);
  await Promise.all([a.start(), b.start()]);
});

afterAll(async () => {
  await a?.kill('SIGTERM');
  await b?.kill('SIGTERM');
  await database?.drop();
});

describe('two server processes sharing PostgreSQL and Redis', () => {
  it('carry each other’s moves to players and spectators, and never fork a match', async () => {
    const alice = await TestUser.signUp(a.url, 'alice');
    const bobOnA = await TestUser.signUp(a.url, 'bob');
    // The session lives in the database, so the same cookie works on the other process.
    const bob = new TestUser(b.url, 'bob', bobOnA.cookie, bobOnA.id);
    const m = await alice.createMatch({ options: { length: 100_000 } });
    await bob.join(m.id, 'blue');

    const redOnA = await Player.connect(a.url, alice.cookie);
    const redOnB = await Player.connect(b.url, alice.cookie);
    const blueOnB = await Player.connect(b.url, bob.cookie);
    const watcherOnB = await Player.connect(b.url);
    const watcherOnA = await Player.connect(a.url);
    for (const [p, as] of [
      [redOnA, 'seat'],
      [redOnB, 'seat'],
      [blueOnB, 'seat'],
      [watcherOnB, 'spectator'],
      [watcherOnA, 'spectator'],
    ] as const) {
      expect((await p.join(m.id, as)).ok).toBe(true);
    }

    // Simultaneous deployment: both sides submit step 0, one on each process. One applies.
    const [redDeploy, blueDeploy] = await Promise.all([
      redOnA.submit(m.id, { type: 'deploy', at: 'north' }, 0),
      blueOnB.submit(m.id, { type: 'deploy', at: 'south' }, 0),
    ]);
    expect([redDeploy, blueDeploy].filter((x) => x.ok)).toHaveLength(1);
    const loser = redDeploy.ok ? blueOnB : redOnA;
    const loserAck = redDeploy.ok ? blueDeploy : redDeploy;
    expect(loserAck).toMatchObject({ ok: false, error: { code: 'STALE_SEQ' }, seq: 1 });
    expect(
      await loser.submit(m.id, { type: 'deploy', at: loser === redOnA ? 'north' : 'south' }, 1),
    ).toMatchObject({ ok: true, seq: 2 });

    // A spectator on the other process sees both deployments and the reveal.
    const seen = await watcherOnB.waitForSeq(2);
    expect(seen.events.some((e) => e.type === 'revealed')).toBe(true);
    expect((await watcherOnA.waitForSeq(2)).view).toEqual(seen.view);

    // Red, connected to both processes, races itself for each of 20 steps: exactly one wins each.
    let seq = 2;
    for (let round = 0; round < 20; round++) {
      const red = seq % 2 === 0;
      const acks: SubmitAck[] = red
        ? await Promise.all([
            redOnA.submit(m.id, { type: 'advance' }, seq),
            redOnB.submit(m.id, { type: 'advance' }, seq),
          ])
        : [await blueOnB.submit(m.id, { type: 'advance' }, seq)];
      const won = acks.filter((x) => x.ok);
      expect(won).toHaveLength(1);
      seq++;
      expect(won[0]).toEqual({ ok: true, seq });
      await Promise.all([watcherOnA.waitForSeq(seq), watcherOnB.waitForSeq(seq), blueOnB.waitForSeq(seq)]);
    }

    // Both processes and every client agree on the position.
    const fromA = (await alice.request<MatchSummary>('GET', `/api/matches/${m.id}`)).body;
    const fromB = (await bob.request<MatchSummary>('GET', `/api/matches/${m.id}`)).body;
    expect(fromA.seq).toBe(seq);
    expect(fromB.seq).toBe(seq);
    // Steps committed on different processes can reach a client out of order (one comes through
    // Redis, the next straight from the local process); a client then syncs, as the web client does
    // on a gap. So the clients' final positions are read by a sync, not from the last push.
    const finalView = async (p: Player) => {
      const ack = await p.sync(m.id, 0);
      if (!ack.ok) throw new Error(ack.error.message);
      return ack.mode === 'full' ? ack.snapshot.view : ack.view;
    };
    const [onA, onB] = await Promise.all([finalView(watcherOnA), finalView(watcherOnB)]);
    expect(onA).toEqual(onB);
    expect(onA.progress).toEqual({ red: 10, blue: 10 });

    // The log is one unbroken line of steps.
    const client = new pg.Client({ connectionString: (database.target as { url: string }).url });
    await client.connect();
    const rows = await client.query('SELECT seq FROM match_actions WHERE match_id = $1 ORDER BY seq', [m.id]);
    await client.end();
    expect(rows.rows.map((r) => r.seq)).toEqual(Array.from({ length: seq }, (_, i) => i + 1));

    // The spectator count spans both processes.
    const sync = await redOnA.socket.emitWithAck('match:join', { matchId: m.id, as: 'seat' });
    expect(sync.ok && sync.snapshot.spectators).toBe(2);

    for (const p of [redOnA, redOnB, blueOnB, watcherOnA, watcherOnB]) p.close();
  });

  it('pushes a rematch offer to a player on the other process, and makes one match when both click there at once', async () => {
    const carol = await TestUser.signUp(a.url, 'carol');
    const daveOnA = await TestUser.signUp(a.url, 'dave');
    const dave = new TestUser(b.url, 'dave', daveOnA.cookie, daveOnA.id);
    const finished = async () => {
      const m = await carol.createMatch();
      await dave.join(m.id, 'blue');
      await dave.request('POST', `/api/matches/${m.id}/resign`);
      return m.id;
    };
    const first = await finished();
    const davePage = await Player.connect(b.url, dave.cookie);
    const pushed = davePage.waitFor('rematch:offer', (o) => o.matchId === first);
    const offer = await carol.request<RematchOffer>('POST', `/api/matches/${first}/rematch`, {});
    expect((await pushed).id).toBe(offer.body.id);
    davePage.close();

    const second = await finished();
    const both = await Promise.all([
      carol.request<RematchOffer>('POST', `/api/matches/${second}/rematch`, {}),
      dave.request<RematchOffer>('POST', `/api/matches/${second}/rematch`, {}),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 201]);
    const client = new pg.Client({ connectionString: (database.target as { url: string }).url });
    await client.connect();
    const made = await client.query('SELECT count(*)::int AS n FROM matches WHERE rematch_of = $1', [second]);
    await client.end();
    expect(made.rows[0].n).toBe(1);
  });
});
