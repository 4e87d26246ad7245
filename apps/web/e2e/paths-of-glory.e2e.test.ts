import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  clickCentre,
  phaseOf,
  reach,
  seqOf,
  signUp as signUpPage,
  startMatchFromLobby,
} from './support/pages.ts';
import { screenshotPath } from './support/paths.ts';
import { browserSession } from './support/session.ts';

/**
 * Paths of Glory in the browser, first part: the built client on the real server (PGlite), three
 * Chromium sessions. The Central Powers create an Introductory match, the Allies join, a spectator
 * watches; the point-to-point board shows both maps with every starting unit, on desktop and phone.
 * Then the first two action rounds are played through the UI: the Central Powers play a card for
 * operations (activating, moving with the reachable spaces highlighted, attacking through the combat
 * dialog), the Allies play a card as its event, and the spectator's board follows each step.
 */

/** Units on the map when the Introductory scenario begins (the Unit Setup chart). */
const UNITS_ON_MAP = 54;

describe('a Paths of Glory Introductory match in the browser', () => {
  let cp: Page;
  let ap: Page;
  let watcher: Page;
  const password = 'paths of glory 1914';
  const runId = Date.now().toString(36);

  const session = browserSession({ timeout: 15_000 });
  const newPage = session.newPage;

  beforeAll(async () => {
    cp = await newPage();
    ap = await newPage(390, 844);
    watcher = await newPage();
  }, 60_000);

  it('creates the match in the lobby and draws the point-to-point board with every starting unit', async () => {
    await signUpPage(cp, session.app.url, `kaiser-${runId}`, password);
    await signUpPage(ap, session.app.url, `entente-${runId}`, password);
    await startMatchFromLobby({
      baseUrl: session.app.url,
      creator: cp,
      joiner: ap,
      watcher,
      game: 'paths-of-glory',
      scenario: 'introductory',
      creatorSeat: 'cp',
      joinerSeatLabel: 'Allied Powers',
    });
    for (const page of [cp, ap, watcher]) {
      await page.waitForSelector('svg.board g.counter');
      expect(await page.locator('svg.board g.counter').count()).toBe(UNITS_ON_MAP);
    }
    // The opening decision is the Central Powers': whether Guns of August starts in their hand.
    expect(await cp.locator('body').textContent()).toContain('Guns of August');
    await cp.screenshot({ path: screenshotPath('pog-board-desktop') });
    // Fitted whole, on a desktop and a phone, the map's names are still read: each one drawn is at
    // least 10 px high on screen, and those that would run into a neighbour's are left out.
    for (const [page, name] of [
      [watcher, 'pog-fit-names-desktop'],
      [ap, 'pog-fit-names-phone'],
    ] as const) {
      await page.getByRole('button', { name: 'Fit the map' }).click();
      const heights = await page
        .locator('svg.board g.graph-spaces text')
        .evaluateAll((els) => els.map((e) => e.getBoundingClientRect().height));
      const spaces = await page.locator('svg.board g.graph-spaces [data-space]').count();
      expect(heights.length).toBeGreaterThan(0);
      expect(heights.length).toBeLessThan(spaces);
      expect(Math.min(...heights)).toBeGreaterThanOrEqual(10);
      await page.screenshot({ path: screenshotPath(name) });
    }
    // A name left out shows while the mouse is over its space.
    const map = (await watcher.locator('svg.board').boundingBox())!;
    const unnamed = await watcher
      .locator('svg.board g.graph-spaces [data-space]:not([data-named])')
      .evaluateAll((els, m) => {
        for (const el of els) {
          const r = el.getBoundingClientRect();
          const x = r.x + r.width / 2;
          const y = r.y + r.height / 2;
          if (x > m.x + 60 && x < m.x + m.width - 60 && y > m.y + 60 && y < m.y + m.height - 60)
            return { id: el.getAttribute('data-space')!, x, y };
        }
        return null;
      }, map);
    expect(unnamed).not.toBeNull();
    await watcher.mouse.move(unnamed!.x, unnamed!.y);
    await watcher.waitForSelector(`svg.board g.graph-spaces [data-space="${unnamed!.id}"][data-named] text`);
    await watcher.mouse.move(map.x + map.width + 50, map.y + 10);
    await ap.screenshot({ path: screenshotPath('pog-board-phone') });
    // The phone's map keeps most of the screen: hand and boxes sit behind one row of tabs under it.
    const mapHeight = (await ap.locator('svg.board').boundingBox())?.height ?? 0;
    expect(mapHeight).toBeGreaterThan(844 * 0.4);
    for (const tab of ['hand', 'boxes']) {
      const box = await ap.locator(`[data-drawer-tab="${tab}"]`).boundingBox();
      expect(box?.height ?? 0).toBeGreaterThanOrEqual(40);
    }
    expect(await ap.locator('[data-tray-tab]').first().isVisible()).toBe(false);
    await ap.click('[data-drawer-tab="boxes"]');
    await ap.locator('[data-tray-tab]').first().waitFor();
    await ap.screenshot({ path: screenshotPath('pog-boxes-phone') });
    await ap.click('[data-drawer-tab="boxes"]');
    await watcher.screenshot({ path: screenshotPath('pog-board-spectator') });
    expect(await seqOf(cp)).toBe(0);
    await reach(watcher, 0);

    // A player's private notes sit in a tab beside the log, kept on the server for them alone; a
    // spectator has no such tab.
    await cp.click('[data-notes-tab]');
    const notes = cp.getByRole('textbox', { name: 'My notes on this match' });
    await notes.fill('Hold Liege; Belgium first.');
    await cp.getByRole('button', { name: 'Save notes' }).click();
    await cp.locator('[data-notes] [role="status"]', { hasText: 'saved' }).waitFor();
    await cp.getByRole('tab', { name: 'Log' }).click();
    await cp.click('[data-notes-tab]');
    await cp.waitForFunction(
      () =>
        (document.querySelector('[data-notes] textarea') as HTMLTextAreaElement | null)?.value ===
        'Hold Liege; Belgium first.',
    );
    expect(await watcher.locator('[data-notes-tab]').count()).toBe(0);
    await cp.getByRole('tab', { name: 'Log' }).click();
  }, 120_000);

  /** Does one thing on a page and waits until every page shows the position it made. */
  async function act(page: Page, doIt: () => Promise<void>): Promise<void> {
    const before = await seqOf(page);
    await doIt();
    for (const p of [cp, ap, watcher])
      await reach(p, before + 1).catch(async (e) => {
        await p.screenshot({ path: screenshotPath('pog-debug-stuck') });
        throw new Error(`${p === cp ? 'cp' : p === ap ? 'ap' : 'watcher'} stuck at ${await seqOf(p)}: ${e}`);
      });
  }

  /** How many cards a pile holds as the page shows it (an empty pile is not drawn). */
  const pileCount = async (page: Page, pile: string) => {
    const el = page.locator(`[data-pile="${pile}"]`);
    return (await el.count()) === 0 ? 0 : Number(await el.getAttribute('data-count'));
  };

  const yourMove = async (page: Page) => (await page.locator('.your-move').count()) > 0;

  /**
   * Whoever must act answers the prompts of a combat or an event with the first thing offered
   * (no combat card, the first unit to lose a step, the first retreat, no advance), until `done`.
   */
  async function settle(done: () => Promise<boolean>, limit = 40): Promise<void> {
    for (let i = 0; i < limit && !(await done()); i++) {
      const page = (await yourMove(cp)) ? cp : ap;
      const first = async (sel: string) => page.locator(sel).first();
      await act(page, async () => {
        for (const plain of ['doneCards', 'endAdvance', 'endAttacks', 'endFlips', 'endSr', 'keepCards']) {
          if ((await page.locator(`[data-choice="${plain}"]`).count()) > 0) {
            await (await first(`[data-choice="${plain}"]`)).click();
            return;
          }
        }
        for (const withOption of ['takeStep', 'dig', 'flip']) {
          if ((await page.locator(`[data-choice="${withOption}"]`).count()) > 0) {
            await (await first(`[data-choice="${withOption}"]`)).click();
            await (await first('button.option')).click();
            return;
          }
        }
        // Orders given unit by unit (retreats, reinforcements to place): the unit, its order, a place.
        await (await first('[data-select-piece]')).click();
        await (await first('section.choices ul.list [data-choice]')).click();
        await (await first('button.option')).click();
      });
    }
    expect(await done()).toBe(true);
  }

  it('plays the first two action rounds: operations with a move and an attack, then an event, watched', async () => {
    // The opening decision: Guns of August shuffled into the deck.
    await act(cp, async () => {
      await cp.click('[data-choice="gunsOfAugust"]');
      await cp.click('button.option[data-option^="Shuffle"]');
    });
    // The hand: each card's name, OPS, SR and event in the panel; the Allies' hand only counted.
    const hand = cp.locator('[data-hand="cp-hand"] [data-card]');
    expect(await hand.count()).toBe(7);
    const firstCard = hand.first();
    expect(await firstCard.textContent()).toMatch(/OPS\s*\d.*SR\s*\d/s);
    expect(await cp.locator('[data-pile="ap-hand"]').getAttribute('data-count')).toBe('7');
    expect(await cp.locator('[data-hand="ap-hand"]').count()).toBe(0);
    await cp.screenshot({ path: screenshotPath('pog-hand-desktop') });

    // Round 1, Central Powers: the first card of the hand played for operations.
    const played = await firstCard.getAttribute('data-card');
    await act(cp, () => firstCard.locator('[data-play="ops"]').click());
    expect(await phaseOf(cp)).toBe('Operations: activation');
    // Koblenz activated for movement and Metz for combat, by clicking the spaces (cost shown).
    expect(await cp.locator('[data-highlight="koblenz"]').getAttribute('data-cost')).toBe('1');
    await act(cp, async () => {
      await clickCentre(cp, '[data-highlight="koblenz"]');
      await cp.click('button.option[data-option="Movement"]');
    });
    await act(cp, async () => {
      await clickCentre(cp, '[data-highlight="metz"]');
      await cp.click('button.option[data-option="Combat"]');
    });
    await act(cp, () => cp.click('[data-choice="endActivation"]'));
    expect(await phaseOf(cp)).toBe('Operations: movement');

    // The stack in Koblenz opens out; the 3rd Army selected there, its reachable spaces highlighted.
    await clickCentre(cp, '[data-piece="ge-army-3"]');
    await cp.waitForSelector('[data-stack-detail="koblenz"]');
    await cp.click('[data-stack-piece="ge-army-3"]');
    await cp.waitForSelector('[data-highlight="aachen"]');
    expect(await cp.locator('g.highlights [data-highlight]').count()).toBeGreaterThan(5);
    // Zoomed in on Koblenz with the keyboard: + zooms toward the space under the cursor.
    for (let i = 0; i < 4; i++) await cp.locator('svg.board').press('+');
    await cp.screenshot({ path: screenshotPath('pog-move-highlights-desktop') });
    await act(cp, () => clickCentre(cp, '[data-highlight="aachen"]'));
    await watcher.waitForSelector('svg.board [data-piece="ge-army-3"][data-loc="aachen"]');
    await act(cp, () => cp.click('[data-choice="endMovement"]'));

    // The attack: Nancy, with both armies in Metz. Picking the target sends nothing yet: the attack's
    // forecast (strengths, columns, loss odds) shows first, and only Commit declares it.
    await cp.click('[data-choice="declareAttack"]');
    await cp.click('button.option[data-option="Nancy"]');
    const declared = cp.locator('[data-ready-choice="declareAttack"] [data-preview]');
    await declared.waitFor();
    expect(await declared.textContent()).toMatch(/Attack on Nancy.*Loss on Allied Powers.*\d+%/s);
    expect(await seqOf(cp)).toBe(await seqOf(watcher));
    await cp.screenshot({ path: screenshotPath('pog-declare-forecast-desktop') });
    // Cancelled and picked again, it waits again.
    await cp.click('[data-ready-choice="declareAttack"] button:has-text("Cancel")');
    await cp.click('[data-choice="declareAttack"]');
    await cp.click('button.option[data-option="Nancy"]');
    await declared.waitFor();
    expect(await seqOf(cp)).toBe(await seqOf(watcher));
    await act(cp, () => cp.click('[data-commit]'));
    // The first attacker waits for a commit too (no odds were on screen without an attacker); the
    // second goes at once, its odds having been shown while it was chosen.
    for (const army of ['GE 4 Army', 'GE 5 Army']) {
      await act(cp, async () => {
        await cp.click('[data-choice="addAttacker"]');
        await cp.click(`button.option[data-option="${army}"]`);
        if (army === 'GE 4 Army') {
          await cp.waitForSelector('[data-ready-choice="addAttacker"] [data-preview]');
          await cp.click('[data-commit]');
        }
      });
    }
    await cp.click('[data-choice="fight"]');
    const dialog = cp.locator('[data-ready-choice="fight"] [data-preview]');
    await dialog.waitFor();
    const figures = (await dialog.textContent()) ?? '';
    expect(figures).toContain('Attack on Nancy');
    expect(figures).toMatch(/Central Powers fire.*strength \d+ on the Army table, column/s);
    expect(figures).toMatch(/Allied Powers fire.*strength \d+/s);
    expect(figures).toMatch(/Loss on Allied Powers.*\d+%/s);
    expect(figures).toContain('Your playable combat cards');
    await cp.screenshot({ path: screenshotPath('pog-combat-dialog-desktop') });
    await act(cp, () => cp.click('[data-commit]'));
    // The defender answers with its cards, seeing the same figures on the phone.
    await settle(async () => (await yourMove(ap)) || (await phaseOf(cp)).startsWith('Combat'));
    if (await yourMove(ap)) {
      await ap.waitForSelector('[data-preview]');
      await ap.screenshot({ path: screenshotPath('pog-combat-defender-phone') });
    }
    await settle(async () => (await phaseOf(cp)).startsWith('Action round') && (await yourMove(ap)));
    expect(await cp.locator('[data-track="rounds"] dd').textContent()).toContain('1 of 6 / 0 of 6');
    // The card played went to the discards (or was removed), in everyone's piles.
    const discards = watcher.locator('[data-pile="cp-discard"]');
    expect(await pileCount(watcher, 'cp-discard')).toBe(1);
    await discards.click();
    await watcher.waitForSelector(`[data-pile-open="cp-discard"] [data-card="${played}"]`);
    await cp.screenshot({ path: screenshotPath('pog-after-attack-desktop') });

    // Round 1, Allies, on the phone: a card played as its event. About one opening Allied hand in ten
    // has no event it may play in August 1914 (reinforcements need room, some events a condition):
    // then the Allies redeploy instead and the Central Powers' second round is the event.
    const apHand = ap.locator('[data-hand="ap-hand"]');
    // On the phone the hand waits behind its tab under the map, and opens over the map's lower part
    // with every play a thumb's size.
    expect(await apHand.isVisible()).toBe(false);
    await ap.click('[data-drawer-tab="hand"]');
    await apHand.waitFor();
    const playHeights = await apHand
      .locator('[data-play]')
      .evaluateAll((els) => els.map((e) => e.getBoundingClientRect().height));
    expect(playHeights.length).toBeGreaterThan(0);
    expect(Math.min(...playHeights)).toBeGreaterThanOrEqual(40);
    await ap.screenshot({ path: screenshotPath('pog-hand-phone') });
    const rounds = cp.locator('[data-track="rounds"] dd');
    let eventSide: Page = ap;
    if ((await ap.locator('[data-hand="ap-hand"] [data-play="event"]').count()) === 0) {
      await act(ap, () => ap.locator('[data-hand="ap-hand"] [data-play="sr"]').first().click());
      await settle(async () => (await phaseOf(cp)).startsWith('Action round') && (await yourMove(cp)));
      eventSide = cp;
    }
    const seat = eventSide === ap ? 'ap' : 'cp';
    const gone = async (page: Page) =>
      (await pileCount(page, `${seat}-discard`)) + (await pileCount(page, `${seat}-removed`));
    const goneBefore = await gone(watcher);
    const event = eventSide.locator(`[data-hand="${seat}-hand"] [data-play="event"]`).first();
    expect(await event.getAttribute('data-play-card')).toMatch(new RegExp(`^${seat}-`));
    await event.click();
    await eventSide.waitForSelector('[data-ready-choice="event"]');
    await act(eventSide, () => eventSide.click('[data-commit]'));
    const next = eventSide === ap ? cp : ap;
    await settle(async () => (await phaseOf(cp)).startsWith('Action round') && (await yourMove(next)));
    expect(await rounds.textContent()).toContain(eventSide === ap ? '1 of 6 / 1 of 6' : '2 of 6 / 1 of 6');
    expect(await gone(watcher)).toBe(goneBefore + 1);
    expect(await gone(cp)).toBe(goneBefore + 1);
    // The spectator follows the same position and sees neither hand, only their sizes.
    expect(await seqOf(watcher)).toBe(await seqOf(cp));
    expect(await watcher.locator('[data-hand]').count()).toBe(0);
    expect(await watcher.locator('[data-pile="ap-hand"]').getAttribute('data-count')).toBe('6');
    await ap.screenshot({ path: screenshotPath('pog-event-phone') });
    await watcher.screenshot({ path: screenshotPath('pog-two-rounds-spectator') });
    // The Near East map is a button away, every space of it on screen.
    await watcher.click('[data-jump="neareast"]');
    const map = (await watcher.locator('svg.board').boundingBox())!;
    for (const id of ['constantinople', 'sinope']) {
      const box = (await watcher.locator(`[data-space="${id}"] rect.frame`).boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(map.x);
      expect(box.x + box.width).toBeLessThanOrEqual(map.x + map.width);
    }
    await watcher.screenshot({ path: screenshotPath('pog-near-east-spectator') });
  }, 300_000);
});
