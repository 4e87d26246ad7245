import { rmSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './support/browser.ts';
import { buildPage, serveStatic } from './support/build.ts';
import { screenshotPath } from './support/paths.ts';

/**
 * The generic board in real Chromium, drawing the test fixture game with no server: drawing from
 * BoardSpec and Presentation, selecting and moving by mouse, a multi-unit attack through the side
 * panel, wheel zoom, drag pan, keyboard navigation and a phone-sized screen.
 */
describe('board in the browser', () => {
  let browser: Browser;
  let page: Page;
  let dist: string;
  let site: { url: string; close(): Promise<void> };

  beforeAll(async () => {
    dist = await buildPage(path.join(import.meta.dirname, 'harness'));
    site = await serveStatic(dist);
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1100, height: 720 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(site.url);
    await page.waitForSelector('svg.board [data-piece="r1"]');
    expect(errors).toEqual([]);
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await site?.close();
    if (dist) rmSync(dist, { recursive: true, force: true });
  });

  async function clickCentre(selector: string) {
    const box = await page.locator(selector).first().boundingBox();
    if (!box) throw new Error(`${selector} is not on screen`);
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  }

  const sent = async () => JSON.parse((await page.locator('#sent').textContent()) ?? '[]') as unknown[];
  const viewBox = async () =>
    ((await page.locator('svg.board').getAttribute('viewBox')) ?? '').split(' ').map(Number);

  it('draws terrain, hexsides, regions, control, markers, tracks and counters from the data', async () => {
    const svg = page.locator('svg.board');
    expect(await svg.locator('[data-terrain]').count()).toBe(3);
    expect(await svg.locator('[data-hexside="trench"] path').count()).toBe(2);
    expect(await svg.locator('[data-region="village"]').textContent()).toBe('Village');
    expect(await svg.locator('[data-control="blue"]').count()).toBe(1);
    expect(await svg.locator('[data-marker="artillery"]').count()).toBe(1);
    expect(await svg.locator('[data-overlay="ridge"] path').count()).toBe(1);
    expect(await svg.locator('g.counter').count()).toBe(3);
    expect(await svg.locator('[data-piece="r1"] .factors').textContent()).toBe('4-4');
    expect(await page.locator('[data-track="turn"] dd').textContent()).toBe('1');
    await page.getByRole('button', { name: 'Hex ids' }).click();
    expect(await svg.locator('.ids text').count()).toBe(30);
    await page.getByRole('button', { name: 'Hex ids' }).click();
    expect(await svg.locator('.ids text').count()).toBe(0);
  });

  it('highlights where a selected unit may go, with costs, and moves it on a click', async () => {
    await clickCentre('[data-piece="r1"]');
    const marks = page.locator('[data-highlight]:not(.target)');
    expect(await marks.count()).toBeGreaterThanOrEqual(3);
    expect(await page.locator('[data-highlight="0202"]').getAttribute('data-cost')).toBe('1');
    await page.screenshot({ path: screenshotPath('board-unit-selected') });
    await clickCentre('[data-highlight="0202"]');
    await page.waitForSelector('[data-piece="r1"][data-loc="0202"]');
    expect(await sent()).toEqual([{ type: 'move', unit: 'r1', to: '0202' }]);
    expect(await page.locator('[data-highlight]:not(.target)').count()).toBe(0);
  });

  it('builds an attack in the panel: attackers picked on the map, confirmed, then the target', async () => {
    await clickCentre('[data-piece="r1"]');
    await clickCentre('[data-highlight="0302"]');
    await page.waitForSelector('[data-piece="r1"][data-loc="0302"]');
    await page.locator('[data-choice="attack"]').click();
    await clickCentre('[data-piece="r1"]');
    await page.locator('[data-option="r2"]').click();
    expect(await page.locator('.counter.picked').count()).toBe(2);
    await page.screenshot({ path: screenshotPath('board-attackers-picked') });
    await page.locator('[data-confirm]').click();
    expect(await page.locator('[data-active-choice="attack"] .detail').first().textContent()).toContain(
      'odds',
    );
    await clickCentre('[data-highlight="0402"]');
    // Dice will roll: the panel shows the whole attack and waits for the commit.
    await page.waitForSelector('[data-ready-choice="attack"]');
    await page.screenshot({ path: screenshotPath('board-attack-ready') });
    await page.locator('[data-commit]').click();
    await page.waitForSelector('[data-piece="b1"][data-reduced="true"]');
    const actions = await sent();
    expect(actions[actions.length - 1]).toEqual({ type: 'attack', attackers: ['r1', 'r2'], target: 'b1' });
    await page.screenshot({ path: screenshotPath('board-after-attack') });
  });

  it('shells a target hex by clicking it with nothing selected, and draws the shelled area', async () => {
    await page.keyboard.press('Escape');
    expect(await page.locator('[data-highlight="0402"].target').count()).toBe(1);
    await clickCentre('[data-piece="b1"]');
    await page.waitForSelector('[data-marker="shelled"][data-loc="0402"]');
    // The presentation's own overlay (an area of the moment) is drawn with the map's overlays.
    expect(await page.locator('[data-overlay="shelled"] path').count()).toBe(1);
    expect(await page.locator('[data-overlay="shelled"] title').textContent()).toBe('Shelled');
    const actions = await sent();
    expect(actions[actions.length - 1]).toEqual({ type: 'shell', target: '0402' });
  });

  it('zooms with the wheel about the pointer and pans by dragging without clicking', async () => {
    const before = await viewBox();
    const box = (await page.locator('svg.board').boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.wheel(0, -400);
    await page.waitForFunction(
      (w) => Number(document.querySelector('svg.board')?.getAttribute('viewBox')?.split(' ')[2]) < w,
      before[2]!,
    );
    const zoomed = await viewBox();
    const count = (await sent()).length;
    await page.mouse.move(box.x + 300, box.y + 300);
    await page.mouse.down();
    await page.mouse.move(box.x + 360, box.y + 340, { steps: 5 });
    await page.mouse.up();
    const panned = await viewBox();
    expect(panned[0]).toBeLessThan(zoomed[0]!);
    expect(panned[2]).toBeCloseTo(zoomed[2]!, 6);
    expect((await sent()).length).toBe(count);
    await page.getByRole('button', { name: 'Fit the map' }).click();
    expect((await viewBox())[2]).toBeCloseTo(before[2]!, 3);
  });

  it('is played by keyboard: arrows move the cursor, Enter selects and moves', async () => {
    await page.locator('svg.board').focus();
    await page.keyboard.press('Escape');
    // Blue to act now: end red's turn first via the panel so blue's unit is selectable.
    await page.locator('[data-choice="endTurn"]').click();
    await page.locator('svg.board').focus();
    await page.keyboard.press('ArrowDown');
    const status = page.locator('#board-status');
    expect(await status.textContent()).toMatch(/^Hex \d{4}/);
    // Walk to b1's hex (0402) from wherever the cursor starts, then select and move it.
    for (let i = 0; i < 12; i++) {
      const text = (await status.textContent()) ?? '';
      const here = text.slice(4, 8);
      if (here === '0402') break;
      const col = Number(here.slice(0, 2));
      const row = Number(here.slice(2));
      await page.keyboard.press(
        col < 4 ? 'ArrowRight' : col > 4 ? 'ArrowLeft' : row < 2 ? 'ArrowDown' : 'ArrowUp',
      );
    }
    expect(await status.textContent()).toMatch(/^Hex 0402/);
    await page.keyboard.press('Enter');
    expect(await page.locator('[data-highlight]').count()).toBeGreaterThan(0);
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Enter');
    await page.waitForSelector('[data-piece="b1"][data-loc="0401"]');
    const actions = await sent();
    expect(actions[actions.length - 1]).toEqual({ type: 'move', unit: 'b1', to: '0401' });
  });

  it('refits the map when the screen changes size (a phone turned), unless the player zoomed it by hand', async () => {
    const scale = async () => {
      const box = (await page.locator('svg.board').boundingBox())!;
      return box.width / (await viewBox())[2]!;
    };
    /** The scale and the board point in the middle: what a fit decides (the height may still settle). */
    const view = async () => {
      const [x, y, w, h] = await viewBox();
      return { scale: await scale(), cx: x! + w! / 2, cy: y! + h! / 2 };
    };
    const fitted = async () => {
      const before = await view();
      await page.getByRole('button', { name: 'Fit the map' }).click();
      const after = await view();
      const same = (a: number, b: number) => Math.abs(a - b) < 1e-3 * Math.max(1, Math.abs(a));
      return same(before.scale, after.scale) && same(before.cx, after.cx) && same(before.cy, after.cy)
        ? true
        : `${JSON.stringify(before)} then ${JSON.stringify(after)}`;
    };
    await page.setViewportSize({ width: 1100, height: 720 });
    await page.getByRole('button', { name: 'Fit the map' }).click();
    const wide = await scale();
    // Fitted by the program: turned to a narrow screen, it is fitted again, smaller.
    await page.setViewportSize({ width: 390, height: 800 });
    await page.waitForFunction(
      (w) => {
        const svg = document.querySelector('svg.board')!;
        return svg.getBoundingClientRect().width / Number(svg.getAttribute('viewBox')!.split(' ')[2]) < w;
      },
      wide,
      { timeout: 5_000 },
    );
    expect(await fitted()).toBe(true);
    // Zoomed by hand: the player's scale survives the turn back, and Fit still fits.
    const fittedScale = await scale();
    await page.getByRole('button', { name: 'Zoom in' }).click();
    await page.getByRole('button', { name: 'Zoom in' }).click();
    const mine = await scale();
    expect(mine).toBeGreaterThan(fittedScale * 1.5);
    await page.setViewportSize({ width: 1100, height: 720 });
    await page.waitForFunction(
      () => document.querySelector('svg.board')!.getBoundingClientRect().width > 500,
      undefined,
      {
        timeout: 5_000,
      },
    );
    // (Measured through the element's box, so within a percent.)
    expect(Math.abs((await scale()) / mine - 1)).toBeLessThan(0.01);
    expect(await fitted()).not.toBe(true);
    expect(Math.abs((await scale()) / wide - 1)).toBeLessThan(0.01);
  });

  it('fits a phone-sized screen', async () => {
    await page.setViewportSize({ width: 390, height: 800 });
    await page.getByRole('button', { name: 'Fit the map' }).click();
    const box = (await page.locator('svg.board').boundingBox())!;
    expect(box.width).toBeLessThanOrEqual(390);
    expect(box.height).toBeGreaterThan(250);
    await page.screenshot({ path: screenshotPath('board-phone'), fullPage: true });
  });
  it('brings a unit selected from the panel into view on a phone, keeping the zoom, but leaves a unit in sight where it is', async () => {
    await page.setViewportSize({ width: 390, height: 800 });
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Fit the map' }).click();
    for (let i = 0; i < 5; i++) await page.getByRole('button', { name: 'Zoom in' }).click();
    const map = (await page.locator('svg.board').boundingBox())!;
    const unit = (await page.locator('[data-select-piece]').first().getAttribute('data-select-piece'))!;
    const counter = `svg.board [data-piece="${unit}"]`;
    const centre = (b: { x: number; y: number; width: number; height: number }) => ({
      x: b.x + b.width / 2,
      y: b.y + b.height / 2,
    });
    const inside = (p: { x: number; y: number }) =>
      p.x >= map.x && p.x <= map.x + map.width && p.y >= map.y && p.y <= map.y + map.height;
    // Dragged so the unit is far off the screen, then chosen from the panel's list of units.
    const r1 = centre((await page.locator(counter).boundingBox())!);
    const from = centre(map);
    const away = { x: r1.x < from.x ? -1 : 1, y: r1.y < from.y ? -1 : 1 };
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(from.x + away.x * map.width * 0.45, from.y + away.y * map.height * 0.45, {
      steps: 8,
    });
    await page.mouse.up();
    expect(inside(centre((await page.locator(counter).boundingBox())!))).toBe(false);
    const width = (await viewBox())[2];
    await page.locator(`[data-select-piece="${unit}"]`).click();
    await page.waitForFunction((sel) => {
      const svg = document.querySelector('svg.board')!.getBoundingClientRect();
      const r = document.querySelector(sel)!.getBoundingClientRect();
      const x = r.x + r.width / 2;
      const y = r.y + r.height / 2;
      return x > svg.left && x < svg.right && y > svg.top && y < svg.bottom;
    }, counter);
    expect((await viewBox())[2]).toBeCloseTo(width!, 6);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: screenshotPath('board-phone-selected-brought-into-view') });
    // Now in sight, away from the edges: selected again, the map stays where it is.
    /** The board point in the middle of the map (the caption under it may change the map's height). */
    const middle = async () => {
      const [x, y, w, h] = await viewBox();
      return [x! + w! / 2, y! + h! / 2];
    };
    const before = await middle();
    await page.locator('svg.board').press('Escape');
    await page.locator(`[data-select-piece="${unit}"]`).click();
    const after = await middle();
    expect(after[0]).toBeCloseTo(before[0]!, 6);
    expect(after[1]).toBeCloseTo(before[1]!, 6);
    await page.locator('svg.board').press('Escape');
  });

  it('keeps a selected unit in sight when the screen changes size', async () => {
    await page.setViewportSize({ width: 390, height: 800 });
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Fit the map' }).click();
    for (let i = 0; i < 5; i++) await page.getByRole('button', { name: 'Zoom in' }).click();
    const unit = (await page.locator('[data-select-piece]').first().getAttribute('data-select-piece'))!;
    const counter = `svg.board [data-piece="${unit}"]`;
    const centreOf = async (sel: string) => {
      const b = (await page.locator(sel).first().boundingBox())!;
      return { x: b.x + b.width / 2, y: b.y + b.height / 2 };
    };
    /** Whether the unit's centre shows on the map, clear of the zoom tools (viewport.test: pointInSight). */
    const inSight = () =>
      page.evaluate((sel) => {
        const svg = document.querySelector('svg.board')!.getBoundingClientRect();
        const tools = document.querySelector('.board-wrap .tools')!.getBoundingClientRect();
        const r = document.querySelector(sel)!.getBoundingClientRect();
        const x = r.x + r.width / 2;
        const y = r.y + r.height / 2;
        const underTools = x >= tools.left && x <= tools.right && y >= tools.top && y <= tools.bottom;
        return x > svg.left && x < svg.right && y > svg.top && y < svg.bottom && !underTools;
      }, counter);
    await page.locator(`[data-select-piece="${unit}"]`).click();
    await page.waitForFunction(
      (sel) => document.querySelector(sel)?.classList.contains('selected'),
      `${counter} .selected, ${counter}.selected`,
    );
    expect(await inSight()).toBe(true);
    // Dragged by hand so the unit sits near the bottom of the map, then the map gets smaller (a
    // narrower window): the view keeps the player's zoom and centre, which would leave the unit
    // below the map's new bottom edge.
    await page.evaluate(() => window.scrollTo(0, 0));
    const map = (await page.locator('svg.board').boundingBox())!;
    const start = await centreOf(counter);
    // Grabbed on the left, clear of the zoom tools in the top right corner.
    const grab = { x: map.x + 40, y: Math.max(map.y, 0) + 60 };
    await page.mouse.move(grab.x, grab.y);
    await page.mouse.down();
    await page.mouse.move(grab.x, grab.y + (map.y + map.height - 60 - start.y), { steps: 6 });
    await page.mouse.up();
    // A drag is the player's own pan: the unit stays selected.
    expect(await page.locator(`${counter}.selected`).count()).toBe(1);
    await page.setViewportSize({ width: 300, height: 800 });
    await page.waitForFunction(
      (sel) => {
        const svg = document.querySelector('svg.board')!.getBoundingClientRect();
        const r = document.querySelector(sel)!.getBoundingClientRect();
        return r.y + r.height / 2 < svg.bottom;
      },
      counter,
      { timeout: 5_000 },
    );
    expect(await inSight()).toBe(true);
    await page.screenshot({ path: screenshotPath('board-phone-resized-selection') });
    await page.locator('svg.board').press('Escape');
    await page.setViewportSize({ width: 390, height: 800 });
  });

  it('draws a point-to-point map through the same component and moves along its connections', async () => {
    const graphPage = await browser.newPage({ viewport: { width: 1000, height: 700 } });
    try {
      await graphPage.goto(`${site.url}/#graph`);
      await graphPage.waitForSelector('svg.board[data-kind="graph"] [data-piece="r1"]');
      expect(await graphPage.locator('svg.board .edges line').count()).toBe(5);
      expect(await graphPage.locator('[data-region="village"]').textContent()).toBe('Village');
      expect(await graphPage.locator('[data-overlay="hill"] path').count()).toBe(1);
      const box = (await graphPage.locator('[data-piece="r1"]').boundingBox())!;
      await graphPage.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
      const marks = await graphPage
        .locator('[data-highlight]:not(.target)')
        .evaluateAll((els) => els.map((e) => e.getAttribute('data-highlight')));
      expect(marks).toEqual(['ford']);
      const ford = (await graphPage.locator('[data-highlight="ford"]').boundingBox())!;
      await graphPage.mouse.click(ford.x + ford.width / 2, ford.y + ford.height / 2);
      await graphPage.waitForSelector('[data-piece="r1"][data-loc="ford"]');
      await graphPage.screenshot({ path: screenshotPath('board-graph') });
    } finally {
      await graphPage.close();
    }
  });
});
