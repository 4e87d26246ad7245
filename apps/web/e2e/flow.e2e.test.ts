import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { signUp } from './support/pages.ts';
import { screenshotPath } from './support/paths.ts';
import { browserSession } from './support/session.ts';

/**
 * The flow between moves and matches (issue 22 items 4, 5, 6 and 10): a rematch offered and
 * answered live, what happened since a player last looked, the map going to the action, and the
 * automatic pass. The built client on the real server (PGlite), real Chromium.
 */

/** Calls the API from inside the page, with its session cookie and its own origin. */
async function callApi<T = unknown>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const res = await fetch(path, {
        method,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
      return (text ? JSON.parse(text) : null) as T;
    },
    { method, path, body },
  );
}

interface Created {
  id: string;
  inviteCode: string | null;
}

describe('the flow between moves and matches', () => {
  let alice: Page;
  let bruno: Page;
  const shots: Record<string, Page | undefined> = {};
  const session = browserSession({ failureShots: { prefix: 'flow', pages: () => shots } });
  const runId = Date.now().toString(36);
  const names = { alice: `alice-${runId}`, bruno: `bruno-${runId}` };
  const password = 'flow of the game 1915';

  beforeAll(async () => {
    alice = await session.newPage();
    bruno = await session.newPage();
    Object.assign(shots, { alice, bruno });
    await signUp(alice, session.app.url, names.alice, password);
    await signUp(bruno, session.app.url, names.bruno, password);
  }, 60_000);

  /** A Loos match Alice (British) won by Bruno's resignation. */
  async function finishedMatch(): Promise<string> {
    const m = await callApi<Created>(alice, 'POST', '/api/matches', {
      game: 'loos',
      scenario: 'loos-1915',
      seat: 'british',
      visibility: 'private',
    });
    await callApi(bruno, 'POST', `/api/matches/${m.id}/join`, { seat: 'german', invite: m.inviteCode });
    await callApi(bruno, 'POST', `/api/matches/${m.id}/resign`);
    return m.id;
  }

  it('offers a rematch that the opponent sees live, declines, then accepts in one click: one match, sides swapped', async () => {
    const id = await finishedMatch();
    await alice.goto(`${session.app.url}/#/match/${id}`);
    await bruno.goto(`${session.app.url}/#/match/${id}`);
    for (const p of [alice, bruno]) await p.waitForSelector('[data-rematch="none"]');

    await alice.getByRole('button', { name: 'Offer a rematch' }).click();
    await alice.waitForSelector('[data-rematch="pending"][data-rematch-from="me"]');
    // Bruno's page hears of it without a reload.
    await bruno.waitForSelector('[data-rematch="pending"][data-rematch-from="them"]');
    expect(await bruno.locator('.rematch').textContent()).toContain(
      `${names.alice} offers a rematch: you would play British`,
    );
    await bruno.screenshot({ path: screenshotPath('flow-rematch-offer-desktop') });
    await bruno.setViewportSize({ width: 390, height: 844 });
    await bruno.locator('.rematch').scrollIntoViewIfNeeded();
    await bruno.screenshot({ path: screenshotPath('flow-rematch-offer-phone') });
    await bruno.setViewportSize({ width: 1440, height: 900 });

    await bruno.getByRole('button', { name: 'Decline' }).click();
    await alice.waitForSelector('[data-rematch="declined"]');
    expect(await alice.locator('.rematch').textContent()).toContain(`${names.bruno} declined the rematch`);
    await alice.screenshot({ path: screenshotPath('flow-rematch-declined-desktop') });

    await alice.getByRole('button', { name: 'Offer a rematch again' }).click();
    await bruno.getByRole('button', { name: 'Accept rematch' }).click();
    for (const p of [alice, bruno]) {
      await p.waitForURL((u) => u.hash.startsWith('#/match/') && !u.hash.includes(id));
      await p.waitForSelector('[data-status="active"]');
    }
    expect(alice.url()).toBe(bruno.url());
    expect(await alice.locator('.seats .mine').textContent()).toContain('German');
    expect(await bruno.locator('.seats .mine').textContent()).toContain('British');
    await alice.screenshot({ path: screenshotPath('flow-rematch-started-desktop') });
  }, 90_000);
});
