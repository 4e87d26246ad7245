import type {
  Challenge,
  ChallengeList,
  Leaderboard,
  MatchSummary,
  Profile,
  TournamentDetail,
} from '@salient/protocol';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../src/server.ts';
import { freshPostgres, type TestDatabase } from './helpers/databases.ts';
import { startTestServer, TestUser } from './helpers/harness.ts';

let database: TestDatabase;
let server: RunningServer;
let sql: pg.Client;

beforeAll(async () => {
  database = await freshPostgres();
  server = await startTestServer(database.target, { operators: ['director', 'director2'] });
  sql = new pg.Client({ connectionString: (database.target as { url: string }).url });
  await sql.connect();
});

afterAll(async () => {
  await sql?.end();
  await server?.close();
  await database?.drop();
});

type ErrorReply = { error: { code: string; message: string } };
const signUp = (name: string) => TestUser.signUp(server.url, name);
const correspondence = { kind: 'correspondence', secondsPerTurn: 3600 };

/** Plays both deployments so that each side has acted (a later resignation is not an abort). */
async function deployBoth(matchId: string, red: TestUser, blue: TestUser) {
  const r = await red.connect();
  const b = await blue.connect();
  await r.join(matchId, 'seat');
  await b.join(matchId, 'seat');
  expect((await r.submit(matchId, { type: 'deploy', at: 'north' }, 0)).ok).toBe(true);
  expect((await b.submit(matchId, { type: 'deploy', at: 'south' }, 1)).ok).toBe(true);
  r.close();
  b.close();
}

describe('challenges (issue 25)', () => {
  it('sent, declined with a reason, sent again and accepted: a private rated match with both seated', async () => {
    const ann = await signUp('ann');
    const bob = await signUp('bob');
    const spec = { to: 'BOB', game: 'skirmish', scenario: 'meeting', seat: 'red', rated: true };
    const sent = await ann.request<Challenge>('POST', '/api/challenges', spec);
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({
      status: 'pending',
      from: { username: 'ann' },
      to: { username: 'bob' },
    });
    const inbox = await bob.request<ChallengeList>('GET', '/api/challenges');
    expect(inbox.body.incoming.map((c) => c.id)).toEqual([sent.body.id]);

    const declined = await bob.request<Challenge>('POST', `/api/challenges/${sent.body.id}/decline`, {
      reason: 'casual',
    });
    expect(declined.body).toMatchObject({ status: 'declined', declineReason: 'casual' });
    const outbox = await ann.request<ChallengeList>('GET', '/api/challenges');
    expect(outbox.body.outgoing[0]).toMatchObject({ status: 'declined', declineReason: 'casual' });
    const late = await bob.request<ErrorReply>('POST', `/api/challenges/${sent.body.id}/accept`);
    expect(late.status).toBe(409);
    expect(late.body.error.code).toBe('CHALLENGE_NOT_PENDING');

    const again = await ann.request<Challenge>('POST', '/api/challenges', { ...spec, rated: false });
    const accepted = await bob.request<Challenge>('POST', `/api/challenges/${again.body.id}/accept`);
    expect(accepted.status).toBe(200);
    expect(accepted.body.status).toBe('accepted');
    const match = await bob.request<MatchSummary>('GET', `/api/matches/${accepted.body.matchId}`);
    expect(match.body).toMatchObject({
      status: 'active',
      visibility: 'private',
      rated: false,
      yourSeat: 'blue',
    });
    expect(match.body.seats.map((s) => s.user?.username)).toEqual(['ann', 'bob']);
    expect(match.body.seats[0]!.rating).toEqual({ start: 1500, provisional: true, after: null });
    const twice = await bob.request<ErrorReply>('POST', `/api/challenges/${again.body.id}/accept`);
    expect(twice.body.error.code).toBe('CHALLENGE_NOT_PENDING');
  });

  it('attackers: a third player, the challenger and forged ids cannot answer, and nothing changes', async () => {
    const cal = await signUp('cal');
    const dee = await signUp('dee');
    const eve = await signUp('eve');
    const sent = await cal.request<Challenge>('POST', '/api/challenges', {
      to: 'dee',
      game: 'skirmish',
      scenario: 'meeting',
      seat: 'blue',
    });
    const id = sent.body.id;
    for (const path of ['accept', 'decline', 'cancel']) {
      const r = await eve.request<ErrorReply>('POST', `/api/challenges/${id}/${path}`, {});
      expect([path, r.status, r.body.error.code]).toEqual([path, 404, 'NOT_FOUND']);
    }
    expect((await cal.request<ErrorReply>('POST', `/api/challenges/${id}/accept`)).status).toBe(403);
    expect((await dee.request<ErrorReply>('POST', `/api/challenges/${id}/cancel`)).status).toBe(403);
    expect((await dee.request<ErrorReply>('POST', `/api/challenges/nope/accept`)).status).toBe(404);
    expect((await dee.request<ErrorReply>('POST', `/api/challenges/${'x'.repeat(90)}/accept`)).status).toBe(
      404,
    );
    const bad = await dee.request<ErrorReply>('POST', `/api/challenges/${id}/decline`, {
      reason: 'rude words',
    });
    expect(bad.status).toBe(400);
    expect((await eve.request<ChallengeList>('GET', '/api/challenges')).body.incoming).toEqual([]);
    const row = await sql.query('SELECT status, match_id FROM challenges WHERE id = $1', [id]);
    expect(row.rows[0]).toEqual({ status: 'pending', match_id: null });
    // Bad challenges are refused with the codes match creation uses.
    const self = await cal.request<ErrorReply>('POST', '/api/challenges', {
      to: 'CAL',
      game: 'skirmish',
      scenario: 'meeting',
      seat: 'red',
    });
    expect(self.body.error.code).toBe('BAD_REQUEST');
    const seat = await cal.request<ErrorReply>('POST', '/api/challenges', {
      to: 'dee',
      game: 'skirmish',
      scenario: 'meeting',
      seat: 'green',
    });
    expect(seat.body.error.code).toBe('UNKNOWN_SEAT');
    const nobody = await cal.request<ErrorReply>('POST', '/api/challenges', {
      to: 'nobody_here',
      game: 'skirmish',
      scenario: 'meeting',
      seat: 'red',
    });
    expect(nobody.status).toBe(404);
    // The challenger withdraws: the challenged player can no longer accept.
    expect((await cal.request<Challenge>('POST', `/api/challenges/${id}/cancel`)).body.status).toBe(
      'cancelled',
    );
    expect((await dee.request<ErrorReply>('POST', `/api/challenges/${id}/accept`)).body.error.code).toBe(
      'CHALLENGE_NOT_PENDING',
    );
  });
});

describe('profiles, leaderboards and notes (issue 25)', () => {
  it('a profile shows records by game and side, ratings with their history, and private matches only to their players', async () => {
    const fay = await signUp('fay');
    const gus = await signUp('gus');
    const hal = await signUp('hal');
    const open = await fay.createMatch({ rated: true });
    await gus.join(open.id, 'blue');
    await deployBoth(open.id, fay, gus);
    await gus.request('POST', `/api/matches/${open.id}/resign`);
    const hidden = await fay.createMatch({ visibility: 'private', rated: true });
    await gus.join(hidden.id, 'blue', hidden.inviteCode!);
    await deployBoth(hidden.id, fay, gus);
    await fay.request('POST', `/api/matches/${hidden.id}/resign`);

    const seenByHal = (await hal.request<Profile>('GET', '/api/users/FAY')).body;
    expect(seenByHal.user.username).toBe('fay');
    expect(seenByHal.finished.map((m) => m.id)).toEqual([open.id]);
    expect(seenByHal.records).toEqual([
      { game: 'skirmish', seat: 'red', seatName: 'Red', wins: 1, draws: 0, losses: 0 },
    ]);
    expect(seenByHal.ratings[0]).toMatchObject({ game: 'skirmish', games: 2, provisional: true });
    expect(seenByHal.ratings[0]!.history).toHaveLength(2);
    expect(seenByHal.memberSince).toMatch(/^\d{4}-/);
    expect(seenByHal.lastSeen).not.toBeNull();
    const anonymous = await fetch(`${server.url}/api/users/fay`);
    expect(((await anonymous.json()) as Profile).finished.map((m) => m.id)).toEqual([open.id]);

    const seenByGus = (await gus.request<Profile>('GET', '/api/users/fay')).body;
    expect(seenByGus.finished.map((m) => m.id).sort()).toEqual([open.id, hidden.id].sort());
    expect(seenByGus.records[0]).toMatchObject({ wins: 1, losses: 1 });
    expect((await hal.request<ErrorReply>('GET', '/api/users/nobody_here')).status).toBe(404);

    const board = (await hal.request<Leaderboard>('GET', '/api/leaderboards/skirmish')).body;
    expect(board.rows.map((r) => r.user.username)).toEqual(expect.arrayContaining(['fay', 'gus']));
    expect(board.rows[0]!.rank).toBe(1);
    expect((await hal.request<ErrorReply>('GET', '/api/leaderboards/chess')).status).toBe(404);
    // A player inactive for longer than the window drops off the board.
    await sql.query(`UPDATE player_ratings SET updated_at = now() - interval '40 days' WHERE user_id = $1`, [
      gus.id,
    ]);
    const later = (await hal.request<Leaderboard>('GET', '/api/leaderboards/skirmish')).body;
    expect(later.rows.map((r) => r.user.username)).not.toContain('gus');
  });

  it("notes are each player's own: others get NOT_FOUND (private) or NOT_A_PLAYER, and nothing changes", async () => {
    const ida = await signUp('ida');
    const jon = await signUp('jon');
    const kit = await signUp('kit');
    const m = await ida.createMatch({ visibility: 'private' });
    await jon.join(m.id, 'blue', m.inviteCode!);
    expect((await ida.request('PUT', `/api/matches/${m.id}/note`, { text: 'push north' })).status).toBe(200);
    expect((await ida.request<{ text: string }>('GET', `/api/matches/${m.id}/note`)).body.text).toBe(
      'push north',
    );
    expect((await jon.request<{ text: string }>('GET', `/api/matches/${m.id}/note`)).body.text).toBe('');
    const peek = await kit.request<ErrorReply>('GET', `/api/matches/${m.id}/note`);
    expect([peek.status, peek.body.error.code]).toEqual([404, 'NOT_FOUND']);
    const write = await kit.request<ErrorReply>('PUT', `/api/matches/${m.id}/note`, { text: 'x' });
    expect(write.status).toBe(404);
    const open = await ida.createMatch();
    const spectator = await kit.request<ErrorReply>('PUT', `/api/matches/${open.id}/note`, { text: 'x' });
    expect([spectator.status, spectator.body.error.code]).toEqual([403, 'NOT_A_PLAYER']);
    const long = await ida.request<ErrorReply>('PUT', `/api/matches/${m.id}/note`, {
      text: 'y'.repeat(10_001),
    });
    expect(long.status).toBe(400);
    const rows = await sql.query('SELECT user_id, text FROM match_notes');
    expect(rows.rows).toEqual([{ user_id: ida.id, text: 'push north' }]);
  });
});

describe('tournaments (issue 25)', () => {
  it('an operator creates a pool of four; it starts when full, plays round 1 with each side once per player, and the standings follow', async () => {
    const director = await signUp('director');
    const players = await Promise.all(['pl1', 'pl2', 'pl3', 'pl4'].map(signUp));
    const refused = await players[0]!.request<ErrorReply>('POST', '/api/tournaments', {
      name: 'Cup',
      game: 'skirmish',
      scenario: 'meeting',
      size: 4,
    });
    expect([refused.status, refused.body.error.code]).toEqual([403, 'FORBIDDEN']);
    const created = await director.request<TournamentDetail>('POST', '/api/tournaments', {
      name: 'Skirmish Cup',
      game: 'skirmish',
      scenario: 'meeting',
      size: 4,
      timeControl: correspondence,
    });
    expect(created.status).toBe(201);
    const id = created.body.id;
    for (const p of players.slice(0, 3))
      expect((await p.request('POST', `/api/tournaments/${id}/join`)).status).toBe(200);
    const twice = await players[0]!.request<ErrorReply>('POST', `/api/tournaments/${id}/join`);
    expect(twice.body.error.code).toBe('ALREADY_SEATED');
    const last = await players[3]!.request<TournamentDetail>('POST', `/api/tournaments/${id}/join`);
    expect(last.body).toMatchObject({ status: 'running', round: 1, rounds: 3 });
    expect(last.body.games).toHaveLength(4);
    for (const p of players) {
      const mine = last.body.games.filter((g) => g.seats.some((s) => s.user?.id === p.id));
      expect(mine.map((g) => g.seats.find((s) => s.user?.id === p.id)!.seat).sort()).toEqual(['blue', 'red']);
    }
    const extra = await signUp('pl5');
    // Forged and overlong ids: NOT_FOUND, nothing joined.
    for (const forged of ['no-such-tournament', 'x'.repeat(90)]) {
      expect((await extra.request<ErrorReply>('GET', `/api/tournaments/${forged}`)).status).toBe(404);
      expect((await extra.request<ErrorReply>('POST', `/api/tournaments/${forged}/join`)).status).toBe(404);
    }
    const full = await extra.request<ErrorReply>('POST', `/api/tournaments/${id}/join`);
    expect(full.body.error.code).toBe('TOURNAMENT_NOT_OPEN');
    expect((await players[0]!.request<ErrorReply>('POST', `/api/tournaments/${id}/leave`)).status).toBe(409);

    // Round 1: red wins every game (blue resigns after both deployed).
    const byId = new Map(players.map((p) => [p.id, p]));
    for (const g of last.body.games) {
      const red = byId.get(g.seats[0]!.user!.id)!;
      const blue = byId.get(g.seats[1]!.user!.id)!;
      await deployBoth(g.matchId, red, blue);
      expect((await blue.request('POST', `/api/matches/${g.matchId}/resign`)).status).toBe(200);
    }
    let detail = last.body;
    for (let i = 0; i < 50 && detail.round < 2; i++) {
      await new Promise((r) => setTimeout(r, 100));
      detail = (await extra.request<TournamentDetail>('GET', `/api/tournaments/${id}`)).body;
    }
    expect(detail.round).toBe(2);
    expect(detail.games.filter((g) => g.round === 2)).toHaveLength(4);
    // Each player won one and lost one: 2 points each, Sonneborn-Berger 2 (the beaten opponent's 2).
    expect(detail.standings.map((r) => [r.points, r.sonnebornBerger, r.played])).toEqual([
      [2, 2, 2],
      [2, 2, 2],
      [2, 2, 2],
      [2, 2, 2],
    ]);
    // Round 2 pairs everyone with a new opponent.
    for (const p of players) {
      const opponents = new Set(
        detail.games
          .filter((g) => g.seats.some((s) => s.user?.id === p.id))
          .map((g) => `${g.round}:${g.seats.find((s) => s.user?.id !== p.id)!.user!.id}`),
      );
      expect(opponents.size).toBe(2);
    }
  });

  it('a player whose tournament game times out is barred from joining, and may join again when the bar lifts', async () => {
    const director = await signUp('director2');
    const players = await Promise.all(['tp1', 'tp2', 'tp3'].map(signUp));
    const make = async (name: string) =>
      (
        await director.request<TournamentDetail>('POST', '/api/tournaments', {
          name,
          game: 'skirmish',
          scenario: 'meeting',
          size: 3,
          timeControl: correspondence,
        })
      ).body.id;
    const first = await make('First');
    let detail: TournamentDetail | undefined;
    for (const p of players)
      detail = (await p.request<TournamentDetail>('POST', `/api/tournaments/${first}/join`)).body;
    const game = detail!.games[0]!;
    const red = players.find((p) => p.id === game.seats[0]!.user!.id)!;
    const blue = players.find((p) => p.id === game.seats[1]!.user!.id)!;
    await deployBoth(game.matchId, red, blue);
    // Red to move, and the deadline passes: blue claims.
    await sql.query(
      `UPDATE matches SET deadline = now() - interval '1 minute', updated_at = now() WHERE id = $1`,
      [game.matchId],
    );
    const claim = await blue.request<MatchSummary>('POST', `/api/matches/${game.matchId}/claim`);
    expect(claim.status).toBe(200);
    let timeouts = 0;
    for (let i = 0; i < 50 && timeouts === 0; i++) {
      await new Promise((r) => setTimeout(r, 100));
      timeouts =
        (await sql.query('SELECT 1 FROM tournament_timeouts WHERE user_id = $1', [red.id])).rowCount ?? 0;
    }
    expect(timeouts).toBe(1);
    const second = await make('Second');
    const barred = await red.request<ErrorReply>('POST', `/api/tournaments/${second}/join`);
    expect([barred.status, barred.body.error.code]).toEqual([409, 'TIMEOUT_BARRED']);
    expect(
      (await sql.query('SELECT 1 FROM tournament_entries WHERE tournament_id = $1', [second])).rowCount,
    ).toBe(0);
    expect((await blue.request('POST', `/api/tournaments/${second}/join`)).status).toBe(200);
    // Eight days on, the first bar (a week) has lifted.
    await sql.query(
      `UPDATE tournament_timeouts SET created_at = now() - interval '8 days' WHERE user_id = $1`,
      [red.id],
    );
    expect((await red.request('POST', `/api/tournaments/${second}/join`)).status).toBe(200);
  });
});
