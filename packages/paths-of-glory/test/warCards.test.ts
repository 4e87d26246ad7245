import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { activationCost } from '../src/activation.ts';
import { setLoc } from '../src/cache.ts';
import { CARD_MODULES } from '../src/cards/index.ts';
import { mayAttack } from '../src/combat.ts';
import { card } from '../src/data/index.ts';
import { eventPlayable } from '../src/events.ts';
import { mayEnter } from '../src/movement.ts';
import { newOperation } from '../src/operations.ts';
import { replacementOptions } from '../src/replacements.ts';
import { RUSSIAN_VP_SPACES, russianVpHeld } from '../src/russia.ts';
import { isNeutralSpace, supplyOf } from '../src/supply.ts';
import { OFFMAP, type PogState, RESERVE } from '../src/types.ts';
import { enterWar } from '../src/war.ts';
import { game, options, play, refused } from './helpers.ts';

/** A Campaign game in the given side's action phase with the given hand, no offensive pending. */
function campaign(side: 'ap' | 'cp', hand: string[], turn = 6, seed = 'cards'): PogState {
  const state = play(game.setup('campaign', {}, seed), 'cp', { type: 'gunsOfAugust', keep: true }).state;
  state.turn = turn;
  state.phase = { kind: 'action', side };
  state.decks[side].hand = [...hand];
  state.mandates = { ap: { nation: null, made: true }, cp: { nation: null, made: true } };
  return state;
}

const playEvent = (state: PogState, side: string, cardId: string) =>
  play(state, side, { type: 'event', card: cardId }).state;

const eventOffered = (state: PogState, side: string, cardId: string) =>
  options(state, side, 'event', 'card').includes(cardId);

describe('Card modules (docs/cards.md)', () => {
  it('every module file is named by its card: src/cards/<side>/<number>-<name>.ts holds the module of that card, and every file is registered', () => {
    const root = join(__dirname, '..', 'src', 'cards');
    let files = 0;
    for (const side of ['ap', 'cp']) {
      for (const f of readdirSync(join(root, side))) {
        const num = Number(f.split('-')[0]);
        const id = `${side}-${num}`;
        expect(CARD_MODULES.get(id), f).toBeDefined();
        expect(card(id).num).toBe(num);
        files++;
      }
    }
    expect(CARD_MODULES.size).toBe(files);
    for (const m of CARD_MODULES.values()) expect(m.text.length).toBeGreaterThan(20);
  });
});

describe('Every card has a test naming it', () => {
  it('each of the 130 cards, AP 1-65 and CP 1-65, is named by side and number in a test title of this package', () => {
    const dir = join(__dirname);
    const named = new Set<string>();
    for (const f of readdirSync(dir).filter((n) => n.endsWith('.test.ts'))) {
      const text = readFileSync(join(dir, f), 'utf8');
      // "AP 18", "AP 38/43/47", "CP 20, 21 and 22": every number after a side's name.
      for (const [, , title] of text.matchAll(/\b(?:it|describe)\(\s*(['`"])(.*?)\1\s*,/gs))
        for (const m of (title ?? '').matchAll(/\b(AP|CP) (\d+(?:(?:\/|, | and )\d+)*)/g))
          for (const n of m[2]!.split(/\/|, | and /)) named.add(`${m[1]!.toLowerCase()}-${n}`);
    }
    const missing = [];
    for (const side of ['ap', 'cp'])
      for (let n = 1; n <= 65; n++) if (!named.has(`${side}-${n}`)) missing.push(`${side}-${n}`);
    expect(missing).toEqual([]);
    expect(named.size).toBe(130);
  });
});

describe('Neutral entry cards (9.5.2)', () => {
  it('AP 17 Italy (9.5.2.1): Italy enters by the Neutral Setup chart; with the historical option its front gets four Allied trenches (5.7.1.3)', () => {
    const state = campaign('ap', ['ap-17']);
    const after = playEvent(state, 'ap', 'ap-17');
    expect(after.neutral).not.toContain('it');
    expect(after.units['it-army-2']).toMatchObject({ loc: 'udine', reduced: true });
    expect(after.warStatus.ap).toBe(state.warStatus.ap + 2);
    expect(after.decks.ap.removed).toContain('ap-17');
    expect(after.trenches.udine).toBeUndefined();
    const hist = play(game.setup('campaign', { historical: true }, 'h'), 'cp', {
      type: 'gunsOfAugust',
      keep: true,
    }).state;
    hist.turn = 6;
    hist.phase = { kind: 'action', side: 'ap' };
    hist.decks.ap.hand = ['ap-17'];
    hist.mandates = { ap: { nation: null, made: true }, cp: { nation: null, made: true } };
    const histAfter = playEvent(hist, 'ap', 'ap-17');
    for (const s of ['verona', 'asiago', 'maggiore', 'udine'])
      expect(histAfter.trenches[s]).toEqual({ side: 'ap', level: 1 });
  });

  it('CP 34 Bulgaria (9.5.2.1): two corps in Sofia, then the Central Powers set four corps up one a space elsewhere in Bulgaria', () => {
    let state = playEvent(campaign('cp', ['cp-34']), 'cp', 'cp-34');
    expect(state.phase.kind).toBe('cardEvent');
    expect(state.units['bu-corps-1']!.loc).toBe('sofia');
    expect(state.units['bu-corps-2']!.loc).toBe('sofia');
    const spaces = options(state, 'cp', 'cardEvent', 'to');
    expect(spaces).not.toContain('sofia');
    expect(spaces).toContain('varna');
    expect(refused(state, 'cp', { type: 'cardEvent', unit: 'bu-corps-3', to: 'sofia' })).toBe(
      'ILLEGAL_CHOICE',
    );
    for (const to of ['varna', 'plevna', 'kazanlik', 'burgas']) {
      expect(options(state, 'cp', 'cardEvent', 'to')).toContain(to);
      const unit = game.choices(state, 'cp')[0]!.base.unit as string;
      state = play(state, 'cp', { type: 'cardEvent', unit, to }).state;
    }
    expect(
      ['varna', 'plevna', 'kazanlik', 'burgas'].map(
        (s) => state.units[`bu-corps-${['varna', 'plevna', 'kazanlik', 'burgas'].indexOf(s) + 3}`]!.loc,
      ),
    ).toEqual(['varna', 'plevna', 'kazanlik', 'burgas']);
    expect(state.phase).toEqual({ kind: 'action', side: 'ap' });
    expect(state.neutral).not.toContain('bu');
  });

  it('9.5.2.2: one neutral entry a turn, whichever side plays it', () => {
    const state = campaign('ap', ['ap-17', 'ap-16']);
    const after = playEvent(state, 'ap', 'ap-17');
    expect(eventPlayable(after, 'ap', 'ap-16')).toBe(false);
    after.decks.cp.hand = ['cp-34'];
    after.phase = { kind: 'action', side: 'cp' };
    expect(eventOffered(after, 'cp', 'cp-34')).toBe(false);
    after.turnFlags = [];
    expect(eventOffered(after, 'cp', 'cp-34')).toBe(true);
  });

  it('AP 16 Romania: two corps in Bucharest and four placed elsewhere in Romania; never after Fall of the Tsar', () => {
    const state = campaign('ap', ['ap-16']);
    state.played.push('fall_of_the_tsar');
    expect(eventOffered(state, 'ap', 'ap-16')).toBe(false);
    state.played = state.played.filter((k) => k !== 'fall_of_the_tsar');
    let after = playEvent(state, 'ap', 'ap-16');
    expect(after.units['ro-corps-1']!.loc).toBe('bucharest');
    for (let i = 0; i < 4; i++) {
      const c = game.choices(after, 'ap')[0]!;
      after = play(after, 'ap', {
        type: 'cardEvent',
        unit: c.base.unit,
        to: c.params[0]!.options[0]!.value,
      }).state;
    }
    expect(after.phase.kind).toBe('action');
    const placed = ['ro-corps-3', 'ro-corps-4', 'ro-corps-5', 'ro-corps-6'].map((u) => after.units[u]!.loc);
    expect(new Set(placed).size).toBe(4);
  });

  it("AP 30 Salonika (9.5.2.4): Greece's units set up but stay neutral and close their spaces only; up to three British or French corps redeploy to Salonika and the round counts as redeployment", () => {
    const state = campaign('ap', ['ap-30']);
    let after = playEvent(state, 'ap', 'ap-30');
    expect(after.units['gr-corps-1']!.loc).toBe('florina');
    expect(after.neutral).toContain('gr');
    expect(isNeutralSpace(after, 'florina')).toBe(true);
    expect(isNeutralSpace(after, 'salonika')).toBe(false);
    expect(isNeutralSpace(after, 'kavala')).toBe(false);
    const corps = options(after, 'ap', 'cardEvent', 'unit', { pick: 'corps' });
    expect(corps).toContain('fr-corps-1');
    expect(corps).not.toContain('br-corps-bef');
    after = play(after, 'ap', { type: 'cardEvent', pick: 'corps', unit: 'fr-corps-1' }).state;
    after = play(after, 'ap', { type: 'cardEvent', pick: 'done' }).state;
    expect(after.units['fr-corps-1']!.loc).toBe('salonika');
    expect(after.actions.ap.at(-1)).toBe('sr');
    // Greek units neither activate nor redeploy, and suffer no attrition while neutral.
    after.phase = { kind: 'action', side: 'ap' };
    expect(mayEnter(after, 'fr-corps-1', 'salonika', 'florina')).toBe(false);
    // 9.5.2.4.1, 9.5.3.4: no MEF landing after Salonika; the army may still enter at home.
    after.neutral = after.neutral.filter((n) => n !== 'tu');
    after.decks.ap.hand = ['ap-31'];
    after.turn += 1;
    after.reinforced = [];
    const placing = play(after, 'ap', { type: 'event', card: 'ap-31' }).state;
    expect(options(placing, 'ap', 'place', 'to')).toEqual(['london']);
  });

  it('AP 44 Greece: after Salonika the Greek units already standing become Allied units that may move', () => {
    const state = campaign('ap', ['ap-30']);
    const limited = playEvent(state, 'ap', 'ap-30');
    const done = play(limited, 'ap', { type: 'cardEvent', pick: 'done' }).state;
    done.turn += 1;
    done.turnFlags = [];
    done.phase = { kind: 'action', side: 'ap' };
    done.decks.ap.hand = ['ap-44'];
    const after = playEvent(done, 'ap', 'ap-44');
    expect(after.neutral).not.toContain('gr');
    expect(after.units['gr-corps-1']!.loc).toBe('florina');
    expect(isNeutralSpace(after, 'florina')).toBe(false);
    // Without Salonika Greece sets up in full.
    const plain = playEvent(campaign('ap', ['ap-44']), 'ap', 'ap-44');
    expect(plain.units['gr-corps-3']!.loc).toBe('athens');
  });
});

describe('US entry (16.3)', () => {
  it('AP 54 Zimmermann Telegram: only from combined war status 30; one VP off and the US join', () => {
    const state = campaign('ap', ['ap-54']);
    state.warStatus = { ap: 15, cp: 14 };
    expect(eventOffered(state, 'ap', 'ap-54')).toBe(false);
    state.warStatus.cp = 15;
    const after = playEvent(state, 'ap', 'ap-54');
    expect(after.vp).toBe(state.vp - 1);
    expect(after.neutral).not.toContain('us');
    expect(after.eventTurns?.zimmermann_telegram).toBe(6);
  });

  it('AP 55 Over There: on a turn after the telegram; AP 38/43/47/64 US reinforcements on a turn after Over There, the armies to a French port', () => {
    const state = campaign('ap', ['ap-55', 'ap-43', 'ap-38', 'ap-47', 'ap-64']);
    state.neutral = state.neutral.filter((n) => n !== 'us');
    state.eventTurns = { zimmermann_telegram: 6 };
    expect(eventOffered(state, 'ap', 'ap-55')).toBe(false);
    state.turn = 7;
    const after = playEvent(state, 'ap', 'ap-55');
    after.phase = { kind: 'action', side: 'ap' };
    expect(eventOffered(after, 'ap', 'ap-43')).toBe(false);
    after.turn = 8;
    expect(eventOffered(after, 'ap', 'ap-38')).toBe(true);
    expect(eventOffered(after, 'ap', 'ap-64')).toBe(true);
    expect(eventOffered(after, 'ap', 'ap-47')).toBe(true);
    const placing = playEvent(after, 'ap', 'ap-43');
    expect(placing.phase.kind).toBe('placeReinforcements');
    const ports = options(placing, 'ap', 'place', 'to');
    expect(ports.length).toBeGreaterThan(0);
    expect(ports).not.toContain('paris');
    const placed = play(placing, 'ap', { type: 'place', unit: 'us-army-1', to: ports[0] }).state;
    expect(placed.units['us-army-1']!.loc).toBe(ports[0]);
    expect(placed.units['us-corps-1']!.loc).toBe(RESERVE);
    // U-Boats Unleashed holds them back until Convoy (CP 36, AP 52).
    placed.played.push('uboats_unleashed');
    placed.phase = { kind: 'action', side: 'ap' };
    placed.reinforced = [];
    expect(eventOffered(placed, 'ap', 'ap-38')).toBe(false);
    placed.played.push('convoy');
    expect(eventOffered(placed, 'ap', 'ap-38')).toBe(true);
    // Over There: every Allied RP play now brings one US point, which rebuilds US units.
    placed.decks.ap.hand = ['ap-1'];
    placed.actions.ap = [];
    const rp = play(placed, 'ap', { type: 'rp', card: 'ap-1' }).state;
    expect(rp.rp.us).toBe(1);
    rp.units['us-corps-1']!.reduced = true;
    expect(replacementOptions(rp, 'ap').map((o) => o.unit)).toContain('us-corps-1');
  });
});

describe('The Russian Capitulation track (16.4)', () => {
  const holdRussianVp = (state: PogState, n: number) => {
    for (const s of RUSSIAN_VP_SPACES.slice(0, n)) state.control[s] = 'cp';
  };

  it('CP 28 Tsar Takes Command (16.4.3): playable while the Central Powers hold three Russian VP spaces', () => {
    const state = campaign('cp', ['cp-28']);
    holdRussianVp(state, 2);
    expect(russianVpHeld(state)).toBe(2);
    expect(eventOffered(state, 'cp', 'cp-28')).toBe(false);
    holdRussianVp(state, 3);
    const after = playEvent(state, 'cp', 'cp-28');
    expect(after.played).toContain('tsar_takes_command');
    expect(after.warStatus.cp).toBe(state.warStatus.cp + 1);
  });

  it('CP 52 Fall of the Tsar (16.4.4-16.4.5): after Tsar Takes Command at combined war status plus Russian VP 33; 1 VP, 3 with Romania neutral; Russian combat activation per unit; no Russian crossing to the Near East but by SR', () => {
    const state = campaign('cp', ['cp-52']);
    holdRussianVp(state, 3);
    state.played.push('tsar_takes_command');
    state.warStatus = { ap: 15, cp: 14 };
    expect(eventOffered(state, 'cp', 'cp-52')).toBe(false);
    state.warStatus.cp = 15;
    const after = playEvent(state, 'cp', 'cp-52');
    expect(after.vp).toBe(state.vp + 3);
    expect(after.tsarFellAt).toBe(3);
    // Kovno holds the Russian 1st Army: movement costs 1, combat 1 a unit.
    setLoc(after, 'ru-corps-1', 'kovno');
    expect(activationCost(after, 'ap', 'kovno', undefined, 'move')).toBe(1);
    expect(activationCost(after, 'ap', 'kovno', undefined, 'attack')).toBe(2);
    setLoc(after, 'ru-corps-2', 'caucasus');
    after.control.caucasus = 'ap';
    expect(mayEnter(after, 'ru-corps-2', 'caucasus', 'grozny')).toBe(false);
    expect(mayEnter(after, 'ru-corps-2', 'caucasus', 'grozny', true)).toBe(true);
    // With Romania at war, only one VP.
    const ro = campaign('cp', ['cp-52'], 6, 'ro');
    holdRussianVp(ro, 3);
    ro.played.push('tsar_takes_command');
    ro.warStatus = { ap: 15, cp: 15 };
    enterWar(ro, { add: () => {} } as never, 'ro');
    expect(playEvent(ro, 'cp', 'cp-52').vp).toBe(ro.vp + 1);
  });

  it('CP 53 Bolshevik Revolution (16.4.6-16.4.7, 7.1.11): on a later turn, once more Russian VP spaces are held than at the fall; no Russian offensives and one Russian RP a turn', () => {
    const state = campaign('cp', ['cp-53'], 10);
    holdRussianVp(state, 3);
    state.played.push('tsar_takes_command', 'fall_of_the_tsar');
    state.eventTurns = { fall_of_the_tsar: 10 };
    state.tsarFellAt = 3;
    holdRussianVp(state, 4);
    expect(eventOffered(state, 'cp', 'cp-53')).toBe(false); // same turn
    state.turn = 11;
    state.control[RUSSIAN_VP_SPACES[3]!] = 'ap';
    expect(eventOffered(state, 'cp', 'cp-53')).toBe(false); // no more held than at the fall
    holdRussianVp(state, 4);
    state.mandates.ap = { nation: 'ru', made: false };
    const after = playEvent(state, 'cp', 'cp-53');
    expect(after.mandates.ap.made).toBe(true);
    after.phase = { kind: 'action', side: 'ap' };
    after.decks.ap.hand = ['ap-1'];
    const rp = play(after, 'ap', { type: 'rp', card: 'ap-1' }).state;
    expect(rp.rp.ru).toBe(1);
  });

  it('CP 45 Treaty of Brest-Litovsk (16.4.8-16.4.9, 5.5.2.1): Russians abroad or stacked with Allies are eliminated; Russians no longer attack nor are attacked but by Turks in the Near East; the lower Campaign levels', () => {
    const state = campaign('cp', ['cp-45'], 14);
    expect(eventOffered(state, 'cp', 'cp-45')).toBe(false);
    state.played.push('bolshevik_revolution');
    setLoc(state, 'ru-corps-1', 'paris'); // abroad
    setLoc(state, 'ru-corps-2', 'verdun'); // with French armies: interned
    setLoc(state, 'ru-corps-3', 'kiev');
    const after = playEvent(state, 'cp', 'cp-45');
    expect(after.units['ru-corps-1']!.loc).toBe('eliminated');
    expect(after.units['ru-corps-2']!.loc).toBe('eliminated');
    expect(after.units['ru-corps-3']!.loc).toBe('kiev');
    expect(mayEnter(after, 'ru-corps-3', 'kiev', 'lutsk')).toBe(true);
    // Russians and the other Allies keep apart; Russians stay in the eastern countries.
    setLoc(after, 'fr-corps-1', 'zhitomir');
    expect(mayEnter(after, 'fr-corps-1', 'zhitomir', 'kiev')).toBe(false);
    expect(mayEnter(after, 'ru-corps-3', 'kiev', 'zhitomir')).toBe(false);
    setLoc(after, 'ru-corps-4', 'belgrade');
    expect(mayEnter(after, 'ru-corps-4', 'belgrade', 'nis')).toBe(false);
    // No Russian attacks; no German attack on Russians; a Turkish one on the Near East map.
    const supply = supplyOf(after);
    setLoc(after, 'ge-corps-1', 'lutsk');
    after.control.lutsk = 'cp';
    const op = newOperation(null, 0);
    op.activated = { kiev: 'attack', lutsk: 'attack' };
    expect(mayAttack(after, op, 'ru-corps-3', 'lutsk', supply)).toBe(false);
    expect(mayAttack(after, op, 'ge-corps-1', 'kiev', supply)).toBe(false);
    setLoc(after, 'ru-corps-5', 'kars');
    setLoc(after, 'tu-corps-1', 'erzerum');
    after.control.erzerum = 'cp';
    after.neutral = after.neutral.filter((n) => n !== 'tu');
    op.activated.erzerum = 'attack';
    expect(mayAttack(after, op, 'tu-corps-1', 'kars', supplyOf(after))).toBe(true);
  });
});

describe('Reinforcement cards with entries of their own (9.5.3.2-9.5.3.5)', () => {
  it('AP 31 MEF (9.5.3.4-9.5.3.5): once Turkey is at war the MEF Army lands in a MEF space with its beachhead; at home it never serves in the Near East', () => {
    const state = campaign('ap', ['ap-31']);
    const early = playEvent(state, 'ap', 'ap-31');
    expect(options(early, 'ap', 'place', 'to')).toEqual(['london']);
    const home = play(early, 'ap', { type: 'place', unit: 'br-army-mef', to: 'london' }).state;
    expect(home.homeArmies).toEqual(['br-army-mef']);
    expect(home.mefBeachhead).toBeUndefined();
    setLoc(home, 'br-army-mef', 'cairo');
    expect(mayEnter(home, 'br-army-mef', 'cairo', 'port-said')).toBe(false);
    enterWar(state, { add: () => {} } as never, 'tu');
    const placing = playEvent(state, 'ap', 'ap-31');
    const spaces = options(placing, 'ap', 'place', 'to') as string[];
    expect(spaces).toHaveLength(5);
    const landing = spaces.find((s) => s !== 'london')!;
    const after = play(placing, 'ap', { type: 'place', unit: 'br-army-mef', to: landing }).state;
    expect(after.mefBeachhead).toBe(landing);
    expect(after.units['br-army-mef']!.loc).toBe(landing);
    expect(after.homeArmies).toBeUndefined();
  });

  it('AP 20: the Australian and Canadian corps (not two plain British corps) join the reserve box', () => {
    const after = playEvent(campaign('ap', ['ap-20']), 'ap', 'ap-20');
    expect(after.units['br-corps-aus']!.loc).toBe(RESERVE);
    expect(after.units['br-corps-cnd']!.loc).toBe(RESERVE);
  });

  it('AP 41 Arab Northern Army: in Arabia once Turkey is at war; CP 24 Libyan Revolt: the Senussi in Libya', () => {
    const state = campaign('ap', ['ap-41']);
    enterWar(state, { add: () => {} } as never, 'tu');
    state.control.arabia = 'cp';
    const placing = playEvent(state, 'ap', 'ap-41');
    expect(options(placing, 'ap', 'place', 'to')).toEqual(['arabia']);
    const after = play(placing, 'ap', { type: 'place', unit: 'br-corps-ana', to: 'arabia' }).state;
    expect(after.control.arabia).toBe('ap');
    expect(after.anaHolds).toBe('arabia');
    const cp = campaign('cp', ['cp-24']);
    enterWar(cp, { add: () => {} } as never, 'tu');
    const sn = playEvent(cp, 'cp', 'cp-24');
    expect(options(sn, 'cp', 'place', 'to')).toEqual(['libya']);
  });

  it('AP 49 Sinai Pipeline and AP 50 Allenby (9.5.3.4): the NE Army enters in Alexandria only after the pipeline; before it, only at home', () => {
    const state = campaign('ap', ['ap-50', 'ap-49']);
    enterWar(state, { add: () => {} } as never, 'tu');
    state.turnFlags = [];
    const early = options(playEvent(state, 'ap', 'ap-50'), 'ap', 'place', 'to');
    expect(early).not.toContain('alexandria');
    expect(early).toContain('london');
    const piped = playEvent(state, 'ap', 'ap-49');
    expect(piped.played).toContain('sinai_pipeline');
    expect(piped.decks.ap.removed).toContain('ap-49');
    piped.phase = { kind: 'action', side: 'ap' };
    const placing = playEvent(piped, 'ap', 'ap-50');
    expect(options(placing, 'ap', 'place', 'to')).toContain('alexandria');
    const after = play(placing, 'ap', { type: 'place', unit: 'br-army-ne', to: 'alexandria' }).state;
    expect(after.units['br-army-ne']!.loc).toBe('alexandria');
    expect(after.homeArmies ?? []).not.toContain('br-army-ne');
  });

  it('AP 53 Army of the Orient (9.5.3.4): the Orient Army enters in Salonika while the Allies hold it with room, else at home only', () => {
    const state = campaign('ap', ['ap-53']);
    state.control.salonika = 'ap';
    state.neutral = state.neutral.filter((n) => n !== 'gr');
    const placing = playEvent(state, 'ap', 'ap-53');
    const spaces = options(placing, 'ap', 'place', 'to');
    expect(spaces).toContain('salonika');
    expect(spaces).toContain('paris');
    const held = campaign('ap', ['ap-53']);
    held.control.salonika = 'cp';
    expect(options(playEvent(held, 'ap', 'ap-53'), 'ap', 'place', 'to')).not.toContain('salonika');
  });

  it('AP 28 Landships: played as an event, it opens AP 48 Royal Tank Corps for later combats and leaves the game', () => {
    const after = playEvent(campaign('ap', ['ap-28']), 'ap', 'ap-28');
    expect(after.played).toContain('landships');
    expect(after.decks.ap.removed).toContain('ap-28');
  });

  it('AP 29 Yudenitch: the Caucasus Army in a supplied Russian space of the Near East map; AP 22: the Italian 5th Army only with Italy at war', () => {
    const placing = playEvent(campaign('ap', ['ap-29']), 'ap', 'ap-29');
    const spaces = options(placing, 'ap', 'place', 'to') as string[];
    expect(spaces).toContain('kars');
    // 9.5.3.4: or at home, in a Russian capital or supply source.
    expect(spaces).toContain('petrograd');
    const state = campaign('ap', ['ap-22']);
    expect(eventOffered(state, 'ap', 'ap-22')).toBe(false);
    enterWar(state, { add: () => {} } as never, 'it');
    state.turnFlags = [];
    expect(eventOffered(state, 'ap', 'ap-22')).toBe(true);
    expect(state.units['it-army-5']!.loc).toBe(OFFMAP);
  });
});
