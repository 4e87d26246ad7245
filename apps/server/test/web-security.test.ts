import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { MatchListResponse, MatchSummary, PublicUser } from '@salient/protocol';
import { SOCKET_PATH } from '@salient/protocol';
import pg from 'pg';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, configFromEnv } from '../src/config.ts';
import { migrationsDir } from '../src/db/schemaEngine.ts';
import { addressedOrigin } from '../src/http/origins.ts';
import type { RunningServer } from '../src/server.ts';
import { freshPostgres, type TestDatabase } from './helpers/databases.ts';
import { type ClientSocket, startTestServer, TestUser } from './helpers/harness.ts';

type ErrorBody = { error: { code: string; message: string } };

interface Send {
  cookie?: string;
  origin?: string;
  referer?: string;
  type?: string;
  body?: string | Blob;
}

/** A request with exactly the headers a browser (or a forger) would send. */
async function send(base: string, method: string, url: string, h: Send = {}) {
  const headers: Record<string, string> = {};
  if (h.cookie) headers.cookie = h.cookie;
  if (h.origin) headers.origin = h.origin;
  if (h.referer) headers.referer = h.referer;
  if (h.type) headers['content-type'] = h.type;
  const res = await fetch(`${base}${url}`, { method, headers, body: h.body });
  const text = await res.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = text;
  }
  return {
    status: res.status,
    body: body as ErrorBody & MatchSummary & Record<string, unknown>,
    headers: res.headers,
  };
}

/** Opens a socket.io connection (WebSocket transport, as the client prefers) with these headers. */
function openSocket(base: string, headers: Record<string, string>): Promise<ClientSocket> {
  const socket: ClientSocket = io(base, {
    path: SOCKET_PATH,
    transports: ['websocket'],
    extraHeaders: headers,
    reconnection: false,
    forceNew: true,
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (err) => {
      socket.close();
      reject(err);
    });
  });
}

let database: TestDatabase;
let server: RunningServer;
let hank: TestUser;
let ivy: TestUser;
/** A page on another port of the same host: same site for the browser, so the Lax cookie goes along. */
let attacker: string;

beforeAll(async () => {
  database = await freshPostgres();
  server = await startTestServer(database.target);
  hank = await TestUser.signUp(server.url, 'hank');
  ivy = await TestUser.signUp(server.url, 'ivy');
  const port = Number(new URL(server.url).port);
  attacker = `http://127.0.0.1:${port === 65_535 ? port - 1 : port + 1}`;
});

afterAll(async () => {
  await server?.close();
  await database?.drop();
});

async function activeMatch(extra: Record<string, unknown> = {}): Promise<MatchSummary> {
  const m = await hank.createMatch(extra);
  await ivy.join(m.id, 'blue', m.inviteCode ?? undefined);
  return (await hank.request<MatchSummary>('GET', `/api/matches/${m.id}`)).body;
}

describe('issue 9 item 2: cross-origin writes', () => {
  it('refuses a forged text/plain form post resigning a match from another port of 127.0.0.1; nothing changes', async () => {
    const m = await activeMatch();
    const resign = `/api/matches/${m.id}/resign`;
    // What <form method=post enctype=text/plain action=...> on the attacker's page sends.
    const forged = await send(server.url, 'POST', resign, {
      cookie: hank.cookie,
      origin: attacker,
      referer: `${attacker}/prize.html`,
      type: 'text/plain',
      body: '{"x":"=1"}',
    });
    expect(forged.status).toBe(403);
    expect(forged.body.error.code).toBe('FORBIDDEN_ORIGIN');
    expect(forged.body.error.message).toContain(attacker);
    // A page that hides its Origin still leaves a Referer; one that hides both sends Origin "null".
    const refererOnly = await send(server.url, 'POST', resign, {
      cookie: hank.cookie,
      referer: `${attacker}/prize.html`,
      type: 'application/x-www-form-urlencoded',
      body: 'a=b',
    });
    expect(refererOnly.body.error.code).toBe('FORBIDDEN_ORIGIN');
    const nullOrigin = await send(server.url, 'POST', resign, { cookie: hank.cookie, origin: 'null' });
    expect(nullOrigin.body.error.code).toBe('FORBIDDEN_ORIGIN');
    // JSON from a foreign page (it would need a CORS preflight, which is never granted) and other verbs.
    const json = await send(server.url, 'POST', resign, {
      cookie: hank.cookie,
      origin: attacker,
      type: 'application/json',
      body: '{}',
    });
    expect(json.body.error.code).toBe('FORBIDDEN_ORIGIN');
    const settings = await send(server.url, 'PUT', '/api/settings', {
      cookie: hank.cookie,
      origin: attacker,
      type: 'application/json',
      body: JSON.stringify({ webhookUrl: 'https://attacker.example/hook', notifyByWebhook: true }),
    });
    expect(settings.status).toBe(403);
    const signOut = await send(server.url, 'POST', '/api/auth/signout', {
      cookie: hank.cookie,
      origin: attacker,
    });
    expect(signOut.status).toBe(403);
    const preflight = await send(server.url, 'OPTIONS', resign, { origin: attacker });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();

    const after = await hank.request<MatchSummary>('GET', `/api/matches/${m.id}`);
    expect(after.body.status).toBe('active');
    expect(after.body.seq).toBe(m.seq);
    expect(after.body.outcome).toBeNull();
    expect(
      (await hank.request<{ webhookUrl: string | null }>('GET', '/api/settings')).body.webhookUrl,
    ).toBeNull();
    expect((await hank.request('GET', '/api/me')).status).toBe(200);
  });

  it('takes only application/json bodies on writes: text/plain and form bodies get 415, even from its own pages', async () => {
    const m = await activeMatch();
    const resign = `/api/matches/${m.id}/resign`;
    for (const type of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
    ]) {
      const res = await send(server.url, 'POST', resign, {
        cookie: hank.cookie,
        origin: server.url,
        type,
        body: type.startsWith('multipart') ? '--x--' : 'a=b',
      });
      expect(res.status, type).toBe(415);
      expect(res.body.error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    }
    // A body with no type at all is not JSON either.
    const untyped = await send(server.url, 'POST', resign, { cookie: hank.cookie, body: new Blob(['{}']) });
    expect(untyped.status).toBe(415);
    expect((await hank.request<MatchSummary>('GET', `/api/matches/${m.id}`)).body.status).toBe('active');
    // JSON with a charset is JSON; a bodyless post needs no type.
    const withCharset = await send(server.url, 'POST', '/api/matches', {
      cookie: hank.cookie,
      origin: server.url,
      type: 'application/json; charset=utf-8',
      body: JSON.stringify({ game: 'skirmish', scenario: 'meeting', seat: 'red' }),
    });
    expect(withCharset.status).toBe(201);
    const bodyless = await send(server.url, 'POST', resign, { cookie: hank.cookie, origin: server.url });
    expect(bodyless.status).toBe(200);
    expect(bodyless.body.status).toBe('finished');
  });

  it("refuses a socket.io handshake from a foreign origin carrying the victim's cookie", async () => {
    await expect(openSocket(server.url, { cookie: hank.cookie, origin: attacker })).rejects.toThrow();
    await expect(openSocket(server.url, { cookie: hank.cookie, origin: 'null' })).rejects.toThrow();
    // The long-polling handshake is refused too, and says why.
    const polling = await send(server.url, 'GET', '/socket.io/?EIO=4&transport=polling', {
      cookie: hank.cookie,
      origin: attacker,
    });
    expect(polling.status).toBe(403);
    expect(JSON.stringify(polling.body)).toContain('FORBIDDEN_ORIGIN');
    const own = await send(server.url, 'GET', '/socket.io/?EIO=4&transport=polling', {
      cookie: hank.cookie,
      origin: server.url,
    });
    expect(own.status).toBe(200);
    // Programs (no Origin, no Referer) cannot borrow a browser's cookie: they connect.
    const program = await openSocket(server.url, { cookie: hank.cookie });
    expect(program.connected).toBe(true);
    program.close();
  });
});

describe("issue 9 item 2: the app's own client still works", () => {
  let db: TestDatabase;
  let app: RunningServer;
  const publicOrigin = 'https://play.example.org';
  const devServer = 'http://localhost:5173';

  beforeAll(async () => {
    db = await freshPostgres();
    app = await startTestServer(db.target, { publicUrl: `${publicOrigin}/`, allowedOrigins: [devServer] });
  });
  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  it('from its own origin, PUBLIC_URL and ALLOWED_ORIGINS: REST writes and sockets; a sibling subdomain is refused', async () => {
    const signUp = await send(app.url, 'POST', '/api/auth/signup', {
      origin: app.url,
      type: 'application/json',
      body: JSON.stringify({ username: 'joan', password: 'a sound password' }),
    });
    expect(signUp.status).toBe(201);
    const joan = new TestUser(app.url, 'joan', signUp.headers.get('set-cookie')!.split(';')[0]!, '');
    const kim = await TestUser.signUp(app.url, 'kim');
    const created = await send(app.url, 'POST', '/api/matches', {
      cookie: joan.cookie,
      origin: devServer,
      type: 'application/json',
      body: JSON.stringify({ game: 'skirmish', scenario: 'meeting', seat: 'red' }),
    });
    expect(created.status).toBe(201);
    const joined = await send(app.url, 'POST', `/api/matches/${created.body.id}/join`, {
      cookie: kim.cookie,
      origin: publicOrigin,
      type: 'application/json',
      body: JSON.stringify({ seat: 'blue' }),
    });
    expect(joined.status).toBe(200);
    expect(joined.body.status).toBe('active');
    // A page of the server's own with a Referer and no Origin (some browsers' same-origin requests).
    const referred = await send(app.url, 'PUT', '/api/settings', {
      cookie: kim.cookie,
      referer: `${app.url}/#/settings`,
      type: 'application/json',
      body: JSON.stringify({ notifyByEmail: false }),
    });
    expect(referred.status).toBe(200);

    const sibling = 'https://evil.example.org';
    const refused = await send(app.url, 'POST', `/api/matches/${created.body.id}/resign`, {
      cookie: joan.cookie,
      origin: sibling,
    });
    expect(refused.body.error.code).toBe('FORBIDDEN_ORIGIN');
    await expect(openSocket(app.url, { cookie: joan.cookie, origin: sibling })).rejects.toThrow();

    for (const origin of [app.url, devServer, publicOrigin]) {
      const socket = await openSocket(app.url, { cookie: joan.cookie, origin });
      const ack = await socket.emitWithAck('match:join', { matchId: created.body.id, as: 'seat' });
      expect(ack.ok, origin).toBe(true);
      socket.close();
    }
    const red = await openSocket(app.url, { cookie: joan.cookie, origin: devServer });
    await red.emitWithAck('match:join', { matchId: created.body.id, as: 'seat' });
    const submitted = await red.emitWithAck('match:submit', {
      matchId: created.body.id,
      seq: 0,
      action: { type: 'deploy', at: 'north' },
      clientActionId: 'from-the-dev-server',
    });
    expect(submitted).toEqual({ ok: true, seq: 1 });
    red.close();
  });

  it('checks ALLOWED_ORIGINS at start', () => {
    expect(
      configFromEnv({ ALLOWED_ORIGINS: 'https://A.example.org, http://localhost:5173/' }).allowedOrigins,
    ).toEqual(['https://a.example.org', 'http://localhost:5173']);
    expect(configFromEnv({}).allowedOrigins).toEqual([]);
    for (const bad of ['https://a.example.org/app', '*', 'ftp://files.example.org', 'example.org']) {
      expect(() => configFromEnv({ ALLOWED_ORIGINS: bad }), bad).toThrow(ConfigError);
      expect(() => configFromEnv({ ALLOWED_ORIGINS: bad }), bad).toThrow(/ALLOWED_ORIGINS/);
    }
  });

  it('behind a trusted proxy, the origin addressed is the forwarded one', () => {
    const headers = {
      host: '10.0.0.5:3000',
      'x-forwarded-proto': 'https',
      'x-forwarded-host': 'play.example.org',
    };
    expect(addressedOrigin(headers, false, true)).toBe('https://play.example.org');
    expect(addressedOrigin(headers, false, false)).toBe('http://10.0.0.5:3000');
    expect(addressedOrigin({}, false, false)).toBeNull();
  });
});

describe('issue 9 minor: private match summaries only for seats and invited spectators', () => {
  it('answers NOT_FOUND to others over REST, as for an unknown id; the invite opens it', async () => {
    const m = await activeMatch({ visibility: 'private' });
    const code = m.inviteCode!;
    const jack = await TestUser.signUp(server.url, 'jack');
    const unknown = await jack.request<ErrorBody>('GET', '/api/matches/00000000-0000-0000-0000-000000000000');
    const hidden = await jack.request<ErrorBody>('GET', `/api/matches/${m.id}`);
    expect(hidden.status).toBe(404);
    expect(hidden.body).toEqual(unknown.body);
    expect((await fetch(`${server.url}/api/matches/${m.id}`)).status).toBe(404);
    expect((await jack.request('GET', `/api/matches/${m.id}?invite=wrong-code`)).status).toBe(404);
    const invited = await jack.request<MatchSummary>('GET', `/api/matches/${m.id}?invite=${code}`);
    expect(invited.status).toBe(200);
    expect(invited.body.inviteCode).toBe(code);
    expect((await ivy.request<MatchSummary>('GET', `/api/matches/${m.id}`)).body.yourSeat).toBe('blue');
    expect((await jack.request<MatchSummary>('GET', `/api/invites/${code}`)).body.id).toBe(m.id);
  });

  it('lets only seats and invite holders watch over socket.io, live or finished', async () => {
    const m = await activeMatch({ visibility: 'private' });
    const lena = await TestUser.signUp(server.url, 'lena');
    const stranger = await lena.connect();
    const guest = await openSocket(server.url, {});
    for (const socket of [stranger.socket, guest]) {
      const join = await socket.emitWithAck('match:join', { matchId: m.id, as: 'spectator' });
      expect(join.ok ? 'joined' : join.error.code).toBe('NOT_FOUND');
      const asSeat = await socket.emitWithAck('match:join', { matchId: m.id, as: 'seat' });
      expect(asSeat.ok ? 'joined' : asSeat.error.code).not.toBe('joined');
      const sync = await socket.emitWithAck('match:sync', { matchId: m.id, lastSeq: 0 });
      expect(sync.ok ? 'synced' : sync.error.code).toBe('NOT_FOUND');
      const wrong = await socket.emitWithAck('match:join', {
        matchId: m.id,
        as: 'spectator',
        invite: 'nope',
      });
      expect(wrong.ok ? 'joined' : wrong.error.code).toBe('NOT_FOUND');
    }
    const watching = await guest.emitWithAck('match:join', {
      matchId: m.id,
      as: 'spectator',
      invite: m.inviteCode!,
    });
    expect(watching.ok).toBe(true);
    await hank.request('POST', `/api/matches/${m.id}/resign`);
    const after = await stranger.socket.emitWithAck('match:join', { matchId: m.id, as: 'spectator' });
    expect(after.ok ? 'joined' : after.error.code).toBe('NOT_FOUND');
    stranger.close();
    guest.close();
  });

  it('keeps a finished private match out of the public list, and its record for seats and invite holders', async () => {
    const m = await activeMatch({ visibility: 'private' });
    await ivy.request('POST', `/api/matches/${m.id}/resign`);
    const finished = await hank.request<MatchListResponse>('GET', '/api/matches?list=finished&limit=100');
    expect(finished.body.matches.map((x) => x.id)).not.toContain(m.id);
    const mine = await hank.request<MatchListResponse>('GET', '/api/matches?list=mine&limit=100');
    expect(mine.body.matches.map((x) => x.id)).toContain(m.id);
    expect((await fetch(`${server.url}/api/matches/${m.id}/record`)).status).toBe(404);
    expect((await fetch(`${server.url}/api/matches/${m.id}/record?invite=${m.inviteCode}`)).status).toBe(200);
    expect((await ivy.request('GET', `/api/matches/${m.id}/record`)).status).toBe(200);
  });
});

describe('issue 9 minor: passwords and usernames', () => {
  const signUp = (username: string, password: string) =>
    send(server.url, 'POST', '/api/auth/signup', {
      type: 'application/json',
      body: JSON.stringify({ username, password }),
    });

  it('refuses passwords under 10 characters (PASSWORD_TOO_SHORT) and common ones (PASSWORD_TOO_COMMON)', async () => {
    const short = await signUp('mona', 'nine char');
    expect(short.status).toBe(400);
    expect(short.body.error.code).toBe('PASSWORD_TOO_SHORT');
    for (const common of [
      '1234567890',
      'qwertyuiop',
      'Password2024!',
      '123456dragon',
      'aaaaaaaaaaaa',
      'Correct Horse Battery Staple',
      'iloveyou123',
    ]) {
      const res = await signUp('mona', common);
      expect(res.body.error?.code, common).toBe('PASSWORD_TOO_COMMON');
    }
    expect((await signUp('mona', 'waterloo was won by wellington')).status).toBe(201);
  });

  it('keeps names unique regardless of case, in the database too, and signs in with any case', async () => {
    expect((await signUp('Nadia', 'a sound password')).status).toBe(201);
    for (const twin of ['nadia', 'NADIA', 'nAdIa']) {
      const res = await signUp(twin, 'a sound password');
      expect(res.status, twin).toBe(409);
      expect(res.body.error.code).toBe('USERNAME_TAKEN');
    }
    const signIn = await send(server.url, 'POST', '/api/auth/signin', {
      type: 'application/json',
      body: JSON.stringify({ username: 'NADIA', password: 'a sound password' }),
    });
    expect(signIn.status).toBe(200);
    expect((signIn.body as unknown as { user: PublicUser }).user.username).toBe('Nadia');
    // The database itself refuses a second spelling, whatever the application does.
    const client = new pg.Client({ connectionString: (database.target as { url: string }).url });
    await client.connect();
    try {
      await expect(
        client.query(
          `INSERT INTO users (id, username, username_key, password_hash) VALUES ('x1', 'nadiA', 'nadia', 'h')`,
        ),
      ).rejects.toThrow(/username_key/);
    } finally {
      await client.end();
    }
  });

  it('migrates accounts whose names differed only by case: the oldest keeps the name, the other its exact spelling', async () => {
    const scratch = await freshPostgres();
    const client = new pg.Client({ connectionString: (scratch.target as { url: string }).url });
    await client.connect();
    try {
      const folders = (await readdir(migrationsDir)).filter((f) => /^\d{14}_/.test(f)).sort();
      const mine = folders.findIndex((f) => f.endsWith('_case_insensitive_usernames'));
      const sql = (folder: string) => readFile(path.join(migrationsDir, folder, 'migration.sql'), 'utf8');
      for (const folder of folders.slice(0, mine)) await client.query(await sql(folder));
      await client.query(`INSERT INTO users (id, username, password_hash, created_at) VALUES
        ('u1', 'Olga', 'h', now() - interval '2 days'),
        ('u2', 'olga', 'h', now() - interval '1 day'),
        ('u3', 'Pavel', 'h', now())`);
      await client.query(await sql(folders[mine]!));
      const rows = await client.query('SELECT id, username, username_key FROM users ORDER BY id');
      expect(rows.rows).toEqual([
        { id: 'u1', username: 'Olga', username_key: 'olga' },
        { id: 'u2', username: 'olga', username_key: 'olga u2' },
        { id: 'u3', username: 'Pavel', username_key: 'pavel' },
      ]);
    } finally {
      await client.end();
      await scratch.drop();
    }
  });
});
