import { answer } from '@salient/bot';
import type { GameModule } from '@salient/engine';
import type { MatchSummary } from '@salient/protocol';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../src/server.ts';
import { skirmish } from './fixtures/skirmish.ts';
import { freshPostgres, type TestDatabase } from './helpers/databases.ts';
import { startTestServer, TestUser } from './helpers/harness.ts';

let database: TestDatabase;
let server: RunningServer;
let alice: TestUser;
let bob: TestUser;
let sql: pg.Client;

beforeAll(async () => {
  database = await freshPostgres();
  if (database.target.kind !== 'postgres') throw new Error('expected postgres');
  server = await startTestServer(database.target, {
    bots: { workers: 1, queueMax: 100, leaseMs: 5_000, sweepMs: 500, paceMs: 0, nice: 10 },
  });
  sql = new pg.Client({ connectionString: database.target.url });
  await sql.connect();
  alice = await TestUser.signUp(server.url, 'alice');
  bob = await TestUser.signUp(server.url, 'bob');
});

afterAll(async () => {
  await sql?.end();
  await server?.close();
  await database?.drop();
});

const vsComputer = (user: TestUser, extra: Record<string, unknown> = {}) =>
  user.request<MatchSummary & { error?: { code: string } }>('POST', '/api/computer-matches', {
    game: 'skirmish',
    scenario: 'meeting',
    seat: 'red',
    level: 'easy',
    ...extra,
  });

async function until<T>(what: () => Promise<T | null | undefined | false>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const got = await what();
    if (got) return got;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

const summaryOf = async (user: TestUser, id: string) =>
  (await user.request<MatchSummary>('GET', `/api/matches/${id}`)).body;

const matchRows = async () => Number((await sql.query('SELECT count(*) AS n FROM matches')).rows[0].n);

describe('playing against the computer (issue 24)', () => {
  it('the bot seat answers a person’s moves; hints give an action the game accepts; never rated', async () => {
    const created = await vsComputer(alice, { hints: true });
    expect(created.status).toBe(201);
    const m = created.body;
    expect(m).toMatchObject({ status: 'active', computer: true, rated: false, hints: true });
    expect(m.seats.find((s) => s.seat === 'blue')).toMatchObject({ user: null, bot: 'easy' });
    expect(m.seats.find((s) => s.seat === 'red')?.user?.id).toBe(alice.id);

    // Deployment is simultaneous: the bot deploys at once, leaving red to act.
    await until(async () => (await summaryOf(alice, m.id)).seq === 1);
    const red = await alice.connect();
    expect((await red.join(m.id, 'seat')).ok).toBe(true);
    const hint = await alice.request<{ seq: number; action: Record<string, unknown> }>(
      'POST',
      `/api/matches/${m.id}/hint`,
    );
    expect(hint.status).toBe(200);
    expect(hint.body.seq).toBe(1);
    expect(hint.body.action.type).toBe('deploy');
    expect((await summaryOf(alice, m.id)).seq).toBe(1);
    expect((await red.submit(m.id, hint.body.action, 1)).ok).toBe(true);
    // Red advances; blue (the bot) answers with a move of its own.
    expect((await red.submit(m.id, { type: 'advance' }, 2)).ok).toBe(true);
    const answered = await red.waitForSeq(4, 10_000);
    expect(answered.seat).toBe('blue');
    expect(answered.summary.toAct).toEqual(['red']);

    const log = await sql.query<{ seq: number; seat: string; client_action_id: string }>(
      'SELECT seq, seat, client_action_id FROM match_actions WHERE match_id = $1 ORDER BY seq',
      [m.id],
    );
    const botRows = log.rows.filter((r) => r.seat === 'blue');
    expect(botRows.length).toBe(2);
    for (const r of botRows) expect(r.client_action_id).toBe(`bot:blue:${r.seq - 1}`);
    // Each bot decision replays: from the seat's view at that step and the seed "match seed:seq",
    // the bot package gives the very action the log holds.
    const game = skirmish as unknown as GameModule;
    const seed = (await sql.query('SELECT seed FROM matches WHERE id = $1', [m.id])).rows[0].seed as string;
    const actions = await sql.query<{ seq: number; seat: string; action: string }>(
      'SELECT seq, seat, action::text AS action FROM match_actions WHERE match_id = $1 ORDER BY seq',
      [m.id],
    );
    let state = game.setup('meeting', {}, seed);
    for (const row of actions.rows) {
      const action = JSON.parse(row.action);
      if (row.seat === 'blue') {
        const again = answer(
          {
            game: 'skirmish',
            view: game.view(state, 'blue'),
            seat: 'blue',
            level: 'easy',
            seed: `${seed}:${row.seq - 1}`,
          },
          () => game,
        );
        expect(again.ok && again.action).toEqual(action);
      }
      const applied = game.apply(state, row.seat, action);
      if (!applied.ok) throw new Error(applied.error.message);
      state = applied.state;
    }
    // Never rated: no rating row for anyone.
    const ratings = await sql.query('SELECT count(*) AS n FROM player_ratings');
    expect(Number(ratings.rows[0].n)).toBe(0);
    red.socket.disconnect();
  });

  it('bad input gets a clear code and changes nothing', async () => {
    const before = await matchRows();
    const forged = await vsComputer(alice, { level: 'grandmaster' });
    expect(forged.status).toBe(400);
    expect(forged.body.error?.code).toBe('UNKNOWN_LEVEL');
    const forgedSeatLevel = await vsComputer(alice, { levels: { blue: 'cheat' } });
    expect(forgedSeatLevel.body.error?.code).toBe('UNKNOWN_LEVEL');
    const ownSeat = await vsComputer(alice, { levels: { red: 'easy' } });
    expect(ownSeat.body.error?.code).toBe('UNKNOWN_SEAT');
    const noSeat = await vsComputer(alice, { seat: 'green' });
    expect(noSeat.body.error?.code).toBe('UNKNOWN_SEAT');
    expect(await matchRows()).toBe(before);

    // A human joining the computer's seat.
    const m = (await vsComputer(alice)).body;
    const join = await bob.request<{ error: { code: string } }>('POST', `/api/matches/${m.id}/join`, {
      seat: 'blue',
    });
    expect(join.status).toBe(409);
    expect(join.body.error?.code).toBe('BOT_SEAT');
    expect((await summaryOf(bob, m.id)).seats.find((s) => s.seat === 'blue')?.user).toBeNull();

    // Hints in a match created without them, and in a rated match between people.
    await until(async () => (await summaryOf(alice, m.id)).seq === 1);
    const noHints = await alice.request<{ error: { code: string } }>('POST', `/api/matches/${m.id}/hint`);
    expect(noHints.status).toBe(409);
    expect(noHints.body.error?.code).toBe('HINTS_OFF');
    const rated = await alice.createMatch({ rated: true });
    await bob.join(rated.id, 'blue');
    const ratedHint = await alice.request<{ error: { code: string } }>(
      'POST',
      `/api/matches/${rated.id}/hint`,
    );
    expect(ratedHint.body.error?.code).toBe('HINTS_OFF');
    // Not a player of the match.
    const stranger = await bob.request<{ error: { code: string } }>('POST', `/api/matches/${m.id}/hint`);
    expect(stranger.status).toBe(403);
  });

  it('hints between two people only when both agreed: the creator asks, the joiner accepts', async () => {
    // Never in a rated match: refused at creation, nothing stored.
    const before = await matchRows();
    const ratedWithHints = await alice.request<{ error: { code: string } }>('POST', '/api/matches', {
      game: 'skirmish',
      scenario: 'meeting',
      seat: 'red',
      rated: true,
      hints: true,
    });
    expect(ratedWithHints.status).toBe(400);
    expect(ratedWithHints.body.error?.code).toBe('BAD_REQUEST');
    expect(await matchRows()).toBe(before);

    const m = await alice.createMatch({ hints: true });
    expect(m.hints).toBe(true);
    // Joining without agreeing takes no seat.
    const unagreed = await bob.request<{ error: { code: string } }>('POST', `/api/matches/${m.id}/join`, {
      seat: 'blue',
    });
    expect(unagreed.status).toBe(409);
    expect(unagreed.body.error?.code).toBe('HINTS_NOT_AGREED');
    const still = await summaryOf(alice, m.id);
    expect(still.status).toBe('open');
    expect(still.seats.find((s) => s.seat === 'blue')?.user).toBeNull();

    // Agreeing starts the match; the player to act gets a hint the game accepts, the other none.
    const joined = await bob.request<MatchSummary>('POST', `/api/matches/${m.id}/join`, {
      seat: 'blue',
      agreeHints: true,
    });
    expect(joined.status).toBe(200);
    expect(joined.body).toMatchObject({ status: 'active', hints: true });
    // Deployment is simultaneous: each asks and plays the hint.
    for (const user of [alice, bob]) {
      const hint = await user.request<{ seq: number; action: Record<string, unknown> }>(
        'POST',
        `/api/matches/${m.id}/hint`,
      );
      expect(hint.status).toBe(200);
      expect(hint.body.action.type).toBe('deploy');
      const player = await user.connect();
      expect((await player.join(m.id, 'seat')).ok).toBe(true);
      expect((await player.submit(m.id, hint.body.action, hint.body.seq)).ok).toBe(true);
      player.socket.disconnect();
    }
    // Then red acts alone: blue gets no hint out of turn.
    expect((await summaryOf(alice, m.id)).toAct).toEqual(['red']);
    const notYourTurn = await bob.request<{ error: { code: string } }>('POST', `/api/matches/${m.id}/hint`);
    expect(notYourTurn.status).toBe(409);
    expect(notYourTurn.body.error?.code).toBe('CONFLICT');

    // A match between people created without hints never gives one, whoever asks.
    const plain = await alice.createMatch();
    await bob.join(plain.id, 'blue');
    const asked = await alice.request<{ error: { code: string } }>('POST', `/api/matches/${plain.id}/hint`);
    expect(asked.body.error?.code).toBe('HINTS_OFF');
  });

  it('lists, profiles and records tag matches against the computer', async () => {
    const mine = await alice.request<{ matches: MatchSummary[] }>('GET', '/api/matches?list=mine');
    const listed = mine.body.matches.filter((x) => x.computer);
    expect(listed.length).toBeGreaterThan(0);
    expect(listed.every((x) => x.seats.some((s) => s.bot))).toBe(true);
    const profile = await alice.request<{ current: { computer?: boolean; seats: { bot?: string }[] }[] }>(
      'GET',
      '/api/users/alice',
    );
    const played = profile.body.current.filter((x) => x.computer);
    expect(played.length).toBe(listed.length);
    expect(played[0]?.seats.some((s) => s.bot === 'easy')).toBe(true);
    // A match against the computer resigned: a record of its own, and still no rating.
    const m = listed[0]!;
    expect((await alice.request('POST', `/api/matches/${m.id}/resign`)).status).toBe(200);
    const after = await alice.request<{
      records: { computer?: boolean; losses: number }[];
      ratings: unknown[];
    }>('GET', '/api/users/alice');
    expect(after.body.records).toEqual([expect.objectContaining({ computer: true, losses: 1 })]);
    expect(after.body.ratings).toEqual([]);
  });

  it('counts bot decisions in the metrics', async () => {
    const res = await fetch(`${server.url}/metrics`);
    const text = await res.text();
    expect(text).toMatch(/salient_bot_decision_seconds_count [1-9]/);
    expect(text).toContain('salient_bot_queue ');
  });
});
