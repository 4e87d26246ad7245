import { rmSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { launchChromium } from './browser.ts';
import { buildClient } from './build.ts';
import { screenshotPath } from './paths.ts';
import { type RunningApp, startApp } from './server.ts';

/**
 * The set-up every browser test of a whole match shares: the client built, the real server started on
 * it (PGlite), Chromium launched before the file's tests, and all of it closed and removed after.
 */

export interface BrowserSessionOptions {
  /** Server settings beyond startApp's own. */
  env?: Record<string, string>;
  /** The window of a page opened without a size. */
  viewport?: { width: number; height: number };
  /** How long a page waits for a selector or an action by default. */
  timeout?: number;
  /**
   * On a failed test, each page given is saved as `<prefix>-<test>-<name>.png`, to see what the
   * browser showed at the failure.
   */
  failureShots?: { prefix: string; pages: () => Record<string, Page | undefined> };
}

export interface BrowserSession {
  /** The running server, once the session's beforeAll has run. */
  readonly app: RunningApp;
  /**
   * A page in a context of its own (its own cookies, so its own player), which accepts dialogs and
   * fails the test on an uncaught error in the app.
   */
  newPage(width?: number, height?: number): Promise<Page>;
}

/** Registers the hooks of a browser session in the calling describe block; the file adds its own after. */
export function browserSession(options: BrowserSessionOptions = {}): BrowserSession {
  const viewport = options.viewport ?? { width: 1440, height: 900 };
  let dist = '';
  let app: RunningApp | undefined;
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    dist = await buildClient();
    app = await startApp(dist, options.env);
    browser = await launchChromium();
  }, 180_000);

  afterAll(async () => {
    for (const c of contexts) await c.close();
    await browser?.close();
    await app?.stop();
    if (dist) rmSync(dist, { recursive: true, force: true });
  }, 60_000);

  const shots = options.failureShots;
  if (shots) {
    afterEach(async (ctx) => {
      if (ctx.task.result?.state !== 'fail') return;
      const name = ctx.task.name.replace(/\W+/g, '-').slice(0, 40);
      for (const [who, page] of Object.entries(shots.pages())) {
        await page
          ?.screenshot({ path: screenshotPath(`${shots.prefix}-${name}-${who}`) })
          .catch(() => undefined);
      }
    });
  }

  return {
    get app() {
      if (!app) throw new Error('the browser session has not started yet (use it inside a hook or test)');
      return app;
    },
    async newPage(width = viewport.width, height = viewport.height) {
      if (!browser) throw new Error('the browser session has not started yet');
      // Downloads are accepted by default: the match page's record download needs no option.
      const context = await browser.newContext({ viewport: { width, height } });
      context.setDefaultTimeout(options.timeout ?? 10_000);
      contexts.push(context);
      const page = await context.newPage();
      page.on('dialog', (d) => void d.accept());
      page.on('pageerror', (e) => {
        throw new Error(`page error: ${e.message}`);
      });
      return page;
    },
  };
}
