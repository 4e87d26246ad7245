import type { Page } from 'playwright-core';

/** What every browser test does with a page of the app, whatever the game. */

export async function signUp(page: Page, baseUrl: string, username: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}/#/signup`);
  await page.fill('input[name="username"]', username);
  await page.fill('input[name="password"]', password);
  await page.click('button[type="submit"]');
  await page.waitForSelector(`[data-user="${username}"]`);
}

/** The position (action count) the match page shows. */
export const seqOf = async (page: Page): Promise<number> =>
  Number(await page.locator('header[data-seq]').getAttribute('data-seq'));

/** Waits until the page shows at least position `seq`. */
export async function reach(page: Page, seq: number): Promise<void> {
  await page.waitForFunction(
    (n) => Number(document.querySelector('header[data-seq]')?.getAttribute('data-seq')) >= n,
    seq,
    { timeout: 15_000 },
  );
}

/** Clicks the middle of the first element matching `selector` (SVG hexes have no usable text). */
export async function clickCentre(page: Page, selector: string): Promise<void> {
  const box = await page.locator(selector).first().boundingBox();
  if (!box) throw new Error(`${selector} is not on screen`);
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

export const phaseOf = async (page: Page): Promise<string> =>
  (await page.locator('[data-phase]').getAttribute('data-phase')) ?? '';

/** The "to act" line of the match header. */
export const toActText = async (page: Page): Promise<string> =>
  (await page.locator('.to-act').textContent()) ?? '';
