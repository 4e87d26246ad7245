import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { MatchSummary, RematchOffer } from '@salient/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RematchWebhookBody } from '../src/notify/notifier.ts';
import type { RunningServer } from '../src/server.ts';
import { freshPostgres, type TestDatabase } from './helpers/databases.ts';
import { startTestServer, TestUser } from './helpers/harness.ts';

let database: TestDatabase;
let server: RunningServer;
let hooks: Server;
const hookCalls: RematchWebhookBody[] = [];
let n = 0;

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let text = '';
    req.on('data', (c) => {
      text += c;
    });
    req.on('end', () => resolve(text));
  });

beforeAll(async () => {
  hooks = createServer(async (req, res) => {
    hookCalls.push(JSON.parse(await readBody(req)) as RematchWebhookBody);
    res.writeHead(200).end();
  });
  await new Promise<void>((resolve) => hooks.listen(0, '127.0.0.1', resolve));
  database = await freshPostgres();
  server = await startTestServer(database.target, { webhookAllowPrivate: true });
});

afterAll(async () => {
  await server?.close();
  await database?.drop();
  await new Promise<void>((resolve) => hooks?.close(() => resolve()));
});

type Failure = { error: { code: string } };

/** Two players of a finished match (blue resigned), created with non-default settings. */
async function finishedMatch() {
  n++;
  const red = await TestUser.signUp(server.url, `red${n}`);
  const blue = await TestUser.signUp(server.url, `blue${n}`);
  const m = await red.createMatch({
    options: { length: 3 },
    timeControl: { kind: 'correspondence', secondsPerTurn: 3600 },
    visibility: 'private',
  });
  await blue.join(m.id, 'blue', m.inviteCode!);
  await blue.request('POST', `/api/matches/${m.id}/resign`);
  return { m, red, blue };
}

async function rematchesOf(matchId: string): Promise<number> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: (database.target as { url: string }).url });
  await client.connect();
  const res = await client.query('SELECT count(*)::int AS n FROM matches WHERE rematch_of = $1', [matchId]);
  await client.end();
  return res.rows[0].n as number;
}

describe('rematch offers', () => {
  it('offers the same opponent a rematch live, sides swapped and settings copied, accepted in one click', async () => {
    const { m, red, blue } = await finishedMatch();
    const redPage = await red.connect();
    const bluePage = await blue.connect();
    const pushedToBlue = bluePage.waitFor('rematch:offer', (o) => o.status === 'pending');
    const offer = await red.request<RematchOffer>('POST', `/api/matches/${m.id}/rematch`, {});
    expect(offer.status).toBe(201);
    expect(offer.body).toMatchObject({
      matchId: m.id,
      from: { id: red.id },
      to: { id: blue.id },
      seating: { red: blue.id, blue: red.id },
      status: 'pending',
      newMatchId: null,
    });
    expect((await pushedToBlue).id).toBe(offer.body.id);
    expect(
      (await blue.request<{ offer: RematchOffer }>('GET', `/api/matches/${m.id}/rematch`)).body.offer?.id,
    ).toBe(offer.body.id);

    // Listed for Blue (the lobby shows it), for nobody else.
    const listed = await blue.request<{ offers: RematchOffer[] }>('GET', '/api/rematches');
    expect(listed.body.offers.map((o) => o.id)).toEqual([offer.body.id]);
    expect((await red.request<{ offers: RematchOffer[] }>('GET', '/api/rematches')).body.offers).toEqual([]);

    const pushedToRed = redPage.waitFor('rematch:offer', (o) => o.status === 'accepted');
    const accepted = await blue.request<RematchOffer>('POST', `/api/rematches/${offer.body.id}/accept`);
    expect(accepted.status).toBe(200);
    expect(accepted.body.status).toBe('accepted');
    expect((await pushedToRed).newMatchId).toBe(accepted.body.newMatchId);
    const next = await red.request<MatchSummary>('GET', `/api/matches/${accepted.body.newMatchId}`);
    expect(next.body).toMatchObject({
      status: 'active',
      rematchOf: m.id,
      yourSeat: 'blue',
      options: { length: 3 },
      timeControl: { kind: 'correspondence', secondsPerTurn: 3600 },
      visibility: 'private',
      game: m.game,
      scenario: m.scenario,
    });
    expect(next.body.seats.map((s) => [s.seat, s.user?.id])).toEqual([
      ['red', blue.id],
      ['blue', red.id],
    ]);
    redPage.close();
    bluePage.close();
  });

  it('keeps the sides when asked, and makes one match when both players ask (one after the other, or at once)', async () => {
    const a = await finishedMatch();
    const same = await a.blue.request<RematchOffer>('POST', `/api/matches/${a.m.id}/rematch`, {
      sides: 'same',
    });
    expect(same.body.seating).toEqual({ red: a.red.id, blue: a.blue.id });
    // The other player clicking "rematch" too is accepting.
    const second = await a.red.request<RematchOffer>('POST', `/api/matches/${a.m.id}/rematch`, {});
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ id: same.body.id, status: 'accepted' });
    // A third click answers with the accepted offer and makes nothing new.
    const third = await a.blue.request<RematchOffer>('POST', `/api/matches/${a.m.id}/rematch`, {});
    expect(third.body.newMatchId).toBe(second.body.newMatchId);
    expect(await rematchesOf(a.m.id)).toBe(1);

    const b = await finishedMatch();
    const both = await Promise.all([
      b.red.request<RematchOffer>('POST', `/api/matches/${b.m.id}/rematch`, {}),
      b.blue.request<RematchOffer>('POST', `/api/matches/${b.m.id}/rematch`, {}),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 201]);
    expect(await rematchesOf(b.m.id)).toBe(1);
  });

  it('refuses a third party, a forged id, the offerer, a double accept and an accept after a decline, changing nothing', async () => {
    const { m, red, blue } = await finishedMatch();
    const stranger = await TestUser.signUp(server.url, `stranger${n}`);
    const early = await red.createMatch();
    expect((await red.request<Failure>('POST', `/api/matches/${early.id}/rematch`, {})).body.error.code).toBe(
      'MATCH_NOT_FINISHED',
    );
    // A stranger cannot see the private match, let alone offer or read its rematch.
    expect((await stranger.request<Failure>('POST', `/api/matches/${m.id}/rematch`, {})).status).toBe(404);
    expect((await stranger.request<Failure>('GET', `/api/matches/${m.id}/rematch`)).status).toBe(404);

    const offer = (await red.request<RematchOffer>('POST', `/api/matches/${m.id}/rematch`, {})).body;
    const byStranger = await stranger.request<Failure>('POST', `/api/rematches/${offer.id}/accept`);
    expect([byStranger.status, byStranger.body.error.code]).toEqual([403, 'FORBIDDEN']);
    const byOfferer = await red.request<Failure>('POST', `/api/rematches/${offer.id}/accept`);
    expect([byOfferer.status, byOfferer.body.error.code]).toEqual([403, 'FORBIDDEN']);
    expect((await stranger.request<Failure>('POST', `/api/rematches/${offer.id}/decline`)).status).toBe(403);
    for (const forged of ['00000000-0000-0000-0000-000000000000', 'x'.repeat(65), '%00']) {
      const res = await blue.request<Failure>('POST', `/api/rematches/${encodeURIComponent(forged)}/accept`);
      expect([res.status, res.body.error.code]).toEqual([404, 'REMATCH_NOT_FOUND']);
    }
    expect(await rematchesOf(m.id)).toBe(0);
    expect(
      (await blue.request<{ offer: RematchOffer }>('GET', `/api/matches/${m.id}/rematch`)).body.offer?.status,
    ).toBe('pending');

    // Two accepts at once (a double click, two tabs): one match, the other is told it was answered.
    const answers = await Promise.all([
      blue.request<RematchOffer & Failure>('POST', `/api/rematches/${offer.id}/accept`),
      blue.request<RematchOffer & Failure>('POST', `/api/rematches/${offer.id}/accept`),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(answers.find((r) => r.status === 409)!.body.error.code).toBe('REMATCH_NOT_PENDING');
    expect(await rematchesOf(m.id)).toBe(1);
    const declineLate = await blue.request<Failure>('POST', `/api/rematches/${offer.id}/decline`);
    expect([declineLate.status, declineLate.body.error.code]).toEqual([409, 'REMATCH_NOT_PENDING']);

    // Declined, then accepted: refused; the offerer is told of the decline.
    const other = await finishedMatch();
    const redPage = await other.red.connect();
    const offer2 = (await other.red.request<RematchOffer>('POST', `/api/matches/${other.m.id}/rematch`, {}))
      .body;
    const toldDeclined = redPage.waitFor('rematch:offer', (o) => o.status === 'declined');
    expect(
      (await other.blue.request<RematchOffer>('POST', `/api/rematches/${offer2.id}/decline`)).body.status,
    ).toBe('declined');
    expect((await toldDeclined).id).toBe(offer2.id);
    const late = await other.blue.request<Failure>('POST', `/api/rematches/${offer2.id}/accept`);
    expect([late.status, late.body.error.code]).toEqual([409, 'REMATCH_NOT_PENDING']);
    expect(await rematchesOf(other.m.id)).toBe(0);
    // Offering again after a decline renews the offer.
    const renewed = await other.red.request<RematchOffer>('POST', `/api/matches/${other.m.id}/rematch`, {});
    expect([renewed.status, renewed.body.id, renewed.body.status]).toEqual([201, offer2.id, 'pending']);
    redPage.close();
  });

  it('notifies an opponent who has no page on the match open, by the channels they chose, and not one who has', async () => {
    const hookUrl = `http://127.0.0.1:${(hooks.address() as AddressInfo).port}/rematch`;
    const away = await finishedMatch();
    await away.blue.request('PUT', '/api/settings', { webhookUrl: hookUrl, notifyByWebhook: true });
    // A page elsewhere (the lobby) does not show the offer: the notice goes out.
    const lobby = await away.blue.connect();
    await server.notificationsIdle();
    hookCalls.length = 0;
    const offer = (await away.red.request<RematchOffer>('POST', `/api/matches/${away.m.id}/rematch`, {}))
      .body;
    await server.notificationsIdle();
    expect(hookCalls).toEqual([
      expect.objectContaining({
        kind: 'rematch-offer',
        matchId: away.m.id,
        offerId: offer.id,
        from: away.red.username,
      }),
    ]);
    lobby.close();

    const here = await finishedMatch();
    await here.blue.request('PUT', '/api/settings', { webhookUrl: hookUrl, notifyByWebhook: true });
    const page = await here.blue.connect();
    await page.join(here.m.id, 'seat');
    await server.notificationsIdle();
    hookCalls.length = 0;
    const pushed = page.waitFor('rematch:offer', () => true);
    await here.red.request('POST', `/api/matches/${here.m.id}/rematch`, {});
    await pushed;
    await server.notificationsIdle();
    expect(hookCalls).toEqual([]);
    page.close();
  });
});
