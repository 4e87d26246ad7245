import { randomBytes } from 'node:crypto';
import { applyJsonPatch, type Json } from '@salient/engine';
import {
  type ChatMessage,
  type JoinAck,
  type MatchUpdate,
  SOCKET_PATH,
  type SubmitAck,
  type SyncAck,
} from '@salient/protocol';
import pg from 'pg';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshPostgres, type TestDatabase } from './helpers/databases.ts';
import { type ClientSocket, TestUser } from './helpers/harness.ts';
import { freePort, RedisProcess, ServerProcess } from './helpers/processes.ts';

let database: TestDatabase;
let redis: RedisProcess;
let a: ServerProcess;
let b: ServerProcess;

beforeAll(async () => {
  redis = await RedisProcess.start();
  database = await freshPostgres();
  if (database.target.kind !== 'postgres') throw new Error('expected postgres');
  const env = {
    DATABASE_URL: database.target.url,
    REDIS_URL: redis.url,
    REDIS_KEY_PREFIX: `salient-test-${randomBytes(4).toString('hex')}`,
    REDIS_CATCHUP_MS: '200',
  };
  a = new ServerProcess(await freePort(), env);
  b = new ServerProcess(await freePort(), env);
  await Promise.all([a.start(), b.start()]);
  // Two processes starting on a busy machine.
}, 120_000);

afterAll(async () => {
  redis?.thaw();
  await a?.kill('SIGTERM');
  await b?.kill('SIGTERM');
  await redis?.stop();
  await database?.drop();
});

/**
 * A client that follows a match as the web client does: it applies the next step, ignores a step
 * it holds, and on a gap catches up with match:sync. `applied` lists every seq it took in, so a
 * lost or doubled step shows.
 */
class FollowingClient {
  seq = 0;
  view: unknown = null;
  readonly applied: number[] = [];
  readonly chat: ChatMessage[] = [];
  ignored = 0;
  private syncing = false;

  private constructor(
    readonly socket: ClientSocket,
    readonly matchId: string,
  ) {
    socket.on('match:update', (u) => this.onUpdate(u));
    socket.on('chat:message', (m) => this.chat.push(m));
  }

  static async join(url: string, matchId: string, as: 'seat' | 'spectator', cookie?: string) {
    const socket: ClientSocket = io(url, {
      path: SOCKET_PATH,
      transports: ['websocket'],
      extraHeaders: cookie ? { cookie } : {},
      reconnection: false,
      forceNew: true,
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    const client = new FollowingClient(socket, matchId);
    const ack: JoinAck = await socket.emitWithAck('match:join', { matchId, as });
    if (!ack.ok) throw new Error(`join failed: ${ack.error.code}`);
    client.seq = ack.snapshot.seq;
    client.view = ack.snapshot.view;
    return client;
  }

  private onUpdate(u: MatchUpdate): void {
    if (u.matchId !== this.matchId) return;
    if (u.seq <= this.seq) {
      this.ignored++;
      return;
    }
    if (u.seq > this.seq + 1) {
      void this.sync();
      return;
    }
    // A push carries a patch of the view held at seq - 1 (or, from a catch-up, the whole view).
    let view: unknown;
    try {
      view = u.patch ? applyJsonPatch(this.view as Json, u.patch) : u.view;
    } catch {
      void this.sync();
      return;
    }
    this.seq = u.seq;
    this.view = view;
    this.applied.push(u.seq);
  }

  private async sync(): Promise<void> {
    if (this.syncing) return;
    this.syncing = true;
    try {
      const ack: SyncAck = await this.socket.emitWithAck('match:sync', {
        matchId: this.matchId,
        lastSeq: this.seq,
      });
      if (!ack.ok || ack.mode !== 'delta' || ack.seq <= this.seq) return;
      for (const e of ack.entries) if (e.seq > this.seq) this.applied.push(e.seq);
      this.seq = ack.seq;
      this.view = ack.view;
    } catch (err) {
      // A test that is done with this client disconnects it, maybe while a sync (started by a push
      // that overtook the join's answer) still waits for its reply: that sync is moot. Any other
      // failure stands.
      if (this.socket.connected) throw err;
    } finally {
      this.syncing = false;
    }
  }

  async waitForSeq(seq: number, timeoutMs = 10_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (this.seq < seq) {
      if (Date.now() > deadline) throw new Error(`stuck at ${this.seq}, waiting for ${seq}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  submit(seq: number, action: { type: string; at?: string }, clientActionId: string): Promise<SubmitAck> {
    return this.socket
      .timeout(5_000)
      .emitWithAck('match:submit', { matchId: this.matchId, seq, action, clientActionId });
  }
}

async function health(server: ServerProcess): Promise<{ status: number; body: Record<string, string> }> {
  const res = await fetch(`${server.url}/healthz`);
  return { status: res.status, body: (await res.json()) as Record<string, string> };
}

async function until(what: string, check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const metric = async (server: ServerProcess, name: string) => {
  const text = await (await fetch(`${server.url}/metrics`)).text();
  return Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1]);
};

describe('issue 9 item 1: a Redis outage during play across two processes', () => {
  it('keeps both processes up and acknowledging moves, and their clients converge when Redis returns', async () => {
    const alice = await TestUser.signUp(a.url, 'alice');
    const bob = await TestUser.signUp(a.url, 'bob');
    const m = await alice.createMatch({ options: { length: 100_000 } });
    await bob.join(m.id, 'blue');
    // Red plays on process A, blue on process B; each process has a spectator too.
    const red = await FollowingClient.join(a.url, m.id, 'seat', alice.cookie);
    const blue = await FollowingClient.join(b.url, m.id, 'seat', bob.cookie);
    const watchA = await FollowingClient.join(a.url, m.id, 'spectator');
    const watchB = await FollowingClient.join(b.url, m.id, 'spectator');
    const clients = [red, blue, watchA, watchB];
    // Bob also has a second session (another browser) with a socket on process B.
    const signIn = await fetch(`${a.url}/api/auth/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'bob', password: 'correct horse battery' }),
    });
    const otherBrowser = signIn.headers.get('set-cookie')!.split(';')[0]!;
    const bobElsewhere = await FollowingClient.join(b.url, m.id, 'seat', otherBrowser);
    const bobElsewhereGone = new Promise<void>((resolve) =>
      bobElsewhere.socket.once('disconnect', () => resolve()),
    );

    const acked: string[] = [];
    let seq = 0;
    /** One step by whoever is to act, once that player's client knows the position. */
    const step = async () => {
      const deploying = seq < 2;
      const mover = deploying ? (seq === 0 ? red : blue) : seq % 2 === 0 ? red : blue;
      await mover.waitForSeq(seq);
      const id = `step-${seq}`;
      const ack = await mover.submit(
        seq,
        deploying ? { type: 'deploy', at: mover === red ? 'north' : 'south' } : { type: 'advance' },
        id,
      );
      expect(ack).toEqual({ ok: true, seq: seq + 1 });
      acked.push(id);
      seq++;
    };

    for (let i = 0; i < 10; i++) await step();
    expect(await health(a)).toEqual({ status: 200, body: { status: 'ok', redis: 'up' } });

    // Redis dies mid-play. Nobody waits for the processes to notice: play goes straight on.
    await redis.stop();
    const before = acked.length;
    for (let i = 0; i < 10; i++) await step();
    for (const server of [a, b]) {
      expect(server.alive).toBe(true);
      expect(await health(server)).toEqual({ status: 200, body: { status: 'degraded', redis: 'down' } });
      expect(await metric(server, 'salient_redis_up')).toBe(0);
    }
    // Chat written on one process reaches the other's players from the database.
    expect(
      await red.socket.emitWithAck('chat:send', { matchId: m.id, channel: 'players', text: 'hold the line' }),
    ).toEqual({ ok: true });
    for (let i = 0; i < 10; i++) await step();
    const ackedDuringOutage = acked.length - before;
    await until('blue got the chat', async () => blue.chat.some((c) => c.text === 'hold the line'));
    // Signing that other browser out on process A closes its socket on process B too.
    const signOut = await fetch(`${a.url}/api/auth/signout`, {
      method: 'POST',
      headers: { cookie: otherBrowser },
    });
    expect(signOut.status).toBe(204);
    await bobElsewhereGone;
    // A client joining during the outage gets a snapshot (spectators counted on its process only).
    const lateJoin = await FollowingClient.join(b.url, m.id, 'spectator');
    expect(lateJoin.seq).toBe(seq);
    lateJoin.socket.disconnect();

    await redis.start();
    for (const server of [a, b]) {
      await until('the process sees Redis again', async () => (await health(server)).body.redis === 'up');
      expect(await metric(server, 'salient_redis_up')).toBe(1);
      expect(await metric(server, 'salient_redis_outages_total')).toBe(1);
    }
    for (let i = 0; i < 10; i++) await step();

    // Redis hangs without closing anything: the processes notice by their pings (within about 4 s),
    // and play goes on meanwhile.
    redis.freeze();
    const beforeFreeze = acked.length;
    for (let i = 0; i < 3; i++) await step();
    for (const server of [a, b])
      await until('the process notices', async () => (await health(server)).body.redis === 'down');
    for (let i = 0; i < 3; i++) await step();
    const ackedDuringFreeze = acked.length - beforeFreeze;
    redis.thaw();
    for (const server of [a, b])
      await until('the process sees Redis again', async () => (await health(server)).body.redis === 'up');
    for (let i = 0; i < 4; i++) await step();

    // Every client holds the last step, took in every step exactly once, and sees one position.
    for (const c of clients) await c.waitForSeq(seq);
    for (const c of clients) expect(c.applied).toEqual(Array.from({ length: seq }, (_, i) => i + 1));
    expect(watchA.view).toEqual(watchB.view);
    const redElsewhere = await FollowingClient.join(b.url, m.id, 'seat', alice.cookie);
    const blueElsewhere = await FollowingClient.join(a.url, m.id, 'seat', bob.cookie);
    expect(red.view).toEqual(redElsewhere.view);
    expect(blue.view).toEqual(blueElsewhere.view);
    expect((watchA.view as { progress: unknown }).progress).toEqual({ red: 24, blue: 24 });

    const client = new pg.Client({ connectionString: (database.target as { url: string }).url });
    await client.connect();
    const rows = await client.query(
      'SELECT seq, client_action_id FROM match_actions WHERE match_id = $1 ORDER BY seq',
      [m.id],
    );
    await client.end();
    const stored = rows.rows.map((r) => r.client_action_id as string);
    const lost = acked.filter((id) => !stored.includes(id)).length;
    const duplicated = stored.length - new Set(stored).size;
    expect(rows.rows.map((r) => r.seq)).toEqual(Array.from({ length: seq }, (_, i) => i + 1));
    expect(stored).toEqual(acked);
    expect({ lost, duplicated }).toEqual({ lost: 0, duplicated: 0 });
    console.log(
      `Redis outage: ${ackedDuringOutage} actions acknowledged while Redis was down, ${ackedDuringFreeze} while it hung ` +
        `(${acked.length} in all), ` +
        `${lost} lost, ${duplicated} duplicated; clients converged at seq ${seq}`,
    );
    for (const c of [...clients, redElsewhere, blueElsewhere]) c.socket.disconnect();
  }, 120_000);

  it('starts degraded when Redis is down at start-up, and links up when it comes', async () => {
    const redisPort = await freePort();
    const late = new ServerProcess(await freePort(), {
      DATABASE_URL: (database.target as { url: string }).url,
      REDIS_URL: `redis://127.0.0.1:${redisPort}`,
      REDIS_KEY_PREFIX: `salient-test-${randomBytes(4).toString('hex')}`,
    });
    let lateRedis: RedisProcess | null = null;
    try {
      await late.start();
      expect(await health(late)).toEqual({ status: 200, body: { status: 'degraded', redis: 'down' } });
      lateRedis = await RedisProcess.start(redisPort);
      await until('the process sees Redis', async () => (await health(late)).body.redis === 'up');
      expect(await metric(late, 'salient_redis_up')).toBe(1);
    } finally {
      await late.kill('SIGTERM');
      await lateRedis?.stop();
    }
  });
});
