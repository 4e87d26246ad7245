import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { inSight, signUp, startMatchFromLobby, takeFirstOffer } from './support/pages.ts';
import { screenshotPath } from './support/paths.ts';
import { browserSession } from './support/session.ts';

/**
 * The match page on a 390x844 phone (issue 22, item 9), on the real server: the match header fits
 * the screen (the opponent's name and the map's north button were cut off), and Western Front's
 * fitted map can be read, with no text over it. The same page at 1440x900 for comparison.
 */
describe('the match page on a phone', () => {
  const pages: Record<string, Page> = {};
  const password = 'phone layout 1914';
  const runId = Date.now().toString(36);
  const session = browserSession({
    timeout: 15_000,
    failureShots: { prefix: 'phone-failed', pages: () => pages },
  });

  beforeAll(async () => {
    pages.desktop = await session.newPage(1440, 900);
    pages.phone = await session.newPage(390, 844);
    pages.watcher = await session.newPage(390, 844);
    await signUp(pages.desktop, session.app.url, `kluck-${runId}`, password);
    await signUp(pages.phone, session.app.url, `smith-dorrien-${runId}`, password);
  }, 240_000);

  /** Whether an element lies wholly inside the window, left to right. */
  const fitsAcross = (page: Page, selector: string) =>
    page.locator(selector).evaluateAll((els) =>
      els.map((e) => {
        const r = e.getBoundingClientRect();
        return r.left >= -0.5 && r.right <= window.innerWidth + 0.5;
      }),
    );

  /** The header and the map's tools fit across; whoever is to move sees a button without scrolling. */
  async function checkLayout(page: Page): Promise<void> {
    expect(await fitsAcross(page, 'header.match-head > *, header.match-head [data-seat-user]')).not.toContain(
      false,
    );
    expect(await page.locator('header.match-head').evaluate((h) => h.scrollWidth <= h.clientWidth + 1)).toBe(
      true,
    );
    expect(await fitsAcross(page, '.board-wrap .tools > *')).not.toContain(false);
    if ((await page.locator('.your-move').count()) > 0 && (await page.locator('.choices button').count()) > 0)
      expect(await inSight(page, '.choices button')).toBe(true);
  }

  for (const [game, scenario, creatorSeat, joinerSeatLabel] of [
    ['loos', undefined, 'british', 'German'],
    ['belle-epoque', 'encounter', 'blue', 'Red'],
    ['paths-of-glory', 'introductory', 'cp', 'Allied Powers'],
  ] as const) {
    it(`${game}: mid-turn, the header fits and the move's buttons are in sight, on a desktop and a phone`, async () => {
      await startMatchFromLobby({
        baseUrl: session.app.url,
        creator: pages.desktop!,
        joiner: pages.phone!,
        watcher: pages.watcher!,
        game,
        ...(scenario ? { scenario } : {}),
        creatorSeat,
        joinerSeatLabel,
      });
      // A few steps in, whoever is to move taking the first thing offered.
      for (let i = 0; i < 3; i++) {
        const mover =
          (await pages.desktop!.locator('.your-move').count()) > 0 ? pages.desktop! : pages.phone!;
        if ((await mover.locator('.your-move').count()) === 0) break;
        await takeFirstOffer(mover);
      }
      for (const [who, page] of Object.entries(pages)) {
        await page.waitForSelector('svg.board');
        await checkLayout(page);
        await page.screenshot({ path: screenshotPath(`phone-layout-${game}-${who}`) });
      }
    }, 180_000);
  }

  it('Western Front: the header fits, the north button shows, and the fitted map is readable and uncovered', async () => {
    await startMatchFromLobby({
      baseUrl: session.app.url,
      creator: pages.desktop!,
      joiner: pages.phone!,
      watcher: pages.watcher!,
      game: 'western-front',
      scenario: 'mons-1914',
      creatorSeat: 'german',
      joinerSeatLabel: 'British',
    });
    for (const [who, page] of Object.entries(pages)) {
      await page.waitForSelector('svg.board g.counter');
      await page.screenshot({ path: screenshotPath(`phone-layout-wf-${who}`) });
      // Everything in the header is on the screen, the opponent's name included: nothing scrolls sideways.
      expect(
        await fitsAcross(page, 'header.match-head > *, header.match-head [data-seat-user]'),
      ).not.toContain(false);
      // The players' names are shown whole, never cut by an ellipsis.
      expect(
        await page
          .locator('header.match-head [data-seat-user]')
          .evaluateAll((els) => els.every((e) => e.scrollWidth <= e.clientWidth + 1)),
      ).toBe(true);
      const header = page.locator('header.match-head');
      expect(await header.evaluate((h) => h.scrollWidth <= h.clientWidth + 1)).toBe(true);
      for (const s of ['kluck', 'smith-dorrien'])
        expect(await header.textContent()).toContain(`${s}-${runId}`);
      // The map's tools, the north arrow last, are all on the screen.
      expect(await fitsAcross(page, '.board-wrap .tools > *')).not.toContain(false);
      await checkLayout(page);
    }
    // Fitted whole on the phone, the map keeps most of the column, and what the map says about a
    // crowded hex under the finger takes two lines at most over its foot, not a third of it.
    const phone = pages.phone!;
    await phone.getByRole('button', { name: 'Fit the map' }).click();
    await phone.waitForTimeout(300);
    const map = (await phone.locator('svg.board').boundingBox())!;
    expect(map.height).toBeGreaterThanOrEqual(844 * 0.35);
    const crowded = await phone.locator('svg.board g.counter').evaluateAll((els) => {
      const at = new Map<string, number>();
      for (const e of els)
        at.set(e.getAttribute('data-loc') ?? '', (at.get(e.getAttribute('data-loc') ?? '') ?? 0) + 1);
      return [...at.entries()].sort((a, b) => b[1] - a[1])[0]![0];
    });
    const counter = (await phone
      .locator(`svg.board g.counter[data-loc="${crowded}"]`)
      .first()
      .boundingBox())!;
    await phone.mouse.click(counter.x + counter.width / 2, counter.y + counter.height / 2);
    await phone.waitForFunction(() =>
      (document.getElementById('board-status')?.textContent ?? '').includes('units:'),
    );
    const status = (await phone.locator('#board-status').boundingBox())!;
    expect(status.height).toBeLessThanOrEqual(2 * 1.25 * 13 + 6);
    expect(status.height / map.height).toBeLessThan(0.15);
    await phone.screenshot({ path: screenshotPath('phone-layout-wf-fitted-phone') });
    await pages.watcher!.screenshot({ path: screenshotPath('phone-layout-wf-watcher-end') });
  }, 180_000);
});
