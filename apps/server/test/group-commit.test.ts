import type { MatchSummary, SubmitAck } from '@salient/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../src/db/database.ts';
import type { Append } from '../src/matches/appendAction.ts';
import { AppendBatcher } from '../src/matches/appendBatcher.ts';
import { Metrics } from '../src/metrics.ts';
import type { RunningServer } from '../src/server.ts';
import { databaseKinds, type TestDatabase } from './helpers/databases.ts';
import { type Player, startTestServer, TestUser } from './helpers/harness.ts';

const MATCHES = 24;
const ROUNDS = 8;

/** A counter from /metrics, read as an operator would. */
async function counter(server: RunningServer, name: string): Promise<number> {
  const text = await (await fetch(`${server.url}/metrics`)).text();
  const line = text.split('\n').find((l) => l.startsWith(`${name} `));
  return Number(line?.split(' ')[1]);
}

/** An action appended straight through the batcher, as Play builds it. */
function append(matchId: string, fromSeq: number, clientActionId: string): Append {
  return {
    matchId,
    fromSeq,
    seat: 'red',
    action: { type: 'deploy', at: 'north' },
    events: [{ type: 'deployed', text: 'red has deployed' }],
    undoable: true,
    clientActionId,
    snapshot: null,
    rulesVersion: null,
    next: {
      status: 'active',
      turn: '0',
      phase: 'deploy',
      toAct: ['blue'],
      outcome: null,
      clock: null,
      clockSince: null,
      deadline: null,
      finishedAt: null,
    },
    now: Date.now(),
  };
}

async function storedActions(db: Database, matchIds: string[]) {
  return db.sql.query<{ match_id: string; seq: number; client_action_id: string }>(
    'SELECT match_id, seq, client_action_id FROM match_actions WHERE match_id = ANY($1::text[]) ORDER BY match_id, seq',
    [matchIds],
  );
}

describe.each(databaseKinds)('issue 14 group commit on $name', ({ fresh }) => {
  let database: TestDatabase;
  let server: RunningServer | null = null;
  const matches: MatchSummary[] = [];
  const seats: { red: Player; blue: Player }[] = [];

  beforeAll(async () => {
    database = await fresh();
    server = await startTestServer(database.target);
    const made = await Promise.all(
      Array.from({ length: MATCHES }, async (_, i) => {
        const [red, blue] = await Promise.all([
          TestUser.signUp(server!.url, `red${i}`),
          TestUser.signUp(server!.url, `blue${i}`),
        ]);
        const m = await red.createMatch({ options: { length: 100_000 } });
        await blue.join(m.id, 'blue');
        const players = { red: await red.connect(), blue: await blue.connect() };
        expect((await players.red.join(m.id, 'seat')).ok).toBe(true);
        expect((await players.blue.join(m.id, 'seat')).ok).toBe(true);
        return { m, players };
      }),
    );
    for (const { m, players } of made) {
      matches.push(m);
      seats.push(players);
    }
  });

  afterAll(async () => {
    for (const s of seats) {
      s.red.socket.disconnect();
      s.blue.socket.disconnect();
    }
    await server?.close();
    await database?.drop();
  });

  it('stores every acknowledged action of many concurrent matches exactly once, several per commit', async () => {
    const commitsBefore = await counter(server!, 'salient_append_commits_total');
    const acked: { matchId: string; seq: number; clientActionId: string }[] = [];
    // Each round, every match's side to act submits at once; a retried submission (the same client
    // action id sent twice at once, as after a reconnect) rides along in every fourth match.
    for (let round = 0; round < ROUNDS; round++) {
      const submissions = matches.flatMap((m, i): Promise<[string, string, SubmitAck]>[] => {
        const side = round % 2 === 0 ? seats[i]!.red : seats[i]!.blue;
        const action =
          round < 2 ? { type: 'deploy', at: round === 0 ? 'north' : 'south' } : { type: 'advance' };
        const id = `${m.id}-${round}`;
        const once = side
          .submit(m.id, action, round, id)
          .then((ack): [string, string, SubmitAck] => [m.id, id, ack]);
        if (i % 4 !== 0) return [once];
        const twice = side
          .submit(m.id, action, round, id)
          .then((ack): [string, string, SubmitAck] => [m.id, id, ack]);
        return [once, twice];
      });
      const results = await Promise.all(submissions);
      for (const [matchId, clientActionId, ack] of results) {
        if (ack.ok) acked.push({ matchId, seq: ack.seq, clientActionId });
        else expect(ack.error.code).toBe('DUPLICATE_ACTION');
      }
      expect(acked.length).toBe(MATCHES * (round + 1));
    }
    const commits = (await counter(server!, 'salient_append_commits_total')) - commitsBefore;
    const rows = await counter(server!, 'salient_append_rows_total');
    expect(rows).toBe(MATCHES * ROUNDS);
    // Batched: far fewer commits than actions (one per action before group commit).
    expect(commits).toBeLessThanOrEqual(rows / 3);
    // Each commit's time is measured, for a database stall to show apart from the server's work.
    const timed = await counter(server!, 'salient_append_commit_seconds_count');
    expect(timed).toBe(await counter(server!, 'salient_append_commits_total'));
    expect(await counter(server!, 'salient_append_commit_seconds_sum')).toBeGreaterThan(0);

    await server!.close();
    server = null;
    const db = await openDatabase(database.target);
    try {
      const stored = await storedActions(
        db,
        matches.map((m) => m.id),
      );
      const key = (a: { matchId: string; seq: number; clientActionId: string }) =>
        `${a.matchId}/${a.seq}/${a.clientActionId}`;
      expect(
        stored
          .map((r) => key({ matchId: r.match_id, seq: r.seq, clientActionId: r.client_action_id }))
          .sort(),
      ).toEqual(acked.map(key).sort());
      const byMatch = new Map<string, number[]>();
      for (const r of stored) byMatch.set(r.match_id, [...(byMatch.get(r.match_id) ?? []), r.seq]);
      for (const m of matches) expect(byMatch.get(m.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    } finally {
      await db.close();
    }
  });

  it('answers each append of a batch on its own: a lost race or a repeated action fails only itself', async () => {
    if (server) await server.close();
    server = null;
    const db = await openDatabase(database.target);
    const metrics = new Metrics();
    const batcher = new AppendBatcher(db.sql, metrics, { maxInFlight: 1, maxBatch: 100 });
    const [a, b, c] = matches.map((m) => m.id) as [string, string, string];
    try {
      // One batch: b is no longer at step 3, so only it drops out.
      const first = await Promise.all([
        batcher.append(append(a, 8, 'direct-a')),
        batcher.append(append(b, 3, 'direct-b')),
        batcher.append(append(c, 8, 'direct-c')),
      ]);
      expect(first).toEqual([true, false, true]);
      expect(metrics.appendCommits).toBe(1);
      expect(metrics.appendedActions).toBe(3);

      // One batch where a's client action id is already in its log: the statement is refused as a
      // whole by the unique index, and each append is retried alone, so only a's fails.
      const second = await Promise.allSettled([
        batcher.append(append(a, 9, 'direct-a')),
        batcher.append(append(c, 9, 'direct-c2')),
      ]);
      expect(second[0]).toMatchObject({ status: 'rejected', reason: { code: '23505' } });
      expect(second[1]).toEqual({ status: 'fulfilled', value: true });

      const stored = await storedActions(db, [a, b, c]);
      const tail = (id: string) =>
        stored.filter((r) => r.match_id === id && r.seq > 8).map((r) => [r.seq, r.client_action_id]);
      expect(tail(a)).toEqual([[9, 'direct-a']]);
      expect(tail(b)).toEqual([]);
      expect(tail(c)).toEqual([
        [9, 'direct-c'],
        [10, 'direct-c2'],
      ]);
      const seqs = await db.sql.query<{ id: string; seq: number }>(
        'SELECT id, seq FROM matches WHERE id = ANY($1::text[]) ORDER BY id',
        [[a, b, c]],
      );
      expect(Object.fromEntries(seqs.map((r) => [r.id, r.seq]))).toEqual({ [a]: 9, [b]: 8, [c]: 10 });
    } finally {
      await db.close();
    }
  });
});
