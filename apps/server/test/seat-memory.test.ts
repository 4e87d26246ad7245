import type { MatchSummary, OkAck } from '@salient/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../src/server.ts';
import { prompts } from './fixtures/prompts.ts';
import { skirmish } from './fixtures/skirmish.ts';
import { freshPostgres, type TestDatabase } from './helpers/databases.ts';
import { type Player, startTestServer, TestUser } from './helpers/harness.ts';

let database: TestDatabase;
let server: RunningServer;
const DELAY = { min: 300, max: 600 };
let n = 0;

beforeAll(async () => {
  database = await freshPostgres();
  server = await startTestServer(database.target, { autoPassDelayMs: DELAY }, [skirmish, prompts]);
});

afterAll(async () => {
  await server?.close();
  await database?.drop();
});

const emit = (p: Player, event: 'match:seen' | 'match:auto-pass', payload: unknown) =>
  (p.socket as unknown as { emitWithAck(e: string, x: unknown): Promise<OkAck> }).emitWithAck(event, payload);

async function started(game: string, scenario: string) {
  n++;
  const red = await TestUser.signUp(server.url, `mem_red${n}`);
  const blue = await TestUser.signUp(server.url, `mem_blue${n}`);
  const m = (await red.request<MatchSummary>('POST', '/api/matches', { game, scenario, seat: 'red' })).body;
  await blue.join(m.id, 'blue');
  const redPage = await red.connect();
  const bluePage = await blue.connect();
  await redPage.join(m.id, 'seat');
  await bluePage.join(m.id, 'seat');
  return { id: m.id, red, blue, redPage, bluePage };
}

describe('what a seat has seen (issue 22 item 5)', () => {
  it('remembers per seat, across devices, only forwards and never past the match; refuses spectators and strangers', async () => {
    const { id, red, redPage, bluePage } = await started('skirmish', 'meeting');
    expect(redPage.snapshot?.memory).toEqual({ seenSeq: 0, autoPass: false });
    await redPage.submit(id, { type: 'deploy', at: 'north' });
    await bluePage.submit(id, { type: 'deploy', at: 'south' }, 1);
    await redPage.waitForSeq(2);
    expect(await emit(redPage, 'match:seen', { matchId: id, seq: 2 })).toEqual({ ok: true });
    // Another device of the same player opens the match: it knows what was seen.
    const phone = await red.connect();
    await phone.join(id, 'seat');
    expect(phone.snapshot?.memory).toEqual({ seenSeq: 2, autoPass: false });
    expect(await emit(phone, 'match:seen', { matchId: id, seq: 1 })).toEqual({ ok: true });
    expect(await emit(phone, 'match:seen', { matchId: id, seq: 999 })).toEqual({ ok: true });
    const again = await red.connect();
    await again.join(id, 'seat');
    expect(again.snapshot?.memory?.seenSeq).toBe(2);

    const watcherUser = await TestUser.signUp(server.url, `mem_watch${n}`);
    const watcher = await watcherUser.connect();
    await watcher.join(id, 'spectator');
    expect(watcher.snapshot?.memory).toBeUndefined();
    const refusals = [
      await emit(watcher, 'match:seen', { matchId: id, seq: 2 }),
      await emit(watcher, 'match:auto-pass', { matchId: id, on: true }),
      await emit(again, 'match:seen', { matchId: 'another-match', seq: 2 }),
      await emit(again, 'match:seen', { matchId: id, seq: -1 }),
      await emit(again, 'match:seen', { matchId: id }),
      await emit(again, 'match:auto-pass', { matchId: id, on: 'yes' }),
    ];
    expect(refusals.map((r) => (r.ok ? 'ok' : r.error.code))).toEqual([
      'NOT_A_PLAYER',
      'NOT_A_PLAYER',
      'NOT_JOINED',
      'BAD_REQUEST',
      'BAD_REQUEST',
      'BAD_REQUEST',
    ]);
    for (const p of [redPage, bluePage, phone, again, watcher]) p.close();
  });
});

describe('automatic passes (issue 22 item 10)', () => {
  it('passes for a seat that asked and can only pass, after a random wait, never for one that holds a card', async () => {
    const { id, redPage, bluePage } = await started('prompts', 'cards');
    // Nobody asked yet: Red's only choice waits for Red.
    await new Promise((r) => setTimeout(r, DELAY.max + 300));
    expect(redPage.updates).toHaveLength(0);

    const asked = Date.now();
    expect(await emit(redPage, 'match:auto-pass', { matchId: id, on: true })).toEqual({ ok: true });
    expect(await emit(bluePage, 'match:auto-pass', { matchId: id, on: true })).toEqual({ ok: true });
    const first = await bluePage.waitForSeq(1, 5_000);
    const waited = Date.now() - asked;
    expect(first.seat).toBe('red');
    expect(waited).toBeGreaterThanOrEqual(DELAY.min - 20);
    // Blue's pass is Blue's to make: it holds cards, so "no card" is not its only choice.
    await new Promise((r) => setTimeout(r, DELAY.max + 300));
    expect(bluePage.updates).toHaveLength(1);
    // Blue sees that Red passed, not why (the event is Red's own).
    expect(first.events).toEqual([]);

    // Blue plays; a new round: Red passes again by itself, Blue still holds a card.
    expect((await bluePage.submit(id, { type: 'play' }, 1)).ok).toBe(true);
    await bluePage.waitForSeq(3, 5_000);
    expect(bluePage.updates[2]!.seat).toBe('red');
    // Blue's last card: next round both can only pass, and both asked.
    expect((await bluePage.submit(id, { type: 'play' }, 3)).ok).toBe(true);
    const fifth = await bluePage.waitForSeq(5, 5_000);
    const sixth = await bluePage.waitForSeq(6, 5_000);
    expect([fifth.seat, sixth.seat].sort()).toEqual(['blue', 'red']);

    // Red turns it off: the next round waits for Red.
    expect(await emit(redPage, 'match:auto-pass', { matchId: id, on: false })).toEqual({ ok: true });
    await bluePage.waitForSeq(7, 5_000);
    expect(bluePage.updates[6]!.seat).toBe('blue');
    await new Promise((r) => setTimeout(r, DELAY.max + 300));
    expect(bluePage.updates).toHaveLength(7);
    redPage.close();
    bluePage.close();
  });
});
