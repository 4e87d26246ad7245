import type { MatchSummary } from '@salient/protocol';
import { afterAll, describe, expect, it } from 'vitest';
import { freshPglite, type TestDatabase } from './helpers/databases.ts';
import { startTestServer, TestUser } from './helpers/harness.ts';

let database: TestDatabase;

afterAll(async () => {
  await database?.drop();
});

describe('graceful shutdown', () => {
  it('finishes the actions under way, acknowledges them, and keeps them', async () => {
    database = await freshPglite();
    let server = await startTestServer(database.target);
    const alice = await TestUser.signUp(server.url, 'alice');
    const bob = await TestUser.signUp(server.url, 'bob');
    const m = await alice.createMatch();
    await bob.join(m.id, 'blue');
    const red = await alice.connect();
    const blue = await bob.connect();
    await red.join(m.id, 'seat');
    await blue.join(m.id, 'seat');
    // Both deployments are in flight when the shutdown begins.
    const acks = Promise.all([
      red.submit(m.id, { type: 'deploy', at: 'north' }, 0),
      blue.submit(m.id, { type: 'deploy', at: 'south' }, 0),
    ]);
    await new Promise((r) => setTimeout(r, 5));
    const closing = server.close();
    const [a, b] = await acks;
    await closing;
    const applied = [a, b].filter((x) => x.ok);
    expect(applied.length).toBeGreaterThanOrEqual(1);
    for (const x of [a, b]) if (!x.ok) expect(['STALE_SEQ', 'SHUTTING_DOWN']).toContain(x.error.code);
    red.close();
    blue.close();

    server = await startTestServer(database.target);
    const after = await new TestUser(server.url, 'alice', alice.cookie, alice.id).request<MatchSummary>(
      'GET',
      `/api/matches/${m.id}`,
    );
    expect(after.body.seq).toBe(applied.length);
    await server.close();
  });
});
