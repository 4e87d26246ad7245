import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  clickCentre,
  phaseOf,
  reach,
  sendOne,
  seqOf,
  signUp as signUpPage,
  startMatchFromLobby,
  takeFirstOffer,
  toActText,
} from './support/pages.ts';
import { screenshotPath } from './support/paths.ts';
import { browserSession } from './support/session.ts';

/**
 * The product end to end: the built client served by the real server on PGlite, three Chromium
 * sessions. Two players sign up, create and join a Loos match, the British bombard and attack, the
 * Germans answer, a spectator sees the same board throughout, and the finished match is replayed.
 */
describe('a Loos match in the browser', () => {
  let british: Page;
  let german: Page;
  let watcher: Page;
  let matchId = '';
  const password = 'correct horse battery';
  const session = browserSession({
    // Mail and webhooks are offered only by a server that can send them: this one says it can (the
    // mail server's port is closed; no test waits for a delivery).
    env: { SMTP_URL: 'smtp://127.0.0.1:9', PUBLIC_URL: 'http://salient.test' },
    viewport: { width: 1280, height: 860 },
    failureShots: { prefix: 'failed', pages: () => ({ british, german, watcher }) },
  });
  const newPage = session.newPage;

  const signUp = (page: Page, username: string) => signUpPage(page, session.app.url, username, password);

  /** Does something that sends one action, and waits for its position to arrive. */
  const step = sendOne;

  const toAct = toActText;

  /** Selects a unit that has somewhere to go, and returns its id. */
  async function selectMovableUnit(page: Page): Promise<string> {
    const candidates = await page
      .locator('svg.board g.counter.selectable')
      .evaluateAll((gs) => gs.map((g) => g.getAttribute('data-piece') ?? ''));
    for (const candidate of candidates.slice(0, 12)) {
      await clickCentre(page, `[data-piece="${candidate}"]`);
      // A click on a stack selects its top unit, which may not be the one aimed at.
      const selected = page.locator('svg.board g.counter.selected');
      if ((await selected.count()) > 0 && (await page.locator('[data-highlight]:not(.target)').count()) > 0) {
        return (await selected.getAttribute('data-piece')) ?? '';
      }
      await page.keyboard.press('Escape');
    }
    throw new Error('no unit has anywhere to go');
  }

  /** What a board shows: every counter with its hex and side, every marker. */
  async function boardOf(page: Page): Promise<{ pieces: string[]; markers: string[] }> {
    return page.evaluate(() => ({
      pieces: [...document.querySelectorAll('svg.board g.counter')]
        .map(
          (g) =>
            `${g.getAttribute('data-piece')}@${g.getAttribute('data-loc')}:${g.getAttribute('data-reduced')}`,
        )
        .sort(),
      markers: [...document.querySelectorAll('svg.board .marker')]
        .map((g) => `${g.getAttribute('data-marker')}@${g.getAttribute('data-loc')}`)
        .sort(),
    }));
  }

  async function expectSameBoard() {
    const seq = await seqOf(british);
    await reach(watcher, seq);
    await reach(german, seq);
    const seen = await boardOf(british);
    expect(await boardOf(watcher)).toEqual(seen);
    expect(await boardOf(german)).toEqual(seen);
  }

  beforeAll(async () => {
    british = await newPage();
    german = await newPage();
    watcher = await newPage(390, 844);
  }, 60_000);

  /** The British create a match in the lobby, the Germans join it there, a third session watches. */
  function startMatch(): Promise<string> {
    return startMatchFromLobby({
      baseUrl: session.app.url,
      creator: british,
      joiner: german,
      watcher,
      game: 'loos',
      creatorSeat: 'british',
      joinerSeatLabel: 'German',
    });
  }

  async function playSetUp() {
    expect(await toAct(german)).toContain('your move');
    await step(german, () => german.locator('[data-choice="deployStandard"]').click());
    await step(german, () => german.locator('[data-choice="endDeployment"]').click());
    await step(british, () => british.locator('[data-choice="deployStandard"]').click());
    await step(british, () => british.locator('[data-choice="endDeployment"]').click());
  }

  /** Zero hour: aircraft on a clicked hex, a bombardment with attackers picked on the map, the German reply. */
  async function bombardAndAnswer(shots: boolean) {
    await step(british, async () => {
      await british.locator('[data-choice="placeAircraft"]').click();
      await clickCentre(british, '[data-highlight="0614"]');
    });
    await step(british, async () => {
      await clickCentre(british, '[data-highlight="0615"].target');
      await british.locator('[data-option="No gas"]').click();
      await clickCentre(british, '[data-highlight="0616"]');
      await clickCentre(british, '[data-highlight="0716"]');
      expect(await british.locator('[data-highlight].picked').count()).toBe(2);
      if (shots) await british.screenshot({ path: screenshotPath('match-bombard-attackers') });
      await british.locator('[data-confirm]').click();
    });
    await british.waitForSelector('.marker[data-loc="0615"]');
    await step(british, () => british.locator('[data-choice="endMarkers"]').click());
    await reach(german, await seqOf(british));
    expect(await toAct(german)).toContain('your move');
    await step(german, () => clickCentre(german, '[data-highlight="0616"].target'));
    await step(german, () => german.locator('[data-choice="endMarkers"]').click());
  }

  /** Who is asked to act now, once both players' pages show the same position. */
  async function asked(): Promise<Page | null> {
    const seq = Math.max(await seqOf(british), await seqOf(german));
    await reach(british, seq);
    await reach(german, seq);
    if ((await toAct(british)).includes('your move')) return british;
    if ((await toAct(german)).includes('your move')) return german;
    return null;
  }

  /** Answers whatever decisions the dice asked for (losses, retreats, advances). */
  async function answerDecisions() {
    for (let i = 0; i < 12; i++) {
      const page = await asked();
      if (!page || !(await phaseOf(page)).includes(':')) return;
      await takeFirstOffer(page);
    }
  }

  /**
   * Makes an attack as Loos has it (every attack of the phase declared before any is resolved): if
   * nothing is declared yet, declares one on a target picked on the map with all the attackers it
   * allows; closes the declarations; then picks a declared target on the map, looks at the preview
   * and commits the roll.
   */
  async function attackTarget(page: Page, shots: boolean) {
    const count = (selector: string) => page.locator(selector).count();
    if ((await count('[data-choice="attack"]')) === 0) {
      if ((await count('[data-choice="resolveAttacks"]')) === 0) {
        await step(page, async () => {
          await clickCentre(page, '[data-highlight].target');
          // Every attacker offered (picks past the maximum are refused), then confirm.
          const options = page.locator('[data-active-choice] [data-option]');
          for (let k = 0; k < (await options.count()); k++) {
            if (!(await options.nth(k).getAttribute('class'))?.includes('picked'))
              await options.nth(k).click();
          }
          await page.locator('[data-confirm]').click();
        });
      }
      await step(page, () => page.locator('[data-choice="resolveAttacks"]').click());
    }
    await clickCentre(page, '[data-highlight].target');
    await page.waitForSelector('[data-ready-choice="attack"] [data-preview]');
    const preview = (await page.locator('[data-preview]').textContent()) ?? '';
    expect(preview).toContain('Differential');
    expect(preview).toContain('Line');
    expect(preview).toMatch(/\d+%/);
    if (shots) await page.screenshot({ path: screenshotPath('match-attack-preview') });
    await step(page, () => page.locator('[data-commit]').click());
    await answerDecisions();
  }

  /**
   * Plays on until the British movement phase: more British attacks, the German movement (one
   * battalion moves), and nobody bombarding in the German combat phase. False when the match ends
   * first: the rules end it at once if no British unit got out of its trenches at zero hour.
   */
  async function playOnToBritishMovement(): Promise<boolean> {
    let germanMoved = false;
    for (let i = 0; i < 40; i++) {
      const page = await asked();
      if (!page) return false;
      const phase = await phaseOf(page);
      if (phase.includes('British movement')) return true;
      if (phase.includes(':')) await takeFirstOffer(page);
      else if (
        page === british &&
        phase.includes('British combat') &&
        (await page.locator('[data-highlight].target').count()) > 0
      ) {
        await attackTarget(page, false);
      } else if (page === german && phase.includes('German movement') && !germanMoved) {
        await step(german, async () => {
          await selectMovableUnit(german);
          await clickCentre(german, '[data-highlight]:not(.target)');
        });
        germanMoved = true;
      } else {
        const skip = page.locator(
          '[data-choice="skipAircraft"], [data-choice="endMarkers"], [data-choice="endPhase"]',
        );
        if ((await skip.count()) > 0) await step(page, () => skip.first().click());
        else await takeFirstOffer(page);
      }
    }
    throw new Error('the British movement phase did not come');
  }

  it('signs two players up, creates a match and lets the other join from the lobby', async () => {
    await signUp(british, 'haig');
    await signUp(german, 'rupprecht');
    matchId = await startMatch();
    expect(await watcher.locator('.watching').count()).toBe(1);
  }, 60_000);

  it('plays the set-up: each side takes the historical deployment', async () => {
    await playSetUp();
    expect(await british.locator('svg.board g.counter').count()).toBeGreaterThan(40);
    await expectSameBoard();
    await british.screenshot({ path: screenshotPath('match-after-setup') });
  }, 60_000);

  it('bombards with attackers chosen on the map, and the Germans answer with their own bombardment', async () => {
    await bombardAndAnswer(true);
    await german.waitForSelector('.log [data-event="roll"]');
    expect(await german.locator('.log').textContent()).toContain('Bombardment');
    await expectSameBoard();
  }, 60_000);

  it('shows the odds, the table line and the chances before the British commit the attack', async () => {
    await attackTarget(british, true);
    expect(await british.locator('.log').textContent()).toContain('Combat: rolled');
    await expectSameBoard();
    await watcher.screenshot({ path: screenshotPath('match-spectator-phone'), fullPage: true });
  }, 90_000);

  it('plays on: the Germans move in answer, then the British move by clicking destinations', async () => {
    // The dice decide whether the British break in at zero hour; if they do not, the rules end the
    // match at once, so another match is played from the start (each attempt fails about 1 in 30).
    let reached = await playOnToBritishMovement();
    for (let attempt = 0; attempt < 3 && !reached; attempt++) {
      matchId = await startMatch();
      await playSetUp();
      await bombardAndAnswer(false);
      await attackTarget(british, false);
      reached = await playOnToBritishMovement();
    }
    expect(reached).toBe(true);
    expect(await british.locator('.log').textContent()).toContain('German movement phase');

    for (let n = 0; n < 2; n++) {
      const unit = await selectMovableUnit(british);
      const cost = await british.locator('[data-highlight]:not(.target)').first().getAttribute('data-cost');
      expect(Number(cost)).toBeGreaterThan(0);
      if (n === 0) await british.screenshot({ path: screenshotPath('match-move-highlights') });
      const before = (await boardOf(british)).pieces.find((p) => p.startsWith(`${unit}@`));
      await step(british, () => clickCentre(british, '[data-highlight]:not(.target)'));
      const after = (await boardOf(british)).pieces.find((p) => p.startsWith(`${unit}@`));
      expect(after).not.toEqual(before);
    }
    await expectSameBoard();
    expect(await watcher.locator('.log li').count()).toBe(await british.locator('.log li').count());

    // A move is taken back: struck through in every log, the unit back where it was.
    const beforeUndo = await boardOf(british);
    const lastMove = await british.locator('.log li').last().getAttribute('data-seq');
    await step(british, () => british.getByRole('button', { name: 'Undo' }).click());
    await british.waitForSelector(`.log li.undone[data-seq="${lastMove}"]`);
    await watcher.waitForSelector(`.log li.undone[data-seq="${lastMove}"]`);
    expect((await boardOf(british)).pieces).not.toEqual(beforeUndo.pieces);
    await expectSameBoard();
  }, 240_000);

  it('shows a dropped connection and catches up after it', async () => {
    const context = watcher.context();
    await context.setOffline(true);
    try {
      await watcher.waitForSelector('[data-connection="reconnecting"]', { timeout: 30_000 });
      await step(british, async () => {
        await selectMovableUnit(british);
        await clickCentre(british, '[data-highlight]:not(.target)');
      });
    } finally {
      await context.setOffline(false);
    }
    await watcher.waitForSelector('[data-connection="online"]', { timeout: 30_000 });
    await expectSameBoard();
  }, 90_000);

  it('ends by resignation and replays the finished match step by step', async () => {
    await british.getByRole('button', { name: 'Resign' }).click();
    await german.waitForSelector('[data-status="finished"]');
    await watcher.waitForSelector('[data-status="finished"]');
    expect(await german.locator('.outcome').textContent()).toContain('German');
    // The match is over: whichever side its last position had to act, it is nobody's move now.
    expect(await british.locator('.your-move').count()).toBe(0);
    expect(await german.locator('.your-move').count()).toBe(0);
    const total = await seqOf(british);

    // The winner offers a rematch with the sides swapped; the loser accepts it in one click and
    // both are taken to the one new match (flow.e2e.test.ts tests the offer in full).
    await german.getByRole('button', { name: 'Offer a rematch' }).click();
    await british.getByRole('button', { name: 'Accept rematch' }).click();
    for (const page of [german, british]) {
      await page.waitForURL((u) => u.hash.startsWith('#/match/') && !u.hash.includes(matchId));
      await page.waitForSelector('[data-status="active"]');
    }
    expect(await german.locator('.seats .mine').textContent()).toContain('British');

    await watcher.goto(`${session.app.url}/#/replay/${matchId}`);
    await watcher.setViewportSize({ width: 1280, height: 860 });
    await watcher.waitForSelector('[data-step-index="0"]');
    expect(await watcher.locator('svg.board g.counter').count()).toBe(0);
    await watcher.keyboard.press('ArrowRight');
    await watcher.waitForSelector('[data-step-index="1"]');
    expect(await watcher.locator('.step-events').textContent()).toContain('historical set-up');
    expect(await watcher.locator('svg.board g.counter').count()).toBeGreaterThan(0);
    await watcher.getByRole('button', { name: 'Step forward' }).click();
    await watcher.waitForSelector('[data-step-index="2"]');
    await watcher.getByRole('button', { name: 'Step back' }).click();
    await watcher.waitForSelector('[data-step-index="1"]');
    await watcher.keyboard.press('End');
    const last = Number(await watcher.locator('[data-step-index]').getAttribute('data-step-index'));
    expect(last).toBeGreaterThan(10);
    expect(last).toBeLessThanOrEqual(total);
    expect(await watcher.locator('.step-events .outcome').textContent()).toContain(
      'German (Sixth Army) wins',
    );
    await watcher.locator('select[aria-label="Jump to turn"]').selectOption({ index: 1 });
    const jumped = Number(await watcher.locator('[data-step-index]').getAttribute('data-step-index'));
    expect(jumped).toBeGreaterThan(0);
    expect(jumped).toBeLessThan(last);
    await watcher.locator('input[type="range"]').fill('3');
    await watcher.waitForSelector('[data-step-index="3"]');
    await watcher.screenshot({ path: screenshotPath('replay-step-3') });
    await watcher.keyboard.press('End');
    await watcher.setViewportSize({ width: 1440, height: 900 });
    await watcher.screenshot({ path: screenshotPath('replay-desktop') });
    await watcher.setViewportSize({ width: 390, height: 844 });
    await watcher.screenshot({ path: screenshotPath('replay-phone') });
    await watcher.setViewportSize({ width: 1280, height: 860 });
    const download = watcher.waitForEvent('download');
    await watcher.getByRole('button', { name: 'Download record' }).click();
    expect((await download).suggestedFilename()).toMatch(/^salient-loos-.*\.json$/);
  }, 90_000);
  it("loads a game's rules only where they are needed, and says so when they cannot be fetched", async () => {
    const gameScript = /\/assets\/(loos|belle-epoque|paths-of-glory|western-front)-[^/]*\.js$/;
    const reader = await newPage();
    const fetched: string[] = [];
    reader.on('request', (r) => {
      const m = gameScript.exec(new URL(r.url()).pathname);
      if (m) fetched.push(m[1]!);
    });
    await reader.goto(`${session.app.url}/#/`);
    await reader.waitForSelector('[data-loads]:not([data-loads="0"])');
    expect(fetched).toEqual([]);
    await reader.goto(`${session.app.url}/#/match/${matchId}`);
    await reader.waitForSelector('svg.board g.counter');
    expect(fetched).toEqual(['loos']);

    // The game's file cannot be fetched (offline, or a newer release replaced it): the page says so.
    const cutOff = await newPage();
    await cutOff.route(gameScript, (r) => r.abort());
    await cutOff.goto(`${session.app.url}/#/match/${matchId}`);
    await cutOff.waitForSelector('[data-game-load="failed"]');
    expect(await cutOff.locator('[data-game-load]').textContent()).toContain('could not be loaded');
    expect(await cutOff.locator('svg.board').count()).toBe(0);
    await cutOff.screenshot({ path: screenshotPath('match-rules-unavailable') });
    await cutOff.goto(`${session.app.url}/#/replay/${matchId}`);
    await cutOff.waitForSelector('.error[role="alert"]');
    expect(await cutOff.locator('.error[role="alert"]').textContent()).toContain('could not be loaded');
  }, 60_000);

  it('invites by link to a private match, which the invited player joins from the link', async () => {
    await british.goto(`${session.app.url}/#/`);
    await british.waitForSelector('select[name="game"] option[value="loos"]', { state: 'attached' });
    await british.selectOption('select[name="game"]', 'loos');
    await british.selectOption('select[name="seat"]', 'british');
    await british.check('input[name="private"]');
    await british.click('form.create button[type="submit"]');
    await british.waitForURL(/#\/match\//);
    const link = await british.locator('input.invite-link').inputValue();
    expect(link).toMatch(/#\/invite\//);

    await german.goto(link);
    await german.locator('[data-take-seat="german"]').click();
    await german.waitForURL(/#\/match\//);
    await german.waitForSelector('[data-status="active"]');
    await british.waitForSelector('[data-status="active"]');
    await german.screenshot({ path: screenshotPath('invite-joined') });
  }, 60_000);

  it('keeps the notification settings, and signs out and in again', async () => {
    await british.goto(`${session.app.url}/#/settings`);
    await british.fill('input[name="email"]', 'haig@example.org');
    await british.fill('input[name="webhookUrl"]', 'https://example.org/hook');
    await british.check('input[name="notifyByWebhook"]');
    await british.click('form button[type="submit"]');
    await british.waitForSelector('text=Saved.');
    await british.reload();
    await british.waitForFunction(
      () =>
        ((document.querySelector('input[name="webhookUrl"]') as HTMLInputElement | null)?.value ?? '') !== '',
    );
    expect(await british.inputValue('input[name="email"]')).toBe('haig@example.org');
    expect(await british.inputValue('input[name="webhookUrl"]')).toBe('https://example.org/hook');
    expect(await british.isChecked('input[name="notifyByWebhook"]')).toBe(true);

    await british.getByRole('button', { name: 'Sign out' }).click();
    await british.waitForSelector('nav a[href="#/signin"]');
    await british.goto(`${session.app.url}/#/signin`);
    await british.fill('input[name="username"]', 'haig');
    await british.fill('input[name="password"]', 'wrong password!');
    await british.click('button[type="submit"]');
    await british.waitForSelector('.error[role="alert"]');
    await british.fill('input[name="password"]', password);
    await british.click('button[type="submit"]');
    await british.waitForSelector('[data-user="haig"]');
    // "My matches" lists the matches of this account, those where it is to move first.
    await british.waitForSelector(
      '[data-list="your-turn"] li[data-match], [data-list^="mine"] li[data-match]',
    );
  }, 60_000);

  it('says what a password needs, and why a common one or a taken name in other case is refused (issue 9)', async () => {
    for (const [width, height, name] of [
      [1440, 900, 'signup-common-password'],
      [390, 844, 'signup-common-password-phone'],
    ] as const) {
      const page = await newPage(width, height);
      await page.goto(`${session.app.url}/#/signup`);
      expect(await page.locator('#password-hint').textContent()).toContain('At least 10 characters');
      await page.fill('input[name="username"]', `Newcomer${width}`);
      await page.fill('input[name="password"]', 'short');
      await page.click('button[type="submit"]');
      expect(await page.locator('.error[role="alert"]').textContent()).toContain('at least 10 characters');
      await page.fill('input[name="password"]', 'Password2024!');
      await page.click('button[type="submit"]');
      await page.waitForSelector('.error[role="alert"]:has-text("attacker")');
      await page.screenshot({ path: screenshotPath(name) });
      // A name taken in another case.
      const taken = await fetch(`${session.app.url}/api/auth/signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: `quinn${width}`, password: 'a sound password' }),
      });
      expect(taken.status).toBe(201);
      await page.fill('input[name="username"]', `QUINN${width}`);
      await page.fill('input[name="password"]', 'a sound password');
      await page.click('button[type="submit"]');
      await page.waitForSelector('.error[role="alert"]:has-text("taken")');
    }
  }, 60_000);
});
