import { rmSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './support/browser.ts';
import { buildClient } from './support/build.ts';
import { reach, seqOf, signUp as signUpPage, startMatchFromLobby } from './support/pages.ts';
import { screenshotPath } from './support/paths.ts';
import { type RunningApp, startApp } from './support/server.ts';

/**
 * Paths of Glory in the browser, first part: the built client on the real server (PGlite), three
 * Chromium sessions. The Central Powers create an Introductory match, the Allies join, a spectator
 * watches; the point-to-point board shows both maps with every starting unit, on desktop and phone.
 */

/** Units on the map when the Introductory scenario begins (the Unit Setup chart). */
const UNITS_ON_MAP = 54;

describe('a Paths of Glory Introductory match in the browser', () => {
  let dist: string;
  let app: RunningApp;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  let cp: Page;
  let ap: Page;
  let watcher: Page;
  const password = 'paths of glory 1914';
  const runId = Date.now().toString(36);

  async function newPage(width = 1440, height = 900): Promise<Page> {
    const context = await browser.newContext({ viewport: { width, height } });
    context.setDefaultTimeout(15_000);
    contexts.push(context);
    const page = await context.newPage();
    page.on('dialog', (d) => void d.accept());
    page.on('pageerror', (e) => {
      throw new Error(`page error: ${e.message}`);
    });
    return page;
  }

  beforeAll(async () => {
    dist = await buildClient();
    app = await startApp(dist);
    browser = await launchChromium();
    cp = await newPage();
    ap = await newPage(390, 844);
    watcher = await newPage();
  }, 180_000);

  afterAll(async () => {
    for (const c of contexts) await c.close();
    await browser?.close();
    await app?.stop();
    if (dist) rmSync(dist, { recursive: true, force: true });
  }, 60_000);

  it('creates the match in the lobby and draws the point-to-point board with every starting unit', async () => {
    await signUpPage(cp, app.url, `kaiser-${runId}`, password);
    await signUpPage(ap, app.url, `entente-${runId}`, password);
    await startMatchFromLobby({
      baseUrl: app.url,
      creator: cp,
      joiner: ap,
      watcher,
      game: 'paths-of-glory',
      scenario: 'introductory',
      creatorSeat: 'cp',
      joinerSeatLabel: 'Allied Powers',
    });
    for (const page of [cp, ap, watcher]) {
      await page.waitForSelector('svg.board g.counter');
      expect(await page.locator('svg.board g.counter').count()).toBe(UNITS_ON_MAP);
    }
    // The opening decision is the Central Powers': whether Guns of August starts in their hand.
    expect(await cp.locator('body').textContent()).toContain('Guns of August');
    await cp.screenshot({ path: screenshotPath('pog-board-desktop') });
    await ap.screenshot({ path: screenshotPath('pog-board-phone') });
    await watcher.screenshot({ path: screenshotPath('pog-board-spectator') });
    expect(await seqOf(cp)).toBe(0);
    await reach(watcher, 0);
  }, 120_000);
});
