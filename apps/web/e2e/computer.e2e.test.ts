import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { reach, seqOf, signUp } from './support/pages.ts';
import { screenshotPath } from './support/paths.ts';
import { browserSession } from './support/session.ts';

/**
 * Playing against the computer (issue 24): a new player creates a match against the computer from
 * the lobby and plays several decisions, the bot answering from its worker thread; a spectator
 * watches two computers play each other. The built client on the real server, real Chromium.
 */

const summaryOf = (page: Page, id: string) =>
  page.evaluate(async (id) => (await fetch(`/api/matches/${id}`)).json(), id) as Promise<{
    seq: number;
    computer?: boolean;
    rated?: boolean;
    seats: { seat: string; bot?: string | null }[];
  }>;

const matchIdOf = (page: Page) => decodeURIComponent(page.url().split('#/match/')[1] ?? '');

describe('playing against the computer', () => {
  let player: Page;
  let watcher: Page;
  const shots: Record<string, Page | undefined> = {};
  const session = browserSession({
    failureShots: { prefix: 'computer', pages: () => shots },
    env: { BOT_PACE_MS: '400', BOT_SWEEP_MS: '1000' },
  });
  const runId = Date.now().toString(36);

  beforeAll(async () => {
    player = await session.newPage();
    watcher = await session.newPage();
    Object.assign(shots, { player, watcher });
    await signUp(player, session.app.url, `newcomer-${runId}`, 'learning loos at 2 am');
  }, 60_000);

  it('a new player creates a match against the computer in the lobby and the bot answers their moves', async () => {
    await player.goto(`${session.app.url}/#/`);
    const form = player.locator('[data-computer-form]');
    await form.locator('select[name="computer-game"] option[value="loos"]').waitFor({ state: 'attached' });
    await form.locator('select[name="computer-game"]').selectOption('loos');
    await form.locator('select[name="computer-seat"]').selectOption('british');
    await form.locator('select[name="computer-level"]').selectOption('easy');
    await form.locator('select[name="computer-pace"]').selectOption('correspondence');
    await player.screenshot({ path: screenshotPath('computer-lobby-desktop') });
    await form.locator('button[type="submit"]').click();
    await player.waitForURL(/#\/match\//);
    const id = matchIdOf(player);
    await player.waitForSelector('[data-status="active"]');
    const summary = await summaryOf(player, id);
    expect(summary.computer).toBe(true);
    expect(summary.rated).toBe(false);
    expect(summary.seats.find((s) => s.seat === 'german')?.bot).toBe('easy');
    expect(await player.locator('[data-seat-user] [data-computer]').textContent()).toBe('computer (easy)');

    // Several decisions of the player's, each the computer's own hint (shown in words, its offer
    // highlighted, then played), until the bot has answered with a step of its own after them.
    const germanStepAfter = (seq: number) =>
      player.evaluate(
        (seq) =>
          [...document.querySelectorAll('.log li[data-seq]')].some(
            (li) =>
              Number(li.getAttribute('data-seq')) > seq &&
              li.querySelector('.who')?.textContent?.includes('German'),
          ),
        seq,
      );
    const firstMine = await seqOf(player);
    let mine = 0;
    while (mine < 3 || !(await germanStepAfter(firstMine))) {
      if (mine >= 12) throw new Error('the computer never answered');
      await player.waitForFunction(
        () => document.querySelector('.to-act')?.textContent?.includes('your move'),
        null,
        {
          timeout: 60_000,
        },
      );
      await player.getByRole('button', { name: 'What would the computer do?' }).click();
      await player.waitForSelector('[data-hint="shown"]', { timeout: 30_000 });
      if (mine === 0) {
        expect(await player.locator('[data-hint-text]').textContent()).not.toBe('');
        // The hinted action is highlighted where it is taken: its offer, piece or place.
        expect(await player.locator('[data-hinted]').count()).toBeGreaterThan(0);
        await player.screenshot({ path: screenshotPath('computer-hint-desktop') });
      }
      const before = await seqOf(player);
      await player.getByRole('button', { name: 'Play it' }).click();
      await reach(player, before + 1);
      mine++;
    }
    expect(mine).toBeGreaterThanOrEqual(3);
    await player.screenshot({ path: screenshotPath('computer-match-desktop') });
    await player.setViewportSize({ width: 390, height: 844 });
    await player.screenshot({ path: screenshotPath('computer-match-phone') });
    await player.setViewportSize({ width: 1440, height: 900 });
  }, 240_000);

  it('a spectator watches two computers play each other', async () => {
    await player.goto(`${session.app.url}/#/`);
    const form = player.locator('[data-computer-form]');
    await form.locator('select[name="computer-game"] option[value="loos"]').waitFor({ state: 'attached' });
    await form.locator('select[name="computer-game"]').selectOption('loos');
    await form.locator('select[name="computer-seat"]').selectOption('watch');
    await form.locator('select[name="computer-level"]').selectOption('easy');
    await form.locator('button[type="submit"]').click();
    await player.waitForURL(/#\/match\//);
    const id = matchIdOf(player);

    // Someone not signed in finds it in the lobby, tagged, and watches it move.
    await watcher.goto(`${session.app.url}/#/`);
    const line = watcher.locator(`[data-match="${id}"]`);
    await line.waitFor({ timeout: 20_000 });
    expect(await line.locator('[data-computer]').textContent()).toBe('computer');
    await watcher.screenshot({ path: screenshotPath('computer-lobby-watch-desktop') });
    await watcher.goto(`${session.app.url}/#/match/${id}`);
    await watcher.waitForSelector('[data-connection="online"]');
    const first = await seqOf(watcher);
    await reach(watcher, first + 3, 60_000);
    await watcher.screenshot({ path: screenshotPath('computer-watch-desktop') });
    await watcher.setViewportSize({ width: 390, height: 844 });
    await reach(watcher, first + 4, 60_000);
    await watcher.screenshot({ path: screenshotPath('computer-watch-phone') });
  }, 240_000);

  it('two people agree to hints: the creator asks for them, the joiner accepts them on the button, and the player to move may ask', async () => {
    const partner = await session.newPage();
    shots.partner = partner;
    await signUp(partner, session.app.url, `partner-${runId}`, 'learning loos together');
    await player.goto(`${session.app.url}/#/`);
    const form = player.locator('form.create');
    await form.locator('select[name="game"] option[value="loos"]').waitFor({ state: 'attached' });
    await form.locator('select[name="game"]').selectOption('loos');
    await form.locator('select[name="seat"]').selectOption('british');
    // Rated play has no hints: the box is off while "Rated" is ticked.
    await form.locator('input[name="rated"]').check();
    expect(await form.locator('input[name="hints"]').isDisabled()).toBe(true);
    await form.locator('input[name="rated"]').uncheck();
    await form.locator('input[name="hints"]').check();
    await form.locator('button[type="submit"]').click();
    await player.waitForURL(/#\/match\//);
    const id = matchIdOf(player);

    // The other player sees, in the open list and on the button itself, what joining agrees to.
    await partner.goto(`${session.app.url}/#/`);
    const line = partner.locator(`[data-list="open"] [data-match="${id}"]`);
    await line.waitFor({ timeout: 20_000 });
    expect(await line.locator('.who').textContent()).toContain('hints for both');
    const join = line.getByRole('button', { name: /with hints/ });
    await partner.screenshot({ path: screenshotPath('hints-agreed-lobby-desktop') });
    await join.click();
    await partner.waitForURL(/#\/match\//);
    await partner.waitForSelector('[data-status="active"]');

    // Whoever is to move asks the computer and gets the action shown and highlighted.
    await player.waitForSelector('[data-status="active"]');
    const mover = await Promise.any(
      [player, partner].map(async (page) => {
        await page.waitForFunction(
          () => document.querySelector('.to-act')?.textContent?.includes('your move'),
          null,
          {
            timeout: 30_000,
          },
        );
        return page;
      }),
    );
    await mover.getByRole('button', { name: 'What would the computer do?' }).click();
    await mover.waitForSelector('[data-hint="shown"]', { timeout: 30_000 });
    expect(await mover.locator('[data-hinted]').count()).toBeGreaterThan(0);
    await mover.screenshot({ path: screenshotPath('hints-agreed-match-desktop') });
  }, 120_000);
});
