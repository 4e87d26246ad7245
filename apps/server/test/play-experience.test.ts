import type { JsonObject } from '@salient/engine';
import { findGame } from '@salient/games';
import { LOBBY_NUDGE_MS, type MatchSummary, type Position, SOCKET_PATH } from '@salient/protocol';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../src/server.ts';
import { freshPostgres, type TestDatabase } from './helpers/databases.ts';
import { type Player, startTestServer, TestUser } from './helpers/harness.ts';

/**
 * What the client's play experience needs from the server: past positions for the in-game history,
 * lobby pushes instead of polling, each game's rules page and the optional features.
 */
let database: TestDatabase;
let server: RunningServer;

beforeAll(async () => {
  database = await freshPostgres();
  server = await startTestServer(database.target, {}, [findGame('loos')!]);
});

afterAll(async () => {
  await server?.close();
  await database?.drop();
});

describe('in-game history', () => {
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;
  let match: MatchSummary;
  let german: Player;
  let british: Player;

  beforeAll(async () => {
    alice = await TestUser.signUp(server.url, 'history-haig');
    bob = await TestUser.signUp(server.url, 'history-falkenhayn');
    carol = await TestUser.signUp(server.url, 'history-watcher');
    match = (
      await alice.request<MatchSummary>('POST', '/api/matches', {
        game: 'loos',
        scenario: 'loos-1915',
        seat: 'british',
      })
    ).body;
    await bob.join(match.id, 'german');
    british = await alice.connect();
    german = await bob.connect();
    await british.join(match.id, 'seat');
    await german.join(match.id, 'seat');
    expect(await german.submit(match.id, { type: 'deployStandard' }, 0)).toEqual({ ok: true, seq: 1 });
    expect(await german.submit(match.id, { type: 'endDeployment' }, 1)).toEqual({ ok: true, seq: 2 });
    expect(await british.submit(match.id, { type: 'deployStandard' }, 2)).toEqual({ ok: true, seq: 3 });
    await german.waitForSeq(3);
  });

  afterAll(() => {
    british?.socket.close();
    german?.socket.close();
  });

  it('replays the match to each position in force, seen from the caller seat, the last one being the live view', async () => {
    const at = async (user: TestUser, index: number) =>
      user.request<Position>('GET', `/api/matches/${match.id}/positions/${index}`);
    const setup = await at(bob, 0);
    expect(setup.status).toBe(200);
    expect(setup.body).toMatchObject({ index: 0, total: 3, seq: 0 });
    const placed = (v: JsonObject) =>
      (v.units as { loc: string; side: string }[]).filter((u) => /^\d{4}$/.test(u.loc) && u.side === 'german')
        .length;
    expect(placed(setup.body.view)).toBe(0);
    const afterGerman = await at(bob, 1);
    expect(placed(afterGerman.body.view)).toBeGreaterThan(20);
    const live = await at(bob, 3);
    expect(live.body.seq).toBe(3);
    expect(live.body.view).toEqual(german.updates.at(-1)!.view);
    // The generator state never leaves the server.
    expect('rng' in live.body.view).toBe(false);
  });

  it('refuses positions that do not exist, with a clear code', async () => {
    for (const bad of ['4', '-1', 'abc', '1.5']) {
      const res = await bob.request<{ error: { code: string } }>(
        'GET',
        `/api/matches/${match.id}/positions/${bad}`,
      );
      expect(res.status, bad).toBe(404);
      expect(res.body.error.code).toBe('NOT_FOUND');
    }
  });

  it('follows a live match: a later step joins the history, and a step taken back leaves it', async () => {
    const at = async (index: number) =>
      (await bob.request<Position>('GET', `/api/matches/${match.id}/positions/${index}`)).body;
    // The history was built up to seq 3 by the tests above; the match goes on from there.
    expect(await british.submit(match.id, { type: 'endDeployment' }, 3)).toEqual({ ok: true, seq: 4 });
    const next = await german.waitForSeq(4);
    const extended = await at(4);
    expect(extended).toMatchObject({ index: 4, total: 4, seq: 4 });
    expect(extended.view).toEqual(next.view);
    expect((await at(3)).seq).toBe(3);
    // Taken back: seq 5 is the undo, and the position after it is the one before seq 4 again.
    expect(await british.socket.emitWithAck('match:undo', { matchId: match.id, seq: 4 })).toEqual({
      ok: true,
      seq: 5,
    });
    const undone = await german.waitForSeq(5);
    const last = await at(3);
    expect(last).toMatchObject({ index: 3, total: 3, seq: 3 });
    expect(last.view).toEqual(undone.view);
    const gone = await bob.request('GET', `/api/matches/${match.id}/positions/4`);
    expect(gone.status).toBe(404);
  });

  it('shows a private match history only to those who may see the match: others are told it does not exist', async () => {
    const secret = (
      await alice.request<MatchSummary>('POST', '/api/matches', {
        game: 'loos',
        scenario: 'loos-1915',
        seat: 'british',
        visibility: 'private',
      })
    ).body;
    expect((await alice.request('GET', `/api/matches/${secret.id}/positions/0`)).status).toBe(200);
    const res = await carol.request<{ error: { code: string } }>(
      'GET',
      `/api/matches/${secret.id}/positions/0`,
    );
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('NOT_FOUND');
    // The invite code is the invitation: its holder may step through the history too.
    const invited = await carol.request(
      'GET',
      `/api/matches/${secret.id}/positions/0?invite=${secret.inviteCode}`,
    );
    expect(invited.status).toBe(200);
  });
});

describe('lobby pushes', () => {
  it('tells lobby sockets, and only them, that a list changed when a match is created', async () => {
    const lobby = io(server.url, {
      path: SOCKET_PATH,
      transports: ['websocket'],
      query: { lobby: '1' },
      forceNew: true,
    });
    const other = io(server.url, { path: SOCKET_PATH, transports: ['websocket'], forceNew: true });
    await Promise.all([lobby, other].map((s) => new Promise((r) => s.once('connect', () => r(null)))));
    const dana = await TestUser.signUp(server.url, 'lobby-dana');
    // Let a nudge still pending from the tests before pass.
    await new Promise((r) => setTimeout(r, 400));
    const heard: string[] = [];
    lobby.on('lobby:changed', () => heard.push('lobby'));
    other.on('lobby:changed', () => heard.push('other'));
    const nudged = new Promise((r) => lobby.once('lobby:changed', r));
    await dana.request('POST', '/api/matches', { game: 'loos', scenario: 'loos-1915', seat: 'german' });
    await nudged;
    // One creation, one nudge: bursts are coalesced.
    await new Promise((r) => setTimeout(r, 500));
    expect(heard).toEqual(['lobby']);
    lobby.close();
    other.close();
  });

  it("tells of a private match's changes only the lobby pages of its players, and of an open one every lobby page", async () => {
    const erin = await TestUser.signUp(server.url, 'lobby-erin');
    const fritz = await TestUser.signUp(server.url, 'lobby-fritz');
    const gus = await TestUser.signUp(server.url, 'lobby-gus');
    const lobbyOf = async (user: TestUser | null) => {
      const socket = io(server.url, {
        path: SOCKET_PATH,
        transports: ['websocket'],
        query: { lobby: '1' },
        forceNew: true,
        extraHeaders: user ? { cookie: user.cookie } : {},
      });
      await new Promise((r) => socket.once('connect', () => r(null)));
      const heard = { count: 0 };
      socket.on('lobby:changed', () => heard.count++);
      return { socket, heard };
    };
    const pages = {
      erin: await lobbyOf(erin),
      fritz: await lobbyOf(fritz),
      gus: await lobbyOf(gus),
      guest: await lobbyOf(null),
    };
    const counts = () => Object.fromEntries(Object.entries(pages).map(([k, p]) => [k, p.heard.count]));
    const settle = () => new Promise((r) => setTimeout(r, 3 * LOBBY_NUDGE_MS));
    await settle();
    const zero = counts();
    const since = (before: Record<string, number>) =>
      Object.fromEntries(Object.entries(counts()).map(([k, n]) => [k, n - (before[k] ?? 0)]));

    // Erin creates a private match: only her lobby page hears of it.
    const secret = (
      await erin.request<MatchSummary>('POST', '/api/matches', {
        game: 'loos',
        scenario: 'loos-1915',
        seat: 'british',
        visibility: 'private',
      })
    ).body;
    await settle();
    expect(since(zero)).toEqual({ erin: 1, fritz: 0, gus: 0, guest: 0 });

    // Fritz joins it by its invite: both players hear, the others still nothing.
    let before = counts();
    await fritz.join(secret.id, 'german', secret.inviteCode!);
    await settle();
    expect(since(before)).toEqual({ erin: 1, fritz: 1, gus: 0, guest: 0 });

    // Its moves, once the side to act changes, reach its players only, one nudge per burst.
    before = counts();
    const german = await fritz.connect();
    await german.join(secret.id, 'seat');
    await german.submit(secret.id, { type: 'deployStandard' }, 0);
    await german.submit(secret.id, { type: 'endDeployment' }, 1);
    await settle();
    expect(since(before)).toEqual({ erin: 1, fritz: 1, gus: 0, guest: 0 });
    german.socket.close();

    // Erin resigns: the end of the private match goes to its two players.
    before = counts();
    await erin.request('POST', `/api/matches/${secret.id}/resign`);
    await settle();
    expect(since(before)).toEqual({ erin: 1, fritz: 1, gus: 0, guest: 0 });

    // A private match left by its only player is deleted: the leaver's list changes, nobody else's.
    const lonely = (
      await gus.request<MatchSummary>('POST', '/api/matches', {
        game: 'loos',
        scenario: 'loos-1915',
        seat: 'german',
        visibility: 'private',
      })
    ).body;
    await settle();
    before = counts();
    expect((await gus.request('POST', `/api/matches/${lonely.id}/leave`)).status).toBe(204);
    await settle();
    expect(since(before)).toEqual({ erin: 0, fritz: 0, gus: 1, guest: 0 });

    // An open match is in everyone's lists, guests' included.
    before = counts();
    await gus.request('POST', '/api/matches', { game: 'loos', scenario: 'loos-1915', seat: 'german' });
    await settle();
    expect(since(before)).toEqual({ erin: 1, fritz: 1, gus: 1, guest: 1 });
    for (const p of Object.values(pages)) p.socket.close();
  });
});

describe('rules pages and features', () => {
  it('serves the rules with anchors for rule numbers and the combat results table from the rules data', async () => {
    const res = await fetch(`${server.url}/rules/loos`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    const html = await res.text();
    expect(html).toContain('id="r4.2"');
    expect(html).toContain('Combat Results Table');
    expect(html).toContain('<td>Ae</td>');
    expect(html).toContain('href="/rules/loos/rulings"');
    expect((await fetch(`${server.url}/rules/loos/rulings`)).status).toBe(200);
  });

  it("explains the log's words: a glossary from the game's package, as JSON for the client and on the rules page", async () => {
    const res = await fetch(`${server.url}/rules/loos/glossary.json`);
    expect(res.status).toBe(200);
    const terms = (await res.json()) as { term: string; meaning: string; rule?: string }[];
    const ex = terms.find((t) => t.term === 'Ex');
    expect(ex?.meaning).toContain('the defender and one attacking unit each lose a step');
    expect(ex?.rule).toBe('7.6');
    expect(terms.map((t) => t.term)).toEqual(expect.arrayContaining(['(A)', 'De', 'D2', 'ZOC', 'MP']));
    const html = await (await fetch(`${server.url}/rules/loos`)).text();
    expect(html).toContain('id="s-glossary"');
    expect(html).toContain('<td>ZOC</td>');
    const unknown = await fetch(`${server.url}/rules/chess/glossary.json`);
    expect(unknown.status).toBe(404);
  });

  it('answers an unknown game or document with a 404 and its code', async () => {
    for (const url of ['/rules/chess', '/rules/loos/secrets']) {
      const res = await fetch(`${server.url}${url}`);
      expect(res.status, url).toBe(404);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('NOT_FOUND');
    }
  });

  it('says which optional features this server has, so the client offers only those', async () => {
    const res = await fetch(`${server.url}/api/features`);
    expect(await res.json()).toEqual({ email: false, publicUrl: false });
  });
});
