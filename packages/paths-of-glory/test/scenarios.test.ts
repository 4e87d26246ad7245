import { describe, expect, it } from 'vitest';
import { mayAttack } from '../src/combat.ts';
import { takeControl } from '../src/control.ts';
import { SPACES, UNITS } from '../src/data/index.ts';
import {
  combatCardsInHand,
  mandateFor,
  replacementEvents,
  rollMandates,
  warStatusPhase,
} from '../src/flow.ts';
import { turnInfo } from '../src/map.ts';
import { mayEnter } from '../src/movement.ts';
import { digIn, newOperation, trenchRollModifier } from '../src/operations.ts';
import { finalVerdict, isVpSpace } from '../src/scenarios.ts';
import { srDestinations } from '../src/sr.ts';
import { supplyOf } from '../src/supply.ts';
import { OFFMAP, type Operation, type PogState, RESERVE } from '../src/types.ts';
import { combinedWarStatus, commitmentOf, enterWar, raiseCommitment } from '../src/war.ts';
import { game, inOperation, lab, options, play, testLog } from './helpers.ts';

/** A fresh game of a scenario with its opening hand chosen and turn 1 under way. */
function startedIn(scenario: string, opts: Record<string, unknown> = {}, seed = 'scn'): PogState {
  const state = play(game.setup(scenario, opts as never, seed), 'cp', {
    type: 'gunsOfAugust',
    keep: true,
  }).state;
  // No Mandated Offensive pending, so War Status Phases move the VP for what a test sets up only.
  state.mandates = { ap: { nation: null, made: true }, cp: { nation: null, made: true } };
  return state;
}

/**
 * The Unit Setup chart (4.2.1), transcribed as facts: space, nation, what stands there. "(..)" marks
 * units set up reduced; "T" a level 1 trench. Every scenario uses it (4.0).
 */
const SETUP_CHART: [string, string, string][] = [
  ['reserve', 'br', '1 corps + BEF corps'],
  ['brussels', 'br', 'BEF army, T'],
  ['port-said', 'br', '(1 corps), T'],
  ['cairo', 'br', '(1 corps), T'],
  ['basra', 'br', '(1 corps), T'],
  ['reserve', 'fr', '7 corps'],
  ['sedan', 'fr', '5'],
  ['verdun', 'fr', '3 4, T'],
  ['nancy', 'fr', '1 2, T'],
  ['belfort', 'fr', '2 corps, T'],
  ['bar-le-duc', 'fr', '(9)'],
  ['paris', 'fr', '(6), T'],
  ['grenoble', 'fr', '1 corps'],
  ['cetinje', 'mn', '1 corps'],
  ['reserve', 'ru', '5 corps'],
  ['riga', 'ru', '1 corps, T'],
  ['szawli', 'ru', '1 corps'],
  ['kovno', 'ru', '1'],
  ['grodno', 'ru', '1 corps'],
  ['lomza', 'ru', '2'],
  ['ivangorod', 'ru', '4'],
  ['lublin', 'ru', '5'],
  ['dubno', 'ru', '3'],
  ['kamenets-podolski', 'ru', '8'],
  ['lutsk', 'ru', '1 corps'],
  ['odessa', 'ru', '1 corps, T'],
  ['batum', 'ru', '1 corps'],
  ['kars', 'ru', '1 corps'],
  ['erivan', 'ru', '1 corps'],
  ['reserve', 'sb', '2 corps'],
  ['belgrade', 'sb', '1'],
  ['valjevo', 'sb', '2'],
  ['antwerp', 'be', '1'],
  ['reserve', 'be', '1 corps'],
  ['reserve', 'ah', '4 corps'],
  ['cracow', 'ah', '1 corps, T'],
  ['tarnow', 'ah', '1'],
  ['przemysl', 'ah', '4'],
  ['tarnopol', 'ah', '3'],
  ['czernowitz', 'ah', '1 corps'],
  ['stanislau', 'ah', '1 corps'],
  ['munkacs', 'ah', '(2)'],
  ['timisvar', 'ah', '1 corps'],
  ['novi-sad', 'ah', '5'],
  ['sarajevo', 'ah', '6'],
  ['trent', 'ah', 'T'],
  ['villach', 'ah', '1 corps, T'],
  ['trieste', 'ah', 'T'],
  ['reserve', 'ge', '8 corps'],
  ['bremen', 'ge', '(1 corps)'],
  ['aachen', 'ge', '1'],
  ['koblenz', 'ge', '2 3'],
  ['metz', 'ge', '4 5, T'],
  ['strasbourg', 'ge', '6'],
  ['mulhouse', 'ge', '(7), T'],
  ['konigsberg', 'ge', 'T'],
  ['insterberg', 'ge', '8 + 1 corps'],
  ['oppeln', 'ge', '(1 corps)'],
];

const CP_NATIONS = ['ge', 'ah'];

/** Checks a state against the chart, with the historical changes of 5.7.1 when asked. */
function checkSetupChart(state: PogState, historical: boolean): void {
  const expectedTrenches: Record<string, 'ap' | 'cp'> = {};
  const placed = new Set<string>();
  for (const [at, nation, what] of SETUP_CHART) {
    const reduced = what.startsWith('(');
    const body = what.replace(/, T$/, '').replace(/[()]/g, '');
    if (what.endsWith('T')) expectedTrenches[at] = CP_NATIONS.includes(nation) ? 'cp' : 'ap';
    const here = UNITS.filter(
      (u) => u.nation === nation && state.units[u.id]!.loc === at && !u.id.includes('bef'),
    );
    const armies = here.filter((u) => u.type === 'army');
    const corps = here.filter((u) => u.type === 'corps');
    const corpsCount = Number(/(\d+) corps/.exec(body)?.[1] ?? 0);
    const armyNames =
      body === 'T'
        ? []
        : body
            .replace(/\+?\s*\d+ corps.*$/, '')
            .trim()
            .split(/\s+/);
    if (body.startsWith('BEF army')) {
      expect(state.units['br-army-bef']!.loc).toBe(at);
      placed.add('br-army-bef');
    } else if (!/^\d+ corps/.test(body) && body !== 'T') {
      for (const a of armyNames.filter((x) => x !== '')) {
        const id = `${nation}-army-${a}`;
        expect(state.units[id], `${id} in ${at}`).toMatchObject({ loc: at, reduced });
        placed.add(id);
      }
    }
    if (at !== RESERVE)
      expect(armies.map((u) => u.id).sort(), `armies in ${at}`).toEqual(
        armyNames
          .filter((x) => x !== '' && !/corps|BEF|army/.test(x) && x !== 'T')
          .map((a) => `${nation}-army-${a}`)
          .sort(),
      );
    expect(corps.length, `${nation} corps in ${at}`).toBe(corpsCount);
    for (const c of corps) {
      expect(state.units[c.id]!.reduced, `${c.id} reduced`).toBe(reduced);
      placed.add(c.id);
    }
    if (what.includes('BEF corps')) {
      expect(state.units['br-corps-bef']!.loc).toBe(RESERVE);
      placed.add('br-corps-bef');
    }
  }
  // Nothing else stands anywhere: every other unit waits off the map.
  for (const u of UNITS) if (!placed.has(u.id)) expect(state.units[u.id]!.loc, u.id).toBe(OFFMAP);
  if (historical) {
    expectedTrenches.strasbourg = 'cp';
    delete expectedTrenches.brussels;
  }
  expect(Object.fromEntries(Object.entries(state.trenches).map(([s, t]) => [s, t.side])), 'trenches').toEqual(
    expectedTrenches,
  );
  for (const t of Object.values(state.trenches)) expect(t.level).toBe(1);
  // Markers (4.1.1): August 1914, VP 10, war status 0, no commitment, every space its starting side's.
  expect(state.turn).toBe(1);
  expect(state.vp).toBe(10);
  expect(state.warStatus).toEqual({ ap: 0, cp: 0 });
  expect(combinedWarStatus(state)).toBe(0);
  expect(commitmentOf(state, 'ap')).toBe('mobilization');
  expect(commitmentOf(state, 'cp')).toBe('mobilization');
  for (const s of SPACES) expect(state.control[s.id]).toBe(s.faction);
  expect(state.neutral.sort()).toEqual(['bu', 'gr', 'it', 'pe', 'ro', 'tu', 'us']);
}

describe('4.0, 5.3-5.5 Scenarios: one set-up, three lengths', () => {
  for (const scenario of ['introductory', 'limited', 'campaign']) {
    it(`4.2.1, 4.1.1: the ${scenario} scenario sets up every unit, reserve box, trench and marker as the Unit Setup chart`, () => {
      checkSetupChart(game.setup(scenario, {}, `chart-${scenario}`), false);
    });
  }

  it('5.7.1: the historical changes add a Central Powers trench in Strasbourg and take the Allied one out of Brussels', () => {
    checkSetupChart(game.setup('campaign', { historical: true }, 'chart-hist'), true);
    // 5.7.4.1: eight-card hands.
    expect(game.setup('campaign', { historical: true }, 'h').decks.ap.hand).toHaveLength(8);
  });

  it('5.3.1, 5.4.1, 5.5.1: the scenarios end after turns 3, 10 (Summer 1916) and 20 (Winter 1918-19)', () => {
    expect(game.scenarios.map((s) => s.id)).toEqual(['introductory', 'limited', 'campaign']);
    expect(startedIn('introductory').lastTurn).toBe(3);
    expect(startedIn('limited').lastTurn).toBe(10);
    expect(turnInfo(10).name).toBe('Summer 1916');
    expect(startedIn('campaign').lastTurn).toBe(20);
    expect(turnInfo(20).season).toBe('winter');
    expect(() => game.setup('grand', {}, 'x')).toThrow(/no scenario/);
  });

  it('5.4.2: Limited War: Central Powers 17 or more, Allies 12 or fewer, a draw between', () => {
    const state = startedIn('limited');
    expect(finalVerdict(state, 17).winner).toBe('cp');
    expect(finalVerdict(state, 16)).toMatchObject({
      winner: null,
      reason: expect.stringContaining('13 to 16'),
    });
    expect(finalVerdict(state, 12).winner).toBe('ap');
  });

  it('5.5.2.1-5.5.2.2: the Campaign levels depend on whether Brest-Litovsk was played', () => {
    const state = startedIn('campaign');
    expect(finalVerdict(state, 12).winner).toBeNull();
    expect(finalVerdict(state, 13).winner).toBe('cp');
    expect(finalVerdict(state, 9).winner).toBe('ap');
    state.played.push('treaty_of_brest_litovsk');
    expect(finalVerdict(state, 11).winner).toBe('cp');
    expect(finalVerdict(state, 10)).toMatchObject({ winner: null, reason: expect.stringContaining('(10)') });
    expect(finalVerdict(state, 9).winner).toBe('ap');
  });

  it('5.4.1: the Limited War scenario ends in the War Status Phase in which either side reaches Total War', () => {
    const state = startedIn('limited');
    state.turn = 6;
    state.warStatus = { ap: 5, cp: 11 };
    state.vp = 15;
    warStatusPhase(state, testLog());
    expect(commitmentOf(state, 'cp')).toBe('total');
    expect(state.outcome).toMatchObject({ winner: null, reason: expect.stringContaining('Total War') });
    // The Campaign goes on.
    const campaign = startedIn('campaign');
    campaign.turn = 6;
    campaign.warStatus = { ap: 5, cp: 11 };
    warStatusPhase(campaign, testLog());
    expect(campaign.outcome).toBeNull();
  });

  it('16.2.1, 5.5.1: a combined war status of 40 in the War Status Phase is an Armistice, read on the Campaign levels', () => {
    const state = startedIn('campaign');
    state.turn = 15;
    state.warStatus = { ap: 21, cp: 18 };
    state.vp = 12;
    enterWar(state, testLog(), 'it'); // no late-Italy VP (9.5.2.5.1) in this test
    warStatusPhase(state, testLog());
    expect(state.outcome).toBeNull();
    state.warStatus.cp = 19;
    expect(combinedWarStatus(state)).toBe(40);
    warStatusPhase(state, testLog());
    expect(state.outcome).toMatchObject({ winner: null, reason: expect.stringContaining('Armistice') });
  });

  it('5.2: automatic victory comes before the Armistice, and in every scenario', () => {
    const state = startedIn('campaign');
    state.turn = 12;
    state.warStatus = { ap: 20, cp: 20 };
    state.vp = 20;
    warStatusPhase(state, testLog());
    expect(state.outcome).toMatchObject({ winner: 'cp', reason: expect.stringContaining('automatic') });
  });
});

describe('5.6, 5.7, 11.2.10 Match options', () => {
  it('5.6.1-5.6.2: the tournament bid moves the final VP only, and a draw counts as an Allied win', () => {
    const state = startedIn('campaign', { tournament: true, bid: 1 });
    expect(state.rules).toEqual({ tournament: { bid: 1 } });
    expect(finalVerdict(state, 13)).toMatchObject({ winner: 'ap', vp: 12 });
    expect(finalVerdict(state, 14)).toMatchObject({ winner: 'cp', vp: 13 });
    // 5.6.1.1: automatic victory reads the track without the bid.
    state.turn = 5;
    state.vp = 20;
    warStatusPhase(state, testLog());
    expect(state.outcome?.winner).toBe('cp');
    // The Introductory scenario offers no such option.
    expect(game.setup('introductory', { tournament: true }, 'i').rules).toBeUndefined();
  });

  it('5.7.2.2-5.7.2.3: the map already marks the historical VP spaces, so Sedan is one and Venice is not in every scenario', () => {
    for (const opts of [{ historical: true }, {}]) {
      const state = startedIn('campaign', opts);
      expect(isVpSpace(state, 'sedan')).toBe(true);
      expect(isVpSpace(state, 'venice')).toBe(false);
      takeControl(state, testLog(), 'sedan', 'cp');
      expect(state.vp).toBe(11);
    }
  });

  it('5.7.2.1, 5.7.4.8-5.7.4.9: historical draws are Allied wins; at the end of turn 20 unplayed US army cards add VP and an unplayed Fall of the Tsar takes two', () => {
    const state = startedIn('campaign', { historical: true });
    expect(finalVerdict(state, 11).winner).toBe('ap');
    state.turn = 20;
    state.vp = 12;
    state.phase = { kind: 'discardCombat', side: 'ap' };
    state.decks.ap.hand = [];
    state.decks.cp.hand = [];
    state.decks.ap.removed.push('ap-43'); // one of the two US army cards played
    const next = play(state, 'ap', { type: 'keepCards' }).state;
    // 12 + 1 (AP 47 unplayed) - 2 (no Fall of the Tsar) = 11: a draw, which goes to the Allies.
    expect(next.outcome).toMatchObject({ winner: 'ap', reason: expect.stringContaining('VP 11') });
  });

  it('11.2.10 (optional, living rules): a unit that failed to dig rolls one less in the very next round, and only then', () => {
    const state = startedIn('campaign', { trenchRollModifier: true }, 'dig-mod');
    state.turn = 4;
    state.actions = { ap: [], cp: [] };
    state.trenches = {};
    // Find dice on which the German 6th Army (LF 3) fails to dig in Strasbourg.
    let failed: PogState | null = null;
    for (let seed = 0; seed < 40 && !failed; seed++) {
      const copy = structuredClone(state);
      const op = newOperation(null, 0);
      op.entrenching = ['ge-army-6'];
      digIn(copy, testLog(`fail-${seed}`), 'cp', op);
      if (!copy.trenches.strasbourg) failed = copy;
    }
    expect(failed).not.toBeNull();
    const after = failed!;
    expect(after.failedDigs).toEqual({ 'ge-army-6': 4 * 6 });
    // Same round: no help yet; the next round: one less; two rounds on: none.
    expect(trenchRollModifier(after, 'cp', 'ge-army-6')).toBe(0);
    after.actions.cp.push('ops');
    expect(trenchRollModifier(after, 'cp', 'ge-army-6')).toBe(1);
    after.actions.cp.push('ops');
    expect(trenchRollModifier(after, 'cp', 'ge-army-6')).toBe(0);
    // The last round of a turn counts as the one before the next turn's first.
    after.failedDigs = { 'ge-army-6': 4 * 6 + 5 };
    after.turn = 5;
    after.actions.cp = [];
    expect(trenchRollModifier(after, 'cp', 'ge-army-6')).toBe(1);
    // Without the option nothing is marked or modified.
    const plain = startedIn('campaign', {}, 'dig-plain');
    plain.failedDigs = { 'ge-army-6': plain.turn * 6 - 1 };
    expect(trenchRollModifier(plain, 'cp', 'ge-army-6')).toBe(0);
    // 5.7.4.2: the historical scenario always plays with it.
    expect(startedIn('campaign', { historical: true }).rules?.trenchRollModifier).toBe(true);
  });
});

describe('16.1 War commitment in play', () => {
  it('16.1.3.1, 7.1.2: the Central Powers reaching Limited War brings Turkey in, so a Turkish Mandated Offensive now binds', () => {
    const state = startedIn('campaign');
    expect(mandateFor(state, 'cp', 3).nation).toBeNull();
    state.turn = 2;
    state.warStatus.cp = 4;
    raiseCommitment(state, testLog());
    expect(mandateFor(state, 'cp', 3)).toEqual({ nation: 'tu', made: false });
  });

  it('9.5.2.5: with the Central Powers at Total War and the Allies not, the Italy and Romania cards play only as events and may be thrown away before drawing', () => {
    const state = startedIn('campaign', {}, 'late-entry');
    state.commitment = { ap: 'limited', cp: 'total' };
    state.decks.ap.hand = ['ap-17', 'ap-15'];
    state.phase = { kind: 'action', side: 'ap' };
    expect(options(state, 'ap', 'ops', 'card')).toEqual(['ap-15']);
    expect(options(state, 'ap', 'sr', 'card')).toEqual(['ap-15']);
    expect(options(state, 'ap', 'rp', 'card')).toEqual(['ap-15']);
    expect(combatCardsInHand(state, 'ap')).toEqual(['ap-17']);
    state.commitment = { ap: 'total', cp: 'total' };
    expect(options(state, 'ap', 'ops', 'card')).toEqual(['ap-17', 'ap-15']);
    expect(combatCardsInHand(state, 'ap')).toEqual([]);
  });

  it('9.5.2.5.1: Italy still neutral once the Allies are at Total War adds a VP in each War Status Phase', () => {
    const state = startedIn('campaign');
    state.turn = 8;
    state.commitment = { ap: 'total', cp: 'limited' };
    state.warStatus = { ap: 11, cp: 4 };
    warStatusPhase(state, testLog());
    expect(state.vp).toBe(11);
    enterWar(state, testLog(), 'it');
    warStatusPhase(state, testLog());
    expect(state.vp).toBe(11);
  });

  it('16.1.6, 9.5.1.3: an event played past Total War still raises the combined war status', () => {
    const state = startedIn('campaign');
    state.warStatus = { ap: 12, cp: 3 };
    state.commitment = { ap: 'total', cp: 'mobilization' };
    expect(combinedWarStatus(state)).toBe(15);
  });
});

describe('5.7.4 Historical scenario rules', () => {
  it('5.7.4.3: the Central Powers keep Guns of August and open with it as an event', () => {
    const fresh = game.setup('campaign', { historical: true }, 'hist-goa');
    expect(options(fresh, 'cp', 'gunsOfAugust', 'keep')).toEqual([true]);
    const state = play(fresh, 'cp', { type: 'gunsOfAugust', keep: true }).state;
    expect(game.choices(state, 'cp').map((c) => c.action)).toEqual(['event']);
    expect(options(state, 'cp', 'event', 'card')).toEqual(['cp-1']);
  });

  it('5.7.4.4: Entrench is no event on turn 1; 5.7.4.5: a British offensive on turn 1 is French', () => {
    const state = startedIn('campaign', { historical: true }, 'hist-entrench');
    state.phase = { kind: 'action', side: 'ap' };
    state.decks.ap.hand = ['ap-12'];
    expect(options(state, 'ap', 'event', 'card')).not.toContain('ap-12');
    state.turn = 2;
    expect(options(state, 'ap', 'event', 'card')).toContain('ap-12');
    expect(mandateFor(state, 'ap', 3).nation).toBe('br');
    state.turn = 1;
    for (let i = 0; i < 40; i++) {
      const s = structuredClone(state);
      rollMandates(s, testLog(`hist-mo-${i}`));
      expect(s.mandates.ap.nation).not.toBe('br');
    }
  });

  it('5.7.4.6 (ruling 76): before the Allies reach Total War only Austro-Hungarian and Italian armies move, redeploy, advance or attack into Italy, and no German army ends a move or redeployment in Trent, Villach or Trieste', () => {
    const italianFront = (total: boolean, historical = true): PogState => {
      const state = lab({
        'fr-army-1': 'nice',
        'fr-corps-1': 'grenoble',
        'it-army-1': 'verona',
        'ge-army-11': 'innsbruck',
        'ah-army-10': 'spittal',
        'ge-army-12': 'udine',
        'ah-army-11': 'maggiore',
        'it-corps-1': 'asiago',
      });
      state.neutral = state.neutral.filter((n) => n !== 'it');
      state.control.udine = 'cp';
      state.control.maggiore = 'cp';
      if (historical) state.rules = { historical: true, trenchRollModifier: true };
      state.commitment = { ap: total ? 'total' : 'limited', cp: 'total' };
      return state;
    };
    const moves = (state: PogState, side: 'ap' | 'cp', unit: string, from: string) =>
      options(inOperation(state, side, { [from]: 'move' }, 'move'), side, 'move', 'to', { unit }) as string[];
    const before = italianFront(false);
    // A French army stays out of Turin; a French corps may go in.
    expect(moves(before, 'ap', 'fr-army-1', 'nice')).not.toContain('turin');
    expect(moves(before, 'ap', 'fr-corps-1', 'grenoble')).toContain('turin');
    expect(srDestinations(before, 'fr-army-1')).not.toContain('turin');
    // A German army may cross Trent and Villach but not stop there; an Austro-Hungarian army may.
    expect(moves(before, 'cp', 'ge-army-11', 'innsbruck')).not.toContain('trent');
    expect(moves(before, 'cp', 'ah-army-10', 'spittal')).toContain('villach');
    expect(srDestinations(before, 'ge-army-11')).not.toContain('trieste');
    expect(srDestinations(before, 'ah-army-10')).toContain('trieste');
    // Attacks into Italy: the Austro-Hungarian army in Maggiore may, the German army in Udine may not.
    const attack = inOperation(italianFront(false), 'cp', { udine: 'attack', maggiore: 'attack' }, 'attack');
    const supply = supplyOf(attack);
    const op = (attack.phase as { op: Operation }).op;
    expect(mayAttack(attack, op, 'ah-army-11', 'asiago', supply)).toBe(true);
    expect(mayAttack(attack, op, 'ge-army-12', 'venice', supply)).toBe(false);
    // A retreat is no operation: the French army could fall back into Turin.
    expect(mayEnter(before, 'fr-army-1', 'nice', 'turin', false, true)).toBe(true);
    // From the Allies' Total War, or without the historical option, none of this holds.
    for (const free of [italianFront(true), italianFront(false, false)]) {
      expect(moves(free, 'ap', 'fr-army-1', 'nice')).toContain('turin');
      expect(moves(free, 'cp', 'ge-army-11', 'innsbruck')).toContain('trent');
    }
  });
});

describe('16 The war tracks on the board', () => {
  it('16.1-16.4: the Campaign shows commitment, combined war status, US entry, Russian capitulation and the neutrals; the Introductory scenario does not', () => {
    const state = startedIn('campaign');
    state.warStatus = { ap: 15, cp: 15 };
    state.commitment = { ap: 'total', cp: 'limited' };
    const tracks = game.present(game.view(state, null), null).tracks;
    const value = (id: string) => tracks.find((t) => t.id === id)?.value;
    expect(value('commitment')).toBe('Total War / Limited War');
    expect(value('combinedWarStatus')).toBe('30');
    expect(value('usEntry')).toBe('Zimmermann Telegram allowed');
    expect(value('russia')).toBe('God Save the Tsar');
    expect(value('neutrals')).toContain('IT');
    const intro = startedIn('introductory');
    expect(game.present(game.view(intro, null), null).tracks.map((t) => t.id)).not.toContain('commitment');
  });
});

describe('5.7.3, 5.7.4.7 Historical scenario: Sedan and the yellow-stripe cards', () => {
  it('5.7.4.7: Tsar Takes Command (a yellow-stripe card) goes on as operations with the card; in the plain Campaign it does not', () => {
    for (const historical of [true, false]) {
      const state = startedIn('campaign', historical ? { historical: true } : {}, 'yellow');
      state.turn = 6;
      state.phase = { kind: 'action', side: 'cp' };
      state.decks.cp.hand = ['cp-28'];
      for (const s of ['warsaw', 'lodz', 'kovno']) state.control[s] = 'cp';
      const after = play(state, 'cp', { type: 'event', card: 'cp-28' }).state;
      if (historical)
        expect(after.phase).toMatchObject({ kind: 'activate', op: { card: 'cp-28', points: 4 } });
      else expect(after.phase).toEqual({ kind: 'action', side: 'ap' });
    }
  });

  it('5.7.3: at Central Powers Total War, Sedan and two more French or Belgian spaces bring one German RP in the Replacement Phase', () => {
    const state = startedIn('campaign', { historical: true }, 'sedan-rp');
    state.commitment = { ap: 'limited', cp: 'total' };
    state.rp = {};
    for (const s of ['sedan', 'cambrai']) state.control[s] = 'cp';
    replacementEvents(state, testLog());
    expect(state.rp.ge).toBeUndefined(); // Sedan and only one more
    state.control.brussels = 'cp';
    replacementEvents(state, testLog());
    expect(state.rp.ge).toBe(1);
    // Not below Total War, nor outside the historical scenario.
    state.commitment = { ap: 'limited', cp: 'limited' };
    replacementEvents(state, testLog());
    expect(state.rp.ge).toBe(1);
    const plain = startedIn('campaign', {}, 'sedan-plain');
    plain.commitment = { ap: 'limited', cp: 'total' };
    for (const s of ['sedan', 'cambrai', 'brussels']) plain.control[s] = 'cp';
    replacementEvents(plain, testLog());
    expect(plain.rp.ge).toBeUndefined();
  });
});
