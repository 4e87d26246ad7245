import type { StoredAnalysis } from '@salient/protocol';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../src/server.ts';
import { freshPostgres, type TestDatabase } from './helpers/databases.ts';
import { startTestServer, TestUser } from './helpers/harness.ts';

let database: TestDatabase;
let server: RunningServer;
let sql: pg.Client;
let n = 0;

beforeAll(async () => {
  database = await freshPostgres();
  server = await startTestServer(database.target);
  sql = new pg.Client({ connectionString: (database.target as { url: string }).url });
  await sql.connect();
});

afterAll(async () => {
  await sql?.end();
  await server?.close();
  await database?.drop();
});

type ErrorReply = { error: { code: string; message: string } };
const stored = async () => (await sql.query('SELECT count(*)::int AS n FROM analyses')).rows[0].n as number;

/** A private match of two new players, both deployed (red north, blue south): step 2 is red's first battle move. */
async function deployedMatch() {
  n++;
  const red = await TestUser.signUp(server.url, `red${n}`);
  const blue = await TestUser.signUp(server.url, `blue${n}`);
  const m = await red.createMatch({ visibility: 'private' });
  await blue.join(m.id, 'blue', m.inviteCode!);
  const r = await red.connect();
  const b = await blue.connect();
  await r.join(m.id, 'seat');
  await b.join(m.id, 'seat');
  expect((await r.submit(m.id, { type: 'deploy', at: 'north' }, 0)).ok).toBe(true);
  expect((await b.submit(m.id, { type: 'deploy', at: 'south' }, 1)).ok).toBe(true);
  r.close();
  b.close();
  return { m, red, blue };
}

/** A tree from step 2: red advances, blue answers; and a branch where red fires instead. */
const branching = [
  [-1, 'red', { type: 'advance' }],
  [0, 'blue', { type: 'advance' }],
  [-1, 'red', { type: 'fire' }],
];

describe('stored analyses (issue 25)', () => {
  it('stores a tree every move of which the server replayed, and gives it back to whoever may see the match', async () => {
    const { m, red, blue } = await deployedMatch();
    await blue.request('POST', `/api/matches/${m.id}/resign`);
    const made = await red.request<StoredAnalysis>('POST', '/api/analyses', {
      matchId: m.id,
      startStep: 2,
      moves: branching,
    });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({
      matchId: m.id,
      game: 'skirmish',
      scenario: 'meeting',
      startStep: 2,
      seat: null,
      moves: branching,
      by: { username: red.username },
    });
    // The other player, and a stranger holding the invite link, open it; the id alone is not enough.
    const byBlue = await blue.request<StoredAnalysis>('GET', `/api/analyses/${made.body.id}`);
    expect(byBlue.body.moves).toEqual(branching);
    const stranger = await TestUser.signUp(server.url, `stranger${n}`);
    const hidden = await stranger.request<ErrorReply>('GET', `/api/analyses/${made.body.id}`);
    expect([hidden.status, hidden.body.error.code]).toEqual([404, 'NOT_FOUND']);
    const invited = await stranger.request<StoredAnalysis>(
      'GET',
      `/api/analyses/${made.body.id}?invite=${encodeURIComponent(m.inviteCode!)}`,
    );
    expect(invited.status).toBe(200);
    // Storing one needs the same sight of the match.
    const strangerStores = await stranger.request<ErrorReply>('POST', '/api/analyses', {
      matchId: m.id,
      startStep: 2,
      moves: branching,
    });
    expect([strangerStores.status, strangerStores.body.error.code]).toEqual([404, 'NOT_FOUND']);
    const unknown = await blue.request<ErrorReply>(
      'GET',
      '/api/analyses/00000000-0000-0000-0000-000000000000',
    );
    expect(unknown.status).toBe(404);
    expect(await stored()).toBe(1);
  });

  it('refuses forged, malformed and oversized trees, and a match under way, with a clear code, storing nothing', async () => {
    const { m, red, blue } = await deployedMatch();
    const underWay = await red.request<ErrorReply>('POST', '/api/analyses', {
      matchId: m.id,
      startStep: 2,
      moves: branching,
    });
    expect([underWay.status, underWay.body.error.code]).toEqual([403, 'ANALYSIS_NOT_ALLOWED']);
    await blue.request('POST', `/api/matches/${m.id}/resign`);
    const before = await stored();
    const refusals: [unknown, number, string][] = [
      // Blue moving when red is to act: the rules refuse it (rule of turns, checked by the game).
      [[[-1, 'blue', { type: 'advance' }]], 400, 'ANALYSIS_REFUSED'],
      // A legal first move, then one the phase does not allow.
      [
        [
          [-1, 'red', { type: 'advance' }],
          [0, 'blue', { type: 'deploy', at: 'north' }],
        ],
        400,
        'ANALYSIS_REFUSED',
      ],
      // A move hung under a later one.
      [
        [
          [1, 'red', { type: 'advance' }],
          [-1, 'red', { type: 'advance' }],
        ],
        400,
        'ANALYSIS_REFUSED',
      ],
      // Not moves at all.
      [[['red', { type: 'advance' }]], 400, 'BAD_REQUEST'],
      [
        Array.from({ length: 301 }, (_, i) => [i - 1, i % 2 ? 'blue' : 'red', { type: 'advance' }]),
        413,
        'ANALYSIS_TOO_LARGE',
      ],
      [[[-1, 'red', { type: 'advance', pad: 'x'.repeat(70_000) }]], 413, 'ANALYSIS_TOO_LARGE'],
    ];
    for (const [moves, status, code] of refusals) {
      const res = await red.request<ErrorReply>('POST', '/api/analyses', {
        matchId: m.id,
        startStep: 2,
        moves,
      });
      expect([res.status, res.body.error.code], JSON.stringify(moves).slice(0, 80)).toEqual([status, code]);
    }
    const refused = await red.request<ErrorReply>('POST', '/api/analyses', {
      matchId: m.id,
      startStep: 2,
      moves: [[-1, 'blue', { type: 'advance' }]],
    });
    expect(refused.body.error.message).toMatch(/move 1 .*NOT_YOUR_TURN/);
    const noStep = await red.request<ErrorReply>('POST', '/api/analyses', {
      matchId: m.id,
      startStep: 99,
      moves: [],
    });
    expect(noStep.status).toBe(404);
    expect(await stored()).toBe(before);
  });

  it("analyses one's own match under way from one's seat's view only: never the real state, and nobody else's", async () => {
    const { m, red, blue } = await deployedMatch();
    const mine = { matchId: m.id, startStep: 2, seat: 'red', draw: 'red-draw-1' };
    const made = await red.request<StoredAnalysis>('POST', '/api/analyses', {
      ...mine,
      moves: [
        [-1, 'red', { type: 'advance' }],
        [0, 'blue', { type: 'fire' }],
      ],
    });
    expect(made.status).toBe(201);
    // What comes back is red's view (its own secret only), as the position API shows red.
    const redView = (await red.request<{ view: object }>('GET', `/api/matches/${m.id}/positions/2`)).body
      .view;
    expect(made.body.startView).toEqual(redView);
    expect(Object.keys((made.body.startView as { secret: object }).secret)).toEqual(['red']);
    expect(made.body).toMatchObject({ seat: 'red', draw: 'red-draw-1' });
    // Until the match ends it is red's alone; after, whoever may see the match opens it.
    expect((await blue.request('GET', `/api/analyses/${made.body.id}`)).status).toBe(404);
    expect((await red.request('GET', `/api/analyses/${made.body.id}`)).status).toBe(200);

    const before = await stored();
    const refusals: [Record<string, unknown>, number, string][] = [
      // Another seat's view, or a seat's view without the draw, or a stranger: not allowed.
      [{ ...mine, seat: 'blue' }, 403, 'ANALYSIS_NOT_ALLOWED'],
      [{ ...mine, draw: null }, 403, 'ANALYSIS_NOT_ALLOWED'],
      [{ matchId: m.id, startStep: 2 }, 403, 'ANALYSIS_NOT_ALLOWED'],
      // The rules still judge every move from the drawn state: blue cannot move first.
      [{ ...mine, moves: [[-1, 'blue', { type: 'advance' }]] }, 400, 'ANALYSIS_REFUSED'],
    ];
    for (const [body, status, code] of refusals) {
      const res = await red.request<ErrorReply>('POST', '/api/analyses', { moves: [], ...body });
      expect([res.status, res.body.error.code], JSON.stringify(body)).toEqual([status, code]);
    }
    const stranger = await TestUser.signUp(server.url, `peeker${n}`);
    const peek = await stranger.request<ErrorReply>('POST', '/api/analyses', { ...mine, moves: [] });
    expect(peek.status).toBe(404);
    expect(await stored()).toBe(before);

    await blue.request('POST', `/api/matches/${m.id}/resign`);
    const afterEnd = await blue.request<StoredAnalysis>('GET', `/api/analyses/${made.body.id}`);
    expect([afterEnd.status, afterEnd.body.startView]).toEqual([200, redView]);
  });
});
