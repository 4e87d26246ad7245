import type { MatchListResponse, MatchRecordFile, MatchSummary } from '@salient/protocol';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../src/server.ts';
import { freshPostgres, type TestDatabase } from './helpers/databases.ts';
import { type Player, startTestServer, TestUser } from './helpers/harness.ts';
import { RACE, recordOf } from './helpers/records.ts';

type ErrorReply = { error: { code: string; message: string } };

let database: TestDatabase;
let server: RunningServer;
let importer: TestUser;

async function matchCount(): Promise<number> {
  const client = new pg.Client({ connectionString: (database.target as { url: string }).url });
  await client.connect();
  try {
    return Number((await client.query('SELECT count(*) AS n FROM matches')).rows[0].n);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  database = await freshPostgres();
  server = await startTestServer(database.target, {
    limits: { importMaxBytes: 8 * 1024, importMaxActions: 7 },
  });
  importer = await TestUser.signUp(server.url, 'archivist');
});

afterAll(async () => {
  await server?.close();
  await database?.drop();
});

describe('imports are honest (issue 9 item 3)', () => {
  it('issue 9 item 3: a record cut off with a made-up result is refused with RECORD_MISMATCH naming the outcome, and nothing is stored', async () => {
    const before = await matchCount();
    for (const steps of [0, 3]) {
      const forged = {
        ...recordOf(steps),
        outcome: { winner: 'blue', reason: 'blue broke through' },
        finishedAt: '2026-01-01T00:10:00.000Z',
      };
      const res = await importer.request<ErrorReply>('POST', '/api/records/import', forged);
      expect(res.status).toBe(422);
      expect(res.body.error.code).toBe('RECORD_MISMATCH');
      expect(res.body.error.message).toMatch(/^outcome: the record states blue wins/);
      expect(res.body.error.message).toContain(`replaying its ${steps} actions does not end the game`);
    }
    expect(await matchCount()).toBe(before);
  });

  it('issue 9 item 3: a finished record stating another winner, no outcome, or no finish is refused naming the first disagreement', async () => {
    const wrongWinner = { ...recordOf(7), outcome: { winner: 'blue', reason: 'red broke through' } };
    const a = await importer.request<ErrorReply>('POST', '/api/records/import', wrongWinner);
    expect(a.body.error).toMatchObject({ code: 'RECORD_MISMATCH' });
    expect(a.body.error.message).toMatch(/^outcome: .*gives red wins \(red broke through\)/);

    const noOutcome = { ...recordOf(7), outcome: null };
    const b = await importer.request<ErrorReply>('POST', '/api/records/import', noOutcome);
    expect(b.body.error.code).toBe('RECORD_MISMATCH');
    expect(b.body.error.message).toMatch(/^outcome: the record states no outcome/);

    const neverFinished = { ...recordOf(7), finishedAt: null };
    const c = await importer.request<ErrorReply>('POST', '/api/records/import', neverFinished);
    expect(c.body.error.code).toBe('RECORD_MISMATCH');
    expect(c.body.error.message).toMatch(/^finishedAt: /);

    const finishedEarly = { ...recordOf(4), finishedAt: '2026-01-01T00:10:00.000Z' };
    const d = await importer.request<ErrorReply>('POST', '/api/records/import', finishedEarly);
    expect(d.body.error.code).toBe('RECORD_MISMATCH');
    expect(d.body.error.message).toMatch(/^finishedAt: the record says the match finished/);
  });

  it('issue 9 item 3: a finished record imports finished with the outcome of its replay, marked imported in the database, the summary and the lists', async () => {
    const res = await importer.request<{ matchId: string; verified: boolean }>(
      'POST',
      '/api/records/import',
      recordOf(7),
    );
    expect(res.status).toBe(201);
    const summary = (await importer.request<MatchSummary>('GET', `/api/matches/${res.body.matchId}`)).body;
    expect(summary).toMatchObject({
      status: 'finished',
      imported: true,
      seq: 7,
      outcome: { winner: 'red', reason: 'red broke through' },
      seed: 'import-seed',
    });
    expect(summary.seats.every((s) => s.user === null)).toBe(true);
    const finished = (await importer.request<MatchListResponse>('GET', '/api/matches?list=finished')).body;
    expect(finished.matches.find((m) => m.id === res.body.matchId)?.imported).toBe(true);
    const client = new pg.Client({ connectionString: (database.target as { url: string }).url });
    await client.connect();
    const row = await client.query('SELECT imported, status FROM matches WHERE id = $1', [res.body.matchId]);
    await client.end();
    expect(row.rows[0]).toEqual({ imported: true, status: 'finished' });
  });

  it('issue 9 item 3: an unfinished record imports as an unfinished read-only archive: watchable, never listed live, nobody can join, move or run its clock', async () => {
    const record = recordOf(4);
    const res = await importer.request<{ matchId: string }>('POST', '/api/records/import', record);
    expect(res.status).toBe(201);
    const id = res.body.matchId;
    const summary = (await importer.request<MatchSummary>('GET', `/api/matches/${id}`)).body;
    expect(summary).toMatchObject({ status: 'active', imported: true, outcome: null, seq: 4 });
    expect(summary.seed).toBe('import-seed');
    expect(summary.clock).toMatchObject({ kind: 'live', running: [] });
    const live = (await importer.request<MatchListResponse>('GET', '/api/matches?list=live')).body;
    expect(live.matches.map((m) => m.id)).not.toContain(id);

    const join = await importer.request<ErrorReply>('POST', `/api/matches/${id}/join`, { seat: 'red' });
    expect(join.body.error.code).toBe('MATCH_NOT_OPEN');
    const p = await importer.connect();
    const watched = await p.join(id, 'spectator');
    if (!watched.ok) throw new Error(watched.error.message);
    expect(watched.snapshot.view.progress).toEqual({ red: 1, blue: 1 });
    expect((await p.join(id, 'seat')).ok).toBe(false);
    const move = await p.submit(id, { type: 'advance' }, 4);
    expect(move.ok).toBe(false);
    if (!move.ok) expect(move.error.code).toBe('NOT_A_PLAYER');
    p.close();

    // Its own record is published (the seed already is) and imports again, unfinished.
    const again = await importer.request<MatchRecordFile>('GET', `/api/matches/${id}/record`);
    expect(again.status).toBe(200);
    expect(again.body.actions).toEqual(record.actions);
    const copy = await importer.request('POST', '/api/records/import', again.body);
    expect(copy.status).toBe(201);
  });

  it('issue 9 item 3: options the scenario does not declare, or of the wrong type, are refused on import and on creation', async () => {
    const before = await matchCount();
    const undeclared = await importer.request<ErrorReply>('POST', '/api/records/import', {
      ...recordOf(2, { length: 3, fog: true }),
    });
    expect(undeclared.status).toBe(422);
    expect(undeclared.body.error.code).toBe('INVALID_RECORD');
    expect(undeclared.body.error.message).toMatch(/^options: unknown option fog/);
    const illTyped = await importer.request<ErrorReply>('POST', '/api/records/import', {
      ...recordOf(2),
      options: { length: '3' },
    });
    expect(illTyped.body.error.code).toBe('INVALID_RECORD');
    expect(illTyped.body.error.message).toMatch(/^options: option length cannot be "3"/);
    const unlisted = await importer.request<ErrorReply>('POST', '/api/records/import', {
      ...recordOf(2, { length: 4 }),
    });
    expect(unlisted.body.error.message).toMatch(/option length cannot be 4 \(allowed: 6, 3, 100000\)/);
    const badSeat = await importer.request<ErrorReply>('POST', '/api/records/import', {
      ...recordOf(2),
      players: [{ seat: 'green', username: null }],
    });
    expect(badSeat.body.error.message).toMatch(/^players: .* has no seat green/);
    expect(await matchCount()).toBe(before);

    const created = await importer.request<ErrorReply>('POST', '/api/matches', {
      game: 'skirmish',
      scenario: 'meeting',
      seat: 'red',
      options: { length: '3' },
    });
    expect(created.status).toBe(400);
    expect(created.body.error.message).toMatch(/option length cannot be "3"/);
  });

  it('issue 9 item 3: a record over the action-count or size limit is refused with RECORD_TOO_LARGE before it is replayed', async () => {
    const long = recordOf(7);
    long.actions.push({ ...long.actions[6]!, seq: 8 });
    const tooMany = await importer.request<ErrorReply>('POST', '/api/records/import', long);
    expect(tooMany.status).toBe(413);
    expect(tooMany.body.error.code).toBe('RECORD_TOO_LARGE');
    expect(tooMany.body.error.message).toContain('8 actions');

    const padded = { ...recordOf(2), matchId: 'x'.repeat(9 * 1024) };
    const tooBig = await importer.request<ErrorReply>('POST', '/api/records/import', padded);
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.error.code).toBe('RECORD_TOO_LARGE');

    // Sent without a declared length (chunked), the body limit refuses it the same way.
    const body = JSON.stringify(padded);
    const chunked = await fetch(`${server.url}/api/records/import`, {
      method: 'POST',
      headers: { cookie: importer.cookie, 'content-type': 'application/json' },
      body: new ReadableStream({
        start(controller) {
          controller.enqueue(new TextEncoder().encode(body));
          controller.close();
        },
      }),
      duplex: 'half',
    } as RequestInit);
    expect(chunked.status).toBe(413);
    expect(((await chunked.json()) as ErrorReply).error.code).toBe('RECORD_TOO_LARGE');
  });

  it("a record worded by an earlier version (other log lines, no summary topics) imports, stored in this version's words; other facts are still refused", async () => {
    const honest = recordOf(7);
    const reworded = structuredClone(honest);
    for (const step of reworded.actions)
      for (const event of step.events) {
        event.text = `an older wording of ${event.type}`;
        event.headline = 'a headline this version does not write';
      }
    reworded.actions[2]!.events[0]!.topic = 'card';
    const res = await importer.request<{ matchId: string }>('POST', '/api/records/import', reworded);
    expect(res.status).toBe(201);
    const stored = await importer.request<MatchRecordFile>('GET', `/api/matches/${res.body.matchId}/record`);
    expect(stored.body.actions.map((a) => a.events)).toEqual(honest.actions.map((a) => a.events));

    const before = await matchCount();
    // A private event made public, and an event of another type: facts, not words.
    const published = structuredClone(honest);
    delete published.actions[0]!.events.find((e) => 'to' in e)!.to;
    const retyped = structuredClone(honest);
    retyped.actions[2]!.events[0]!.type = 'retreated';
    for (const forged of [published, retyped]) {
      const refused = await importer.request<ErrorReply>('POST', '/api/records/import', forged);
      expect(refused.status).toBe(422);
      expect(refused.body.error.code).toBe('INVALID_RECORD');
      expect(refused.body.error.message).toMatch(/step (1|3): the replayed events differ/);
    }
    expect(await matchCount()).toBe(before);
  });

  it('issue 9 item 3: an honest record of a match played here still exports and imports', async () => {
    const bob = await TestUser.signUp(server.url, 'bob-importer');
    const m = await importer.createMatch({ options: { length: 3 } });
    await bob.join(m.id, 'blue');
    const [red, blue] = (await Promise.all([importer.connect(), bob.connect()])) as [Player, Player];
    await red.join(m.id, 'seat');
    await blue.join(m.id, 'seat');
    for (const [i, step] of RACE.entries()) {
      const ack = await (step.seat === 'red' ? red : blue).submit(m.id, step.action, i);
      expect(ack.ok).toBe(true);
    }
    red.close();
    blue.close();
    const record = (await importer.request<MatchRecordFile>('GET', `/api/matches/${m.id}/record`)).body;
    expect(record.outcome).toEqual({ winner: 'red', reason: 'red broke through' });
    const res = await importer.request<{ matchId: string }>('POST', '/api/records/import', record);
    expect(res.status).toBe(201);
  });
});
