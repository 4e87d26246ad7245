import type { MatchSummary } from '@salient/protocol';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { rateFinishedMatch, ratingFaults } from '../src/community/ratings.ts';
import { openDatabase } from '../src/db/database.ts';
import type { RunningServer } from '../src/server.ts';
import { freshPglite, freshPostgres, type TestDatabase } from './helpers/databases.ts';
import { type Player, startTestServer, TestUser } from './helpers/harness.ts';
import { RACE, recordOf } from './helpers/records.ts';

let database: TestDatabase;
let server: RunningServer;
let sql: pg.Client;

beforeAll(async () => {
  database = await freshPostgres();
  server = await startTestServer(database.target);
  sql = new pg.Client({ connectionString: (database.target as { url: string }).url });
  await sql.connect();
});

afterEach(() => {
  ratingFaults.betweenEndAndRating = null;
});

afterAll(async () => {
  await sql?.end();
  await server?.close();
  await database?.drop();
});

type ErrorReply = { error: { code: string } };

let tagCount = 0;
async function pair(): Promise<[TestUser, TestUser]> {
  const tag = `r${++tagCount}`;
  return [await TestUser.signUp(server.url, `${tag}_red`), await TestUser.signUp(server.url, `${tag}_blue`)];
}

/** A started race to 3 between red and blue, both connected. */
async function race(red: TestUser, blue: TestUser, rated = true) {
  const created = await red.createMatch({ options: { length: 3 }, rated });
  await blue.join(created.id, 'blue');
  const players: Record<string, Player> = { red: await red.connect(), blue: await blue.connect() };
  for (const p of Object.values(players)) expect((await p.join(created.id, 'seat')).ok).toBe(true);
  return { id: created.id, players };
}

/** Plays steps [from, to) of the race; returns the last acknowledgement. */
async function play(id: string, players: Record<string, Player>, from: number, to: number) {
  let ack: Awaited<ReturnType<Player['submit']>> | undefined;
  for (let i = from; i < to; i++) {
    ack = await players[RACE[i]!.seat]!.submit(id, RACE[i]!.action, i);
    if (!ack.ok && i < to - 1) throw new Error(`step ${i + 1}: ${ack.error.code}`);
  }
  return ack!;
}

const ratingsOf = async (ids: string[]) =>
  (await sql.query('SELECT user_id, rating, rd, games FROM player_ratings WHERE user_id = ANY($1)', [ids]))
    .rows as { user_id: string; rating: number; rd: number; games: number }[];
const changesOf = async (matchId: string) =>
  (await sql.query('SELECT user_id FROM rating_changes WHERE match_id = $1', [matchId])).rowCount;
const statusOf = async (matchId: string) =>
  (await sql.query('SELECT status FROM matches WHERE id = $1', [matchId])).rows[0].status as string;

describe('ratings (issue 25)', () => {
  it('a rated match won on the board moves both ratings in the ending transaction; the seats show the ratings at the start and after', async () => {
    const [red, blue] = await pair();
    const { id, players } = await race(red, blue);
    const started = (await red.request<MatchSummary>('GET', `/api/matches/${id}`)).body;
    expect(started.rated).toBe(true);
    expect(started.seats.map((s) => s.rating)).toEqual([
      { start: 1500, provisional: true, after: null },
      { start: 1500, provisional: true, after: null },
    ]);
    const last = await play(id, players, 0, RACE.length);
    expect(last.ok).toBe(true);
    const ratings = await ratingsOf([red.id, blue.id]);
    const redR = ratings.find((r) => r.user_id === red.id)!;
    const blueR = ratings.find((r) => r.user_id === blue.id)!;
    expect(redR.rating).toBeGreaterThan(1600);
    expect(blueR.rating).toBeLessThan(1400);
    expect(redR.games).toBe(1);
    expect(await changesOf(id)).toBe(2);
    const ended = (await blue.request<MatchSummary>('GET', `/api/matches/${id}`)).body;
    expect(ended.status).toBe('finished');
    expect(ended.seats[0]!.rating).toEqual({
      start: 1500,
      provisional: true,
      after: Math.round(redR.rating),
    });
    expect(ended.seats[1]!.rating?.after).toBe(Math.round(blueR.rating));
    for (const p of Object.values(players)) p.close();

    // The next match between them starts from the new ratings.
    const again = await race(blue, red);
    const summary = (await red.request<MatchSummary>('GET', `/api/matches/${again.id}`)).body;
    expect(summary.seats.find((s) => s.user?.id === red.id)!.rating!.start).toBe(Math.round(redR.rating));
    for (const p of Object.values(again.players)) p.close();
  });

  it('a resignation after both sides moved counts; a resignation before the opponent moved is an abort and rates nobody', async () => {
    const [red, blue] = await pair();
    const counted = await race(red, blue);
    await play(counted.id, counted.players, 0, 2);
    expect((await blue.request('POST', `/api/matches/${counted.id}/resign`)).status).toBe(200);
    expect(await changesOf(counted.id)).toBe(2);
    const [a, b] = await ratingsOf([red.id, blue.id]);
    expect(a!.games + b!.games).toBe(2);

    const aborted = await race(red, blue);
    await play(aborted.id, aborted.players, 0, 1);
    expect((await red.request('POST', `/api/matches/${aborted.id}/resign`)).status).toBe(200);
    expect(await statusOf(aborted.id)).toBe('finished');
    expect(await changesOf(aborted.id)).toBe(0);
    const after = await ratingsOf([red.id, blue.id]);
    expect(after.map((r) => r.games)).toEqual([1, 1]);
    for (const p of [...Object.values(counted.players), ...Object.values(aborted.players)]) p.close();
  });

  it('a casual match changes no rating', async () => {
    const [red, blue] = await pair();
    const { id, players } = await race(red, blue, false);
    expect((await play(id, players, 0, RACE.length)).ok).toBe(true);
    expect(await statusOf(id)).toBe('finished');
    expect(await changesOf(id)).toBe(0);
    expect(await ratingsOf([red.id, blue.id])).toEqual([]);
    for (const p of Object.values(players)) p.close();
  });

  it('an imported record is never rated, even marked rated in the database', async () => {
    const importer = await TestUser.signUp(server.url, 'archivist');
    const res = await importer.request<{ matchId: string }>('POST', '/api/records/import', recordOf(7));
    expect(res.status).toBe(201);
    await sql.query('UPDATE matches SET rated = true WHERE id = $1', [res.body.matchId]);
    const opened = await openDatabase(database.target);
    const result = await opened.db.$transaction((tx) =>
      rateFinishedMatch(tx, res.body.matchId, { winner: 'red', reason: 'test' }),
    );
    await opened.close();
    expect(result.unrated).toBe('imported');
    expect(await changesOf(res.body.matchId)).toBe(0);
  });

  it('a fault between the end and the rating update loses neither: the resignation is refused whole, then goes through whole', async () => {
    const [red, blue] = await pair();
    const { id, players } = await race(red, blue);
    await play(id, players, 0, 2);
    ratingFaults.betweenEndAndRating = () => {
      throw new Error('injected fault between the end and the rating update');
    };
    const refused = await blue.request<ErrorReply>('POST', `/api/matches/${id}/resign`);
    expect(refused.status).toBe(500);
    expect(await statusOf(id)).toBe('active');
    expect(await changesOf(id)).toBe(0);
    expect(await ratingsOf([red.id, blue.id])).toEqual([]);
    ratingFaults.betweenEndAndRating = null;
    expect((await blue.request('POST', `/api/matches/${id}/resign`)).status).toBe(200);
    expect(await statusOf(id)).toBe('finished');
    expect(await changesOf(id)).toBe(2);
    for (const p of Object.values(players)) p.close();
  });

  it('a fault while the winning move commits loses neither: the move is refused, nothing is written, and sent again it ends and rates the match', async () => {
    const [red, blue] = await pair();
    const { id, players } = await race(red, blue);
    await play(id, players, 0, RACE.length - 1);
    ratingFaults.betweenEndAndRating = () => {
      throw new Error('injected fault between the end and the rating update');
    };
    const last = RACE.length - 1;
    const refused = await players.red!.submit(id, RACE[last]!.action, last, 'final-move');
    expect(refused.ok).toBe(false);
    expect(await statusOf(id)).toBe('active');
    expect(
      (await sql.query('SELECT count(*)::int AS n FROM match_actions WHERE match_id = $1', [id])).rows[0].n,
    ).toBe(last);
    expect(await changesOf(id)).toBe(0);
    ratingFaults.betweenEndAndRating = null;
    const again = await players.red!.submit(id, RACE[last]!.action, last, 'final-move');
    expect(again.ok).toBe(true);
    expect(await statusOf(id)).toBe('finished');
    expect(await changesOf(id)).toBe(2);
    for (const p of Object.values(players)) p.close();
  });

  it('an open seek with a rating range refuses a player outside it with RATING_OUT_OF_RANGE and leaves the seat free', async () => {
    const [red, blue] = await pair();
    const seek = await red.createMatch({ rated: true, ratingRange: { min: 1600, max: 2000 } });
    expect(seek.ratingRange).toEqual({ min: 1600, max: 2000 });
    const refused = await blue.request<ErrorReply>('POST', `/api/matches/${seek.id}/join`, { seat: 'blue' });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('RATING_OUT_OF_RANGE');
    const after = (await red.request<MatchSummary>('GET', `/api/matches/${seek.id}`)).body;
    expect(after.seats[1]!.user).toBeNull();
    expect(after.status).toBe('open');
    const bad = await red.request<ErrorReply>('POST', '/api/matches', {
      game: 'skirmish',
      scenario: 'meeting',
      seat: 'red',
      ratingRange: { min: 1800, max: 1200 },
    });
    expect(bad.status).toBe(400);
  });
});

describe('ratings on the embedded database (issue 25)', () => {
  it('a rated match won on the board is rated on PGlite too (the ending step goes through a transaction there as well)', async () => {
    const embedded = await freshPglite();
    const local = await startTestServer(embedded.target);
    try {
      const red = await TestUser.signUp(local.url, 'pg_red');
      const blue = await TestUser.signUp(local.url, 'pg_blue');
      const created = await red.createMatch({ options: { length: 3 }, rated: true });
      await blue.join(created.id, 'blue');
      const players: Record<string, Player> = { red: await red.connect(), blue: await blue.connect() };
      for (const p of Object.values(players)) await p.join(created.id, 'seat');
      const last = await play(created.id, players, 0, RACE.length);
      expect(last.ok).toBe(true);
      const ended = (await red.request<MatchSummary>('GET', `/api/matches/${created.id}`)).body;
      expect(ended.status).toBe('finished');
      expect(ended.seats[0]!.rating!.after).toBeGreaterThan(1600);
      expect(ended.seats[1]!.rating!.after).toBeLessThan(1400);
      const profile = await blue.request<{ ratings: { games: number }[] }>('GET', '/api/users/pg_red');
      expect(profile.body.ratings[0]!.games).toBe(1);
      for (const p of Object.values(players)) p.close();
    } finally {
      await local.close();
      await embedded.drop();
    }
  });
});
