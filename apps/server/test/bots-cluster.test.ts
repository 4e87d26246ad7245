import { randomBytes } from 'node:crypto';
import type { MatchSummary } from '@salient/protocol';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshPostgres, TEST_REDIS_URL, type TestDatabase } from './helpers/databases.ts';
import { Player, TestUser } from './helpers/harness.ts';
import { freePort, ServerProcess } from './helpers/processes.ts';

let database: TestDatabase;
let a: ServerProcess;
let b: ServerProcess;
let sql: pg.Client;

beforeAll(async () => {
  database = await freshPostgres();
  if (database.target.kind !== 'postgres') throw new Error('expected postgres');
  const env = {
    DATABASE_URL: database.target.url,
    REDIS_URL: TEST_REDIS_URL,
    REDIS_KEY_PREFIX: `salient-test-${randomBytes(4).toString('hex')}`,
    // Short enough for the test to see a dead process's claim taken over; paced so it can be killed mid-game.
    BOT_LEASE_MS: '2000',
    BOT_SWEEP_MS: '300',
    BOT_PACE_MS: '250',
    // Each decision a process makes is one "bot decided" line: the test counts them.
    LOG_LEVEL: 'info',
  };
  a = new ServerProcess(await freePort(), env);
  b = new ServerProcess(await freePort(), env);
  await Promise.all([a.start(), b.start()]);
  sql = new pg.Client({ connectionString: database.target.url });
  await sql.connect();
}, 120_000);

afterAll(async () => {
  await sql?.end();
  await a?.kill('SIGTERM');
  await b?.kill('SIGTERM');
  await database?.drop();
});

const summaryOf = async (user: TestUser, id: string) =>
  (await user.request<MatchSummary>('GET', `/api/matches/${id}`)).body;

/** The decisions ("seat@step") a process's log says it made for a match, in order. */
function decisionsIn(output: string, matchId: string): string[] {
  const out: string[] = [];
  for (const line of output.split('\n')) {
    if (!line.includes('"bot decided"')) continue;
    const entry = JSON.parse(line) as { matchId: string; seat: string; seq: number };
    if (entry.matchId === matchId) out.push(`${entry.seat}@${entry.seq}`);
  }
  return out;
}

const latestStep = (decisions: string[]) => Math.max(-1, ...decisions.map((d) => Number(d.split('@')[1])));

describe('bot matches on two server processes sharing PostgreSQL and Redis (issue 24)', () => {
  it('play a computer-vs-computer match to its end, each decision made and applied once, resuming after a kill -9', async () => {
    const alice = await TestUser.signUp(a.url, 'alice');
    const created = await alice.request<MatchSummary>('POST', '/api/computer-matches', {
      game: 'skirmish',
      scenario: 'meeting',
      seat: null,
      level: 'easy',
      levels: { blue: 'normal' },
    });
    expect(created.status).toBe(201);
    const m = created.body;
    expect(m.seats.map((s) => s.bot)).toEqual(['easy', 'normal']);
    expect(m.computer).toBe(true);

    // Once the battle is under way, kill the process making the decisions, the hard way.
    const deadline = Date.now() + 30_000;
    while ((await summaryOf(alice, m.id)).seq < 3) {
      if (Date.now() > deadline) throw new Error('the bots did not start');
      await new Promise((r) => setTimeout(r, 20));
    }
    const [dying, surviving] =
      latestStep(decisionsIn(a.output, m.id)) >= latestStep(decisionsIn(b.output, m.id)) ? [a, b] : [b, a];
    // Anyone may watch, on either process: here on the one that lives.
    const watcher = await Player.connect(surviving.url);
    expect((await watcher.join(m.id, 'spectator')).ok).toBe(true);
    await dying.kill('SIGKILL');
    const atKill = (await sql.query('SELECT seq FROM matches WHERE id = $1', [m.id])).rows[0].seq as number;

    const onSurvivor = new TestUser(surviving.url, 'alice', alice.cookie, alice.id);
    let summary = await summaryOf(onSurvivor, m.id);
    const end = Date.now() + 60_000;
    while (summary.status !== 'finished') {
      if (Date.now() > end) throw new Error(`not finished: ${JSON.stringify(summary)}`);
      await new Promise((r) => setTimeout(r, 100));
      summary = await summaryOf(onSurvivor, m.id);
    }
    expect(summary.outcome?.winner).toMatch(/red|blue/);
    expect(summary.seq).toBeGreaterThan(atKill);

    // One row per step, every one a bot's decision for its seat at that step: none applied twice, none lost.
    const log = await sql.query<{ seq: number; seat: string; client_action_id: string; kind: string }>(
      'SELECT seq, seat, client_action_id, kind FROM match_actions WHERE match_id = $1 ORDER BY seq',
      [m.id],
    );
    expect(log.rows.map((r) => r.seq)).toEqual(Array.from({ length: summary.seq }, (_, i) => i + 1));
    for (const r of log.rows) {
      expect(r.kind).toBe('action');
      expect(r.client_action_id).toBe(`bot:${r.seat}:${r.seq - 1}`);
    }
    // Each decision was made by one process, once: none twice on one process, none on both, except
    // what the killed process was deciding when it died (its answer never reached the match, so the
    // other made it again once the dead one's claim lapsed): at most one per seat, among its last.
    const byDead = decisionsIn(dying.output, m.id);
    const byLiving = decisionsIn(surviving.output, m.id);
    expect(byDead.length).toBeGreaterThan(0);
    expect(new Set(byDead).size).toBe(byDead.length);
    expect(new Set(byLiving).size).toBe(byLiving.length);
    const again = byLiving.filter((d) => byDead.includes(d));
    expect(again.length).toBeLessThanOrEqual(2);
    for (const d of again) expect(byDead.slice(-2)).toContain(d);
    // And every step applied is one of those decisions.
    const made = new Set([...byDead, ...byLiving]);
    for (const r of log.rows) expect(made).toContain(`${r.seat}@${r.seq - 1}`);

    // The spectator on the surviving process saw the match through to its end.
    await watcher.waitForSeq(summary.seq, 10_000);
    watcher.socket.disconnect();

    // And it replays: the server imports the record only if replaying it from the seed gives its outcome.
    const record = await onSurvivor.request('GET', `/api/matches/${m.id}/record`);
    expect(record.status).toBe(200);
    const imported = await onSurvivor.request<{ matchId: string }>(
      'POST',
      '/api/records/import',
      record.body,
    );
    expect(imported.status).toBe(201);
    expect((await summaryOf(onSurvivor, imported.body.matchId)).outcome).toEqual(summary.outcome);
  }, 120_000);
});
