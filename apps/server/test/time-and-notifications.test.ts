import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { MatchSummary } from '@salient/protocol';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TurnWebhookBody } from '../src/notify/notifier.ts';
import type { RunningServer } from '../src/server.ts';
import { freshPostgres, type TestDatabase } from './helpers/databases.ts';
import { startTestServer, TestUser } from './helpers/harness.ts';

interface Mail {
  to: string[];
  text: string;
}

let database: TestDatabase;
let server: RunningServer;
let smtp: SMTPServer;
let hooks: Server;
const mails: Mail[] = [];
const hookCalls: { status: number; body: TurnWebhookBody }[] = [];
let failNextHook = true;

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let text = '';
    req.on('data', (c) => {
      text += c;
    });
    req.on('end', () => resolve(text));
  });

beforeAll(async () => {
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
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address), text });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const smtpPort = (smtp.server.address() as AddressInfo).port;

  hooks = createServer(async (req, res) => {
    const body = JSON.parse(await readBody(req)) as TurnWebhookBody;
    // The first delivery fails, so the notifier has to retry.
    const status = failNextHook ? 500 : 200;
    failNextHook = false;
    hookCalls.push({ status, body });
    res.writeHead(status).end();
  });
  await new Promise<void>((resolve) => hooks.listen(0, '127.0.0.1', resolve));

  database = await freshPostgres();
  server = await startTestServer(database.target, {
    smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
    notifyRetryDelaysMs: [50, 50, 50],
    // The receivers run on this machine, at loopback addresses.
    webhookAllowPrivate: true,
  });
});

afterAll(async () => {
  await server?.close();
  await database?.drop();
  await new Promise<void>((resolve) => smtp?.close(() => resolve()));
  await new Promise<void>((resolve) => hooks?.close(() => resolve()));
});

describe('turn notifications', () => {
  it('e-mails and calls the webhook of a player whose turn it is and who is not connected, retrying', async () => {
    const hookUrl = `http://127.0.0.1:${(hooks.address() as AddressInfo).port}/turn`;
    const kim = await TestUser.signUp(server.url, 'kim');
    const lee = await TestUser.signUp(server.url, 'lee');
    await lee.request('PUT', '/api/settings', {
      email: 'lee@example.test',
      notifyByEmail: true,
      webhookUrl: hookUrl,
      notifyByWebhook: true,
    });
    const m = await kim.createMatch();
    await lee.join(m.id, 'blue');
    await server.notificationsIdle();
    // Deployment: both are to act; only lee asked to be told, and lee is not connected.
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toEqual(['lee@example.test']);
    expect(mails[0]!.text).toContain('Your turn in Skirmish');
    expect(hookCalls.map((c) => c.status)).toEqual([500, 200]);
    expect(hookCalls[1]!.body).toMatchObject({ kind: 'your-turn', matchId: m.id, seat: 'blue' });

    const red = await kim.connect();
    const blue = await lee.connect();
    await red.join(m.id, 'seat');
    await blue.join(m.id, 'seat');
    await red.submit(m.id, { type: 'deploy', at: 'north' }, 0);
    await blue.submit(m.id, { type: 'deploy', at: 'north' }, 1);
    await red.submit(m.id, { type: 'advance' }, 2);
    await blue.submit(m.id, { type: 'advance' }, 3);
    await server.notificationsIdle();
    // Lee was connected whenever it became lee's turn: nothing more was sent.
    expect(mails).toHaveLength(1);
    blue.close();
    await new Promise((r) => setTimeout(r, 50));
    expect((await red.submit(m.id, { type: 'advance' }, 4)).ok).toBe(true);
    await server.notificationsIdle();
    expect(mails).toHaveLength(2);
    expect(hookCalls.filter((c) => c.status === 200)).toHaveLength(2);
    red.close();
  });
});

describe('live clocks', () => {
  it('ends the match when a clock runs out, and refuses moves afterwards', async () => {
    const mia = await TestUser.signUp(server.url, 'mia');
    const ned = await TestUser.signUp(server.url, 'ned');
    const m = await mia.createMatch({
      timeControl: { kind: 'live', initialSeconds: 1, incrementSeconds: 0 },
    });
    const joined = await ned.join(m.id, 'blue');
    expect(joined.clock).toMatchObject({ kind: 'live', running: ['red', 'blue'] });
    const red = await mia.connect();
    await red.join(m.id, 'seat');
    const ended = await red.waitFor('match:summary', (s) => s.status === 'finished', 5_000);
    expect(ended.outcome?.reason).toMatch(/ran out of time/);
    expect(ended.seed).toBeTruthy();
    expect(await red.submit(m.id, { type: 'deploy', at: 'north' }, 0)).toMatchObject({
      ok: false,
      error: { code: 'MATCH_NOT_ACTIVE' },
    });
    const summary = await mia.request<MatchSummary>('GET', `/api/matches/${m.id}`);
    expect(
      summary.body.clock.kind === 'live' && Math.min(...Object.values(summary.body.clock.remainingMs)),
    ).toBeLessThanOrEqual(0);
    red.close();
  });

  it('charges the mover only for their own thinking time and adds the increment', async () => {
    const ola = await TestUser.signUp(server.url, 'ola');
    const pat = await TestUser.signUp(server.url, 'pat');
    const m = await ola.createMatch({
      timeControl: { kind: 'live', initialSeconds: 60, incrementSeconds: 5 },
    });
    await pat.join(m.id, 'blue');
    const red = await ola.connect();
    await red.join(m.id, 'seat');
    await red.submit(m.id, { type: 'deploy', at: 'north' }, 0);
    const after = await red.waitForSeq(1);
    if (after.summary.clock.kind !== 'live') throw new Error('expected a live clock');
    expect(after.summary.clock.running).toEqual(['blue']);
    expect(after.summary.clock.remainingMs.red).toBeGreaterThan(60_000);
    expect(after.summary.clock.remainingMs.red).toBeLessThanOrEqual(65_000);
    expect(after.summary.clock.remainingMs.blue).toBeLessThan(60_000);
    red.close();
  });
});
