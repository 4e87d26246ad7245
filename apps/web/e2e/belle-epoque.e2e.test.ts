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
 * A Belle Epoque encounter end to end: the built client on the real server (PGlite), three Chromium
 * sessions. Blue creates the match in the lobby, Red joins, a spectator watches; both seal their
 * doctrine through the UI, then activations are played as the bowl decides, on every screen alike.
 */

type Side = 'blue' | 'red';

/** Units tried first when a side's token is drawn: the cavalry reaches the enemy soonest. */
const PREFERENCE: Record<Side, string[]> = {
  blue: ['b7', 'b8', 'b6', 'b4', 'b3', 'b2', 'b1', 'b5'],
  red: ['r8', 'r7', 'r6', 'r4', 'r3', 'r2', 'r1', 'r5'],
};

/** Sectors a unit moves per activation in this test: enough to close in, few enough to stay quick. */
const STEPS_PER_ACTIVATION = 4;
const SECTORS = 13 * 9;

interface Board {
  pieces: string[];
  markers: string[];
}

interface Played {
  activations: number;
  tests: number;
  moves: number;
  discoveries: number;
  fires: number;
  assaults: number;
  decisions: number;
  /** Tokens left in the bowl at each draw, with the turn and the units on the map then. */
  draws: { turn: string; bowl: number; units: number }[];
}

describe('a Belle Epoque encounter in the browser', () => {
  let blue: Page;
  let red: Page;
  let watcher: Page;
  /** What Red's and the spectator's sockets received, to show a sealed doctrine never reaches them. */
  const framesTo = { red: [] as string[], watcher: [] as string[] };
  const password = 'belle epoque 1900';
  const runId = Date.now().toString(36);
  const names = { blue: `blue-${runId}`, red: `red-${runId}` };

  const session = browserSession({
    viewport: { width: 1280, height: 960 },
    failureShots: { prefix: 'be-failed', pages: () => ({ blue, red, watcher }) },
  });

  /** A page whose socket frames, when `frames` is given, are kept there. */
  async function newPage(frames?: string[]): Promise<Page> {
    const page = await session.newPage();
    if (frames) {
      page.on('websocket', (ws) => ws.on('framereceived', (f) => frames.push(String(f.payload))));
    }
    return page;
  }

  const everyone = () => [blue, red, watcher];

  const signUp = (page: Page, username: string) => signUpPage(page, session.app.url, username, password);

  /** All three screens at the newest position any of them shows. */
  async function settle(): Promise<number> {
    const seq = Math.max(...(await Promise.all(everyone().map(seqOf))));
    await Promise.all(everyone().map((p) => reach(p, seq)));
    return seq;
  }

  /** Does something that sends one action, and waits until every screen shows its result. */
  async function step(page: Page, act: () => Promise<void>) {
    await sendOne(page, act);
    await settle();
  }

  const yourMove = async (page: Page) => (await toActText(page)).includes('your move');
  const track = async (page: Page, id: string) =>
    (await page.locator(`[data-track="${id}"] dd`).textContent()) ?? '';
  const logText = async (page: Page) => (await page.locator('.log').textContent()) ?? '';

  /** Every counter with its sector and factors (stands left/at start, troop type), every marker. */
  async function boardOf(page: Page): Promise<Board> {
    return page.evaluate(() => ({
      pieces: [...document.querySelectorAll('svg.board g.counter')]
        .map(
          (g) =>
            `${g.getAttribute('data-piece')}@${g.getAttribute('data-loc')}:${g.querySelector('.factors')?.textContent}`,
        )
        .sort(),
      markers: [...document.querySelectorAll('svg.board .marker')]
        .map((g) => `${g.getAttribute('data-marker')}@${g.getAttribute('data-loc')}`)
        .sort(),
    }));
  }

  const unexplored = (board: Board) => board.markers.filter((m) => m.startsWith('unexplored@'));

  /** The same board, unknown ground and tracks on all three screens; returns the players' board. */
  async function expectSameEverywhere(): Promise<Board> {
    await settle();
    const [seen, ...others] = await Promise.all(everyone().map(boardOf));
    for (const other of others) expect(other).toEqual(seen);
    const tracksOf = (page: Page) =>
      page
        .locator('[data-track]')
        .evaluateAll((ds) => ds.map((d) => `${d.getAttribute('data-track')}=${d.textContent}`));
    const [tracks, ...otherTracks] = await Promise.all(everyone().map(tracksOf));
    for (const other of otherTracks) expect(other).toEqual(tracks);
    return seen!;
  }

  /** The board title of a counter: its name, factors and notes (order, quality, ratings). */
  const counterTitle = async (page: Page, unit: string) =>
    (await page.locator(`svg.board g.counter[data-piece="${unit}"] > title`).textContent()) ?? '';

  beforeAll(async () => {
    blue = await newPage();
    red = await newPage(framesTo.red);
    watcher = await newPage(framesTo.watcher);
  }, 60_000);

  it('creates an encounter in the lobby, the other player joins and a spectator watches', async () => {
    await signUp(blue, names.blue);
    await signUp(red, names.red);

    await startMatchFromLobby({
      baseUrl: session.app.url,
      creator: blue,
      joiner: red,
      watcher,
      game: 'belle-epoque',
      scenario: 'encounter',
      creatorSeat: 'blue',
      joinerSeatLabel: 'Red',
      beforeCreate: async (page) =>
        expect(await page.locator('.desc').textContent()).toContain('unknown ground'),
    });
    expect(await watcher.locator('.watching').count()).toBe(1);

    // Sixteen brigades, each with its stands shown as factors (4 for infantry, 3 for cavalry).
    const board = await expectSameEverywhere();
    expect(board.pieces).toHaveLength(16);
    expect(board.pieces).toContain('b1@0209:4/4 B');
    expect(board.pieces).toContain('r8@1201:3/3 F');
    // Only what the armies see from their start lines is known; the middle of the map is not.
    const unknown = unexplored(board);
    expect(unknown.length).toBeGreaterThan(0);
    expect(unknown.length).toBeLessThan(SECTORS);
    for (const page of everyone())
      expect(await page.locator('svg.board [data-terrain="unknown"]').count()).toBe(1);
  }, 60_000);

  it('keeps the first doctrine sealed from the other side until both have chosen', async () => {
    for (const page of everyone()) expect(await phaseOf(page)).toBe('Choosing loose or close order');
    expect(await yourMove(blue)).toBe(true);
    expect(await yourMove(red)).toBe(true);

    // Blue puts two more brigades in loose order (its Rifle Brigade is loose by default): one
    // clicked on the map, one from the list.
    await step(blue, async () => {
      await blue.locator('[data-choice="doctrine"]').click();
      await clickCentre(blue, 'svg.board g.counter.pickable[data-piece="b1"]');
      await blue
        .locator('[data-active-choice] [data-option="Blue 2nd Brigade: close to loose order"]')
        .click();
      expect(await blue.locator('[data-active-choice] [data-option].picked').count()).toBe(2);
      await blue.locator('[data-confirm]').click();
    });
    expect(await yourMove(blue)).toBe(false);
    expect(await yourMove(red)).toBe(true);
    for (const page of [red, watcher]) {
      expect(await logText(page)).toContain('The Blue army has chosen its order of battle');
      expect(await counterTitle(page, 'b1')).toContain('close order');
      expect(await counterTitle(page, 'b2')).toContain('close order');
      expect(await logText(page)).not.toContain('loose order for');
    }
    // Not on the screen, and not in anything the server sent: Red's and the spectator's views
    // arrived (Blue's submission among them) with no trace of what Blue sealed, whether as a whole
    // view (`"sealed":{..."blue"...}`) or as a patch (`"p":["phase","sealed","blue"]`).
    for (const frames of [framesTo.red, framesTo.watcher]) {
      expect(frames.some((f) => /"submitted"(:\[|,0\],"v":)"blue"/.test(f))).toBe(true);
      expect(frames.filter((f) => /"sealed":\{[^}]*"blue"|"sealed","blue"/.test(f))).toEqual([]);
    }
    await red.screenshot({ path: screenshotPath('be-red-before-choosing') });

    await step(red, async () => {
      await red.locator('[data-choice="doctrine"]').click();
      await red.locator('[data-active-choice] [data-option="Red 1st Brigade: close to loose order"]').click();
      await red.locator('[data-confirm]').click();
    });
    for (const page of everyone()) {
      expect(await counterTitle(page, 'b1')).toContain('loose order');
      expect(await counterTitle(page, 'b2')).toContain('loose order');
      expect(await counterTitle(page, 'b3')).toContain('close order');
      expect(await counterTitle(page, 'r1')).toContain('loose order');
      const log = await logText(page);
      expect(log).toContain(
        'The Blue army: loose order for Blue 1st Brigade, Blue 2nd Brigade, Blue Rifle Brigade',
      );
      expect(log).toContain('Turn 1 of 8 begins');
    }
    await expectSameEverywhere();
  }, 60_000);

  /** Who is asked to decide now, once all screens show the same position; null when nobody is. */
  async function asked(): Promise<Page | null> {
    await settle();
    if (await yourMove(blue)) return blue;
    if (await yourMove(red)) return red;
    return null;
  }

  const sideOf = (page: Page): Side => (page === blue ? 'blue' : 'red');

  /** Selects a unit on the map (or, if a stack hides it, from the list of units to order). */
  async function selectUnit(page: Page, unit: string) {
    await clickCentre(page, `svg.board g.counter[data-piece="${unit}"]`);
    if ((await page.locator(`svg.board g.counter.selected[data-piece="${unit}"]`).count()) === 0) {
      await page.keyboard.press('Escape');
      await page.locator(`[data-select-piece="${unit}"]`).click();
    }
    await page.waitForSelector(`svg.board g.counter.selected[data-piece="${unit}"]`);
  }

  /** A drawn token: the side activates a unit with a reactivity test, adding a command point once. */
  async function activate(page: Page, played: Played): Promise<string> {
    const side = sideOf(page);
    // The token drawn, by the side's name as its players read it.
    expect(await track(watcher, 'drawn')).toBe(side === 'blue' ? 'Blue' : 'Red');
    const bowl = Number(await track(page, 'bowl-blue')) + Number(await track(page, 'bowl-red'));
    const units = await page.locator('svg.board g.counter').count();
    played.draws.push({ turn: await track(page, 'turn'), bowl, units });
    const selectable = await page
      .locator('svg.board g.counter.selectable')
      .evaluateAll((gs) => gs.map((g) => g.getAttribute('data-piece') ?? ''));
    const unit = PREFERENCE[side].find((u) => selectable.includes(u));
    if (!unit) throw new Error(`no ${side} unit may be activated`);
    const cp = Number(await track(page, `cp-${side}`));
    await selectUnit(page, unit);
    let spend = 0;
    await step(page, async () => {
      await page.locator('[data-choice="activate"]').click();
      // The command points offered stop where success would be certain, and at what the side has.
      const offered = await page
        .locator('[data-active-choice="activate"] [data-option]')
        .evaluateAll((os) => os.map((o) => Number.parseInt(o.getAttribute('data-option') ?? '', 10)));
      expect(Math.max(...offered)).toBeLessThanOrEqual(cp);
      // A point on the first test, then up to two: a passed test lets the unit march.
      spend = Math.min(played.tests === 0 ? 1 : 2, Math.max(...offered));
      await page.locator(`[data-option="${spend} command point${spend === 1 ? '' : 's'}"]`).click();
      await page.waitForSelector('[data-ready-choice="activate"]');
      await page.locator('[data-commit]').click();
    });
    played.activations += 1;
    played.tests += 1;
    for (const p of everyone()) {
      expect(await track(p, `cp-${side}`)).toBe(String(cp - spend));
      expect((await p.locator('.log li').last().textContent()) ?? '').toMatch(
        /(passes|fails) its reactivity test/,
      );
    }
    return unit;
  }

  /** A step toward the enemy by clicking a highlighted sector; unknown ground seen from it appears everywhere. */
  async function moveTowardEnemy(page: Page, unit: string, played: Played, shots: boolean) {
    const before = await expectSameEverywhere();
    await page.locator('[data-choice="move"]').click();
    const to = await page.evaluate(
      ({ explore, enemy }) => {
        const centre = (e: Element) => {
          const r = e.getBoundingClientRect();
          return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
        };
        const options = [...document.querySelectorAll('svg.board [data-highlight]')].map((h) => ({
          hex: h.getAttribute('data-highlight') ?? '',
          at: centre(h),
        }));
        const unknown = [...document.querySelectorAll('svg.board .marker[data-marker="unexplored"]')].map(
          centre,
        );
        const enemies = [...document.querySelectorAll('svg.board g.counter')]
          .filter((g) => g.getAttribute('data-piece')?.startsWith(enemy))
          .map(centre);
        // Into unknown ground until some has been discovered, then toward the nearest enemy.
        const goals = explore && unknown.length > 0 ? unknown : enemies;
        const score = (o: (typeof options)[number]) =>
          Math.min(...goals.map((g) => Math.hypot(g.x - o.at.x, g.y - o.at.y)));
        return options.sort((x, y) => score(x) - score(y))[0]?.hex ?? '';
      },
      { explore: played.discoveries === 0, enemy: sideOf(page) === 'blue' ? 'r' : 'b' },
    );
    expect(to).not.toBe('');
    if (shots) await page.screenshot({ path: screenshotPath('be-move-highlights') });
    await step(page, () => clickCentre(page, `[data-highlight="${to}"]`));
    played.moves += 1;
    const after = await expectSameEverywhere();
    expect(after.pieces.find((p) => p.startsWith(`${unit}@`))).toMatch(new RegExp(`^${unit}@${to}:`));
    const unknownBefore = unexplored(before);
    const unknownAfter = unexplored(after);
    // Ground once discovered stays discovered; what the move discovered is gone from all three maps.
    for (const m of unknownAfter) expect(unknownBefore).toContain(m);
    const lastStep = (await page.locator('.log li').last().textContent()) ?? '';
    if (lastStep.includes('Sectors discovered')) {
      expect(unknownAfter.length).toBeLessThan(unknownBefore.length);
      played.discoveries += 1;
    } else expect(unknownAfter).toEqual(unknownBefore);
  }

  /** Fire or assault: the target is the highlighted sector of an enemy unit, committed after a look. */
  async function attack(page: Page, kind: 'fire' | 'assault', played: Played) {
    await page.locator(`[data-choice="${kind}"]`).click();
    await clickCentre(page, 'svg.board [data-highlight]');
    await page.waitForSelector(`[data-ready-choice="${kind}"]`);
    await page.screenshot({ path: screenshotPath(`be-${kind}-ready`) });
    await step(page, () => page.locator('[data-commit]').click());
    if (kind === 'fire') played.fires += 1;
    else played.assaults += 1;
  }

  /** One thing the active unit does: fire or assault if it can, else move, else end the activation. */
  async function actWith(
    page: Page,
    unit: string,
    stepsTaken: number,
    played: Played,
  ): Promise<'moved' | 'done'> {
    await selectUnit(page, unit);
    if (played.fires === 0 && (await page.locator('[data-choice="fire"]').count()) > 0) {
      await attack(page, 'fire', played);
      return 'done';
    }
    if (played.assaults === 0 && (await page.locator('[data-choice="assault"]').count()) > 0) {
      await attack(page, 'assault', played);
      return 'done';
    }
    if (stepsTaken < STEPS_PER_ACTIVATION && (await page.locator('[data-choice="move"]').count()) > 0) {
      await moveTowardEnemy(page, unit, played, played.moves === 0);
      return 'moved';
    }
    await step(page, async () => {
      await page.locator('[data-choice="endActivation"]').click();
      await page.locator('[data-commit]').click();
    });
    return 'done';
  }

  /** A decision the dice or the enemy brought (reaction, losses, carrying a position): the first offer. */
  async function decide(page: Page, played: Played) {
    await takeFirstOffer(page);
    played.decisions += 1;
  }

  it('plays activations as the bowl draws them, the same on every screen', async () => {
    const played: Played = {
      activations: 0,
      tests: 0,
      moves: 0,
      discoveries: 0,
      fires: 0,
      assaults: 0,
      decisions: 0,
      draws: [],
    };
    let active: { unit: string; page: Page; steps: number } | null = null;
    // Enough, at a fresh draw (nothing left unsettled), once unknown ground has been explored into
    // and, if the dice allowed, shots exchanged.
    const enough = () =>
      played.activations >= 6 &&
      played.discoveries >= 1 &&
      (played.fires + played.assaults > 0 || played.activations >= 24);
    for (let i = 0; i < 150; i++) {
      const page = await asked();
      if (!page) break;
      const phase = await phaseOf(page);
      if (phase.startsWith('Activation: a')) {
        if (enough() || played.activations >= 24) break;
        active = { unit: await activate(page, played), page, steps: 0 };
      } else if (active && page === active.page && phase.startsWith('Activation of')) {
        if ((await actWith(page, active.unit, active.steps, played)) === 'moved') active.steps += 1;
        else active = null;
      } else {
        await decide(page, played);
        if (!(await phaseOf(page)).startsWith('Activation of')) active = null;
      }
    }
    const board = await expectSameEverywhere();
    await watcher.screenshot({ path: screenshotPath('be-spectator') });
    await blue.screenshot({ path: screenshotPath('be-blue') });
    // The screenshots a person checks, at the two sizes the client is judged at.
    await blue.setViewportSize({ width: 1440, height: 900 });
    await blue.screenshot({ path: screenshotPath('be-match-desktop') });
    await blue.setViewportSize({ width: 390, height: 844 });
    await blue.screenshot({ path: screenshotPath('be-match-phone') });

    expect(played.tests).toBeGreaterThanOrEqual(4);
    expect(played.moves).toBeGreaterThanOrEqual(1);
    expect(played.discoveries).toBeGreaterThanOrEqual(1);
    // The bowl empties one token per draw, and every screen said so.
    // A turn fills the bowl with a token per unit on the map, and each draw takes one out.
    for (const [k, draw] of played.draws.entries()) {
      const previous = played.draws[k - 1];
      if (previous?.turn === draw.turn) expect(draw.bowl).toBeLessThan(previous.bowl);
      else expect(draw.bowl).toBe(draw.units - 1);
    }
    for (const piece of board.pieces) expect(piece).toMatch(/^[br]\d@\d{4}:\d\/[34] [A-G]$/);
    expect(unexplored(board).length).toBeLessThan(SECTORS);
    const log = await logText(watcher);
    expect(log).toContain('reactivity test');
    if (played.fires > 0 || played.assaults > 0) expect(log).toMatch(/fires at|assaults/);
    console.info(
      `belle-epoque e2e: ${played.activations} activations, ${played.moves} moves, ${played.discoveries} discoveries, ${played.fires} fires, ${played.assaults} assaults, ${played.decisions} decisions`,
    );
  }, 90_000);
});
