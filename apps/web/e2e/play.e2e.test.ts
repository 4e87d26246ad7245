import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { standardBritishSetup, standardGermanSetup } from '../../../packages/loos/src/deployment.ts';
import {
  clickCentre,
  reach,
  sendOne,
  seqOf,
  signIn as signInPage,
  signUp as signUpPage,
  takeFirstOffer,
} from './support/pages.ts';
import { screenshotPath } from './support/paths.ts';
import { browserSession } from './support/session.ts';

/**
 * The play experience in Chromium against the real server on PGlite: creating every game's match
 * from a fresh page, the lobby kept current by the server's pushes, a full manual Loos set-up through
 * the off-map trays while the other player's panel stays put and its log follows, the last move
 * marked on the map, stepping back through the match's history and returning to live, a rule cited
 * in the log opened on the game's rules page, the tab's title telling whose turn it is, and a live
 * clock running out. Screenshots go to apps/web/test-results/ (see the README).
 */
describe('playing in the browser', () => {
  let british: Page;
  let german: Page;
  let matchId = '';
  /** A correspondence match on the shortest turn time the server allows (60 s), started first. */
  let correspondenceId = '';
  const password = 'correct horse battery';
  const session = browserSession({
    failureShots: { prefix: 'failed', pages: () => ({ british, german }) },
  });
  const newPage = session.newPage;

  const signUp = (page: Page, username: string) => signUpPage(page, session.app.url, username, password);
  const signIn = (page: Page, username: string) => signInPage(page, session.app.url, username, password);

  /** Does something that sends one action, and waits for its position to arrive. */
  const step = sendOne;

  /** Where the panel's pinned top is on screen, and how far the window and the page have scrolled. */
  const panelPlace = (page: Page) =>
    page.evaluate(() => {
      const status = document.querySelector('.panel .status')!.getBoundingClientRect();
      return {
        top: Math.round(status.top),
        bottom: Math.round(status.bottom),
        windowScroll: window.scrollY,
        mainScroll: document.querySelector('main')!.scrollTop,
      };
    });

  const logScroll = (page: Page) =>
    page.evaluate(() => {
      const ol = document.querySelector('.log ol') as HTMLElement;
      return {
        top: ol.scrollTop,
        gap: ol.scrollHeight - ol.scrollTop - ol.clientHeight,
        rows: ol.children.length,
      };
    });

  const phaseOf = async (page: Page) => (await page.locator('[data-phase]').getAttribute('data-phase')) ?? '';
  const isAsked = async (page: Page) =>
    ((await page.locator('.to-act').textContent()) ?? '').includes('your move');

  /** Ends a phase or a marker round when offered, else takes the first offer. */
  async function passOrTake(page: Page) {
    const skip = page.locator(
      '[data-choice="skipAircraft"], [data-choice="endMarkers"], [data-choice="endPhase"]',
    );
    if ((await skip.count()) > 0) await step(page, () => skip.first().click());
    else await takeFirstOffer(page);
  }

  beforeAll(async () => {
    british = await newPage();
    german = await newPage();
    await signUp(british, 'french');
    await signUp(german, 'falkenhausen');
    // The server's real deadline, on the shortest turn a player may choose: the match starts now and
    // the Germans (to set up first) never move, so by the last test their minute has long run out.
    correspondenceId = await german.evaluate(async () => {
      const res = await fetch('/api/matches', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          game: 'loos',
          scenario: 'loos-1915',
          seat: 'german',
          timeControl: { kind: 'correspondence', secondsPerTurn: 60 },
        }),
      });
      return ((await res.json()) as { id: string }).id;
    });
    const joined = await british.evaluate(
      (id) =>
        fetch(`/api/matches/${id}/join`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ seat: 'british' }),
        }).then((r) => r.status),
      correspondenceId,
    );
    expect(joined).toBe(200);
  }, 180_000);

  it("creates every game's match first try from a fresh page, whatever was selected before", async () => {
    // Another account, so that these creations leave the others' quotas of new matches alone.
    const first = await newPage();
    await signUp(first, 'joffre');
    await first.waitForSelector('select[name="game"] option', { state: 'attached' });
    const games = await first
      .locator('select[name="game"] option')
      .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
    await first.context().close();
    expect(games.length).toBeGreaterThanOrEqual(4);
    for (const game of games) {
      const page = await newPage();
      await signIn(page, 'joffre');
      await page.waitForSelector(`select[name="game"] option[value="${game}"]`, { state: 'attached' });
      // The other game first, so its sides are what the form held before: the bug sent one of them.
      await page.selectOption('select[name="game"]', games.find((g) => g !== game)!);
      await page.selectOption('select[name="seat"]', { index: 1 });
      await page.selectOption('select[name="game"]', game);
      const [response] = await Promise.all([
        page.waitForResponse((r) => r.url().endsWith('/api/matches') && r.request().method() === 'POST'),
        page.click('form.create button[type="submit"]'),
      ]);
      expect(response.status(), game).toBe(201);
      await page.waitForURL(/#\/match\//);
      await page.waitForSelector('[data-status="open"]');
      expect(await page.locator('.match-head .title').textContent()).not.toBe('');
      await page.context().close();
    }
    // A random side is one of the scenario's sides.
    const page = await newPage();
    await signIn(page, 'joffre');
    await page.waitForSelector('select[name="game"] option[value="loos"]', { state: 'attached' });
    await page.selectOption('select[name="game"]', 'loos');
    await page.selectOption('select[name="seat"]', 'random');
    await page.click('form.create button[type="submit"]');
    await page.waitForURL(/#\/match\//);
    expect(await page.locator('.seats .mine').textContent()).toMatch(/British|German/);
    await page.context().close();
  }, 90_000);

  it("pushes a new match to another player's open lobby, without reloading it", async () => {
    await german.goto(`${session.app.url}/#/`);
    await german.waitForSelector('[data-list="open"]');
    const loadsBefore = Number(await german.locator('[data-loads]').getAttribute('data-loads'));
    await british.goto(`${session.app.url}/#/`);
    await british.waitForSelector('select[name="game"] option[value="loos"]', { state: 'attached' });
    await british.selectOption('select[name="game"]', 'loos');
    await british.selectOption('select[name="seat"]', 'british');
    await british.selectOption('select[name="pace"]', 'correspondence');
    await british.fill('input[name="days"]', '2');
    await british.click('form.create button[type="submit"]');
    await british.waitForURL(/#\/match\//);
    matchId = decodeURIComponent(british.url().split('#/match/')[1] ?? '');
    // Within seconds, with no reload: the server's nudge made the lobby fetch its lists again.
    const line = german.locator(`[data-list="open"] [data-match="${matchId}"]`);
    await line.waitFor({ timeout: 5_000 });
    expect(Number(await german.locator('[data-loads]').getAttribute('data-loads'))).toBeGreaterThan(
      loadsBefore,
    );
    expect(await line.textContent()).toContain('Loos');
    expect(await line.textContent()).toContain('correspondence, 2 days a turn');
    await german.screenshot({ path: screenshotPath('lobby-desktop') });
    await german.setViewportSize({ width: 390, height: 844 });
    await german.screenshot({ path: screenshotPath('lobby-phone'), fullPage: true });
    await german.setViewportSize({ width: 1440, height: 900 });

    await line.getByRole('button', { name: 'Play German' }).click();
    await german.waitForURL(new RegExp(`#/match/${matchId}`));
    await german.waitForSelector('[data-status="active"]');
    await british.waitForSelector('[data-status="active"]');
    await british.waitForSelector('[data-connection="online"]');
    await german.waitForSelector('[data-connection="online"]');
  }, 60_000);

  it('marks whose turn it is in the tab title and its icon', async () => {
    // The Germans set up first.
    await german.waitForFunction(() => document.title.includes('Your turn'));
    expect(await german.locator('link[rel="icon"]').getAttribute('data-badge')).toBe('true');
    expect(await british.title()).not.toContain('Your turn');
    expect(await british.locator('link[rel="icon"]').getAttribute('data-badge')).toBe('false');
  }, 30_000);

  it('sets up the whole German army by hand through the trays, while the British panel stays pinned and its log follows', async () => {
    const plan = [...standardGermanSetup().entries()];
    await german.getByRole('button', { name: 'Fit the map' }).click();
    await german.waitForSelector('[data-tray="unplaced"]');
    // Every piece of the box is there, grouped by type with its count: far more than 8.
    // The box holds both sides' pieces; the Germans may act on theirs, which come first.
    const inTray = await german.locator('[data-tray="unplaced"] [data-tray-piece]:not([disabled])').count();
    expect(inTray).toBe(plan.length);
    expect(inTray).toBeGreaterThan(20);
    expect(await german.locator('[data-tray="unplaced"] .group-title').first().textContent()).toContain(
      `German infantry battalion 1-2-4 ×${inTray}`,
    );

    const pinned = await panelPlace(british);
    let scrolledBack = false;
    for (const [i, [unit, hex]] of plan.entries()) {
      await german.locator(`[data-tray-piece="${unit}"]`).click();
      // The same legal-target highlights as for a piece on the map: outlined hexes to set up in.
      await german.waitForSelector(`[data-highlight="${hex}"]`);
      if (i === 3) await german.screenshot({ path: screenshotPath('loos-setup-trays-desktop') });
      await step(german, () => clickCentre(german, `[data-highlight="${hex}"]`));
      if (i === 10) {
        // A reader on the other side goes back to the start of the log: it must stay there.
        await reach(british, await seqOf(german));
        await british.locator('.log ol').evaluate((ol) => {
          ol.scrollTop = 0;
          ol.dispatchEvent(new Event('scroll'));
        });
        scrolledBack = true;
      }
    }
    expect(scrolledBack).toBe(true);
    expect(await german.locator('[data-tray="unplaced"] [data-tray-piece]:not([disabled])').count()).toBe(0);
    await step(german, () => german.locator('[data-choice="endDeployment"]').click());
    await reach(british, await seqOf(german));

    // 28 entries arrived on the British screen; its panel did not move and nothing scrolled the page.
    expect(await british.locator('.log li').count()).toBeGreaterThanOrEqual(28);
    expect(await panelPlace(british)).toEqual(pinned);
    const log = await logScroll(british);
    expect(log.top).toBe(0);
    expect(await british.locator('.log .new-entries').textContent()).toMatch(/\d+ new/);
    // Back at the bottom, it follows again.
    await british.locator('.log .new-entries').click();
    expect((await logScroll(british)).gap).toBeLessThan(24);
  }, 180_000);

  it('sets up the British by hand as well, marks the last move for the other side and its arrow on a change of mind', async () => {
    const plan = [...standardBritishSetup().entries()];
    await british.getByRole('button', { name: 'Fit the map' }).click();
    expect(await british.locator('[data-tray="unplaced"] [data-tray-piece]:not([disabled])').count()).toBe(
      plan.length,
    );
    const german0 = await panelPlace(german);
    const germanRows0 = await german.locator('.log li').count();
    for (const [i, [unit, hex]] of plan.entries()) {
      await british.locator(`[data-tray-piece="${unit}"]`).click();
      await british.waitForSelector(`[data-highlight="${hex}"]`);
      await step(british, () => clickCentre(british, `[data-highlight="${hex}"]`));
      if (i === 0) {
        // The Germans see where the half-brigade went.
        await reach(german, await seqOf(british));
        await german.waitForSelector(`[data-last-move-to="${hex}"]`);
        // A change of mind: the first unit goes to another legal hex, and back. The Germans see an arrow.
        await british.locator(`svg.board [data-piece="${unit}"]`).first().waitFor();
        await clickCentre(british, `svg.board [data-piece="${unit}"]`);
        const other = await british
          .locator('[data-highlight]')
          .evaluateAll(
            (els, h) => els.map((e) => e.getAttribute('data-highlight')).find((x) => x !== h),
            hex,
          );
        expect(other).toBeTruthy();
        await step(british, () => clickCentre(british, `[data-highlight="${other}"]`));
        await reach(german, await seqOf(british));
        await german.waitForSelector(`[data-last-move-from="${hex}"][data-last-move-piece="${unit}"]`);
        await german.screenshot({ path: screenshotPath('loos-last-move') });
        await clickCentre(british, `svg.board [data-piece="${unit}"]`);
        await british.waitForSelector(`[data-highlight="${hex}"]`);
        await step(british, () => clickCentre(british, `[data-highlight="${hex}"]`));
      }
    }
    await step(british, () => british.locator('[data-choice="endDeployment"]').click());
    await reach(german, await seqOf(british));
    // The status may take another line for the new phase; the panel itself stayed where it was.
    const after = await panelPlace(german);
    expect({ ...after, bottom: 0 }).toEqual({ ...german0, bottom: 0 });
    // More than 30 entries arrived meanwhile (36 set-ups, a change of mind and back, the end), and
    // the log followed: its last entry is in view.
    expect((await german.locator('.log li').count()) - germanRows0).toBeGreaterThanOrEqual(30);
    expect((await logScroll(german)).gap).toBeLessThan(24);
  }, 180_000);

  it("steps back through the match's history without leaving it, and returns to live with one click", async () => {
    const live = await german.locator('svg.board g.counter').count();
    const liveSeq = await seqOf(german);
    await german.locator('[data-history-back]').click();
    await german.waitForSelector('[data-history]:not([data-history="live"])');
    const back1 = Number(await german.locator('[data-history]').getAttribute('data-history'));
    for (let i = 0; i < 5; i++) {
      const at = Number(await german.locator('[data-history]').getAttribute('data-history'));
      await german.locator('[data-history-back]').click();
      await german.waitForSelector(`[data-history="${at - 1}"]`);
    }
    // Six steps back, the British have six fewer units on the map (the last steps set them up).
    const back6 = Number(await german.locator('[data-history]').getAttribute('data-history'));
    expect(back6).toBe(back1 - 5);
    expect(await german.locator('svg.board g.counter').count()).toBeLessThan(live);
    // Nothing can be done in the past; the match is still there, at the same position.
    expect(await german.locator('.choices').count()).toBe(0);
    expect(await seqOf(german)).toBe(liveSeq);
    await german.locator('[data-history-forward]').click();
    await german.waitForSelector(`[data-history="${back6 + 1}"]`);
    await german.screenshot({ path: screenshotPath('loos-history-desktop') });
    await german.locator('[data-history-live]').click();
    await german.waitForSelector('[data-history="live"]');
    expect(await german.locator('svg.board g.counter').count()).toBe(live);
  }, 60_000);

  it('opens the rules page at the rule a log entry cites', async () => {
    const link = british.locator('.log a[data-rule="15.2"]').first();
    await link.waitFor();
    const [rules] = await Promise.all([british.context().waitForEvent('page'), link.click()]);
    await rules.waitForLoadState();
    expect(rules.url()).toContain('/rules/loos#r15.2');
    expect(await rules.locator('main[data-rules="loos"] h2').first().textContent()).toBeTruthy();
    // 15.2 has no paragraph of its own: the page brings its first mention into view, marked.
    const marked = await rules
      .waitForFunction(
        () => {
          const el = [...document.querySelectorAll<HTMLElement>('main p, main li, main td')].find(
            (e) => e.style.background !== '',
          );
          if (!el) return null;
          const r = el.getBoundingClientRect();
          return r.top >= 40 && r.bottom <= window.innerHeight ? (el.textContent ?? '') : null;
        },
        undefined,
        { timeout: 5_000 },
      )
      .then((h) => h.jsonValue())
      .catch(async (err) => {
        const state = await rules.evaluate(() => ({
          url: location.href,
          y: window.scrollY,
          h: window.innerHeight,
          marked: [...document.querySelectorAll<HTMLElement>('main p, main li, main td')]
            .filter((e) => e.style.background !== '')
            .map((e) => JSON.stringify(e.getBoundingClientRect())),
        }));
        throw new Error(`${err}: ${JSON.stringify(state)}`);
      });
    expect(marked).toContain('15.2');
    await rules.goto(`${session.app.url}/rules/loos#r4.2`);
    expect(await rules.locator('#r4\\.2').textContent()).toContain('Terrain costs');
    await rules.close();
  }, 30_000);

  it('plays the whole British Zero Hour turn on a 390x844 phone: aircraft, bombardment, attacks and their decisions', async () => {
    await british.setViewportSize({ width: 390, height: 844 });
    let bombarded = false;
    let attacked = false;
    for (let i = 0; i < 60; i++) {
      const seq = Math.max(await seqOf(british), await seqOf(german));
      await reach(british, seq);
      await reach(german, seq);
      if ((await british.locator('[data-status="finished"]').count()) > 0) break;
      const phase = await phaseOf(british);
      // The German player turn has begun: the British turn is over.
      if (/German (movement|combat)/.test(phase) && !phase.includes(':')) break;
      if (await isAsked(british)) {
        if (phase.includes(':')) await takeFirstOffer(british);
        else if ((await british.locator('[data-choice="placeAircraft"]').count()) > 0) {
          await step(british, async () => {
            await british.locator('[data-choice="placeAircraft"]').click();
            await clickCentre(british, '[data-highlight]');
          });
        } else if (
          !bombarded &&
          (await british.locator('svg.board [data-highlight].target').count()) > 0 &&
          phase.includes('combat')
        ) {
          // A bombardment: a target on the map, no gas, the attackers that will follow picked on the map.
          await step(british, async () => {
            await clickCentre(british, '[data-highlight].target');
            const noGas = british.locator('[data-option="No gas"]');
            if ((await noGas.count()) > 0) await noGas.click();
            for (let k = 0; k < 2 && (await british.locator('[data-confirm]').count()) > 0; k++) {
              const free = british.locator('svg.board [data-highlight]:not(.picked)');
              if ((await free.count()) > 0 && (await british.locator('[data-confirm]').isDisabled()))
                await clickCentre(british, 'svg.board [data-highlight]:not(.picked)');
              else break;
            }
            if ((await british.locator('[data-confirm]').count()) > 0)
              await british.locator('[data-confirm]').click();
            if ((await british.locator('[data-commit]').count()) > 0)
              await british.locator('[data-commit]').click();
          });
          bombarded = true;
          if ((await british.locator('[data-phase]').count()) > 0)
            await british.screenshot({ path: screenshotPath('loos-phone-bombardment') });
        } else if (
          bombarded &&
          !attacked &&
          phase.includes('British combat') &&
          (await british.locator('svg.board [data-highlight].target').count()) > 0 &&
          (await british.locator('[data-choice="endMarkers"]').count()) === 0
        ) {
          // Loos declares every attack of the phase before resolving any: declare one on a target
          // picked on the map with every attacker it allows, close the declarations, then resolve it.
          if ((await british.locator('[data-choice="attack"]').count()) === 0) {
            if ((await british.locator('[data-choice="resolveAttacks"]').count()) === 0) {
              await step(british, async () => {
                await clickCentre(british, '[data-highlight].target');
                const options = british.locator('[data-active-choice] [data-option]');
                for (let n = 0; n < (await options.count()); n++)
                  if (!(await options.nth(n).getAttribute('class'))?.includes('picked'))
                    await options.nth(n).click();
                // The odds show while the attackers are chosen, before anything is declared.
                await british.waitForSelector('[data-active-choice="declareAttack"] [data-preview]');
                expect(await british.locator('[data-preview]').textContent()).toContain('Differential');
                await british.screenshot({ path: screenshotPath('loos-phone-declare-preview') });
                await british.locator('[data-confirm]').click();
              });
            }
            await step(british, () => british.locator('[data-choice="resolveAttacks"]').click());
          }
          await clickCentre(british, '[data-highlight].target');
          await british.waitForSelector('[data-ready-choice="attack"] [data-preview]');
          expect(await british.locator('[data-preview]').textContent()).toMatch(/\d+%/);
          await british.screenshot({ path: screenshotPath('loos-phone-attack-preview') });
          await step(british, () => british.locator('[data-commit]').click());
          attacked = true;
        } else await passOrTake(british);
      } else if (await isAsked(german)) await passOrTake(german);
    }
    expect(bombarded).toBe(true);
    const phase = await phaseOf(british);
    const over = (await british.locator('[data-status="finished"]').count()) > 0;
    expect(over || /German/.test(phase)).toBe(true);
    // The whole turn was played on the phone: the page never scrolled, and its log has the story.
    expect(await british.evaluate(() => [window.scrollY, document.querySelector('main')!.scrollTop])).toEqual(
      [0, 0],
    );
    expect(await british.locator('.log').textContent()).toContain('Bombardment');
    // The table's codes in the log ("Ex", "D2") are marked with their meaning in words, linked to the
    // rules page's glossary.
    await british.locator('.log [data-term] abbr[title]').first().waitFor({ state: 'attached' });
    const terms = await british.locator('.log a[data-term]').evaluateAll((links) =>
      links.map((a) => ({
        term: a.getAttribute('data-term') ?? '',
        meaning: a.querySelector('abbr')?.getAttribute('title') ?? '',
        href: a.getAttribute('href'),
      })),
    );
    expect(terms.length).toBeGreaterThan(0);
    expect(terms.every((t) => t.meaning.length > 20 && t.href === '/rules/loos#s-glossary')).toBe(true);
    // A table code is marked where the log says it outside brackets (an attack's result). A
    // bombardment's "Unharmed (Ex)" is left alone, like any bracketed citation, and the dice may
    // give this turn no attack result at all: then there is no code to check here.
    const code = terms.find((t) => /^(D2|D3|De|Ex|\(A\)|A\d|Ae)$/.test(t.term));
    if (code) expect(code.meaning).toMatch(/^Combat Results Table result: /);
    await british.screenshot({ path: screenshotPath('loos-phone-turn-played') });
    await british.setViewportSize({ width: 1440, height: 900 });
  }, 240_000);

  it('saves the match mid-game at desktop and phone sizes', async () => {
    await british.screenshot({ path: screenshotPath('loos-match-desktop') });
    const phone = await newPage(390, 844);
    await signIn(phone, 'french');
    await phone.goto(`${session.app.url}/#/match/${matchId}`);
    await phone.waitForSelector('[data-connection="online"]');
    // The panel is a sheet under a full-width map; what a thumb presses is at least 40 px tall.
    const sizes = await phone.evaluate(() => {
      const map = document.querySelector('svg.board')!.getBoundingClientRect();
      const small = [
        ...document.querySelectorAll<HTMLElement>('.panel button, .panel label, .tools button, .trays .tab'),
      ]
        .filter((b) => b.offsetParent !== null)
        .map((b) => ({ text: b.textContent?.trim(), h: Math.round(b.getBoundingClientRect().height) }))
        .filter((b) => b.h < 40);
      return { mapWidth: map.width, small };
    });
    expect(sizes.mapWidth).toBeGreaterThan(370);
    expect(sizes.small).toEqual([]);
    // Every control of the sheet can be brought into view and is then the thing a tap lands on, not
    // the banner or the log's tabs over it (Resign used to sit under the tabs).
    for (const name of ['Resign', 'Map key', 'Log', 'Chat']) {
      const control = phone.getByRole(name === 'Log' || name === 'Chat' ? 'tab' : 'button', {
        name,
        exact: true,
      });
      await control.scrollIntoViewIfNeeded();
      const onTop = await control.evaluate((el) => {
        const r = el.getBoundingClientRect();
        const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return hit !== null && (hit === el || el.contains(hit));
      });
      expect(onTop, name).toBe(true);
    }
    await phone.screenshot({ path: screenshotPath('loos-phone-sheet-scrolled') });
    await phone.locator('.panel').evaluate((p) => {
      p.scrollTop = 0;
    });
    // Whose turn it is never covers the panel below it, even when the banner wraps onto several lines
    // and the rest of the panel is scrolled: the banner sits above the scrolling part, not over it.
    for (const page of [british, phone]) {
      const overlap = await page.evaluate(() => {
        for (const chip of document.querySelectorAll('.panel .side-chip'))
          chip.textContent = 'A very long side name '.repeat(4);
        // On a phone the whole sheet scrolls (its banner sticks at the top): measure it at its top.
        (document.querySelector('.panel') as HTMLElement).scrollTop = 0;
        const body = document.querySelector('.panel .pinned-body') as HTMLElement;
        body.scrollTop = 40;
        const status = document.querySelector('.panel .status')!.getBoundingClientRect();
        const rest = body.getBoundingClientRect();
        return {
          lines: Math.round(status.height),
          statusBottom: Math.round(status.bottom),
          restTop: Math.round(rest.top),
        };
      });
      expect(overlap.lines).toBeGreaterThan(60);
      expect(overlap.statusBottom).toBeLessThanOrEqual(overlap.restTop);
      await page.screenshot({
        path: screenshotPath(`loos-long-banner-${page === phone ? 'phone' : 'desktop'}`),
      });
    }
    await phone.screenshot({ path: screenshotPath('loos-match-phone') });
    await phone.context().close();
  }, 30_000);

  it('ends a live match when a clock runs out, and says so in words', async () => {
    const created = await british.evaluate(async () => {
      const res = await fetch('/api/matches', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          game: 'loos',
          scenario: 'loos-1915',
          seat: 'british',
          timeControl: { kind: 'live', initialSeconds: 3, incrementSeconds: 0 },
        }),
      });
      return (await res.json()) as { id: string };
    });
    await german.goto(`${session.app.url}/#/match/${created.id}`);
    await german.locator('[data-take-seat="german"]').click();
    await german.waitForSelector('[data-status="active"]');
    await german.waitForSelector('.clocks .clock');
    // The Germans are to set up, and their three seconds run out.
    await german.waitForSelector('[data-status="finished"]', { timeout: 20_000 });
    expect(await german.locator('.outcome').textContent()).toMatch(
      /British \(First Army\) wins — German \(Sixth Army\) ran out of time/,
    );
    expect(await german.locator('[data-outcome-line]').textContent()).toContain('ran out of time');
  }, 40_000);

  it('lets the waiting side claim a correspondence match once the real turn deadline has passed', async () => {
    await british.goto(`${session.app.url}/#/match/${correspondenceId}`);
    await british.waitForSelector('[data-status="active"]');
    // The clock line shows the deadline in words; once it has passed the claim is offered (the
    // minute began in beforeAll, so it is normally long gone; else this waits for it).
    const claim = british.getByRole('button', { name: 'Claim the match' });
    await claim.waitFor({ timeout: 75_000 });
    expect(await british.locator('.clocks').textContent()).toContain('the waiting side may claim');
    // The side to act is never offered the claim.
    await german.goto(`${session.app.url}/#/match/${correspondenceId}`);
    await german.waitForSelector('[data-status="active"]');
    expect(await german.getByRole('button', { name: 'Claim the match' }).count()).toBe(0);
    await claim.click();
    for (const page of [british, german]) {
      await page.waitForSelector('[data-status="finished"]', { timeout: 10_000 });
      expect(await page.locator('.outcome').textContent()).toMatch(
        /British \(First Army\) wins — German \(Sixth Army\) missed the deadline/,
      );
    }
    expect(await british.locator('[data-outcome-line]').textContent()).toContain('missed the deadline');
    await british.screenshot({ path: screenshotPath('loos-claimed-on-time') });
  }, 90_000);
});
