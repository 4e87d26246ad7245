import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Challenge, NotificationDeliveries } from '@salient/protocol';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChallengeWebhookBody } from '../src/notify/notifier.ts';
import type { RunningServer } from '../src/server.ts';
import { freshPostgres, type TestDatabase } from './helpers/databases.ts';
import { startTestServer, TestUser } from './helpers/harness.ts';

let database: TestDatabase;
let server: RunningServer;
let hooks: Server;
let smtp: SMTPServer;
/** What the real mail server received: recipients and the raw message. */
const mails: { to: string[]; text: string }[] = [];
/** What the real webhook receiver got, with the path it was called on (one path per player). */
const received: { path: string; body: ChallengeWebhookBody }[] = [];

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
    received.push({ path: req.url ?? '', body: JSON.parse(await readBody(req)) as ChallengeWebhookBody });
    res.writeHead(200).end();
  });
  await new Promise<void>((resolve) => hooks.listen(0, '127.0.0.1', resolve));
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      let text = '';
      stream.on('data', (c) => {
        text += c;
      });
      stream.on('end', () => {
        // Quoted-printable soft line breaks joined, so the text reads as sent.
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address), text: text.replace(/=\r?\n/g, '') });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  database = await freshPostgres();
  server = await startTestServer(database.target, {
    smtpUrl: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`,
    webhookAllowPrivate: true,
    publicUrl: 'http://salient.example',
  });
});

afterAll(async () => {
  await server?.close();
  await database?.drop();
  await new Promise<void>((resolve) => hooks?.close(() => resolve()));
  await new Promise<void>((resolve) => smtp?.close(() => resolve()));
});

const hookUrl = (who: string) => `http://127.0.0.1:${(hooks.address() as AddressInfo).port}/${who}`;
const spec = { to: 'bea', game: 'skirmish', scenario: 'meeting', seat: 'red', rated: false };

/** Lets every notice under way finish, then hands over (and forgets) what the receiver got. */
async function takeReceived() {
  await server.notificationsIdle();
  return received.splice(0);
}

describe('challenges are notified as turns are (issue 25)', () => {
  it('tells an away player of a challenge, and the away challenger of its answer, by webhook; not a player whose page is open', async () => {
    const al = await TestUser.signUp(server.url, 'alan');
    const bea = await TestUser.signUp(server.url, 'bea');
    await al.request('PUT', '/api/settings', { webhookUrl: hookUrl('alan'), notifyByWebhook: true });
    await bea.request('PUT', '/api/settings', { webhookUrl: hookUrl('bea'), notifyByWebhook: true });

    // Bea has no page open: the challenge reaches her webhook, and only hers.
    const first = (await al.request<Challenge>('POST', '/api/challenges', spec)).body;
    expect(await takeReceived()).toEqual([
      {
        path: '/bea',
        body: expect.objectContaining({
          kind: 'challenge',
          challengeId: first.id,
          game: 'skirmish',
          from: 'alan',
          to: 'bea',
          status: 'pending',
          url: 'http://salient.example/#/challenges',
        }),
      },
    ]);
    // Her delivery list names the challenge (no match exists yet).
    const listed = (await bea.request<NotificationDeliveries>('GET', '/api/notifications/deliveries')).body;
    expect(listed.deliveries).toEqual([
      expect.objectContaining({
        challengeId: first.id,
        matchId: null,
        channel: 'webhook',
        status: 'delivered',
      }),
    ]);

    // Al is away when Bea declines: he is told, with her reason.
    await bea.request('POST', `/api/challenges/${first.id}/decline`, { reason: 'timeControl' });
    expect(await takeReceived()).toEqual([
      {
        path: '/alan',
        body: expect.objectContaining({
          kind: 'challenge-answer',
          challengeId: first.id,
          status: 'declined',
          declineReason: 'timeControl',
          matchId: null,
        }),
      },
    ]);

    // Withdrawing tells nobody.
    const withdrawn = (await al.request<Challenge>('POST', '/api/challenges', spec)).body;
    await takeReceived();
    await al.request('POST', `/api/challenges/${withdrawn.id}/cancel`);
    expect(await takeReceived()).toEqual([]);

    // Bea has a page open (any page: it shows challenges live): no notice for her.
    const beaPage = await bea.connect();
    const second = (await al.request<Challenge>('POST', '/api/challenges', spec)).body;
    expect(await takeReceived()).toEqual([]);
    // Accepted while Al is away: he is told, with the new match's link.
    const accepted = (await bea.request<Challenge>('POST', `/api/challenges/${second.id}/accept`)).body;
    expect(accepted.matchId).toBeTruthy();
    expect(await takeReceived()).toEqual([
      {
        path: '/alan',
        body: expect.objectContaining({
          kind: 'challenge-answer',
          challengeId: second.id,
          status: 'accepted',
          matchId: accepted.matchId,
          url: `http://salient.example/match/${accepted.matchId}`,
        }),
      },
    ]);
    beaPage.close();

    // Al with a page open hears of the answer there, not by webhook.
    const alPage = await al.connect();
    const third = (await al.request<Challenge>('POST', '/api/challenges', spec)).body;
    await takeReceived();
    await bea.request('POST', `/api/challenges/${third.id}/decline`, {});
    expect((await takeReceived()).map((r) => r.path)).toEqual([]);
    alPage.close();
  });

  it('e-mails them instead when that is the channel they chose', async () => {
    const cleo = await TestUser.signUp(server.url, 'cleo');
    const dan = await TestUser.signUp(server.url, 'dan');
    await dan.request('PUT', '/api/settings', { email: 'dan@example.test', notifyByEmail: true });
    await cleo.request('PUT', '/api/settings', { email: 'cleo@example.test', notifyByEmail: true });
    const sent = (await cleo.request<Challenge>('POST', '/api/challenges', { ...spec, to: 'dan' })).body;
    await server.notificationsIdle();
    expect(mails.map((m) => m.to)).toEqual([['dan@example.test']]);
    expect(mails[0]!.text).toContain('Salient: cleo challenges you');
    expect(mails[0]!.text).toContain('http://salient.example/#/challenges');
    mails.length = 0;
    await dan.request('POST', `/api/challenges/${sent.id}/decline`, { reason: 'later' });
    await server.notificationsIdle();
    expect(mails.map((m) => m.to)).toEqual([['cleo@example.test']]);
    expect(mails[0]!.text).toContain('dan declined your challenge');
    expect(received).toEqual([]);
  });
});
