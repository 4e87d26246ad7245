import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { NotificationDeliveries, Settings } from '@salient/protocol';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isRefusedAddress } from '../src/notify/webhookTarget.ts';
import type { RunningServer } from '../src/server.ts';
import { freshPostgres, type TestDatabase } from './helpers/databases.ts';
import { startTestServer, TestUser } from './helpers/harness.ts';
import { freePort } from './helpers/processes.ts';

/** A real HTTP receiver on this machine that records the paths it was called on. */
async function receiver(
  port = 0,
  answer: (path: string) => { status: number; headers?: Record<string, string> } = () => ({ status: 200 }),
): Promise<{ server: Server; url: string; calls: string[] }> {
  const calls: string[] = [];
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      calls.push(req.url ?? '');
      const a = answer(req.url ?? '');
      res.writeHead(a.status, a.headers).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, calls };
}

const closeServer = (s: Server) => new Promise<void>((resolve) => s.close(() => resolve()));

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await probe();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const deliveriesOf = async (user: TestUser) =>
  (await user.request<NotificationDeliveries>('GET', '/api/notifications/deliveries')).body.deliveries;

let database: TestDatabase;

beforeAll(async () => {
  database = await freshPostgres();
});

afterAll(async () => {
  await database?.drop();
});

describe('issue 9: webhook URLs to loopback, private and link-local addresses (server-side request forgery)', () => {
  it('classifies addresses, IPv4 and IPv6', () => {
    for (const refused of [
      '127.0.0.1',
      '127.255.0.9',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '::',
      '::1',
      '[::1]',
      'fe80::1',
      'fe80::1%eth0',
      'fd00::1',
      'fc12:3456::1',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:10.0.0.1',
      '64:ff9b::7f00:1',
      '64:ff9b::10.0.0.1',
      '2002:7f00:1::',
      'not-an-address',
    ])
      expect(isRefusedAddress(refused), refused).toBe(true);
    for (const allowed of ['93.184.216.34', '8.8.8.8', '172.32.0.1', '2606:4700::1111', '64:ff9b::808:808'])
      expect(isRefusedAddress(allowed), allowed).toBe(false);
  });

  it('refuses such URLs when saved, with WEBHOOK_REFUSED, and changes nothing', async () => {
    const server = await startTestServer(database.target);
    try {
      const ann = await TestUser.signUp(server.url, 'ann');
      for (const url of [
        'http://127.0.0.1:9/hook',
        'http://127.1/hook',
        'http://2130706433/hook',
        'http://localhost:9/hook',
        'http://[::1]/hook',
        'http://[::ffff:127.0.0.1]/hook',
        'http://169.254.169.254/latest/meta-data/',
        'http://10.0.0.7/hook',
        'http://192.168.1.20/hook',
        'http://[fe80::1]/hook',
        'http://[fd12::1]/hook',
        'http://0.0.0.0/hook',
        'http://no-such-host.invalid/hook',
        'ftp://93.184.216.34/hook',
      ]) {
        const res = await ann.request<{ error: { code: string; message: string } }>('PUT', '/api/settings', {
          webhookUrl: url,
          notifyByWebhook: true,
        });
        expect(res.status, url).toBe(400);
        expect(res.body.error.code, url).toBe('WEBHOOK_REFUSED');
      }
      const after = await ann.request<Settings>('GET', '/api/settings');
      expect(after.body).toMatchObject({ webhookUrl: null, notifyByWebhook: false });
      // A public address is fine (it is not called when saved).
      const ok = await ann.request<Settings>('PUT', '/api/settings', {
        webhookUrl: 'http://93.184.216.34/hook',
      });
      expect(ok.status).toBe(200);
      expect(ok.body.webhookUrl).toBe('http://93.184.216.34/hook');
    } finally {
      await server.close();
    }
  });

  it('checks again at delivery: a name that now resolves to loopback is not called', async () => {
    const hooks = await receiver();
    const server = await startTestServer(database.target, { notifyRetryDelaysMs: [50] });
    try {
      const kim = await TestUser.signUp(server.url, 'kim');
      const lee = await TestUser.signUp(server.url, 'lee');
      // As if the name had resolved to a public address when lee saved it, and DNS changed since.
      const client = new pg.Client({ connectionString: (database.target as { url: string }).url });
      await client.connect();
      await client.query('UPDATE users SET webhook_url = $1, notify_by_webhook = true WHERE id = $2', [
        `http://localhost:${new URL(hooks.url).port}/turn`,
        lee.id,
      ]);
      await client.end();
      const m = await kim.createMatch();
      await lee.join(m.id, 'blue');
      await server.notificationsIdle();
      const [delivery] = await deliveriesOf(lee);
      expect(delivery).toMatchObject({ channel: 'webhook', status: 'abandoned', attempts: 2 });
      expect(delivery!.lastError).toMatch(/refused: localhost is (127\.0\.0\.1|::1)/);
      expect(hooks.calls).toEqual([]);
    } finally {
      await server.close();
      await closeServer(hooks.server);
    }
  });

  it('does not follow a redirect, even where private addresses are allowed', async () => {
    const target = await receiver();
    const redirecting = await receiver(0, () => ({
      status: 307,
      headers: { location: `${target.url}/stolen` },
    }));
    const server = await startTestServer(database.target, {
      notifyRetryDelaysMs: [],
      webhookAllowPrivate: true,
    });
    try {
      const kim = await TestUser.signUp(server.url, 'kim2');
      const lee = await TestUser.signUp(server.url, 'lee2');
      await lee.request('PUT', '/api/settings', {
        webhookUrl: `${redirecting.url}/turn`,
        notifyByWebhook: true,
      });
      const m = await kim.createMatch();
      await lee.join(m.id, 'blue');
      await server.notificationsIdle();
      expect(redirecting.calls).toEqual(['/turn']);
      expect(target.calls).toEqual([]);
      const [delivery] = await deliveriesOf(lee);
      expect(delivery).toMatchObject({ status: 'abandoned', attempts: 1 });
      expect(delivery!.lastError).toContain('redirects are not followed');
    } finally {
      await server.close();
      await closeServer(redirecting.server);
      await closeServer(target.server);
    }
  });
});

describe('issue 9: pending notification deliveries survive a restart', () => {
  it('keeps the delivery in the database with its attempts and error; the restarted server delivers it', async () => {
    // The receiver is down at first: its port is known but nothing listens on it yet.
    const port = await freePort();
    const settings = { notifyRetryDelaysMs: Array(20).fill(500), webhookAllowPrivate: true };
    let server: RunningServer = await startTestServer(database.target, settings);
    const kim = await TestUser.signUp(server.url, 'kim3');
    let lee = await TestUser.signUp(server.url, 'lee3');
    await lee.request('PUT', '/api/settings', {
      webhookUrl: `http://127.0.0.1:${port}/turn`,
      notifyByWebhook: true,
    });
    const m = await kim.createMatch();
    await lee.join(m.id, 'blue');
    const failed = await until('the first attempt failed', async () =>
      (await deliveriesOf(lee)).find((d) => d.attempts >= 1),
    );
    expect(failed).toMatchObject({ matchId: m.id, channel: 'webhook', status: 'pending' });
    expect(failed.lastError).toMatch(/ECONNREFUSED/);
    expect(failed.nextAttemptAt).not.toBeNull();
    await server.close();

    const hooks = await receiver(port);
    server = await startTestServer(database.target, settings);
    try {
      lee = new TestUser(server.url, 'lee3', lee.cookie, lee.id);
      const delivered = await until('the restarted server delivered it', async () =>
        (await deliveriesOf(lee)).find((d) => d.status === 'delivered'),
      );
      expect(delivered.id).toBe(failed.id);
      expect(delivered.attempts).toBeGreaterThan(failed.attempts);
      expect(delivered.deliveredAt).not.toBeNull();
      expect(hooks.calls).toEqual(['/turn']);
      // Nobody else sees lee's deliveries.
      const kimNow = new TestUser(server.url, 'kim3', kim.cookie, kim.id);
      expect(await deliveriesOf(kimNow)).toEqual([]);
    } finally {
      await server.close();
      await closeServer(hooks.server);
    }
  });
});
