import type { MatchSummary } from '@salient/protocol';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../src/server.ts';
import { freshPglite, type TestDatabase } from './helpers/databases.ts';
import { type Player, startTestServer, TestUser } from './helpers/harness.ts';

let database: TestDatabase;
let server: RunningServer;
let red: Player;
let alice: TestUser;
let matchId: string;
let before: MatchSummary;

beforeAll(async () => {
  database = await freshPglite();
  server = await startTestServer(database.target);
  alice = await TestUser.signUp(server.url, 'alice');
  const bob = await TestUser.signUp(server.url, 'bob');
  const m = await alice.createMatch();
  await bob.join(m.id, 'blue');
  matchId = m.id;
  red = await alice.connect();
  await red.join(matchId, 'seat');
  before = (await alice.request<MatchSummary>('GET', `/api/matches/${matchId}`)).body;
});

afterAll(async () => {
  red?.close();
  await server?.close();
  await database?.drop();
});

const events = [
  'match:join',
  'match:sync',
  'match:submit',
  'match:undo',
  'match:leave',
  'chat:send',
] as const;

/** Submissions that are well-formed JSON but wrong in every way a client can be wrong. */
const badSubmit = fc.oneof(
  fc.record({
    matchId: fc.oneof(fc.constant('no-such-match'), fc.string({ maxLength: 80 })),
    seq: fc.integer({ min: 0, max: 5 }),
    action: fc.record({ type: fc.constantFrom('advance', 'fire', 'deploy') }),
    clientActionId: fc.uuid(),
  }),
  fc.record({
    matchId: fc.constant('MATCH'),
    seq: fc.oneof(fc.integer({ min: 1, max: 1e6 }), fc.integer({ min: -5, max: -1 }), fc.double()),
    action: fc.record({ type: fc.constantFrom('deploy', 'advance') }),
    clientActionId: fc.uuid(),
  }),
  fc.record({
    matchId: fc.constant('MATCH'),
    seq: fc.constant(0),
    action: fc.oneof(
      fc.record({ type: fc.constant('deploy'), at: fc.oneof(fc.string(), fc.integer(), fc.constant(null)) }),
      fc.record({ type: fc.string({ maxLength: 100 }) }),
      fc.dictionary(fc.string(), fc.jsonValue(), { maxKeys: 5 }),
      fc.constantFrom('advance', 42, null, [], true),
    ),
    clientActionId: fc.oneof(fc.uuid(), fc.constant(''), fc.string({ minLength: 65, maxLength: 100 })),
  }),
);

const anyPayload = fc.oneof(
  fc.jsonValue(),
  fc.anything(),
  fc.constantFrom(undefined, null, 0, '', [], {}, { matchId: 7 }, { matchId: 'MATCH', as: 'king' }),
  badSubmit,
);

function withMatch(value: unknown): unknown {
  if (value && typeof value === 'object' && (value as { matchId?: unknown }).matchId === 'MATCH') {
    return { ...value, matchId };
  }
  return value;
}

describe('fuzzing the socket protocol', () => {
  it('refuses thousands of malformed and illegal messages, stays up and leaves the match unchanged', async () => {
    const samples = fc.sample(fc.tuple(fc.constantFrom(...events), anyPayload), {
      numRuns: 3000,
      seed: 20_261_121,
    });
    let refused = 0;
    let answered = 0;
    const batch = 100;
    for (let i = 0; i < samples.length; i += batch) {
      const acks = await Promise.all(
        samples.slice(i, i + batch).map(async ([event, payload]) => {
          const sent = withMatch(payload);
          // join/sync/leave with a valid shape legitimately succeed: only count failures for the rest
          const ack = (await red.socket
            .timeout(5_000)
            .emitWithAck(event as 'match:submit', sent as never)) as {
            ok: boolean;
            error?: { code: string; message: string };
          };
          return { event, ack };
        }),
      );
      for (const { event, ack } of acks) {
        answered++;
        if (event === 'match:submit' || event === 'match:undo') {
          expect(ack.ok, JSON.stringify(ack)).toBe(false);
          expect(typeof ack.error?.code).toBe('string');
          expect(ack.error?.code).not.toBe('INTERNAL_ERROR');
          refused++;
        }
      }
    }
    expect(answered).toBe(samples.length);
    expect(refused).toBeGreaterThan(500);
    // Messages with no acknowledgement callback and with odd arities are ignored without harm.
    const rawEmit = red.socket.emit.bind(red.socket) as (event: string, ...args: unknown[]) => void;
    rawEmit('match:submit');
    rawEmit('match:submit', { matchId, seq: 0 });
    rawEmit('no-such-event', 1, 2, 3);
    const health = await fetch(`${server.url}/healthz`);
    expect(health.status).toBe(200);
    const after = (await alice.request<MatchSummary>('GET', `/api/matches/${matchId}`)).body;
    expect(after.seq).toBe(before.seq);
    expect(after.status).toBe('active');
    // and the match still plays
    const rejoin = await red.join(matchId, 'seat');
    expect(rejoin.ok).toBe(true);
    expect(await red.submit(matchId, { type: 'deploy', at: 'north' }, 0)).toEqual({ ok: true, seq: 1 });
  });
});

describe('rate limits on an account', () => {
  it('refuses submissions beyond the account’s rate with RATE_LIMITED, and nothing is applied', async () => {
    const db = await freshPglite();
    const limited = await startTestServer(db.target, { actionRatePerSecond: 2 });
    try {
      const carl = await TestUser.signUp(limited.url, 'carl');
      const dora = await TestUser.signUp(limited.url, 'dora');
      const m = await carl.createMatch();
      await dora.join(m.id, 'blue');
      const p = await carl.connect();
      await p.join(m.id, 'seat');
      const acks = await Promise.all(
        Array.from({ length: 10 }, () => p.submit(m.id, { type: 'deploy', at: 'elsewhere' }, 0)),
      );
      const codes = acks.map((a) => (a.ok ? 'OK' : a.error.code));
      // a burst of twice the rate is allowed through to the rules (which refuse this action)
      expect(codes.filter((c) => c === 'UNKNOWN_LOCATION')).toHaveLength(4);
      expect(codes.filter((c) => c === 'RATE_LIMITED')).toHaveLength(6);
      expect((await carl.request<MatchSummary>('GET', `/api/matches/${m.id}`)).body.seq).toBe(0);
      p.close();
    } finally {
      await limited.close();
      await db.drop();
    }
  });
});

/** `depth` levels of arrays or objects around a number, written out directly (JSON.stringify would overflow). */
const deepJson = (depth: number, kind: 'array' | 'object') =>
  kind === 'array'
    ? `${'['.repeat(depth)}1${']'.repeat(depth)}`
    : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

/** A string with the NUL character somewhere in it, as the JSON escape \u0000 carries it. */
const withNul = fc
  .tuple(fc.string({ maxLength: 20 }), fc.string({ maxLength: 20 }))
  .map(([a, b]) => `${a}\0${b}`);

describe('issue 9 minor: deeply nested JSON and NUL characters', () => {
  const post = (method: string, url: string, body: string) =>
    fetch(`${server.url}${url}`, {
      method,
      headers: { cookie: alice.cookie, 'content-type': 'application/json' },
      body,
    });

  it('answers 400 INVALID_JSON, never 500, to deep bodies and NULs on every write route; nothing is stored', async () => {
    const routes: [string, string][] = [
      ['POST', '/api/auth/signup'],
      ['POST', '/api/auth/signin'],
      ['PUT', '/api/settings'],
      ['POST', '/api/matches'],
      ['POST', `/api/matches/${matchId}/join`],
      ['POST', '/api/records/import'],
    ];
    const bodies = fc.sample(
      fc.oneof(
        // a NUL in a value or in a key, anywhere in an otherwise plausible body
        fc
          .record({ username: withNul, password: fc.constant('a sound password'), email: fc.emailAddress() })
          .map((b) => JSON.stringify(b)),
        fc
          .record({ game: fc.constant('skirmish'), scenario: withNul, seat: fc.constant('red') })
          .map((b) => JSON.stringify(b)),
        fc
          .record({ webhookUrl: withNul.map((s) => `https://example.org/${s}`) })
          .map((b) => JSON.stringify(b)),
        fc.dictionary(withNul, fc.jsonValue(), { minKeys: 1, maxKeys: 3 }).map((b) => JSON.stringify(b)),
        // nesting beyond the limit, at depths JSON.parse takes and recursive code does not
        fc
          .tuple(fc.constantFrom(65, 1_000, 100_000), fc.constantFrom('array' as const, 'object' as const))
          .map(([depth, kind]) => `{"username":"x","password":"y","seat":${deepJson(depth, kind)}}`),
      ),
      { numRuns: 120, seed: 20_261_123 },
    );
    const usersBefore = await alice.request<{ user: unknown }>('GET', '/api/me');
    for (let i = 0; i < bodies.length; i++) {
      const [method, url] = routes[i % routes.length]!;
      const res = await post(method, url, bodies[i]!);
      const body = (await res.json()) as { error?: { code: string } };
      expect(res.status, `${method} ${url} ${bodies[i]!.slice(0, 80)}`).toBe(400);
      expect(body.error?.code).toBe('INVALID_JSON');
    }
    // A NUL in the address (ids and invite codes are looked up in the database) is refused as well.
    for (const url of ['/api/matches/%00', `/api/matches/${matchId}%00/record`, '/api/invites/a%00b']) {
      const res = await fetch(`${server.url}${url}`, { headers: { cookie: alice.cookie } });
      expect(res.status, url).toBe(400);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('BAD_REQUEST');
    }
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    expect((await alice.request('GET', '/api/me')).body).toEqual(usersBefore.body);
    expect((await alice.request<MatchSummary>('GET', `/api/matches/${matchId}`)).body.status).toBe('active');
  });

  it('refuses NULs and deep nesting over socket.io with INVALID_JSON: chat, submissions, joins', async () => {
    const seqBefore = (await alice.request<MatchSummary>('GET', `/api/matches/${matchId}`)).body.seq;
    const messages = fc.sample(
      fc.oneof(
        withNul.map((text) => ['chat:send', { matchId, channel: 'players', text }] as const),
        withNul.map(
          (at) =>
            [
              'match:submit',
              { matchId, seq: seqBefore, action: { type: 'deploy', at }, clientActionId: 'n' },
            ] as const,
        ),
        withNul.map((id) => ['match:join', { matchId: id, as: 'spectator' }] as const),
        // socket.io's client serialises recursively, so the depths here stay in the low thousands
        fc.constantFrom(65, 2_000).map(
          (depth) =>
            [
              'match:submit',
              {
                matchId,
                seq: seqBefore,
                action: JSON.parse(`{"type":"deploy","at":${deepJson(depth, 'array')}}`),
              },
            ] as const,
        ),
      ),
      { numRuns: 60, seed: 20_261_123 },
    );
    const chatBefore = red.raw.filter((r) => (r as { event: string }).event === 'chat:message').length;
    for (const [event, payload] of messages) {
      const ack = (await red.socket
        .timeout(5_000)
        .emitWithAck(event as 'match:submit', payload as never)) as {
        ok: boolean;
        error?: { code: string };
      };
      expect(ack.ok).toBe(false);
      expect(ack.error?.code, event).toBe('INVALID_JSON');
    }
    const after = (await alice.request<MatchSummary>('GET', `/api/matches/${matchId}`)).body;
    expect(after.seq).toBe(seqBefore);
    await new Promise((r) => setTimeout(r, 50));
    expect(red.raw.filter((r) => (r as { event: string }).event === 'chat:message').length).toBe(chatBefore);
  });
});
