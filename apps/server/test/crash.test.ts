import type { JoinAck, SubmitAck, SyncAck } from '@salient/protocol';
import pg from 'pg';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshPostgres, type TestDatabase } from './helpers/databases.ts';
import { type ClientSocket, TestUser } from './helpers/harness.ts';
import { freePort, ServerProcess } from './helpers/processes.ts';

let database: TestDatabase;
let server: ServerProcess;

beforeAll(async () => {
  database = await freshPostgres();
  if (database.target.kind !== 'postgres') throw new Error('expected postgres');
  server = new ServerProcess(await freePort(), { DATABASE_URL: database.target.url });
  await server.start();
});

afterAll(async () => {
  await server?.kill();
  await database?.drop();
});

/**
 * A client as a browser tab runs it: it reconnects by itself and re-joins its match on every
 * connection, taking the snapshot as its new position. Nothing is queued while disconnected, so a
 * submission either reached the server or is known to be in doubt.
 */
class ResilientClient {
  readonly socket: ClientSocket;
  seq = 0;
  joins = 0;

  constructor(url: string, cookie: string, matchId: string) {
    this.socket = io(url, {
      path: '/socket.io',
      transports: ['websocket'],
      extraHeaders: { cookie },
      reconnectionDelay: 100,
      reconnectionDelayMax: 500,
    });
    this.socket.on('disconnect', () => {
      this.socket.sendBuffer = [];
    });
    this.socket.on('connect', () => {
      // First time: join. After a reconnect: sync from the last seq held, which re-joins too.
      const request =
        this.joins === 0
          ? this.socket
              .timeout(5_000)
              .emitWithAck('match:join', { matchId, as: 'seat' })
              .then((ack: JoinAck) => (ack.ok ? ack.snapshot.seq : null))
          : this.socket
              .timeout(5_000)
              .emitWithAck('match:sync', { matchId, lastSeq: this.seq })
              .then((ack: SyncAck) => (!ack.ok ? null : ack.mode === 'delta' ? ack.seq : ack.snapshot.seq));
      request
        .then((seq) => {
          if (seq === null) return;
          this.seq = seq;
          this.joins++;
        })
        .catch(() => undefined);
    });
    this.socket.on('match:update', (u) => {
      this.seq = Math.max(this.seq, u.seq);
    });
  }

  async joined(count: number): Promise<void> {
    const deadline = Date.now() + 20_000;
    while (this.joins < count) {
      if (Date.now() > deadline) throw new Error('did not re-join');
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  submit(matchId: string, seq: number, clientActionId: string): Promise<SubmitAck> {
    if (!this.socket.connected) return Promise.reject(new Error('disconnected'));
    return this.socket
      .timeout(3_000)
      .emitWithAck('match:submit', { matchId, seq, action: { type: 'advance' }, clientActionId });
  }
}

describe('a server killed with SIGKILL while clients submit', () => {
  it('keeps every acknowledged action and nothing else, and the clients resync by themselves', async () => {
    const alice = await TestUser.signUp(server.url, 'alice');
    const bob = await TestUser.signUp(server.url, 'bob');
    const m = await alice.createMatch({ options: { length: 100_000 } });
    await bob.join(m.id, 'blue');
    const red = new ResilientClient(server.url, alice.cookie, m.id);
    const blue = new ResilientClient(server.url, bob.cookie, m.id);
    await Promise.all([red.joined(1), blue.joined(1)]);
    await red.socket.emitWithAck('match:submit', {
      matchId: m.id,
      seq: 0,
      action: { type: 'deploy', at: 'north' },
      clientActionId: 'deploy-red',
    });
    await blue.socket.emitWithAck('match:submit', {
      matchId: m.id,
      seq: 1,
      action: { type: 'deploy', at: 'north' },
      clientActionId: 'deploy-blue',
    });
    const acked = new Set(['deploy-red', 'deploy-blue']);
    let seq = 2;
    let n = 0;
    let inDoubt: { id: string; by: ResilientClient } | null = null;

    // Red and blue alternate as fast as acknowledgements come; the server dies under them.
    const killAt = 40;
    let killing: Promise<void> | null = null;
    while (!inDoubt) {
      const by = seq % 2 === 0 ? red : blue;
      const id = `advance-${n++}`;
      if (acked.size === killAt) killing = server.kill('SIGKILL');
      try {
        const ack = await by.submit(m.id, seq, id);
        expect(ack).toEqual({ ok: true, seq: seq + 1 });
        acked.add(id);
        seq++;
      } catch {
        inDoubt = { id, by };
      }
    }
    await killing;
    expect(server.alive).toBe(false);

    await server.start();
    await Promise.all([red.joined(2), blue.joined(2)]);
    expect(red.seq).toBe(blue.seq);
    // The action in doubt either committed before the kill or not at all; resending it settles it.
    const position = inDoubt.by.seq;
    const resent = await inDoubt.by.submit(m.id, position, inDoubt.id);
    if (resent.ok) {
      expect(resent.seq).toBe(position + 1);
    } else {
      expect(resent).toMatchObject({ error: { code: 'DUPLICATE_ACTION' } });
    }
    acked.add(inDoubt.id);

    const client = new pg.Client({ connectionString: (database.target as { url: string }).url });
    await client.connect();
    const rows = await client.query(
      'SELECT seq, client_action_id FROM match_actions WHERE match_id = $1 ORDER BY seq',
      [m.id],
    );
    await client.end();
    expect(new Set(rows.rows.map((r) => r.client_action_id))).toEqual(acked);
    expect(rows.rows.map((r) => r.seq)).toEqual(Array.from({ length: acked.size }, (_, i) => i + 1));

    // And play goes on.
    const next = acked.size;
    const mover = next % 2 === 0 ? red : blue;
    expect(await mover.submit(m.id, next, 'after-restart')).toEqual({ ok: true, seq: next + 1 });
    red.socket.disconnect();
    blue.socket.disconnect();
  });
});
