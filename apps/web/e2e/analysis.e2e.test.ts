import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { TestUser } from '../../server/test/helpers/clients.ts';
import { signIn } from './support/pages.ts';
import { screenshotPath } from './support/paths.ts';
import { browserSession } from './support/session.ts';

/** Takes the first thing the analysis board's panel offers, until the move tree gains a move. */
async function playFirstOffer(page: Page): Promise<number> {
  const count = async () => Number(await page.locator('[data-analysis]').getAttribute('data-nodes'));
  const before = await count();
  // The panel changes under the loop as a click takes effect: a control gone by the time it is
  // clicked is no failure, the next round looks again (the count says when the move is in).
  const click = (selector: string) =>
    page
      .locator(selector)
      .first()
      .click({ timeout: 2_000 })
      .catch(() => undefined);
  for (let i = 0; i < 12 && (await count()) === before; i++) {
    if ((await page.locator('[data-commit]').count()) > 0) await click('[data-commit]');
    else if ((await page.locator('[data-active-choice]').count()) > 0) {
      const confirm = page.locator('[data-confirm]');
      if ((await confirm.count()) > 0 && (await confirm.isEnabled().catch(() => false)))
        await click('[data-confirm]');
      else await click('[data-option]');
    } else await click('.choices [data-choice], .choices [data-select-piece]');
  }
  expect(await count()).toBe(before + 1);
  return before + 1;
}

describe('an analysis board in the browser (issue 25)', () => {
  let first: Page;
  let second: Page;
  const session = browserSession({
    failureShots: { prefix: 'failed-analysis', pages: () => ({ first, second }) },
  });

  it('opened from a replay, a branch played, undone and played another way, stored, and its link reopened in another browser', async () => {
    const url = session.app.url;
    const british = await TestUser.signUp(url, 'eva');
    const german = await TestUser.signUp(url, 'fritz');
    const created = await british.request<{ id: string }>('POST', '/api/matches', {
      game: 'loos',
      scenario: (await (await fetch(`${url}/api/games`)).json()).games.find(
        (g: { id: string }) => g.id === 'loos',
      ).scenarios[0].id,
      seat: 'british',
    });
    expect(created.status).toBe(201);
    await german.join(created.body.id, 'german');
    expect((await german.request('POST', `/api/matches/${created.body.id}/resign`)).status).toBe(200);

    first = await session.newPage(1440, 900);
    await signIn(first, url, 'eva', 'correct horse battery');
    await first.goto(`${url}/#/replay/${created.body.id}`);
    await first.click('[data-analyse]');
    await first.waitForSelector('[data-analysis][data-nodes="0"] svg.board');
    await playFirstOffer(first);
    await playFirstOffer(first);
    // Undo goes back a move; another move from there makes a branch.
    await first.click('[data-undo]');
    await expect(first.locator('[data-analysis]').getAttribute('data-at')).resolves.toBe('0');
    const offers = first.locator('.choices [data-choice]');
    expect(await offers.count()).toBeGreaterThan(1);
    await offers.nth(1).click();
    await first.waitForSelector('[data-analysis][data-nodes="3"][data-at="2"]');
    const nodes = 3;
    // Two second moves: the main line and a variation nested under the first move.
    expect(await first.locator('.tree.nested [data-node="2"]').count()).toBe(1);
    // Share stores the tree on the server (which replays every move) and links to the stored id.
    expect(await first.locator('[data-link]').count()).toBe(0);
    await first.click('[data-share]');
    await first.waitForSelector('[data-link]');
    await first.screenshot({ path: screenshotPath('community-analysis-desktop') });
    const link = await first.locator('[data-link]').inputValue();
    expect(link).toMatch(/#\/analyses\/[\w-]+$/);
    const stored = await german.request<{ moves: unknown[]; by: { username: string } }>(
      'GET',
      `/api/analyses/${link.split('/').pop()}`,
    );
    expect([stored.body.moves.length, stored.body.by.username]).toEqual([nodes, 'eva']);

    // Another browser (no cookies, no session): the link rebuilds the same tree.
    second = await session.newPage(390, 844);
    await second.goto(link);
    await second.waitForSelector(`[data-analysis][data-nodes="${nodes}"] svg.board`);
    expect(await second.locator('.tree [data-node]').count()).toBe(nodes);
    await second.click('[data-node="1"]');
    await expect(second.locator('[data-analysis]').getAttribute('data-at')).resolves.toBe('1');
    await second.screenshot({ path: screenshotPath('community-analysis-phone') });
    // Nothing reached the match: its record still ends at the resignation, with no action.
    const record = await german.request<{ actions: unknown[] }>(
      'GET',
      `/api/matches/${created.body.id}/record`,
    );
    expect(record.body.actions).toHaveLength(0);
  }, 150_000);

  it("opened from one's own match under way, from that seat's view, a move played and the analysis stored for its author alone", async () => {
    const url = session.app.url;
    const blue = await TestUser.signUp(url, 'berthe');
    const red = await TestUser.signUp(url, 'rolf');
    const created = await blue.request<{ id: string }>('POST', '/api/matches', {
      game: 'belle-epoque',
      scenario: 'encounter',
      seat: 'blue',
      visibility: 'private',
    });
    expect(created.status).toBe(201);
    const m = created.body as { id: string; inviteCode: string };
    await red.join(m.id, 'red', m.inviteCode);

    first = await session.newPage(1440, 900);
    await signIn(first, url, 'rolf', 'correct horse battery');
    await first.goto(`${url}/#/match/${m.id}`);
    await first.waitForSelector('[data-analyse-mine]');
    await first.screenshot({ path: screenshotPath('community-analyse-own-match-link-desktop') });
    await first.click('[data-analyse-mine]');
    await first.waitForSelector('[data-analysis][data-nodes="0"] svg.board');
    // The board says whose view it starts from and that what that side cannot see is drawn.
    expect(await first.locator('[data-seat-view]').getAttribute('data-seat-view')).toBe('red');
    expect(await first.locator('[data-seat-view]').textContent()).toContain('drawn at random');
    await playFirstOffer(first);
    await first.click('[data-share]');
    await first.waitForSelector('[data-link]');
    await first.screenshot({ path: screenshotPath('community-analysis-own-match-desktop') });
    const id = (await first.locator('[data-link]').inputValue()).split('/').pop()!;
    const stored = await red.request<{ seat: string; moves: unknown[]; startView: object }>(
      'GET',
      `/api/analyses/${id}`,
    );
    expect([stored.body.seat, stored.body.moves.length]).toEqual(['red', 1]);
    // What red was sent is red's view, as the match page gets it; the other player cannot open it.
    const redView = (await red.request<{ view: object }>('GET', `/api/matches/${m.id}/positions/0`)).body
      .view;
    expect(stored.body.startView).toEqual(redView);
    expect((await blue.request('GET', `/api/analyses/${id}`)).status).toBe(404);

    // Reopened on a phone by its author: the same tree, from the same drawn position.
    second = await session.newPage(390, 844);
    await signIn(second, url, 'rolf', 'correct horse battery');
    await second.goto(`${url}/#/match/${m.id}`);
    await second.waitForSelector('[data-analyse-mine]');
    await second.screenshot({ path: screenshotPath('community-analyse-own-match-link-phone') });
    await second.goto(`${url}/#/analyses/${id}`);
    await second.waitForSelector('[data-analysis][data-nodes="1"] svg.board');
    expect(await second.locator('[data-seat-view]').count()).toBe(1);
    await second.screenshot({ path: screenshotPath('community-analysis-own-match-phone') });
    // Nothing reached the match.
    const summary = await blue.request<{ seq: number }>('GET', `/api/matches/${m.id}`);
    expect(summary.body.seq).toBe(0);
  }, 150_000);
});
