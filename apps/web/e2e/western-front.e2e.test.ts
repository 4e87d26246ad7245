import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { clickCentre, reach, seqOf, signUp, startMatchFromLobby, toActText } from './support/pages.ts';
import { screenshotPath } from './support/paths.ts';
import { browserSession } from './support/session.ts';

/**
 * Western Front 1914 end to end: the built client on the real server, three Chromium sessions. For
 * each scenario one player creates the match in the lobby, the other joins, a spectator watches, and
 * both sides play their whole first turn through the side panel: the bombardment where there is one,
 * one unit ordered and moved (a battalion orders its MGs first), every other step ended, until turn 2 begins on every screen.
 */
describe('Western Front 1914 in the browser: the first turn of each scenario', () => {
  const pages: Record<string, Page> = {};
  const password = 'western front 1914';
  const runId = Date.now().toString(36);
  const session = browserSession({
    timeout: 15_000,
    failureShots: { prefix: 'wf-failed', pages: () => pages },
  });
  const newPage = () => session.newPage();

  const everyone = () => Object.values(pages);
  const track = async (page: Page, id: string) =>
    (await page.locator(`[data-track="${id}"] dd`).textContent()) ?? '';

  async function settle(): Promise<void> {
    const seq = Math.max(...(await Promise.all(everyone().map(seqOf))));
    await Promise.all(everyone().map((p) => reach(p, seq)));
  }

  /** Sends one action through the panel (clicking its button, then Commit if the panel asks). */
  async function send(page: Page, act: () => Promise<void>): Promise<void> {
    const before = await seqOf(page);
    await act();
    if ((await seqOf(page)) === before && (await page.locator('[data-commit]').count()) > 0) {
      await page.locator('[data-commit]').click();
    }
    await reach(page, before + 1);
    await settle();
  }

  /** Whose turn it is: the page whose header says it is its move. */
  async function mover(): Promise<Page> {
    for (const seat of ['first', 'second']) {
      if ((await toActText(pages[seat]!)).includes('your move')) return pages[seat]!;
    }
    throw new Error('nobody is to move');
  }

  beforeAll(async () => {
    pages.first = await newPage();
    pages.second = await newPage();
    pages.watcher = await newPage();
    await signUp(pages.first, session.app.url, `wf-first-${runId}`, password);
    await signUp(pages.second, session.app.url, `wf-second-${runId}`, password);
  }, 240_000);

  for (const [scenario, first, secondLabel, tag, turns] of [
    ['mons-1914', 'german', 'British', 'mons', 10],
    ['neuve-chapelle-1915', 'british', 'German', 'nc', 10],
    ['st-julien-1915', 'german', 'Canadian', 'sj', 8],
  ] as const) {
    it(`${scenario}: both sides play turn 1 through the UI, ordering and moving a unit, and turn 2 begins everywhere`, async () => {
      await startMatchFromLobby({
        baseUrl: session.app.url,
        creator: pages.first!,
        joiner: pages.second!,
        watcher: pages.watcher!,
        game: 'western-front',
        scenario,
        creatorSeat: first,
        joinerSeatLabel: secondLabel,
      });
      for (const p of everyone()) expect(await track(p, 'turn')).toBe(`1 of ${turns}`);
      await pages.first!.screenshot({ path: screenshotPath(`wf-${tag}-start-desktop`) });
      // Anyone, a spectator too, sees a stand's reach by clicking it: its range, the hexes it cannot
      // see hatched, and on each enemy stand it could fire at the chance to suppress and to kill.
      const gunner = { mons: 'i84-mg1', nc: 'mx2-mg', sj: 'c15-mg1' }[tag];
      await clickCentre(pages.watcher!, `svg.board [data-piece="${gunner}"]`);
      await pages.watcher!.waitForSelector('svg.board [data-sel-area="range"]');
      expect(await pages.watcher!.locator('[data-overlay-caption]').textContent()).toMatch(/range \d+ hexes/);
      await pages.watcher!.screenshot({ path: screenshotPath(`wf-${tag}-watcher-inspects-mg`) });
      if (tag === 'mons') {
        // A field gun's counter says whether it is limbered or deployed (movement distances, ruling 49).
        const gun = 'svg.board [data-piece="rfa-sec"]';
        expect(await pages.watcher!.locator(`${gun} .factors`).first().textContent()).toBe('deployed');
        await clickCentre(pages.watcher!, gun);
        await pages.watcher!.waitForSelector('svg.board [data-sel-area="range"]');
        expect(await pages.watcher!.locator('[data-overlay-caption]').textContent()).toMatch(
          /range 40 hexes/,
        );
        await pages.watcher!.screenshot({ path: screenshotPath('wf-mons-watcher-inspects-gun') });
      }
      const ordered = new Set<Page>();
      let movesShown = false;
      let fireShown = false;
      let radiusShown = false;
      let gasReleased = false;
      for (let i = 0; i < 60 && (await track(pages.watcher!, 'turn')) === `1 of ${turns}`; i++) {
        const page = await mover();
        const button = (action: string) => page.locator(`.choices [data-choice="${action}"]`);
        // A unit being ordered offers its actions once it is selected.
        if ((await page.locator('.choices [data-choice]').count()) === 0) {
          await page.locator('[data-select-piece]').first().click();
        }
        if ((await button('bombard').count()) > 0) {
          await send(page, () => button('bombard').click());
          await page.screenshot({ path: screenshotPath(`wf-${tag}-after-bombardment`) });
          continue;
        }
        if (!gasReleased && (await button('releaseGas').count()) > 0) {
          // St Julien: the pioneers open their cylinders on a hex picked in the panel, then commit.
          await button('releaseGas').click();
          // In no man's land before the Canadian trench's centre: the wind carries it there next turn.
          // Hexes in reach are too many for buttons: the panel asks for a click on the map.
          await clickCentre(page, '[data-highlight="1207"]');
          await send(page, async () => {});
          gasReleased = true;
          for (const p of everyone())
            expect(await p.locator('svg.board [data-marker="gas"]').count()).toBe(7);
          await page.screenshot({ path: screenshotPath(`wf-${tag}-gas-cloud`) });
          continue;
        }
        if (!fireShown && (await button('fire').count()) > 0) {
          // Choosing a fire target: the range, what is out of sight, and the chances on every target.
          await button('fire').click();
          await page.waitForSelector('svg.board [data-sel-area="range"]');
          expect(await page.locator('svg.board [data-sel-label]').count()).toBeGreaterThan(0);
          expect(await page.locator('svg.board [data-sel-label] text').first().textContent()).toMatch(
            /^S \d+% K \d+%$/,
          );
          expect(await page.locator('svg.board [data-sel-line-style="dashed"]').count()).toBeGreaterThan(0);
          await page.screenshot({ path: screenshotPath(`wf-${tag}-fire-targets-desktop`) });
          // Once a target is picked (before the commit), only its line of fire stays, drawn solid.
          await page.locator('[data-active-choice] [data-option]').first().click();
          // Attached, not visible: a line straight up or across has an empty bounding box.
          await page.waitForSelector('svg.board [data-sel-line-style="solid"]', { state: 'attached' });
          expect(await page.locator('svg.board [data-sel-line]').count()).toBe(1);
          expect(await page.locator('[data-overlay-caption]').textContent()).toMatch(/ at .*: S \d+% K \d+%/);
          await page.setViewportSize({ width: 390, height: 844 });
          await page.screenshot({ path: screenshotPath(`wf-${tag}-fire-target-phone`) });
          await page.setViewportSize({ width: 1440, height: 900 });
          fireShown = true;
          await send(page, () => page.locator('[data-commit]').click());
          continue;
        }
        if (!radiusShown && (await track(page, 'step')).endsWith('Moving command stands')) {
          // Selecting a commander shows its 25 cm command radius.
          await page.locator('[data-select-piece]').first().click();
          await page.waitForSelector('svg.board [data-sel-area="command-radius"]');
          expect(await page.locator('[data-overlay-caption]').textContent()).toMatch(
            /command radius 25 cm \(5 hexes\)/,
          );
          await page.screenshot({ path: screenshotPath(`wf-${tag}-command-radius-desktop`) });
          await page.setViewportSize({ width: 390, height: 844 });
          await page.screenshot({ path: screenshotPath(`wf-${tag}-command-radius-phone`) });
          await page.setViewportSize({ width: 1440, height: 900 });
          radiusShown = true;
        }
        if ((await button('move').count()) > 0) {
          await button('move').click();
          await page.waitForSelector('svg.board [data-highlight]');
          if (!movesShown) {
            await page.screenshot({ path: screenshotPath(`wf-${tag}-move-highlights`) });
            movesShown = true;
          }
          ordered.add(page);
          // The map opens zoomed in: the first highlighted hex may lie outside the part shown.
          await send(page, () => clickCentre(page, 'svg.board [data-highlight]'));
          continue;
        }
        if ((await button('endUnit').count()) > 0) {
          await send(page, () => button('endUnit').click());
          continue;
        }
        const company = page.locator('[data-select-piece]').first();
        // At Mons units are ordered until one may fire (a natural 1 gives a unit no action).
        if (
          (!ordered.has(page) || (tag === 'mons' && !fireShown)) &&
          (await company.count()) > 0 &&
          (await track(page, 'step')).endsWith('Battalion orders')
        ) {
          await company.click();
          await page.locator('.choices [data-choice="order"]').first().click();
          await send(page, async () => {
            if ((await page.locator('[data-active-choice] [data-option]').count()) > 0) {
              await page.locator('[data-active-choice] [data-option]').first().click();
            }
          });
          if ((await button('move').count()) === 0) ordered.add(page);
          continue;
        }
        if ((await button('endBattalion').count()) > 0)
          await send(page, () => button('endBattalion').click());
        else await send(page, () => button('endStep').click());
      }
      await settle();
      for (const p of everyone()) expect(await track(p, 'turn')).toBe(`2 of ${turns}`);
      expect(ordered.size).toBe(2);
      expect(radiusShown).toBe(true);
      // At Mons the first unit with actions has the canal's far bank in range and in sight.
      if (tag === 'mons') expect(fireShown).toBe(true);
      const log = (await pages.watcher!.locator('.log').textContent()) ?? '';
      expect(log).toMatch(/Order roll for/);
      expect(log).toMatch(/Initiative/);
      if (scenario !== 'mons-1914') expect(log).toMatch(/preliminary bombardment/);
      if (scenario === 'st-julien-1915') expect(gasReleased).toBe(true);
      await pages.first!.screenshot({ path: screenshotPath(`wf-${tag}-turn-2-desktop`) });
      await pages.watcher!.setViewportSize({ width: 390, height: 844 });
      await pages.watcher!.screenshot({ path: screenshotPath(`wf-${tag}-turn-2-phone`) });
      await pages.watcher!.setViewportSize({ width: 1440, height: 900 });
    }, 240_000);
  }
});
