import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { connect, type Socket } from 'node:net';
import type { MatchSummary } from '@salient/protocol';
import { afterAll, describe, expect, it } from 'vitest';
import { freshPglite, freshPostgres, type TestDatabase } from './helpers/databases.ts';
import { startTestServer, TestUser } from './helpers/harness.ts';
import { freePort, ServerProcess } from './helpers/processes.ts';

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

/**
 * A websocket client that connects to socket.io properly and then goes silent: it never answers a
 * ping nor the server's close frame, as a frozen tab or a dead network path would.
 */
async function unresponsiveClient(port: number): Promise<Socket> {
  const socket = connect(port, '127.0.0.1');
  await once(socket, 'connect');
  socket.write(
    [
      'GET /socket.io/?EIO=4&transport=websocket HTTP/1.1',
      `Host: 127.0.0.1:${port}`,
      'Upgrade: websocket',
      'Connection: Upgrade',
      `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}`,
      'Sec-WebSocket-Version: 13',
      '',
      '',
    ].join('\r\n'),
  );
  let received = '';
  await new Promise<void>((resolve) => {
    const onData = (chunk: Buffer) => {
      received += chunk.toString('latin1');
      // The upgrade and engine.io's open packet ("0{...}") have arrived.
      if (!received.includes('101 Switching Protocols') || !received.includes('"sid"')) return;
      socket.off('data', onData);
      resolve();
    };
    socket.on('data', onData);
  });
  // socket.io's CONNECT packet "40", as a masked text frame (clients must mask).
  const payload = Buffer.from('40');
  const mask = randomBytes(4);
  const masked = Buffer.from(payload.map((byte, i) => byte ^ mask[i % 4]!));
  socket.write(Buffer.concat([Buffer.from([0x81, 0x80 | payload.length]), mask, masked]));
  // From here on it reads nothing and answers nothing.
  socket.pause();
  return socket;
}

describe('issue 9: SIGTERM with a websocket client that never answers', () => {
  it('cuts the client when SHUTDOWN_GRACE_MS ends and exits 0', async () => {
    const db = await freshPostgres();
    const server = new ServerProcess(await freePort(), {
      DATABASE_URL: (db.target as { url: string }).url,
      SHUTDOWN_GRACE_MS: '1000',
      LOG_LEVEL: 'info',
    });
    try {
      await server.start();
      const silent = await unresponsiveClient(server.port);
      const sockets = async () =>
        Number(/^salient_sockets (\d+)$/m.exec(await (await fetch(`${server.url}/metrics`)).text())?.[1]);
      while ((await sockets()) < 1) await new Promise((r) => setTimeout(r, 50));

      const started = Date.now();
      const ended = await server.signal('SIGTERM');
      const tookMs = Date.now() - started;
      expect(ended).toEqual({ code: 0, signal: null });
      expect(server.output).toContain('grace period over: cutting the connections still open');
      expect(server.output).toContain('salient server stopped');
      // Bounded by the grace period, not by the client (today's code waited about 16 s, then exit 1).
      expect(tookMs).toBeLessThan(12_000);
      silent.destroy();
    } finally {
      await server.kill();
      await db.drop();
    }
  });
});
