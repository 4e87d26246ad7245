import type { Page } from 'playwright-core';

/** What every browser test does with a page of the app, whatever the game. */

/** Fills the sign-up or sign-in form at `url` and waits until the app shows the user signed in. */
async function enterAccount(page: Page, url: string, username: string, password: string): Promise<void> {
  await page.goto(url);
  await page.fill('input[name="username"]', username);
  await page.fill('input[name="password"]', password);
  await page.click('button[type="submit"]');
  await page.waitForSelector(`[data-user="${username}"]`);
}

export const signUp = (page: Page, baseUrl: string, username: string, password: string): Promise<void> =>
  enterAccount(page, `${baseUrl}/#/signup`, username, password);

export const signIn = (page: Page, baseUrl: string, username: string, password: string): Promise<void> =>
  enterAccount(page, `${baseUrl}/#/signin`, username, password);

/** The position (action count) the match page shows. */
export const seqOf = async (page: Page): Promise<number> =>
  Number(await page.locator('header[data-seq]').getAttribute('data-seq'));

/** Waits until the page shows at least position `seq` (generous by default: CI machines get loaded). */
export async function reach(page: Page, seq: number, timeout = 30_000): Promise<void> {
  await page.waitForFunction(
    (n) => Number(document.querySelector('header[data-seq]')?.getAttribute('data-seq')) >= n,
    seq,
    { timeout },
  );
}

/**
 * Clicks the middle of the first element matching `selector` (SVG hexes have no usable text). The map
 * opens zoomed to a readable size, so a hex may lie outside the part shown: then the whole map is
 * fitted first, as a player would zoom out to find it.
 */
export async function clickCentre(page: Page, selector: string): Promise<void> {
  const target = page.locator(selector).first();
  let box = await target.boundingBox();
  const map = await page.locator('svg.board').first().boundingBox();
  const inside = (b: typeof box) =>
    b !== null &&
    map !== null &&
    b.x + b.width / 2 > map.x + 4 &&
    b.x + b.width / 2 < map.x + map.width - 4 &&
    b.y + b.height / 2 > map.y + 40 &&
    b.y + b.height / 2 < map.y + map.height - 24;
  if (!inside(box) && map !== null && !selector.includes('data-tray')) {
    await page.getByRole('button', { name: 'Fit the map' }).click();
    box = await target.boundingBox();
  }
  if (!box) throw new Error(`${selector} is not on screen`);
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

export const phaseOf = async (page: Page): Promise<string> =>
  (await page.locator('[data-phase]').getAttribute('data-phase')) ?? '';

/** The "to act" line of the match header. */
export const toActText = async (page: Page): Promise<string> =>
  (await page.locator('.to-act').textContent()) ?? '';

export interface LobbyMatch {
  baseUrl: string;
  creator: Page;
  joiner: Page;
  watcher: Page;
  game: string;
  scenario?: string;
  creatorSeat: string;
  /** The label of the joiner's seat button in the open-matches list. */
  joinerSeatLabel: string;
  /** Checks on the creation form, just before it is sent. */
  beforeCreate?: (page: Page) => Promise<void>;
}

/**
 * One player creates a match in the lobby, the other joins it from the open list, a third session
 * watches; returns the match id once all three are connected.
 */
export async function startMatchFromLobby(m: LobbyMatch): Promise<string> {
  const { creator, joiner, watcher } = m;
  await creator.goto(`${m.baseUrl}/#/`);
  await creator.waitForSelector(`select[name="game"] option[value="${m.game}"]`, { state: 'attached' });
  await creator.selectOption('select[name="game"]', m.game);
  if (m.scenario) await creator.selectOption('select[name="scenario"]', m.scenario);
  await creator.selectOption('select[name="seat"]', m.creatorSeat);
  await m.beforeCreate?.(creator);
  await creator.click('form.create button[type="submit"]');
  await creator.waitForURL(/#\/match\//);
  const id = decodeURIComponent(creator.url().split('#/match/')[1] ?? '');
  if (id === '') throw new Error('the lobby did not open the new match');

  await joiner.goto(`${m.baseUrl}/#/`);
  // A lobby already open does not know the new match yet (it polls every 15 s): load it again.
  await joiner.reload();
  await joiner
    .locator(`[data-list="open"] [data-match="${id}"] button`, { hasText: m.joinerSeatLabel })
    .click();
  await joiner.waitForURL(new RegExp(`#/match/${id}`));
  await joiner.waitForSelector('[data-status="active"]');
  await creator.waitForSelector('[data-status="active"]');
  await creator.waitForSelector('[data-connection="online"]');

  await watcher.goto(`${m.baseUrl}/#/match/${id}`);
  await watcher.waitForSelector('[data-connection="online"]');
  await creator.waitForSelector('[data-spectators="1"]');
  return id;
}

/** Does something that sends one action, and waits until the page shows its position; returns it. */
export async function sendOne(page: Page, act: () => Promise<void>): Promise<number> {
  const before = await seqOf(page);
  await act();
  await reach(page, before + 1);
  return seqOf(page);
}

/**
 * Takes the first thing the side panel offers, filling each parameter with its first option (and
 * committing where the panel asks): for the decisions the dice bring, whatever they are. Returns
 * the new position.
 */
export async function takeFirstOffer(page: Page): Promise<number> {
  const before = await seqOf(page);
  for (let i = 0; i < 8 && (await seqOf(page)) === before; i++) {
    if ((await page.locator('[data-commit]').count()) > 0) await page.locator('[data-commit]').click();
    else if ((await page.locator('[data-active-choice]').count()) > 0) {
      const confirm = page.locator('[data-confirm]');
      if ((await confirm.count()) > 0 && (await confirm.isEnabled())) await confirm.click();
      else if ((await page.locator('[data-pick-on-map]').count()) > 0)
        await clickCentre(page, '[data-highlight]');
      else await page.locator('[data-option]').first().click();
    } else await page.locator('.choices [data-choice], .choices [data-select-piece]').first().click();
    // Give the server time to answer before clicking again: on a loaded machine a second click
    // would land on the next position and act twice.
    await reach(page, before + 1, 2_000).catch(() => undefined);
  }
  await reach(page, before + 1);
  return seqOf(page);
}

/**
 * Whether the first element matching `selector` can be seen without scrolling anything: inside the
 * window and inside the visible box of every scrolling or clipping box around it.
 */
export function inSight(page: Page, selector: string): Promise<boolean> {
  return page
    .locator(selector)
    .first()
    .evaluate((el) => {
      const r = el.getBoundingClientRect();
      if (
        r.height < 8 ||
        r.top < 0 ||
        r.bottom > window.innerHeight ||
        r.left < 0 ||
        r.right > window.innerWidth
      )
        return false;
      for (let p = el.parentElement; p; p = p.parentElement) {
        const style = getComputedStyle(p);
        if (style.overflowY === 'visible' && style.overflowX === 'visible') continue;
        const box = p.getBoundingClientRect();
        if (r.top < box.top - 1 || r.bottom > box.bottom + 1) return false;
      }
      return true;
    });
}
