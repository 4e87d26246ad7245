import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { MatchListResponse, MatchSummary, RematchOffer, Settings } from '@salient/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, configFromEnv } from '../src/config.ts';
import type { RunningServer } from '../src/server.ts';
import { freshPostgres, type TestDatabase } from './helpers/databases.ts';
import { startTestServer, TestUser } from './helpers/harness.ts';

let database: TestDatabase;
let server: RunningServer;
let webDist: string;

beforeAll(async () => {
  database = await freshPostgres();
  webDist = await mkdtemp(path.join(tmpdir(), 'salient-web-'));
  await writeFile(
    path.join(webDist, 'index.html'),
    '<!doctype html><title>Salient</title><div id="app"></div>',
  );
  await writeFile(path.join(webDist, 'app.js'), 'console.log("salient")');
  server = await startTestServer(database.target, { webDist, authRatePerMinute: 40 });
});

afterAll(async () => {
  await server?.close();
  await database?.drop();
  if (webDist) await rm(webDist, { recursive: true, force: true });
});

// Response bodies in these tests are read as loosely typed JSON.
type Body = { error: { code: string; message: string } } & Record<string, unknown>;
const json = async (res: Response): Promise<Body> => (await res.json()) as Body;

const post = (url: string, body: unknown, cookie?: string) =>
  fetch(`${server.url}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });

describe('accounts', () => {
  it('signs up with an httpOnly SameSite session cookie and stores no plain password', async () => {
    const res = await post('/api/auth/signup', { username: 'erin', password: 'a long password' });
    expect(res.status).toBe(201);
    const cookie = res.headers.get('set-cookie')!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    const me = await fetch(`${server.url}/api/me`, { headers: { cookie: cookie.split(';')[0]! } });
    expect(await json(me)).toMatchObject({ user: { username: 'erin' } });
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: (database.target as { url: string }).url });
    await client.connect();
    const row = await client.query('SELECT password_hash FROM users WHERE username = $1', ['erin']);
    const sessions = await client.query('SELECT token_hash FROM sessions');
    await client.end();
    expect(row.rows[0].password_hash).toMatch(/^scrypt\$\d+\$8\$1\$/);
    expect(row.rows[0].password_hash).not.toContain('a long password');
    const token = cookie.split(';')[0]!.split('=')[1]!;
    expect(sessions.rows.map((r) => r.token_hash)).not.toContain(token);
  });

  it('refuses a taken name, a short password and bad credentials with codes', async () => {
    expect(
      (await json(await post('/api/auth/signup', { username: 'erin', password: 'another password' }))).error
        .code,
    ).toBe('USERNAME_TAKEN');
    const short = await post('/api/auth/signup', { username: 'frank', password: 'short' });
    expect(short.status).toBe(400);
    expect((await json(short)).error.code).toBe('PASSWORD_TOO_SHORT');
    const wrong = await post('/api/auth/signin', { username: 'erin', password: 'not the password' });
    expect(wrong.status).toBe(401);
    expect((await json(wrong)).error.code).toBe('BAD_CREDENTIALS');
    const nobody = await post('/api/auth/signin', { username: 'nobody', password: 'whatever it is' });
    expect((await json(nobody)).error.code).toBe('BAD_CREDENTIALS');
    const garbage = await fetch(`${server.url}/api/auth/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"username":',
    });
    expect(garbage.status).toBe(400);
  });

  it('disconnects the sockets of a session when it signs out', async () => {
    const user = await TestUser.signUp(server.url, 'leaver');
    const player = await user.connect();
    expect(player.socket.connected).toBe(true);
    const gone = new Promise<string>((resolve) =>
      player.socket.on('disconnect', (reason) => resolve(reason)),
    );
    expect((await user.request('POST', '/api/auth/signout')).status).toBe(204);
    expect(await gone).toBe('io server disconnect');
    player.close();
  });

  it('signs in and out; a signed-out cookie is worthless', async () => {
    const res = await post('/api/auth/signin', { username: 'erin', password: 'a long password' });
    expect(res.status).toBe(200);
    const cookie = res.headers.get('set-cookie')!.split(';')[0]!;
    expect((await fetch(`${server.url}/api/me`, { headers: { cookie } })).status).toBe(200);
    expect((await post('/api/auth/signout', {}, cookie)).status).toBe(204);
    const after = await fetch(`${server.url}/api/me`, { headers: { cookie } });
    expect(after.status).toBe(401);
    expect((await json(after)).error.code).toBe('UNAUTHENTICATED');
  });

  it('limits sign-in attempts', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 45; i++) {
      codes.push((await post('/api/auth/signin', { username: 'erin', password: `guess ${i} guess` })).status);
    }
    expect(codes).toContain(429);
    const limited = await post('/api/auth/signin', { username: 'erin', password: 'guess' });
    expect((await json(limited)).error.code).toBe('RATE_LIMITED');
  });

  it('keeps notification settings and rejects a bad webhook URL', async () => {
    const gina = await TestUser.signUp(server.url, 'gina');
    const put = await gina.request<Settings>('PUT', '/api/settings', {
      email: 'gina@example.test',
      webhookUrl: 'http://93.184.216.34/hook',
      notifyByWebhook: true,
    });
    expect(put.body).toEqual({
      email: 'gina@example.test',
      webhookUrl: 'http://93.184.216.34/hook',
      notifyByEmail: false,
      notifyByWebhook: true,
    });
    expect((await gina.request('PUT', '/api/settings', { webhookUrl: 'ftp://x/y' })).status).toBe(400);
    expect((await gina.request('PUT', '/api/settings', { email: 'not an address' })).status).toBe(400);
    expect((await gina.request<Settings>('GET', '/api/settings')).body.webhookUrl).toBe(
      'http://93.184.216.34/hook',
    );
  });
});

describe('matches', () => {
  let hank: TestUser;
  let ivy: TestUser;
  let jack: TestUser;
  beforeAll(async () => {
    [hank, ivy, jack] = (await Promise.all(
      ['hank', 'ivy', 'jack'].map((n) => TestUser.signUp(server.url, n)),
    )) as [TestUser, TestUser, TestUser];
  });

  it('refuses unknown games, scenarios, seats and options', async () => {
    const bad = async (body: Record<string, unknown>) =>
      (await hank.request<{ error: { code: string } }>('POST', '/api/matches', body)).body.error.code;
    expect(await bad({ game: 'chess', scenario: 'x', seat: 'white' })).toBe('UNKNOWN_GAME');
    expect(await bad({ game: 'skirmish', scenario: 'x', seat: 'red' })).toBe('UNKNOWN_SCENARIO');
    expect(await bad({ game: 'skirmish', scenario: 'meeting', seat: 'green' })).toBe('UNKNOWN_SEAT');
    expect(await bad({ game: 'skirmish', scenario: 'meeting', seat: 'red', options: { length: 99 } })).toBe(
      'BAD_REQUEST',
    );
    const anonymous = await post('/api/matches', { game: 'skirmish', scenario: 'meeting', seat: 'red' });
    expect(anonymous.status).toBe(401);
  });

  it('lists open matches, lets one join, and starts the match when the seats are full', async () => {
    const m = await hank.createMatch({ timeControl: { kind: 'correspondence', secondsPerTurn: 3600 } });
    const open = await ivy.request<MatchListResponse>('GET', '/api/matches?list=open');
    expect(open.body.matches.map((x) => x.id)).toContain(m.id);
    expect((await ivy.request('POST', `/api/matches/${m.id}/join`, { seat: 'red' })).status).toBe(409);
    const joined = await ivy.join(m.id, 'blue');
    expect(joined.status).toBe('active');
    expect(joined.clock.kind).toBe('correspondence');
    const again = await jack.request<{ error: { code: string } }>('POST', `/api/matches/${m.id}/join`, {
      seat: 'blue',
    });
    expect(again.body.error.code).toBe('MATCH_NOT_OPEN');
    const live = await jack.request<MatchListResponse>('GET', '/api/matches?list=live');
    expect(live.body.matches.map((x) => x.id)).toContain(m.id);
    const openNow = await jack.request<MatchListResponse>('GET', '/api/matches?list=open');
    expect(openNow.body.matches.map((x) => x.id)).not.toContain(m.id);
  });

  it('puts "your turn" first in my matches', async () => {
    const waiting = await hank.createMatch();
    await ivy.join(waiting.id, 'blue');
    // In deployment both sides are to act; in a match where hank has deployed only ivy is.
    const p = await hank.connect();
    await p.join(waiting.id, 'seat');
    expect((await p.submit(waiting.id, { type: 'deploy', at: 'north' }, 0)).ok).toBe(true);
    p.close();
    const mine = await hank.request<MatchListResponse>('GET', '/api/matches?list=mine');
    const firstNotMyTurn = mine.body.matches.findIndex((x) => !x.yourTurn);
    const lastMyTurn = mine.body.matches.map((x) => x.yourTurn).lastIndexOf(true);
    expect(lastMyTurn).toBeLessThan(firstNotMyTurn);
    expect(mine.body.matches.find((x) => x.id === waiting.id)?.yourTurn).toBe(false);
    const ivys = await ivy.request<MatchListResponse>('GET', '/api/matches?list=mine');
    expect(ivys.body.matches[0]?.yourTurn).toBe(true);
    expect((await fetch(`${server.url}/api/matches?list=mine`)).status).toBe(401);
  });

  it('keeps a private match out of the lists and lets the invite link in', async () => {
    const m = await hank.createMatch({ visibility: 'private' });
    expect(m.inviteCode).toBeTruthy();
    const open = await ivy.request<MatchListResponse>('GET', '/api/matches?list=open');
    expect(open.body.matches.map((x) => x.id)).not.toContain(m.id);
    // Without the invite a private match does not exist for others (issue 9).
    const seen = await ivy.request<MatchSummary>('GET', `/api/matches/${m.id}`);
    expect(seen.status).toBe(404);
    expect((await ivy.request('POST', `/api/matches/${m.id}/join`, { seat: 'blue' })).status).toBe(403);
    const viaInvite = await ivy.request<MatchSummary>('GET', `/api/invites/${m.inviteCode}`);
    expect(viaInvite.body.id).toBe(m.id);
    expect((await ivy.join(m.id, 'blue', m.inviteCode!)).status).toBe('active');
  });

  it('lets a player leave before the start, deleting a match nobody is left in', async () => {
    const m = await hank.createMatch();
    await ivy.join(m.id, 'blue');
    const later = await jack.createMatch();
    expect((await jack.request('POST', `/api/matches/${later.id}/leave`)).status).toBe(204);
    expect((await jack.request('GET', `/api/matches/${later.id}`)).status).toBe(404);
    expect(
      (await hank.request<{ error: { code: string } }>('POST', `/api/matches/${m.id}/leave`)).body.error.code,
    ).toBe('MATCH_NOT_OPEN');
  });

  it('resigns, refuses the record until the end, then offers a rematch with sides swapped', async () => {
    const m = await hank.createMatch();
    await ivy.join(m.id, 'blue');
    expect(
      (await hank.request<{ error: { code: string } }>('GET', `/api/matches/${m.id}/record`)).body.error.code,
    ).toBe('MATCH_NOT_FINISHED');
    expect((await jack.request('POST', `/api/matches/${m.id}/resign`)).status).toBe(403);
    const resigned = await ivy.request<MatchSummary>('POST', `/api/matches/${m.id}/resign`);
    expect(resigned.body.status).toBe('finished');
    expect(resigned.body.outcome).toEqual({ winner: 'red', reason: 'Blue resigned' });
    expect(resigned.body.seed).toBeTruthy();
    const record = await jack.request<{ actions: unknown[]; outcome: unknown }>(
      'GET',
      `/api/matches/${m.id}/record`,
    );
    expect(record.body.outcome).toEqual({ winner: 'red', reason: 'Blue resigned' });
    // The offer and its answers are tested in rematch.test.ts.
    const offer = await ivy.request<RematchOffer>('POST', `/api/matches/${m.id}/rematch`);
    expect(offer.status).toBe(201);
    expect(offer.body.seating).toEqual({ red: ivy.id, blue: hank.id });
    const accepted = await hank.request<RematchOffer>('POST', `/api/rematches/${offer.body.id}/accept`);
    const next = await hank.request<MatchSummary>('GET', `/api/matches/${accepted.body.newMatchId}`);
    expect(next.body).toMatchObject({ status: 'active', rematchOf: m.id, yourSeat: 'blue' });
  });

  it('lets the waiting side claim a correspondence match once the deadline has passed', async () => {
    const m = await hank.createMatch({ timeControl: { kind: 'correspondence', secondsPerTurn: 60 } });
    await ivy.join(m.id, 'blue');
    const p = await hank.connect();
    await p.join(m.id, 'seat');
    await p.submit(m.id, { type: 'deploy', at: 'north' }, 0);
    p.close();
    const early = await hank.request<{ error: { code: string } }>('POST', `/api/matches/${m.id}/claim`);
    expect(early.body.error.code).toBe('DEADLINE_NOT_PASSED');
    // Let a day pass for this match: move its deadline into the past, as the clock would.
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: (database.target as { url: string }).url });
    await client.connect();
    await client.query(
      `UPDATE matches SET deadline = now() - interval '1 minute', updated_at = now() WHERE id = $1`,
      [m.id],
    );
    await client.end();
    const own = await ivy.request<{ error: { code: string } }>('POST', `/api/matches/${m.id}/claim`);
    expect(own.body.error.code).toBe('DEADLINE_NOT_PASSED');
    const claimed = await hank.request<MatchSummary>('POST', `/api/matches/${m.id}/claim`);
    expect(claimed.body.status).toBe('finished');
    expect(claimed.body.outcome).toEqual({ winner: 'red', reason: 'Blue missed the deadline' });
  });
});

describe('operations', () => {
  it('answers /healthz and /metrics', async () => {
    const health = await fetch(`${server.url}/healthz`);
    expect(await json(health)).toEqual({ status: 'ok' });
    const metrics = await (await fetch(`${server.url}/metrics`)).text();
    expect(metrics).toMatch(/salient_matches\{status="active"\} \d+/);
    expect(metrics).toMatch(/salient_actions_total\{result="accepted"\} [1-9]/);
    expect(metrics).toContain('salient_action_latency_seconds_bucket{le="+Inf"}');
    // The 30 ms bound is the latency target's (issue 14), so a tail can be read against it.
    expect(metrics).toMatch(/salient_action_latency_seconds_bucket\{le="0.03"\} [1-9]/);
    // The event loop's lag probe has fired by now, and garbage collection is watched.
    expect(metrics).toMatch(/salient_event_loop_lag_seconds_count [1-9]/);
    expect(metrics).toMatch(/salient_event_loop_lag_seconds_max \d/);
    expect(metrics).toContain('salient_gc_minor_pause_seconds_bucket{le="+Inf"}');
    expect(metrics).toContain('salient_gc_major_pause_seconds_bucket{le="+Inf"}');
    expect(metrics).toMatch(/salient_sockets \d+/);
  });

  it('serves the built client, and its index.html for client routes, but not for unknown API paths', async () => {
    const root = await fetch(`${server.url}/app.js`);
    expect(await root.text()).toContain('salient');
    const route = await fetch(`${server.url}/match/some-id`);
    expect(route.headers.get('content-type')).toContain('text/html');
    expect(await route.text()).toContain('<div id="app">');
    const api = await fetch(`${server.url}/api/nothing-here`);
    expect(api.status).toBe(404);
    expect((await json(api)).error.code).toBe('NOT_FOUND');
  });

  it('lists the games it hosts', async () => {
    const res = (await (await fetch(`${server.url}/api/games`)).json()) as { games: unknown[] };
    expect(res.games[0]).toMatchObject({ id: 'skirmish', scenarios: [{ id: 'meeting' }] });
  });

  it('validates its configuration with messages naming the variables', () => {
    expect(() => configFromEnv({ PORT: 'eighty', DATABASE_URL: 'mysql://x' })).toThrow(ConfigError);
    try {
      configFromEnv({ PORT: 'eighty', DATABASE_URL: 'mysql://x', SCRYPT_COST: '1000' });
    } catch (err) {
      expect((err as Error).message).toContain('PORT');
      expect((err as Error).message).toContain('DATABASE_URL');
      expect((err as Error).message).toContain('SCRYPT_COST');
    }
    expect(() => configFromEnv({ NODE_ENV: 'production' })).toThrow(/SESSION_SECRET/);
    expect(configFromEnv({ SMTP_URL: '', REDIS_URL: '' })).toMatchObject({ smtpUrl: null, redisUrl: null });
    const defaults = configFromEnv({});
    expect(defaults.port).toBe(3000);
    expect(defaults.database.kind).toBe('pglite');
    expect(configFromEnv({ DATABASE_URL: 'postgresql://u@h/db' }).database).toEqual({
      kind: 'postgres',
      url: 'postgresql://u@h/db',
    });
  });
});
