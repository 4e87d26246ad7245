import type { MatchSummary, SubmitAck } from '@salient/protocol';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configFromEnv } from '../src/config.ts';
import { openDatabase } from '../src/db/database.ts';
import { estimateMatchBytes, MatchStore } from '../src/matches/matchStore.ts';
import type { RunningServer } from '../src/server.ts';
import { skirmish } from './fixtures/skirmish.ts';
import { freshPostgres, type TestDatabase } from './helpers/databases.ts';
import { Player, startTestServer, type TestOverrides, TestUser } from './helpers/harness.ts';
import { recordOf } from './helpers/records.ts';

type ErrorReply = { error: { code: string; message: string; retryAfterSeconds?: number } };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One server per block, each with the limits it tests, on one database of its own. */
function serverWith(overrides: TestOverrides) {
  const ctx = {} as { database: TestDatabase; server: RunningServer };
  beforeAll(async () => {
    ctx.database = await freshPostgres();
    ctx.server = await startTestServer(ctx.database.target, overrides);
  });
  afterAll(async () => {
    await ctx.server?.close();
    await ctx.database?.drop();
  });
  return ctx;
}

async function metric(server: RunningServer, name: string): Promise<number> {
  const text = await (await fetch(`${server.url}/metrics`)).text();
  const line = text.split('\n').find((l) => l.startsWith(`${name} `));
  if (!line) throw new Error(`no metric ${name} in:\n${text}`);
  return Number(line.split(' ')[1]);
}

async function sql<T>(database: TestDatabase, query: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: (database.target as { url: string }).url });
  await client.connect();
  try {
    return (await client.query(query, params)).rows as T[];
  } finally {
    await client.end();
  }
}

describe('quotas on creation, imports and chat (issue 9 item 4)', () => {
  const ctx = serverWith({
    limits: {
      openMatchesPerAccount: 3,
      openMatchesPerAddress: 5,
      unfinishedMatchesPerAccount: 4,
      createsPerMinutePerAccount: 5,
      createsPerMinutePerAddress: 100,
      importsPerHourPerAccount: 2,
      chatPerMinute: 4,
      chatPerMatchPerSender: 3,
    },
  });
  let carol: TestUser;
  let dave: TestUser;
  const carols: MatchSummary[] = [];
  const daves: MatchSummary[] = [];

  it('issue 9 item 4: an account may keep only so many matches waiting for an opponent (QUOTA_EXCEEDED), and leaving one frees a place', async () => {
    carol = await TestUser.signUp(ctx.server.url, 'carol');
    for (let i = 0; i < 3; i++) carols.push(await carol.createMatch());
    const fourth = await carol.request<ErrorReply>('POST', '/api/matches', {
      game: 'skirmish',
      scenario: 'meeting',
      seat: 'red',
    });
    expect(fourth.status).toBe(429);
    expect(fourth.body.error.code).toBe('QUOTA_EXCEEDED');
    expect(fourth.body.error.message).toContain('the most is 3');
    expect((await carol.request('POST', `/api/matches/${carols.pop()!.id}/leave`)).status).toBe(204);
    carols.push(await carol.createMatch());
    expect(await metric(ctx.server, 'salient_limit_refusals_total{limit="open_matches_per_account"}')).toBe(
      1,
    );
  });

  it('issue 9 item 4: creating matches too fast is RATE_LIMITED with a retry-after, in the body and the header', async () => {
    // carol has made five creation attempts within the minute: the sixth is over the rate.
    const res = await fetch(`${ctx.server.url}/api/matches`, {
      method: 'POST',
      headers: { cookie: carol.cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ game: 'skirmish', scenario: 'meeting', seat: 'red' }),
    });
    expect(res.status).toBe(429);
    const body = (await res.json()) as ErrorReply;
    expect(body.error.code).toBe('RATE_LIMITED');
    expect(body.error.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(body.error.retryAfterSeconds).toBeLessThanOrEqual(12);
    expect(Number(res.headers.get('retry-after'))).toBe(body.error.retryAfterSeconds);
  });

  it('issue 9 item 4: matches waiting from one address are capped across its accounts', async () => {
    dave = await TestUser.signUp(ctx.server.url, 'dave');
    for (let i = 0; i < 2; i++) daves.push(await dave.createMatch());
    const sixth = await dave.request<ErrorReply>('POST', '/api/matches', {
      game: 'skirmish',
      scenario: 'meeting',
      seat: 'red',
    });
    expect(sixth.status).toBe(429);
    expect(sixth.body.error).toMatchObject({ code: 'QUOTA_EXCEEDED' });
    expect(sixth.body.error.message).toMatch(/from your network/);
  });

  it('issue 9 item 4: an account plays only so many unfinished matches: joining one more is QUOTA_EXCEEDED', async () => {
    const erin = await TestUser.signUp(ctx.server.url, 'erin');
    for (const m of [...carols, daves[0]!]) await erin.join(m.id, 'blue');
    const fifth = await erin.request<ErrorReply>('POST', `/api/matches/${daves[1]!.id}/join`, {
      seat: 'blue',
    });
    expect(fifth.status).toBe(429);
    expect(fifth.body.error.code).toBe('QUOTA_EXCEEDED');
    expect(fifth.body.error.message).toContain('4 unfinished matches');
  });

  it('issue 9 item 4: imports have a rate per account, checked before the record is read', async () => {
    const frank = await TestUser.signUp(ctx.server.url, 'frank');
    const codes: string[] = [];
    for (let i = 0; i < 3; i++)
      codes.push((await frank.request<ErrorReply>('POST', '/api/records/import', {})).body.error.code);
    expect(codes).toEqual(['INVALID_RECORD', 'INVALID_RECORD', 'RATE_LIMITED']);
  });

  it("issue 9 item 4 (and the guests' chat): chat is rate-limited per person across sockets and capped per match and sender, guests included", async () => {
    const [g1, g2] = await Promise.all([Player.connect(ctx.server.url), Player.connect(ctx.server.url)]);
    const a = daves[1]!.id;
    const b = carols[0]!.id;
    expect((await g1.join(a, 'spectator')).ok).toBe(true);
    expect((await g2.join(b, 'spectator')).ok).toBe(true);
    const say = (p: Player, matchId: string, text: string) =>
      p.socket.emitWithAck('chat:send', { matchId, channel: 'spectators', text });
    const codes: string[] = [];
    for (let i = 0; i < 4; i++) {
      const ack = await say(g1, a, `hello ${i}`);
      codes.push(ack.ok ? 'OK' : ack.error.code);
    }
    expect(codes).toEqual(['OK', 'OK', 'OK', 'QUOTA_EXCEEDED']);
    // The other socket of the same guest (same address) shares the rate: four messages a minute.
    const other = await say(g2, b, 'hello from another tab');
    expect(other.ok).toBe(false);
    if (!other.ok) {
      expect(other.error.code).toBe('RATE_LIMITED');
      expect(other.error.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    }
    const tooLong = await say(g1, a, 'x'.repeat(501));
    expect(tooLong.ok ? 'OK' : tooLong.error.code).toBe('BAD_REQUEST');
    const stored = await sql<{ n: number; senders: number }>(
      ctx.database,
      'SELECT count(*)::int AS n, count(DISTINCT sender_key)::int AS senders FROM chat_messages',
    );
    expect(stored[0]).toEqual({ n: 3, senders: 1 });
    g1.close();
    g2.close();
  });
});

describe('the match cache is bounded by memory (issue 9 item 4)', () => {
  const BUDGET = 20_000;
  const ctx = serverWith({ limits: { matchCacheBytes: BUDGET } });

  it('issue 9 item 4: stays under its budget while many matches are created and played, and reloads an evicted match on its next action', async () => {
    const alice = await TestUser.signUp(ctx.server.url, 'alice');
    const bob = await TestUser.signUp(ctx.server.url, 'bob');
    const [red, blue] = await Promise.all([alice.connect(), bob.connect()]);
    const ids: string[] = [];
    for (let i = 0; i < 16; i++) {
      // Every other match is played to its end (a race to 3), the rest stop halfway.
      const m = await alice.createMatch({ options: { length: i % 2 === 0 ? 3 : 6 } });
      await bob.join(m.id, 'blue');
      await red.join(m.id, 'seat');
      await blue.join(m.id, 'seat');
      const steps = i % 2 === 0 ? 7 : 4;
      for (let seq = 0; seq < steps; seq++) {
        const by = seq === 1 || seq % 2 === 1 ? blue : red;
        const action = seq < 2 ? { type: 'deploy', at: 'north' } : { type: 'advance' };
        const ack: SubmitAck = await by.submit(m.id, action, seq);
        expect(ack).toEqual({ ok: true, seq: seq + 1 });
      }
      ids.push(m.id);
      expect(await metric(ctx.server, 'salient_match_cache_bytes')).toBeLessThanOrEqual(BUDGET);
    }
    expect(await metric(ctx.server, 'salient_match_cache_budget_bytes')).toBe(BUDGET);
    expect(await metric(ctx.server, 'salient_match_cache_evictions_total')).toBeGreaterThan(4);
    expect(await metric(ctx.server, 'salient_matches_loaded')).toBeLessThan(12);

    // The second match stopped at step 4 long ago and was dropped: it plays on from the database.
    const first = ids[1]!;
    const next = red.waitFor('match:update', (u) => u.matchId === first && u.seq === 5);
    expect(await red.submit(first, { type: 'advance' }, 4)).toEqual({ ok: true, seq: 5 });
    expect((await next).matchId).toBe(first);
    // The push is a patch; the client's folded view is the position after the step.
    const update = red.updates.find((u) => u.matchId === first && u.seq === 5)!;
    expect(update.view.progress).toEqual({ red: 2, blue: 1 });
    const summary = (await alice.request<MatchSummary>('GET', `/api/matches/${first}`)).body;
    expect(summary).toMatchObject({ seq: 5, status: 'active', toAct: ['blue'] });
    expect(await metric(ctx.server, 'salient_match_cache_bytes')).toBeLessThanOrEqual(BUDGET);
    red.close();
    blue.close();
  });
});

describe('what the match cache drops first (issue 9 item 4)', () => {
  const ctx = serverWith({});

  it('issue 9 item 4: over budget, finished matches go first, then the least recently used; a dropped match loads again', async () => {
    const user = await TestUser.signUp(ctx.server.url, 'keeper');
    const importOf = async (steps: number) =>
      (await user.request<{ matchId: string }>('POST', '/api/records/import', recordOf(steps))).body.matchId;
    const [finished, a, b, c] = [await importOf(7), await importOf(2), await importOf(4), await importOf(5)];
    const opened = await openDatabase(ctx.database.target);
    try {
      const probe = new MatchStore(opened.db, () => skirmish);
      const size = Math.max(
        ...(await Promise.all([a, b, c].map(async (id) => estimateMatchBytes(await probe.get(id))))),
      );
      // Room for three matches.
      const store = new MatchStore(opened.db, () => skirmish, Math.floor(size * 3.5));
      await store.get(a);
      await store.get(finished);
      await store.get(b);
      expect(store.size).toBe(3);
      await store.get(c);
      // The finished match goes although `a` was used longer ago.
      expect(store.cached(finished)).toBeUndefined();
      expect([a, b, c].every((id) => store.cached(id))).toBe(true);
      await store.get(a); // now b is the least recently used
      await store.get(finished);
      expect(store.cached(b)).toBeUndefined();
      expect(store.figures().bytes).toBeLessThanOrEqual(store.budgetBytes);
      expect(store.figures().evictions).toBe(2);
      const again = await store.get(b);
      expect(again.seq).toBe(4);
      expect((again.state as { progress: unknown }).progress).toEqual({ red: 1, blue: 1 });
    } finally {
      await opened.close();
    }
  });
});

describe('socket limits are per person, not per socket (issue 9 item 5)', () => {
  const ctx = serverWith({
    actionRatePerSecond: 2,
    limits: { socketsPerAccount: 20, socketsPerAddress: 24, joinRatePerSecond: 1 },
  });
  let gwen: TestUser;
  let matchId: string;
  const sockets: Player[] = [];

  afterAll(() => {
    for (const s of sockets) s.close();
  });

  it("issue 9 item 5: 20 sockets of one account cannot exceed the account's rate", async () => {
    gwen = await TestUser.signUp(ctx.server.url, 'gwen');
    const hal = await TestUser.signUp(ctx.server.url, 'hal');
    const m = await gwen.createMatch();
    await hal.join(m.id, 'blue');
    matchId = m.id;
    for (let i = 0; i < 20; i++) sockets.push(await gwen.connect());
    const started = performance.now();
    // Each socket sends two moves the rules refuse: whatever gets past the limit reaches the rules.
    const acks = await Promise.all(
      sockets.flatMap((s) => [0, 1].map(() => s.submit(matchId, { type: 'deploy', at: 'nowhere' }, 0))),
    );
    const seconds = (performance.now() - started) / 1000;
    const codes = acks.map((a) => (a.ok ? 'OK' : a.error.code));
    const through = codes.filter((c) => c !== 'RATE_LIMITED').length;
    // A burst of twice the rate (4), and what refilled while the 40 messages were handled.
    expect(through).toBeGreaterThanOrEqual(4);
    expect(through).toBeLessThanOrEqual(4 + Math.ceil(seconds * 2));
    expect(codes.filter((c) => c === 'RATE_LIMITED').length).toBeGreaterThanOrEqual(40 - through);
    const limited = acks.find((a) => !a.ok && a.error.code === 'RATE_LIMITED');
    if (limited && !limited.ok) expect(limited.error.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    const summary = (await gwen.request<MatchSummary>('GET', `/api/matches/${matchId}`)).body;
    expect(summary.seq).toBe(0);
  });

  it('issue 9 item 5: the socket cap refuses the 21st socket of an account and the 25th of an address', async () => {
    const refused = await Player.connect(ctx.server.url, gwen.cookie).then(
      () => null,
      (err: { data?: { code: string; message: string } }) => err.data ?? null,
    );
    expect(refused?.code).toBe('QUOTA_EXCEEDED');
    expect(refused?.message).toMatch(/already has 20 connections/);
    // Closing one gives its place back.
    sockets.pop()!.close();
    let again: Player | null = null;
    for (let i = 0; i < 50 && !again; i++) {
      again = await Player.connect(ctx.server.url, gwen.cookie).catch(() => null);
      if (!again) await sleep(20);
    }
    expect(again).not.toBeNull();
    sockets.push(again!);
    // Guests from the same address fill it up to 24 sockets; the 25th is refused.
    for (let i = 0; i < 4; i++) sockets.push(await Player.connect(ctx.server.url));
    const guest = await Player.connect(ctx.server.url).then(
      () => null,
      (err: { data?: { code: string; message: string } }) => err.data ?? null,
    );
    expect(guest?.code).toBe('QUOTA_EXCEEDED');
    expect(guest?.message).toMatch(/from your network/);
    expect(await metric(ctx.server, 'salient_limit_refusals_total{limit="sockets_per_account"}')).toBe(1);
    expect(await metric(ctx.server, 'salient_limit_refusals_total{limit="sockets_per_address"}')).toBe(1);
  });

  it('issue 9 item 5: joins and syncs are limited per person across sockets', async () => {
    const acks = await Promise.all(
      sockets
        .slice(0, 10)
        .map((s) => s.socket.emitWithAck('match:sync', { matchId, lastSeq: 0, as: 'seat' as const })),
    );
    const codes = acks.map((a) => (a.ok ? 'OK' : a.error.code));
    // A burst of four times the rate (1 a second), then RATE_LIMITED.
    expect(codes.filter((c) => c === 'OK').length).toBeGreaterThanOrEqual(4);
    expect(codes.filter((c) => c === 'OK').length).toBeLessThanOrEqual(5);
    expect(codes.filter((c) => c === 'RATE_LIMITED').length).toBeGreaterThanOrEqual(5);
  });
});

describe('honest play under the default limits (issue 9 item 5)', () => {
  const defaults = configFromEnv({});
  const ctx = serverWith({ actionRatePerSecond: defaults.actionRatePerSecond, limits: defaults.limits });

  it('issue 9 item 5: a fast live game, a reconnect and a tab reopened never hit a limit', async () => {
    const ida = await TestUser.signUp(ctx.server.url, 'ida');
    const jon = await TestUser.signUp(ctx.server.url, 'jon');
    const m = await ida.createMatch({
      options: { length: 100_000 },
      timeControl: { kind: 'live', initialSeconds: 300, incrementSeconds: 2 },
    });
    await jon.join(m.id, 'blue');
    const red = await ida.connect();
    let blue = await jon.connect();
    // Each player has a second tab watching the same match.
    const tabs = await Promise.all([ida.connect(), jon.connect()]);
    for (const p of [red, blue, ...tabs]) expect((await p.join(m.id, 'seat')).ok).toBe(true);
    const refusals: string[] = [];
    const play = async (seq: number) => {
      const by = seq === 1 || seq % 2 === 1 ? blue : red;
      const action = seq < 2 ? { type: 'deploy', at: 'centre' } : { type: 'advance' };
      const ack = await by.submit(m.id, action, seq);
      if (!ack.ok) refusals.push(ack.error.code);
      // A quick player: a move every 25 ms on the board, as fast as anyone clicks.
      await sleep(25);
    };
    for (let seq = 0; seq < 40; seq++) await play(seq);
    // Blue's connection drops; the client reconnects and catches up, then plays on.
    blue.close();
    blue = await jon.connect();
    const sync = await blue.socket.emitWithAck('match:sync', { matchId: m.id, lastSeq: 30 });
    expect(sync.ok).toBe(true);
    for (let seq = 40; seq < 80; seq++) await play(seq);
    // A whole browser reconnecting at once: three sockets each syncing.
    const again = await Promise.all([ida.connect(), ida.connect(), jon.connect()]);
    const syncs = await Promise.all(
      again.map((p) => p.socket.emitWithAck('match:sync', { matchId: m.id, lastSeq: 70 })),
    );
    expect(syncs.every((s) => s.ok)).toBe(true);
    const chat = await red.socket.emitWithAck('chat:send', { matchId: m.id, channel: 'players', text: 'gg' });
    expect(chat.ok).toBe(true);
    expect(refusals).toEqual([]);
    const summary = (await ida.request<MatchSummary>('GET', `/api/matches/${m.id}`)).body;
    expect(summary.seq).toBe(80);
    for (const p of [red, blue, ...tabs, ...again]) p.close();
  });
});
