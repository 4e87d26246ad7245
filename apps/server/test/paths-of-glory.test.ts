import { type JsonObject, pickAction, rngFromSeed, rollInPlace } from '@salient/engine';
import { games } from '@salient/games';
import type { MatchSummary } from '@salient/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../src/server.ts';
import { freshPglite, type TestDatabase } from './helpers/databases.ts';
import { type Player, startTestServer, TestUser } from './helpers/harness.ts';

const pog = games['paths-of-glory']!;
const MAX_STEPS = 600;

type Decks = Record<'ap' | 'cp', { hand?: string[]; handCount: number; drawCount: number }>;
const decksOf = (view: JsonObject) => view.decks as unknown as Decks;

describe('Paths of Glory through the server', () => {
  let database: TestDatabase;
  let server: RunningServer;

  beforeAll(async () => {
    database = await freshPglite();
    server = await startTestServer(database.target, {}, Object.values(games));
  }, 120_000);

  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  it('plays a random Introductory game to its end; each side sees only its own hand, nobody the draw order or the generator', async () => {
    const cpUser = await TestUser.signUp(server.url, 'kaiser');
    const apUser = await TestUser.signUp(server.url, 'entente');
    const watcherUser = await TestUser.signUp(server.url, 'pog_watcher');
    const created = await cpUser.request<MatchSummary>('POST', '/api/matches', {
      game: 'paths-of-glory',
      scenario: 'introductory',
      seat: 'cp',
    });
    expect(created.status).toBe(201);
    const id = created.body.id;
    await apUser.join(id, 'ap');
    const cp = await cpUser.connect();
    const ap = await apUser.connect();
    const watcher = await watcherUser.connect();
    const players: Record<string, Player> = { cp, ap };
    const views: Record<string, JsonObject> = {};
    for (const [seat, p] of Object.entries(players)) {
      const ack = await p.join(id, 'seat');
      if (!ack.ok) throw new Error(ack.error.message);
      views[seat] = ack.snapshot.view;
    }
    const watched = await watcher.join(id, 'spectator');
    if (!watched.ok) throw new Error(watched.error.message);

    const rng = rngFromSeed('paths-of-glory-over-the-wire');
    const pick = (n: number) => rollInPlace(rng, n) - 1;
    let seq = 0;
    let summary = (await cpUser.request<MatchSummary>('GET', `/api/matches/${id}`)).body;
    const privateEvents = { cp: 0, ap: 0, spectator: 0 };
    for (let step = 0; step < MAX_STEPS && summary.status === 'active'; step++) {
      const seat = summary.toAct[0]!;
      const choices = pog.choices(views[seat]!, seat);
      expect(choices.length).toBeGreaterThan(0);
      const action = pickAction(choices[pick(choices.length)]!, pick);
      const ack = await players[seat]!.submit(id, action, seq);
      expect(ack, JSON.stringify(action)).toEqual({ ok: true, seq: seq + 1 });
      seq++;
      const [toCp, toAp, toWatcher] = await Promise.all([
        cp.waitForSeq(seq),
        ap.waitForSeq(seq),
        watcher.waitForSeq(seq),
      ]);
      views.cp = toCp!.view;
      views.ap = toAp!.view;
      // Own hand only; the other hand as a count; nothing for a spectator.
      expect(decksOf(toCp!.view).cp.hand).toBeDefined();
      expect(decksOf(toCp!.view).ap.hand).toBeUndefined();
      expect(decksOf(toAp!.view).ap.hand).toBeDefined();
      expect(decksOf(toAp!.view).cp.hand).toBeUndefined();
      expect(decksOf(toWatcher!.view).cp.hand).toBeUndefined();
      expect(decksOf(toWatcher!.view).ap.handCount).toBe(decksOf(toAp!.view).ap.hand!.length);
      // The cards a side draws are told to that side alone (until the end, when the server shows all).
      summary = toWatcher!.summary;
      if (summary.status !== 'active') break;
      privateEvents.cp += toCp!.events.filter((e) => e.type === 'drawnCards').length;
      privateEvents.ap += toAp!.events.filter((e) => e.type === 'drawnCards').length;
      privateEvents.spectator += toWatcher!.events.filter((e) => e.type === 'drawnCards').length;
      for (const e of toAp!.events.filter((x) => x.type === 'drawnCards')) expect(e.to).toEqual(['ap']);
    }
    expect(summary.status).toBe('finished');
    expect(summary.outcome).not.toBeNull();
    expect(privateEvents.spectator).toBe(0);
    expect(privateEvents.cp + privateEvents.ap).toBeGreaterThan(0);
    for (const p of [cp, ap, watcher]) {
      const text = JSON.stringify(p.raw);
      expect(text).not.toContain('"rng"');
      expect(text).not.toContain('"draw":[');
    }
    for (const p of [cp, ap, watcher]) p.close();
  }, 240_000);
});
