import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../src/server.ts';
import { freshPostgres, type TestDatabase } from './helpers/databases.ts';
import { type Player, startTestServer, TestUser } from './helpers/harness.ts';

/** Ends every session PostgreSQL holds for this database, as a restart or a failover would. */
async function terminateConnections(url: string): Promise<number> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    const res = await admin.query(
      'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
    );
    return res.rowCount ?? 0;
  } finally {
    await admin.end();
  }
}

describe('PostgreSQL ending the server’s connections (a restart, a failover, an administrator)', () => {
  let database: TestDatabase;
  let server: RunningServer;
  let red: Player;
  let blue: Player;

  beforeAll(async () => {
    database = await freshPostgres();
    server = await startTestServer(database.target);
  });

  afterAll(async () => {
    red?.close();
    blue?.close();
    await server?.close();
    await database?.drop();
  });

  it('keeps the process up and playing: idle connections that die are replaced, nothing is lost', async () => {
    const alice = await TestUser.signUp(server.url, 'alice');
    const bob = await TestUser.signUp(server.url, 'bob');
    const m = await alice.createMatch({ options: { length: 100_000 } });
    await bob.join(m.id, 'blue');
    [red, blue] = await Promise.all([alice.connect(), bob.connect()]);
    await red.join(m.id, 'seat');
    await blue.join(m.id, 'seat');
    expect(await red.submit(m.id, { type: 'deploy', at: 'north' }, 0)).toMatchObject({ ok: true, seq: 1 });
    expect(await blue.submit(m.id, { type: 'deploy', at: 'south' }, 1)).toMatchObject({ ok: true, seq: 2 });

    // The pool's connections sit idle now; PostgreSQL ends them all.
    expect(await terminateConnections((database.target as { url: string }).url)).toBeGreaterThan(0);
    await new Promise((r) => setTimeout(r, 300));

    let seq = 2;
    for (let i = 0; i < 6; i++) {
      const by = seq % 2 === 0 ? red : blue;
      const ack = await by.submit(m.id, { type: 'advance' }, seq);
      // A query that was already on its way on a dying connection may fail once; it changes nothing.
      if (!ack.ok) {
        expect(ack.error.code).toBe('INTERNAL_ERROR');
        continue;
      }
      seq = ack.seq;
    }
    expect(seq).toBeGreaterThanOrEqual(7);
    const health = await fetch(`${server.url}/healthz`);
    expect(health.status).toBe(200);
    const summary = await alice.request<{ seq: number }>('GET', `/api/matches/${m.id}`);
    expect(summary.body.seq).toBe(seq);
  });
});
