import { rmSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './support/browser.ts';
import { buildPage, serveStatic } from './support/build.ts';
import { clickCentre, inSight } from './support/pages.ts';
import { screenshotPath } from './support/paths.ts';

/**
 * What a new player tripped on (issue 22), in real Chromium on the board harness (no server): the
 * log that stopped following once the panel above it grew, play buttons clipped off long cards, a
 * prompt offering hundreds of hexes as buttons, raw ids on buttons, and a counter's state only in a
 * tooltip. Each at 1440x900 and 390x844, with screenshots.
 */
describe('what a new player trips on, on the board harness', () => {
  let browser: Browser;
  let dist: string;
  let site: { url: string; close(): Promise<void> };
  const DESKTOP = { width: 1440, height: 900 };
  const PHONE = { width: 390, height: 844 };

  beforeAll(async () => {
    dist = await buildPage(path.join(import.meta.dirname, 'harness'));
    site = await serveStatic(dist);
    browser = await launchChromium();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await site?.close();
    if (dist) rmSync(dist, { recursive: true, force: true });
  });

  async function open(hash: string, viewport: { width: number; height: number }): Promise<Page> {
    const page = await browser.newPage({ viewport });
    page.setDefaultTimeout(10_000);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${site.url}/#${hash}`);
    await page.waitForSelector('svg.board');
    expect(errors).toEqual([]);
    return page;
  }

  /** Whether the log's last entry is inside the log's visible box. */
  async function lastEntryInSight(page: Page): Promise<boolean> {
    return page.evaluate(() => {
      const list = document.querySelector('section.log ol');
      const last = list?.querySelector('li:last-child');
      if (!list || !last) return false;
      const a = list.getBoundingClientRect();
      const b = last.getBoundingClientRect();
      return b.bottom <= a.bottom + 2 && b.top >= a.top - 2;
    });
  }

  const addLog = (page: Page, n: number, lines = 1) =>
    page.evaluate(
      ([n, lines]) =>
        (window as never as { harness: { addLog(n: number, l: number): void } }).harness.addLog(n, lines),
      [n, lines] as const,
    );

  it('item 1: the log keeps following after the panel above it grows, and says how many entries are new when not', async () => {
    for (const [viewport, tag] of [
      [DESKTOP, 'desktop'],
      [PHONE, 'phone'],
    ] as const) {
      const page = await open('log', viewport);
      await addLog(page, 40, 2);
      await page.waitForFunction(() => document.querySelectorAll('section.log li').length === 40);
      expect(await lastEntryInSight(page)).toBe(true);
      // The panel above grows (the map key opens): the log's box shrinks with no scroll event.
      await page.getByRole('button', { name: 'Map key' }).click();
      await page.waitForSelector('[data-legend]');
      await addLog(page, 30, 2);
      await page.waitForFunction(() => document.querySelectorAll('section.log li').length === 70);
      await page.waitForTimeout(100);
      expect(await lastEntryInSight(page)).toBe(true);
      expect(await page.locator('.new-entries').count()).toBe(0);
      await page.screenshot({ path: screenshotPath(`first-look-log-following-${tag}`) });
      // A reader who scrolled up is not pulled down, and is told how many entries came meanwhile.
      await page.locator('section.log ol').evaluate((el) => {
        el.scrollTop = 0;
      });
      await page.waitForFunction(
        () => document.querySelector('section.log ol')?.getAttribute('data-at-bottom') === 'false',
      );
      // The panel shrinks again (map key closed): the reader stays where they were.
      await page.getByRole('button', { name: 'Hide the map key' }).click();
      await addLog(page, 5, 2);
      await page.waitForSelector('.new-entries');
      expect(await page.locator('.new-entries').textContent()).toContain('5 new');
      expect(await lastEntryInSight(page)).toBe(false);
      await page.screenshot({ path: screenshotPath(`first-look-log-new-${tag}`) });
      await page.locator('.new-entries').click();
      expect(await lastEntryInSight(page)).toBe(true);
      await page.close();
    }
  });
  /** Applies an action in the harness for a seat; fails the test on the game's error. */
  async function apply(page: Page, seat: string, action: Record<string, unknown>): Promise<void> {
    const error = await page.evaluate(
      ([seat, action]) =>
        (window as never as { harness: { apply(s: string, a: unknown): string | null } }).harness.apply(
          seat,
          action,
        ),
      [seat, action] as const,
    );
    expect(error).toBeNull();
  }

  it('item 2: every play button of a Paths of Glory card is in sight, however long its text (Guns of August)', async () => {
    for (const [viewport, tag] of [
      [DESKTOP, 'desktop'],
      [PHONE, 'phone'],
    ] as const) {
      const page = await open('game=paths-of-glory&scenario=introductory&seat=cp', viewport);
      await apply(page, 'cp', { type: 'gunsOfAugust', keep: true });
      if (tag === 'phone') await page.locator('[data-drawer-tab="hand"]').click();
      const card = page.locator('[data-hand] [data-card]', { hasText: 'Guns of August' });
      await card.waitFor();
      // Every card of the hand: each of its play buttons lies wholly inside the card's box.
      const clipped = await page.locator('[data-hand] [data-card]').evaluateAll((cards) =>
        cards.flatMap((c) => {
          const card = c.getBoundingClientRect();
          // Nor hidden under the edge of the hand's own scrolling area.
          const area = c.closest('.hand-area')?.getBoundingClientRect() ?? card;
          const box = { top: Math.max(card.top, area.top), bottom: Math.min(card.bottom, area.bottom) };
          return [...c.querySelectorAll('[data-play]')]
            .map((b) => b.getBoundingClientRect())
            .filter((b) => b.top < box.top - 1 || b.bottom > box.bottom + 1 || b.height < 10)
            .map(() => c.getAttribute('data-card'));
        }),
      );
      await page.screenshot({ path: screenshotPath(`first-look-pog-cards-${tag}`) });
      expect(clipped).toEqual([]);
      expect(await card.locator('[data-play]').count()).toBeGreaterThan(0);
      // On a desktop the long text is all there to read, scrolling inside the card.
      if (tag === 'desktop') {
        const text = card.locator('.text');
        expect(await text.evaluate((t) => t.scrollHeight > t.clientHeight)).toBe(true);
        expect(await text.evaluate((t) => getComputedStyle(t).overflowY)).toBe('auto');
      }
      await page.close();
    }
  });

  it('item 3: the move and its buttons come first in the panel, in sight without scrolling (Western Front, a Paths of Glory defender)', async () => {
    for (const [viewport, tag] of [
      [DESKTOP, 'desktop'],
      [PHONE, 'phone'],
    ] as const) {
      // Western Front's opening: one button, under the panel's edge before.
      const wf = await open('game=western-front&scenario=mons-1914', viewport);
      await wf.waitForSelector('.choices button');
      expect(await inSight(wf, '.your-move')).toBe(true);
      expect(await inSight(wf, '.choices button')).toBe(true);
      await wf.screenshot({ path: screenshotPath(`first-look-wf-actions-${tag}`) });
      await wf.close();

      // Paths of Glory: the Central Powers attack Nancy; the Allied defender chooses its combat cards.
      const pog = await open('game=paths-of-glory&scenario=introductory&seat=ap', viewport);
      for (const action of [
        { type: 'gunsOfAugust', keep: false },
        { type: 'ops', card: 'cp-14' },
        { type: 'activate', space: 'metz', mode: 'attack' },
        { type: 'endActivation' },
        { type: 'declareAttack', target: 'nancy' },
        { type: 'addAttacker', unit: 'ge-army-4' },
        { type: 'addAttacker', unit: 'ge-army-5' },
        { type: 'fight' },
        { type: 'doneCards' },
      ])
        await apply(pog, 'cp', action);
      await pog.waitForSelector('[data-choice="doneCards"]');
      expect(await inSight(pog, '.your-move')).toBe(true);
      expect(await inSight(pog, '[data-choice="combatCard"]')).toBe(true);
      expect(await inSight(pog, '[data-choice="doneCards"]')).toBe(true);
      await pog.screenshot({ path: screenshotPath(`first-look-pog-defender-${tag}`) });
      await pog.close();
    }
  });
  it('item 7: buttons name units and sides as the counters do, and hundreds of hexes are picked on the map (Loos aircraft)', async () => {
    for (const [viewport, tag] of [
      [DESKTOP, 'desktop'],
      [PHONE, 'phone'],
    ] as const) {
      // Belle Epoque's first activation: a button per brigade, by its name, never its id ("b1").
      const be = await open('game=belle-epoque&scenario=encounter&seat=blue', viewport);
      await apply(be, 'blue', { type: 'doctrine', change: [] });
      await apply(be, 'red', { type: 'doctrine', change: [] });
      await be.waitForSelector('[data-select-piece]');
      const units = await be.locator('[data-select-piece]').allTextContents();
      expect(units.length).toBeGreaterThan(0);
      for (const text of units) {
        expect(text).not.toMatch(/\b[a-z]\d+\b/);
        expect(text).toMatch(/^Blue .*Brigade: Activate/);
      }
      // The unit activated: its orders under its name, which is not left half cut out of them.
      await be.locator('[data-select-piece]').first().click();
      await be.locator('.choices [data-choice]', { hasText: 'basic move' }).first().click();
      await be.waitForSelector('[data-select-piece]');
      for (const text of await be.locator('[data-select-piece]').allTextContents())
        expect(text).not.toContain(" 's");
      // Whose token was drawn, and the tracks, by the sides' names.
      expect(await be.locator('[data-phase]').getAttribute('data-phase')).toMatch(
        /a Blue token|Activation of Blue/,
      );
      expect(await be.locator('[data-track="cp-blue"] dt').textContent()).toBe('Blue command points');
      await be.screenshot({ path: screenshotPath(`first-look-be-unit-names-${tag}`) });
      await be.close();

      // Loos at zero hour: the aircraft goes on any of 594 hexes, picked on the map, not from a list.
      const loos = await open('game=loos&seat=british', viewport);
      await apply(loos, 'german', { type: 'deployStandard' });
      await apply(loos, 'german', { type: 'endDeployment' });
      await apply(loos, 'british', { type: 'deployStandard' });
      await apply(loos, 'british', { type: 'endDeployment' });
      await loos.locator('[data-choice="placeAircraft"]').click();
      await loos.waitForSelector('[data-pick-on-map]');
      expect(await loos.locator('[data-pick-on-map]').getAttribute('data-pick-on-map')).toBe('594');
      expect(await loos.locator('[data-active-choice] [data-option]').count()).toBe(0);
      expect(await loos.locator('svg.board [data-highlight]').count()).toBe(594);
      expect(await inSight(loos, '[data-pick-on-map]')).toBe(true);
      await loos.screenshot({ path: screenshotPath(`first-look-loos-aircraft-${tag}`) });
      await clickCentre(loos, 'svg.board [data-highlight="0614"]');
      await loos.waitForSelector('svg.board [data-marker="aircraft"][data-loc="0614"]');
      await loos.close();
    }
  });
  it("item 8: a counter's state is drawn on it as a badge and explained in the map key (order, gassed, out of supply)", async () => {
    for (const [viewport, tag] of [
      [DESKTOP, 'desktop'],
      [PHONE, 'phone'],
    ] as const) {
      // Belle Epoque: every brigade shows its order on the counter, not only in a tooltip.
      const be = await open('game=belle-epoque&scenario=encounter&seat=blue', viewport);
      await be.waitForSelector('svg.board g.counter');
      const counters = await be.locator('svg.board g.counter').count();
      expect(
        await be
          .locator(
            'svg.board g.counter .badge[data-state="close"], svg.board g.counter .badge[data-state="loose"]',
          )
          .count(),
      ).toBe(counters);
      const badge = be.locator('svg.board g.counter .badge').first();
      expect((await badge.boundingBox())!.height).toBeGreaterThanOrEqual(tag === 'phone' ? 5 : 7);
      await be.getByRole('button', { name: 'Map key' }).click();
      expect(await be.locator('[data-legend-state="loose"]').textContent()).toContain('Loose order');
      expect(await be.locator('[data-legend-state="close"]').textContent()).toContain('Close order');
      await be.screenshot({ path: screenshotPath(`first-look-be-order-badges-${tag}`) });
      await be.close();

      // Loos: the gas marker lies under the counter it gassed; the counter says so itself.
      const loos = await open('game=loos&seat=british', viewport);
      for (const [seat, action] of [
        ['german', { type: 'deployStandard' }],
        ['german', { type: 'endDeployment' }],
        ['british', { type: 'deployStandard' }],
        ['british', { type: 'endDeployment' }],
        ['british', { type: 'placeAircraft', hex: '0614' }],
        ['british', { type: 'bombard', target: '0415', gas: true, attackers: [] }],
      ] as const)
        await apply(loos, seat, action);
      await loos.waitForSelector('svg.board g.counter[data-loc="0415"] .badge[data-state="gassed"]');
      expect(await loos.locator('svg.board g.counter[data-loc="0415"] title').textContent()).toContain(
        'gassed',
      );
      await loos.getByRole('button', { name: 'Map key' }).click();
      expect(await loos.locator('[data-legend-state="gassed"]').count()).toBe(1);
      // Zoomed in on the gassed hex, as a player looks at it.
      await clickCentre(loos, 'svg.board g.counter[data-loc="0415"]');
      for (let i = 0; i < 4; i++) await loos.locator('svg.board').press('+');
      await loos.screenshot({ path: screenshotPath(`first-look-loos-gassed-${tag}`) });
      await loos.close();
    }
  });
});
