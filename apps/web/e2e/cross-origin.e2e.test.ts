import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './support/browser.ts';
import { screenshotPath } from './support/paths.ts';
import { type RunningApp, startApp } from './support/server.ts';

/**
 * Issue 9 item 2, in a real browser: the victim is signed in to the server; a page on another port of
 * 127.0.0.1 (the same site, so Chromium sends the SameSite=Lax cookie along) posts a text/plain form
 * that would resign the victim's match, and opens a WebSocket to the game server. Both are refused.
 */
describe('issue 9 item 2: a page on another origin of the same site', () => {
  let app: RunningApp;
  let browser: Browser;
  let context: BrowserContext;
  let attacker: { url: string; server: Server };
  let matchId = '';

  const json = { 'content-type': 'application/json' };

  beforeAll(async () => {
    // The API alone: the attack needs no client, and the app's own client is the other browser tests'.
    app = await startApp(path.join(tmpdir(), 'salient-no-web-client-here'));
    browser = await launchChromium();
    context = await browser.newContext();
    context.setDefaultTimeout(10_000);

    // The victim signs up in the browser's own cookie jar; an opponent joins from outside.
    const signUp = await context.request.post(`${app.url}/api/auth/signup`, {
      headers: json,
      data: { username: 'victim', password: 'a sound password' },
    });
    expect(signUp.status()).toBe(201);
    const games = (await (await fetch(`${app.url}/api/games`)).json()) as {
      games: { id: string; scenarios: { id: string; seats: { id: string }[] }[] }[];
    };
    const game = games.games[0]!;
    const scenario = game.scenarios[0]!;
    const created = await context.request.post(`${app.url}/api/matches`, {
      headers: json,
      data: { game: game.id, scenario: scenario.id, seat: scenario.seats[0]!.id },
    });
    expect(created.status()).toBe(201);
    matchId = ((await created.json()) as { id: string }).id;
    const opponent = await fetch(`${app.url}/api/auth/signup`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ username: 'opponent', password: 'a sound password' }),
    });
    const cookie = opponent.headers.get('set-cookie')!.split(';')[0]!;
    const joined = await fetch(`${app.url}/api/matches/${matchId}/join`, {
      method: 'POST',
      headers: { ...json, cookie },
      body: JSON.stringify({ seat: scenario.seats[1]!.id }),
    });
    expect(joined.status).toBe(200);

    const target = new URL(app.url);
    const page = `<!doctype html><title>Win a prize</title>
<form id="forged" method="POST" enctype="text/plain" action="${app.url}/api/matches/${matchId}/resign">
  <input name='{"prize":"' value='yes"}'>
</form>
<script>
  window.socketResult = new Promise((resolve) => {
    const ws = new WebSocket('ws://${target.host}/socket.io/?EIO=4&transport=websocket');
    let received = '';
    ws.onmessage = (e) => { received += e.data; };
    ws.onclose = () => resolve({ opened: received.length > 0, received });
    ws.onerror = () => {};
    setTimeout(() => { ws.close(); }, 3000);
  });
</script>`;
    const server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(page));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    attacker = { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
  }, 120_000);

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    if (attacker) await new Promise<void>((resolve) => attacker.server.close(() => resolve()));
    await app?.stop();
  });

  const status = async () => {
    const res = await context.request.get(`${app.url}/api/matches/${matchId}`);
    return ((await res.json()) as { status: string }).status;
  };

  it('cannot open a socket.io connection with the victim’s cookie', async () => {
    const tab = await context.newPage();
    await tab.goto(attacker.url);
    const result = (await tab.evaluate('window.socketResult')) as { opened: boolean; received: string };
    // Today's server would answer the handshake with its open packet ("0{...}").
    expect(result).toEqual({ opened: false, received: '' });
    await tab.close();
  });

  it('cannot resign the victim’s match with a text/plain form; the match plays on', async () => {
    expect(await status()).toBe('active');
    const tab = await context.newPage();
    await tab.goto(attacker.url);
    const answer = tab.waitForResponse((r) => r.url().endsWith('/resign'));
    await tab.evaluate(() => (document.getElementById('forged') as HTMLFormElement).submit());
    const res = await answer;
    expect(res.status()).toBe(403);
    expect(await res.text()).toContain('FORBIDDEN_ORIGIN');
    await tab.screenshot({ path: screenshotPath('cross-origin-form-refused') });
    expect(await status()).toBe('active');
    await tab.close();
  });

  it('while the same browser on the server’s own origin still writes and connects', async () => {
    const tab = await context.newPage();
    await tab.goto(`${app.url}/healthz`);
    const opened = await tab.evaluate(
      (host) =>
        new Promise<boolean>((resolve) => {
          const ws = new WebSocket(`ws://${host}/socket.io/?EIO=4&transport=websocket`);
          ws.onmessage = (e) => {
            resolve(String(e.data).startsWith('0{'));
            ws.close();
          };
          ws.onerror = () => resolve(false);
        }),
      new URL(app.url).host,
    );
    expect(opened).toBe(true);
    const resign = await tab.evaluate(
      (url) =>
        fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }).then(
          (r) => r.status,
        ),
      `${app.url}/api/matches/${matchId}/resign`,
    );
    expect(resign).toBe(200);
    expect(await status()).toBe('finished');
    await tab.close();
  });
});
