import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
// The server tests' HTTP and socket client: these tests play rated matches of the server's test
// fixture game over the real API, then look at what the pages make of them.
import { type Player, TestUser } from '../../server/test/helpers/clients.ts';
import { RACE } from '../../server/test/helpers/records.ts';
import { signIn } from './support/pages.ts';
import { repoRoot, screenshotPath } from './support/paths.ts';
import { browserSession } from './support/session.ts';

// The real server entry, hosting the fixture game (a race to 3 advances) beside the real ones.
process.env.SALIENT_SERVER_ENTRY = path.join(repoRoot, 'apps', 'server', 'test', 'fixtures', 'serve.ts');

const password = 'correct horse battery';

/** A rated race to 3 between two accounts, won by `winner`'s side, over the real socket API. */
async function ratedRace(red: TestUser, blue: TestUser, winner: 'red' | 'blue'): Promise<string> {
  const created = await red.createMatch({ options: { length: 3 }, rated: true });
  await blue.join(created.id, 'blue');
  const players: Record<string, Player> = { red: await red.connect(), blue: await blue.connect() };
  for (const p of Object.values(players)) await p.join(created.id, 'seat');
  // Both deploy and advance once each; the loser then resigns (a counted loss).
  for (let i = 0; i < 4; i++) {
    const ack = await players[RACE[i]!.seat]!.submit(created.id, RACE[i]!.action, i);
    if (!ack.ok) throw new Error(`step ${i + 1}: ${ack.error.code}`);
  }
  const loser = winner === 'red' ? blue : red;
  const res = await loser.request('POST', `/api/matches/${created.id}/resign`);
  if (res.status !== 200) throw new Error(`resign answered ${res.status}`);
  for (const p of Object.values(players)) p.close();
  return created.id;
}

describe('community pages in the browser (issue 25)', () => {
  let ann: Page;
  let bob: Page;
  const session = browserSession({
    failureShots: { prefix: 'failed-community', pages: () => ({ ann, bob }) },
  });

  let annUser: TestUser;
  let bobUser: TestUser;
  beforeAll(async () => {
    annUser = await TestUser.signUp(session.app.url, 'ann');
    bobUser = await TestUser.signUp(session.app.url, 'bob');
  });

  it('a profile shows the rating history as a chart, at 1440x900 and 390x844', async () => {
    for (const winner of ['red', 'red', 'blue', 'red', 'red'] as const)
      await ratedRace(annUser, bobUser, winner);
    const cid = await TestUser.signUp(session.app.url, 'cid');
    const hidden = await annUser.createMatch({ visibility: 'private' });
    for (const [width, height, tag] of [
      [1440, 900, 'desktop'],
      [390, 844, 'phone'],
    ] as const) {
      const page = await session.newPage(width, height);
      await signIn(page, session.app.url, cid.username, password);
      await page.goto(`${session.app.url}/#/@/ann`);
      await page.waitForSelector('[data-rating-chart="skirmish"][data-points="5"] svg circle');
      expect(await page.locator('[data-rating-chart] svg circle').count()).toBe(5);
      const chart = await page.locator('[data-rating-chart] svg').boundingBox();
      expect(chart!.width).toBeLessThanOrEqual(width);
      expect(chart!.width).toBeGreaterThan(width > 1000 ? 300 : 280);
      // Its labels are drawn at their own size, not scaled down with the drawing.
      const tick = await page.locator('[data-rating-chart] svg text').first().boundingBox();
      expect(tick!.height).toBeGreaterThanOrEqual(10);
      await expect(page.locator('table.records').textContent()).resolves.toMatch(/Red\s*4\s*0\s*1/);
      expect(await page.locator('[data-list="finished"] li[data-match]').count()).toBe(5);
      // ann's private match is not shown to cid.
      expect(await page.locator(`[data-match="${hidden.id}"]`).count()).toBe(0);
      expect((await page.evaluate(() => document.documentElement.scrollWidth)) <= width).toBe(true);
      await page.screenshot({ path: screenshotPath(`community-profile-${tag}`), fullPage: true });
      await page.context().close();
    }
  }, 120_000);

  it('a challenge sent, declined with a reason, sent again and accepted, each side seeing it live', async () => {
    ann = await session.newPage(1440, 900);
    bob = await session.newPage(390, 844);
    await signIn(ann, session.app.url, 'ann', password);
    await signIn(bob, session.app.url, 'bob', password);
    await bob.goto(`${session.app.url}/#/challenges`);
    await bob.waitForSelector('[data-list="incoming"] .empty');

    const send = async () => {
      await ann.goto(`${session.app.url}/#/@/bob`);
      await ann.click('button.challenge');
      // The form's first game: a real one, whose board the accepted match then shows.
      await ann.click('[data-challenge-form] button[type="submit"]');
      await ann.waitForSelector('[data-challenge-form] .sent');
    };
    await send();
    await ann.screenshot({ path: screenshotPath('community-challenge-sent-desktop') });
    const first = bob.locator('[data-list="incoming"] li[data-challenge]');
    await first.waitFor();
    await expect(first.textContent()).resolves.toMatch(/ann challenges you: you would play \w+/);
    // The site bar tells bob a challenge waits, wherever he is.
    await bob.waitForSelector('[data-players-link][data-waiting="1"]');
    await bob.screenshot({ path: screenshotPath('community-challenge-received-phone') });
    await first.locator('select').selectOption('later');
    await first.locator('button.decline').click();
    await bob.waitForSelector('[data-list="incoming"] .empty');

    await ann.goto(`${session.app.url}/#/challenges`);
    const declined = ann.locator('[data-list="outgoing"] li[data-status="declined"]');
    await declined.waitFor();
    await expect(declined.textContent()).resolves.toContain('Not now, please ask me again later.');
    await ann.screenshot({ path: screenshotPath('community-challenge-declined-desktop') });

    await send();
    const second = bob.locator('[data-list="incoming"] li[data-challenge]');
    await second.waitFor();
    await second.locator('button.accept').click();
    await bob.waitForURL(/#\/match\//);
    const matchId = decodeURIComponent(bob.url().split('#/match/')[1]!);
    await bob.waitForSelector('header.match-head[data-status="active"]');
    await expect(bob.locator('header.match-head .seats').textContent()).resolves.toMatch(
      /ann \(1500\?\).*bob \(1500\?\)/,
    );
    await bob.waitForSelector('svg.board');
    await bob.screenshot({ path: screenshotPath('community-challenge-accepted-phone') });
    // ann's list shows it accepted, with the way to the match, without reloading.
    await ann.goto(`${session.app.url}/#/challenges`);
    await ann.waitForSelector(
      `[data-list="outgoing"] li[data-status="accepted"] a[href="#/match/${matchId}"]`,
    );
    await ann.screenshot({ path: screenshotPath('community-challenge-accepted-desktop') });
  }, 120_000);
});
