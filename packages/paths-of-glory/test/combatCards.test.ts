import { applyWithDice } from '@salient/engine/testing';
import { describe, expect, it } from 'vitest';
import { activationCost } from '../src/activation.ts';
import { cardDrm, cardUsable, fireSetup, trenchNegated } from '../src/combat.ts';
import { clearTables } from '../src/flow.ts';
import { combatBonus, peaceOffensiveCheck, retreatCancelled } from '../src/roundEffects.ts';
import { Supply } from '../src/supply.ts';
import type { Combat, CombatResult, PogState } from '../src/types.ts';
import { game, inOperation, lab, options, play, testLog } from './helpers.ts';

const combat = (target: string, attackers: string[], defenders: string[]): Combat => ({
  target,
  attackers,
  defenders,
  spent: [],
  step: 'attackerCards',
  pin: null,
  cards: { ap: [], cp: [] },
});

/** Whether `side` may play `cardId` in the combat, in a laboratory position. */
const usable = (state: PogState, cardId: string, c: Combat, side: 'ap' | 'cp') =>
  cardUsable(state, cardId, c, side, new Supply(state));

describe('Limited and Total War combat cards (9.5.4)', () => {
  const west = () =>
    lab(
      {
        'br-army-1': 'amiens',
        'br-corps-aus': 'calais',
        'fr-army-5': 'amiens',
        'ge-army-1': 'cambrai',
        'it-army-1': 'verona',
        'ah-army-5': 'trent',
      },
      { turn: 8, trenches: { cambrai: { side: 'cp', level: 2 } } },
    );
  const westHeld = () => {
    const state = west();
    state.control.cambrai = 'cp';
    return state;
  };

  it('AP 18 Hurricane Barrage, AP 19 Air Superiority, AP 21 Phosgene Gas, AP 58 Russian Guards: +1 to British, British or French, French, Russian attacks only', () => {
    const state = west();
    state.control.cambrai = 'cp';
    const british = combat('cambrai', ['br-army-1'], ['ge-army-1']);
    const french = combat('cambrai', ['fr-army-5'], ['ge-army-1']);
    const dominion = combat('cambrai', ['br-corps-aus'], ['ge-army-1']);
    expect(usable(state, 'ap-18', british, 'ap')).toBe(true);
    expect(usable(state, 'ap-18', french, 'ap')).toBe(false);
    // 9.5.4.1.1: the Australians are not British for a card.
    expect(usable(state, 'ap-18', dominion, 'ap')).toBe(false);
    expect(usable(state, 'ap-19', french, 'ap')).toBe(true);
    expect(usable(state, 'ap-21', french, 'ap')).toBe(true);
    expect(usable(state, 'ap-21', british, 'ap')).toBe(false);
    expect(usable(state, 'ap-58', british, 'ap')).toBe(false);
    expect(cardDrm(['ap-18', 'ap-19'])).toBe(2);
  });

  it('AP 36 Mine Attack: +1 to a British attack on an entrenched defender; AP 59 Alpine Troops: +1 to an all-Italian attack', () => {
    const state = west();
    expect(usable(state, 'ap-36', combat('cambrai', ['br-army-1'], ['ge-army-1']), 'ap')).toBe(true);
    delete state.trenches.cambrai;
    expect(usable(state, 'ap-36', combat('cambrai', ['br-army-1'], ['ge-army-1']), 'ap')).toBe(false);
    expect(usable(state, 'ap-59', combat('trent', ['it-army-1'], ['ah-army-5']), 'ap')).toBe(true);
    expect(usable(state, 'ap-59', combat('trent', ['it-army-1', 'fr-army-5'], ['ah-army-5']), 'ap')).toBe(
      false,
    );
  });

  it('AP 48 Royal Tank Corps: after Landships, a British attack on a clear space in France or Belgium ignores every trench effect', () => {
    const state = west();
    const c = combat('cambrai', ['br-army-1'], ['ge-army-1']);
    expect(usable(state, 'ap-48', c, 'ap')).toBe(false);
    state.played.push('landships');
    expect(usable(state, 'ap-48', c, 'ap')).toBe(true);
    expect(trenchNegated(['ap-48'])).toBe(true);
    const withTrench = fireSetup(state, 'attacker', ['br-army-1'], 'cambrai', [], 'cp');
    const without = fireSetup(state, 'attacker', ['br-army-1'], 'cambrai', ['ap-48'], 'cp', false, true);
    expect(withTrench.shift).toBe(-2);
    expect(without.shift).toBe(0);
    const defending = fireSetup(state, 'defender', ['ge-army-1'], 'cambrai', [], 'cp', false, true);
    expect(defending.shift).toBe(0);
  });

  it('CP 15 Chlorine Gas, CP 19 Flamethrowers, CP 35 Mustard Gas, CP 40 Air Superiority: +1 to German attacks; CP 16 Liman von Sanders: +1 to Turks attacking or defending', () => {
    const state = west();
    const german = combat('amiens', ['ge-army-1'], ['br-army-1']);
    const austrian = combat('verona', ['ah-army-5'], ['it-army-1']);
    for (const id of ['cp-15', 'cp-19', 'cp-35', 'cp-40']) {
      expect(usable(state, id, german, 'cp'), id).toBe(true);
      expect(usable(state, id, austrian, 'cp'), id).toBe(false);
    }
    expect(cardDrm(['cp-15'])).toBe(1);
    const turkish = lab({ 'tu-corps-1': 'gaza', 'br-corps-1': 'beersheba' }, { turn: 8 });
    turkish.neutral = turkish.neutral.filter((n) => n !== 'tu');
    expect(usable(turkish, 'cp-16', combat('gaza', ['br-corps-1'], ['tu-corps-1']), 'cp')).toBe(true);
  });

  it('CP 18 Fortified Machine Guns: +1 to entrenched German defenders; CP 30 Alpenkorps: +1 to German attacks into or out of mountains; CP 62 Achtung Panzer: +1 to German attacks on clear spaces', () => {
    const state = westHeld();
    const metz = lab(
      { 'ge-army-5': 'metz', 'fr-army-3': 'verdun' },
      { turn: 8, trenches: { metz: { side: 'cp', level: 1 } } },
    );
    expect(usable(metz, 'cp-18', combat('metz', ['fr-army-3'], ['ge-army-5']), 'cp')).toBe(true);
    delete metz.trenches.metz;
    expect(usable(metz, 'cp-18', combat('metz', ['fr-army-3'], ['ge-army-5']), 'cp')).toBe(false);
    expect(usable(state, 'cp-30', combat('amiens', ['ge-army-1'], ['br-army-1']), 'cp')).toBe(false);
    expect(usable(state, 'cp-62', combat('amiens', ['ge-army-1'], ['br-army-1']), 'cp')).toBe(true);
    expect(usable(state, 'cp-30', combat('trent', ['ge-army-1'], ['it-army-1']), 'cp')).toBe(true);
    expect(usable(state, 'cp-62', combat('trent', ['ge-army-1'], ['it-army-1']), 'cp')).toBe(false);
  });

  it('CP 26 Place of Execution: +2 on a French fort space, between Falkenhayn and H-L Take Command', () => {
    const state = lab({ 'ge-army-5': 'metz', 'fr-army-3': 'verdun' }, { turn: 8 });
    const c = combat('verdun', ['ge-army-5'], ['fr-army-3']);
    expect(usable(state, 'cp-26', c, 'cp')).toBe(false);
    state.played.push('falkenhayn');
    expect(usable(state, 'cp-26', c, 'cp')).toBe(true);
    expect(cardDrm(['cp-26'])).toBe(2);
    state.played.push('h_l_take_command');
    expect(usable(state, 'cp-26', c, 'cp')).toBe(false);
  });

  it('CP 43 Von Below: trench effects cancelled against Italians alone; CP 49 Michael (+1) and CP 50 Blucher: after H-L Take Command, cancelled for a German attack', () => {
    const state = west();
    expect(usable(state, 'cp-43', combat('verona', ['ah-army-5'], ['it-army-1']), 'cp')).toBe(true);
    expect(usable(state, 'cp-43', combat('amiens', ['ge-army-1'], ['br-army-1']), 'cp')).toBe(false);
    const german = combat('amiens', ['ge-army-1'], ['br-army-1']);
    expect(usable(state, 'cp-49', german, 'cp')).toBe(false);
    state.played.push('h_l_take_command');
    expect(usable(state, 'cp-49', german, 'cp')).toBe(true);
    expect(usable(state, 'cp-50', german, 'cp')).toBe(true);
    expect(cardDrm(['cp-49'])).toBe(1);
    expect(trenchNegated(['cp-50'])).toBe(true);
    expect(trenchNegated(['cp-15'])).toBe(false);
  });
});

describe('Events lasting an action round, and combat cards beyond the die', () => {
  const east = () => {
    const state = lab({
      'ru-army-3': 'dubno',
      'ah-army-4': 'lemberg',
      'us-corps-1': 'nancy',
      'ge-army-6': 'metz',
    });
    state.turn = 12;
    return state;
  };

  it('AP 46 Brusilov Offensive: operations with the card; +1 to every Russian attack this round, and the first on non-German units ignores trenches', () => {
    const state = east();
    state.phase = { kind: 'action', side: 'ap' };
    state.decks.ap.hand = ['ap-46'];
    const after = play(state, 'ap', { type: 'event', card: 'ap-46' }).state;
    expect(after.phase).toMatchObject({ kind: 'activate', op: { points: 4 } });
    const log = testLog();
    const first = combatBonus(after, log, 'ap', combat('lemberg', ['ru-army-3'], ['ah-army-4']));
    expect(first).toEqual({ attackerDrm: 1, noTrench: true });
    const second = combatBonus(after, log, 'ap', combat('lemberg', ['ru-army-3'], ['ah-army-4']));
    expect(second).toEqual({ attackerDrm: 1 });
  });

  it('AP 45 Kerensky Offensive: between Fall of the Tsar and Bolshevik Revolution; +2 once for a Russian attack on Austro-Hungarians', () => {
    const state = east();
    state.phase = { kind: 'action', side: 'ap' };
    state.decks.ap.hand = ['ap-45'];
    expect(options(state, 'ap', 'event', 'card')).not.toContain('ap-45');
    state.played.push('fall_of_the_tsar');
    const after = play(state, 'ap', { type: 'event', card: 'ap-45' }).state;
    const log = testLog();
    expect(combatBonus(after, log, 'ap', combat('lemberg', ['ru-army-3'], ['ah-army-4']))).toEqual({
      attackerDrm: 2,
    });
    expect(combatBonus(after, log, 'ap', combat('lemberg', ['ru-army-3'], ['ah-army-4']))).toBeUndefined();
  });

  it('AP 35 Yanks and Tanks: +2 to Allied attacks with American units this round only', () => {
    const state = east();
    state.phase = { kind: 'action', side: 'ap' };
    state.decks.ap.hand = ['ap-35'];
    const after = play(state, 'ap', { type: 'event', card: 'ap-35' }).state;
    const log = testLog();
    expect(combatBonus(after, log, 'ap', combat('metz', ['us-corps-1'], ['ge-army-6']))).toEqual({
      attackerDrm: 2,
    });
    expect(combatBonus(after, log, 'ap', combat('lemberg', ['ru-army-3'], ['ah-army-4']))).toBeUndefined();
    // The round's flags end with the round.
    const done = play(after, 'ap', { type: 'endActivation' }).state;
    expect(done.turnFlags.filter((f) => f.startsWith('round:'))).toEqual([]);
  });

  it('CP 60 Turk Determination: Turkish defenders without a trench fight as in a level 1 trench; CP 44 Von Hutier: against Russians, trenches cancelled and the attacker fires first', () => {
    const state = lab({
      'tu-corps-1': 'gaza',
      'br-corps-1': 'beersheba',
      'ge-army-8': 'insterberg',
      'ru-army-1': 'kovno',
    });
    state.neutral = state.neutral.filter((n) => n !== 'tu');
    const c = combat('gaza', ['br-corps-1'], ['tu-corps-1']);
    expect(usable(state, 'cp-60', c, 'cp')).toBe(true);
    c.cards.cp = ['cp-60'];
    expect(combatBonus(state, testLog(), 'ap', c)).toEqual({ defenderTrench1: true });
    const plain = fireSetup(state, 'attacker', ['br-corps-1'], 'gaza', [], 'cp');
    const determined = fireSetup(state, 'attacker', ['br-corps-1'], 'gaza', [], 'cp', false, false, true);
    expect(determined.shift).toBe(plain.shift - 1);
    expect(fireSetup(state, 'defender', ['tu-corps-1'], 'gaza', [], 'cp', false, false, true).shift).toBe(1);
    const hutier = combat('kovno', ['ge-army-8'], ['ru-army-1']);
    expect(usable(state, 'cp-44', hutier, 'cp')).toBe(true);
    expect(trenchNegated(['cp-44'])).toBe(true);
    expect(usable(state, 'cp-44', combat('gaza', ['br-corps-1'], ['tu-corps-1']), 'cp')).toBe(false);
  });
});

describe('Cards against retreats, the Army table and the failed Peace Offensive', () => {
  const result = (
    target: string,
    attackers: string[],
    defenders: string[],
    cards: Combat['cards'],
  ): CombatResult => ({
    target,
    attackers,
    defenders,
    spent: [],
    onDefender: 2,
    onAttacker: 0,
    empty: false,
    cards,
    lossQueue: [],
    deferredFire: null,
    flank: null,
    vacated: [],
    retreatLength: 0,
    defenderSteps: [],
  });

  it('AP 39 They Shall Not Pass: Allied defenders of a French fort space that lose do not retreat', () => {
    const state = lab({ 'ge-army-5': 'metz', 'fr-army-3': 'verdun' }, { turn: 8 });
    expect(usable(state, 'ap-39', combat('verdun', ['ge-army-5'], ['fr-army-3']), 'ap')).toBe(true);
    expect(usable(state, 'ap-39', combat('sedan', ['ge-army-5'], ['fr-army-3']), 'ap')).toBe(false);
    expect(
      retreatCancelled(
        state,
        testLog(),
        result('verdun', ['ge-army-5'], ['fr-army-3'], { ap: ['ap-39'], cp: [] }),
      ),
    ).toBe(true);
    expect(
      retreatCancelled(state, testLog(), result('verdun', ['ge-army-5'], ['fr-army-3'], { ap: [], cp: [] })),
    ).toBe(false);
  });

  it('AP 63 Backs to the Wall: a space in France or Belgium with a British army cancels its retreat', () => {
    const state = lab({ 'ge-army-1': 'cambrai', 'br-army-1': 'amiens' }, { turn: 8 });
    expect(usable(state, 'ap-63', combat('amiens', ['ge-army-1'], ['br-army-1']), 'ap')).toBe(true);
    expect(
      retreatCancelled(
        state,
        testLog(),
        result('amiens', ['ge-army-1'], ['br-army-1'], { ap: ['ap-63'], cp: [] }),
      ),
    ).toBe(true);
  });

  it('CP 61 Haig: this turn, entrenched Germans in the west attacked by the British stay put', () => {
    const state = lab(
      { 'ge-army-1': 'cambrai', 'br-army-1': 'amiens' },
      { turn: 8, trenches: { cambrai: { side: 'cp', level: 1 } } },
    );
    state.phase = { kind: 'action', side: 'cp' };
    state.decks.cp.hand = ['cp-61'];
    const after = play(state, 'cp', { type: 'event', card: 'cp-61' }).state;
    const r = result('cambrai', ['br-army-1'], ['ge-army-1'], { ap: [], cp: [] });
    expect(retreatCancelled(after, testLog(), r)).toBe(true);
    after.played.push('michael');
    expect(retreatCancelled(after, testLog(), r)).toBe(false);
  });

  it('CP 51 Peace Offensive: after H-L Take Command, trenches cancelled for a German attack, and one VP off if no attacker enters the space', () => {
    const state = lab({ 'ge-army-1': 'cambrai', 'br-army-1': 'amiens' }, { turn: 15 });
    const c = combat('amiens', ['ge-army-1'], ['br-army-1']);
    expect(usable(state, 'cp-51', c, 'cp')).toBe(false);
    state.played.push('h_l_take_command');
    expect(usable(state, 'cp-51', c, 'cp')).toBe(true);
    expect(trenchNegated(['cp-51'])).toBe(true);
    const vp = state.vp;
    peaceOffensiveCheck(
      state,
      testLog(),
      result('amiens', ['ge-army-1'], ['br-army-1'], { ap: [], cp: ['cp-51'] }),
    );
    expect(state.vp).toBe(vp - 1);
  });

  it('CP 31 Kemal: Turkish defenders fire on the Army table; AP 61 Maude: British attackers in Mesopotamia do', () => {
    const state = lab({ 'tu-corps-1': 'baghdad', 'br-corps-1': 'kut' }, { turn: 8 });
    state.neutral = state.neutral.filter((n) => n !== 'tu');
    state.control.kut = 'ap';
    const c = combat('baghdad', ['br-corps-1'], ['tu-corps-1']);
    expect(usable(state, 'cp-31', c, 'cp')).toBe(true);
    expect(usable(state, 'ap-61', c, 'ap')).toBe(true);
    c.cards = { ap: ['ap-61'], cp: ['cp-31'] };
    expect(combatBonus(state, testLog(), 'ap', c)).toEqual({
      defenderArmyTable: true,
      attackerArmyTable: true,
    });
    const setup = fireSetup(
      state,
      'defender',
      ['tu-corps-1'],
      'baghdad',
      [],
      'cp',
      false,
      false,
      false,
      true,
    );
    expect(setup.table.id).toBe('army');
    const elsewhere = lab({ 'tu-corps-1': 'gaza', 'br-corps-1': 'beersheba' }, { turn: 8 });
    expect(usable(elsewhere, 'ap-61', combat('gaza', ['br-corps-1'], ['tu-corps-1']), 'ap')).toBe(false);
  });
});

describe('CP 29 11th Army and CP 64 Alberich', () => {
  it('CP 29 11th Army: the German 11th Army with Austro-Hungarian and Bulgarian corps activates for one point', () => {
    const state = lab({ 'ge-army-11': 'lodz', 'ah-corps-1': 'lodz', 'bu-corps-1': 'lodz' }, { turn: 8 });
    expect(activationCost(state, 'cp', 'lodz')).toBe(3);
    state.phase = { kind: 'action', side: 'cp' };
    state.decks.cp.hand = ['cp-29'];
    const after = play(state, 'cp', { type: 'event', card: 'cp-29' }).state;
    expect(activationCost(after, 'cp', 'lodz')).toBe(1);
  });

  it('CP 64 Alberich: an Allied attack in France or Belgium is called off; the Allied combat cards go back to the hand', () => {
    let state = lab(
      { 'ge-army-1': 'sedan', 'br-army-1': 'cambrai' },
      { turn: 12, side: 'ap', hand: ['ap-18'] },
    );
    state.control.sedan = 'cp';
    state.decks.cp.hand = ['cp-64'];
    state = inOperation(state, 'ap', { cambrai: 'attack' }, 'attack');
    state = play(state, 'ap', { type: 'declareAttack', target: 'sedan' }).state;
    const phase = state.phase as Extract<PogState['phase'], { kind: 'attack' }>;
    if (phase.combat!.attackers.length === 0)
      state = play(state, 'ap', { type: 'addAttacker', unit: 'br-army-1' }).state;
    state = play(state, 'ap', { type: 'fight' }).state;
    if ((state.phase as { combat?: { step: string } }).combat?.step === 'flank')
      state = play(state, 'ap', { type: 'flank', pin: 'none' }).state;
    state = play(state, 'ap', { type: 'combatCard', card: 'ap-18' }).state;
    state = play(state, 'ap', { type: 'doneCards' }).state;
    expect(options(state, 'cp', 'combatCard', 'card')).toContain('cp-64');
    state = play(state, 'cp', { type: 'combatCard', card: 'cp-64' }).state;
    expect(state.decks.ap.hand).toContain('ap-18');
    expect(state.decks.cp.removed).toContain('cp-64');
    expect(state.units['ge-army-1']!.loc).toBe('sedan');
    expect(state.phase.kind === 'attack' || state.phase.kind === 'action').toBe(true);
  });
});

describe('AP 27 Great Retreat', () => {
  it('AP 27 Great Retreat: this turn, Russians attacked may fall back one space before any die; no combat, and the attackers may advance', () => {
    let state = lab(
      { 'ge-army-8': 'insterberg', 'ru-corps-1': 'kovno' },
      { turn: 8, side: 'ap', hand: ['ap-27'] },
    );
    state = play(state, 'ap', { type: 'event', card: 'ap-27' }).state;
    expect(state.turnFlags).toContain('great-retreat');
    state.played.push('oberost'); // 15.1.11: German attacks on Russian forts
    state = inOperation(state, 'cp', { insterberg: 'attack' }, 'attack');
    state = play(state, 'cp', { type: 'declareAttack', target: 'kovno' }).state;
    const phase = state.phase as Extract<PogState['phase'], { kind: 'attack' }>;
    if (phase.combat!.attackers.length === 0)
      state = play(state, 'cp', { type: 'addAttacker', unit: 'ge-army-8' }).state;
    state = play(state, 'cp', { type: 'fight' }).state;
    if ((state.phase as { combat?: { step: string } }).combat?.step === 'flank')
      state = play(state, 'cp', { type: 'flank', pin: 'none' }).state;
    state = play(state, 'cp', { type: 'doneCards' }).state;
    expect(game.choices(state, 'ap').map((c) => c.action)).toContain('greatRetreat');
    const retreating = play(state, 'ap', { type: 'greatRetreat' });
    expect(retreating.events.some((e) => e.type === 'die')).toBe(false);
    state = retreating.state;
    expect(state.phase.kind).toBe('retreat');
    const to = options(state, 'ap', 'retreat', 'to', { unit: 'ru-corps-1' })[0] as string;
    state = play(state, 'ap', { type: 'retreat', unit: 'ru-corps-1', to }).state;
    expect(state.units['ru-corps-1']!.loc).toBe(to);
    expect(state.units['ru-corps-1']!.reduced).toBe(false);
    expect(options(state, 'cp', 'advance', 'to', { unit: 'ge-army-8' })).toContain('kovno');
  });
});

/**
 * In-play checks of issue 23: whole combats through `apply`, dice chosen among real ones
 * (`applyWithDice`), for the card effects that reach past the fire tables.
 */
describe('Combat cards in play', () => {
  type AttackPhase = Extract<PogState['phase'], { kind: 'attack' }>;

  /** Declares an attack with the given units and plays the attacker's cards (from hand or table). */
  function declare(state: PogState, side: 'ap' | 'cp', target: string, attackers: string[], cards: string[]) {
    let s = play(state, side, { type: 'declareAttack', target }).state;
    for (const u of attackers)
      if (!(s.phase as AttackPhase).combat!.attackers.includes(u))
        s = play(s, side, { type: 'addAttacker', unit: u }).state;
    s = play(s, side, { type: 'fight' }).state;
    if ((s.phase as AttackPhase).combat?.step === 'flank')
      s = play(s, side, { type: 'flank', pin: 'none' }).state;
    for (const c of cards) s = play(s, side, { type: 'combatCard', card: c }).state;
    return play(s, side, { type: 'doneCards' }).state;
  }

  /** Takes every loss step the phase asks for with the first unit offered. */
  function takeLosses(state: PogState): PogState {
    let s = state;
    while (s.phase.kind === 'losses') {
      const seat = game.status(s).toAct[0]!;
      const offered = options(s, seat, 'takeStep', 'unit') as string[];
      const unit = offered.find((u) => u.includes('-corps-')) ?? offered[0];
      s = play(s, seat, { type: 'takeStep', unit }).state;
    }
    return s;
  }

  /** The loss numbers the attacker (`side`) and the defender inflicted, read from the log. */
  const lossesOf = (events: unknown[], attacker: 'ap' | 'cp'): [number, number] => {
    const n = (side: string) =>
      (events as { type: string; side?: string; result?: number }[]).find(
        (e) => e.type === 'lossNumber' && e.side === side,
      )?.result ?? -1;
    return [n(attacker), n(attacker === 'ap' ? 'cp' : 'ap')];
  };

  it('CP 60 Turk Determination (11.2, 12.5.3): Turkish defenders of an open space who lose may stand by giving one more step, as in a level 1 trench; without the card they must retreat', () => {
    const position = (hand: string[]) => {
      const state = lab(
        { 'ru-army-cau': 'batum', 'ru-corps-1': 'batum', 'tu-corps-1': 'rize', 'tu-corps-2': 'rize' },
        { turn: 8, side: 'ap' },
      );
      state.neutral = state.neutral.filter((n) => n !== 'tu');
      state.decks.cp.hand = hand;
      return declare(
        inOperation(state, 'ap', { batum: 'attack' }, 'attack'),
        'ap',
        'rize',
        ['ru-army-cau'],
        [],
      );
    };
    // The attackers win by one and keep the army at full strength (the corps takes their one loss).
    const lostByOne = (events: unknown[]) => {
      const [d, a] = lossesOf(events, 'ap');
      return d === a + 1 && a <= 1;
    };
    const determined = play(position(['cp-60']), 'cp', { type: 'combatCard', card: 'cp-60' }).state;
    const fought = takeLosses(
      applyWithDice(game, determined, 'cp', { type: 'doneCards' }, (r) => lostByOne(r.events)).state,
    );
    expect(fought.phase.kind).toBe('retreat');
    expect(game.choices(fought, 'cp').map((c) => c.action)).toContain('holdGround');
    const unit = options(fought, 'cp', 'holdGround', 'unit')[0] as string;
    const held = play(fought, 'cp', { type: 'holdGround', unit }).state;
    const turks = ['tu-corps-1', 'tu-corps-2'].filter((u) => held.units[u]!.loc !== 'eliminated');
    expect(turks.length).toBeGreaterThan(0);
    for (const u of turks) expect(held.units[u]!.loc).toBe('rize');
    expect(held.phase.kind).not.toBe('retreat');
    const plain = takeLosses(
      applyWithDice(game, position([]), 'cp', { type: 'doneCards' }, (r) => lostByOne(r.events)).state,
    );
    expect(plain.phase.kind).toBe('retreat');
    expect(game.choices(plain, 'cp').map((c) => c.action)).not.toContain('holdGround');
  });

  it('AP 39 They Shall Not Pass (9.5.4.2, 12.2.10-12.2.11, ruling 66): kept face up after a tie or a win, into the next turn, used again from the table, and discarded with the combat the Allies lose, whose retreat it cancels', () => {
    const verdun = (table: string[], hand: string[]) => {
      const state = lab(
        { 'ge-army-5': 'metz', 'ge-army-6': 'metz', 'fr-army-3': 'verdun' },
        { turn: 12, side: 'cp' },
      );
      state.decks.ap.hand = hand;
      state.decks.ap.table = table;
      state.played.push('oberost');
      return declare(
        inOperation(state, 'cp', { metz: 'attack' }, 'attack'),
        'cp',
        'verdun',
        ['ge-army-5'],
        [],
      );
    };
    // A tie: both sides lose on the rule, but They Shall Not Pass stays face up (12.2.11's exception).
    const first = play(verdun([], ['ap-39']), 'ap', { type: 'combatCard', card: 'ap-39' }).state;
    const tie = takeLosses(
      applyWithDice(game, first, 'ap', { type: 'doneCards' }, (r) => {
        const [d, a] = lossesOf(r.events, 'cp');
        return d === a && d > 0;
      }).state,
    );
    expect(tie.decks.ap.table).toContain('ap-39');
    expect(tie.decks.ap.discard).not.toContain('ap-39');
    // 12.2.10 (seed): the turn's end does not discard it; the end of the next turn does.
    const nextTurn = structuredClone(tie);
    clearTables(nextTurn);
    expect(nextTurn.decks.ap.table).toEqual(['ap-39']);
    nextTurn.turn += 1;
    clearTables(nextTurn);
    expect(nextTurn.decks.ap.table).toEqual([]);
    expect(nextTurn.decks.ap.discard).toContain('ap-39');
    // Next round, from the table: the Allies lose, hold Verdun, and the card goes to the discards.
    const second = verdun(['ap-39'], []);
    expect(options(second, 'ap', 'combatCard', 'card')).toContain('ap-39');
    const used = play(second, 'ap', { type: 'combatCard', card: 'ap-39' }).state;
    const lost = takeLosses(
      applyWithDice(game, used, 'ap', { type: 'doneCards' }, (r) => {
        const [d, a] = lossesOf(r.events, 'cp');
        if (d <= a) return false;
        // A real defeat: a German army still at full strength and the French army still standing.
        const after = takeLosses(r.state);
        return (
          ['ge-army-5', 'ge-army-6'].some(
            (u) => after.units[u]!.loc === 'metz' && !after.units[u]!.reduced,
          ) && after.units['fr-army-3']!.loc === 'verdun'
        );
      }).state,
    );
    expect(lost.units['fr-army-3']!.loc).toBe('verdun');
    expect(lost.phase.kind).not.toBe('retreat');
    expect(lost.decks.ap.table).not.toContain('ap-39');
    expect(lost.decks.ap.discard).toContain('ap-39');
  });

  it('9.5.4.4 (ruling 22): a combat card played from the hand and kept after a won combat does not serve again in the same action round; it does in the next', () => {
    let state = lab(
      { 'br-army-1': 'cambrai', 'br-army-2': 'cambrai', 'ge-corps-1': 'sedan', 'ge-army-2': 'brussels' },
      { turn: 12, side: 'ap', hand: ['ap-18'], reduced: ['ge-corps-1'] },
    );
    state.control.sedan = 'cp';
    state.control.brussels = 'cp';
    state.decks.cp.hand = [];
    state = inOperation(state, 'ap', { cambrai: 'attack' }, 'attack');
    state = declare(state, 'ap', 'sedan', ['br-army-1'], ['ap-18']);
    let won = takeLosses(
      applyWithDice(game, state, 'cp', { type: 'doneCards' }, (r) => {
        const [d, a] = lossesOf(r.events, 'ap');
        return d > a;
      }).state,
    );
    while (won.phase.kind === 'retreat' || won.phase.kind === 'advance') {
      if (won.phase.kind === 'advance') won = play(won, 'ap', { type: 'endAdvance' }).state;
      else {
        const unit = won.phase.pending[0]!.unit;
        const to = options(won, 'cp', 'retreat', 'to', { unit })[0];
        won = play(won, 'cp', { type: 'retreat', unit, to }).state;
      }
    }
    expect(won.decks.ap.table).toContain('ap-18');
    let next = play(won, 'ap', { type: 'declareAttack', target: 'brussels' }).state;
    if (!(next.phase as AttackPhase).combat!.attackers.includes('br-army-2'))
      next = play(next, 'ap', { type: 'addAttacker', unit: 'br-army-2' }).state;
    next = play(next, 'ap', { type: 'fight' }).state;
    if ((next.phase as AttackPhase).combat?.step === 'flank')
      next = play(next, 'ap', { type: 'flank', pin: 'none' }).state;
    expect(options(next, 'ap', 'combatCard', 'card')).not.toContain('ap-18');
    // The next Allied action round it serves again.
    let later = play(won, 'ap', { type: 'endAttacks' }).state;
    later = play(later, 'cp', { type: 'oneOp' }).state;
    later = play(later, 'cp', { type: 'endActivation' }).state;
    later = play(later, 'ap', { type: 'oneOp' }).state;
    later = play(later, 'ap', { type: 'activate', space: 'cambrai', mode: 'attack' }).state;
    if (later.phase.kind === 'activate') later = play(later, 'ap', { type: 'endActivation' }).state;
    later = declare(later, 'ap', 'brussels', ['br-army-2'], ['ap-18']);
    expect((later.phase as AttackPhase).combat!.cards.ap).toEqual(['ap-18']);
  });

  it('CP 64 Alberich (ruling 67): an Allied combat card taken from the table goes back to the table, unused, and may serve in the next attack of the same action', () => {
    let state = lab(
      { 'ge-army-1': 'sedan', 'br-army-1': 'cambrai', 'br-army-2': 'cambrai', 'ge-army-2': 'brussels' },
      { turn: 12, side: 'ap' },
    );
    state.control.sedan = 'cp';
    state.control.brussels = 'cp';
    state.decks.ap.table = ['ap-18'];
    state.decks.cp.hand = ['cp-64'];
    state = inOperation(state, 'ap', { cambrai: 'attack' }, 'attack');
    state = declare(state, 'ap', 'sedan', ['br-army-1'], ['ap-18']);
    expect(state.decks.ap.table).not.toContain('ap-18');
    state = play(state, 'cp', { type: 'combatCard', card: 'cp-64' }).state;
    expect(state.decks.ap.table).toContain('ap-18');
    expect(state.usedThisRound).not.toContain('ap-18');
    expect(state.decks.ap.hand).not.toContain('ap-18');
    expect(state.decks.cp.removed).toContain('cp-64');
    expect(state.phase.kind).toBe('attack');
    let next = play(state, 'ap', { type: 'declareAttack', target: 'brussels' }).state;
    if (!(next.phase as AttackPhase).combat!.attackers.includes('br-army-2'))
      next = play(next, 'ap', { type: 'addAttacker', unit: 'br-army-2' }).state;
    next = play(next, 'ap', { type: 'fight' }).state;
    if ((next.phase as AttackPhase).combat?.step === 'flank')
      next = play(next, 'ap', { type: 'flank', pin: 'none' }).state;
    expect(options(next, 'ap', 'combatCard', 'card')).toContain('ap-18');
  });

  it('AP 27 Great Retreat (ruling 68): a Central Powers combat card taken from the table goes back to the table, unused, and may serve in the next attack of the same action', () => {
    let state = lab(
      { 'ge-army-8': 'insterberg', 'ge-army-9': 'insterberg', 'ru-corps-1': 'kovno', 'ru-corps-2': 'grodno' },
      { turn: 8, side: 'cp' },
    );
    state.turnFlags.push('great-retreat');
    state.played.push('oberost');
    state.decks.cp.table = ['cp-40'];
    state = inOperation(state, 'cp', { insterberg: 'attack' }, 'attack');
    state = declare(state, 'cp', 'kovno', ['ge-army-8'], ['cp-40']);
    state = play(state, 'ap', { type: 'greatRetreat' }).state;
    expect(state.decks.cp.table).toContain('cp-40');
    expect(state.usedThisRound).not.toContain('cp-40');
    const to = options(state, 'ap', 'retreat', 'to', { unit: 'ru-corps-1' })[0] as string;
    state = play(state, 'ap', { type: 'retreat', unit: 'ru-corps-1', to }).state;
    if (state.phase.kind === 'advance') state = play(state, 'cp', { type: 'endAdvance' }).state;
    expect(state.phase.kind).toBe('attack');
    let next = play(state, 'cp', { type: 'declareAttack', target: 'grodno' }).state;
    if (!(next.phase as AttackPhase).combat!.attackers.includes('ge-army-9'))
      next = play(next, 'cp', { type: 'addAttacker', unit: 'ge-army-9' }).state;
    next = play(next, 'cp', { type: 'fight' }).state;
    if ((next.phase as AttackPhase).combat?.step === 'flank')
      next = play(next, 'cp', { type: 'flank', pin: 'none' }).state;
    expect(options(next, 'cp', 'combatCard', 'card')).toContain('cp-40');
  });
});
