import { rngFromSeed } from '@salient/engine';
import { describe, expect, it } from 'vitest';
import { activationCost } from '../src/activation.ts';
import { lossCandidates } from '../src/battle.ts';
import { setLoc } from '../src/cache.ts';
import { cardDrm, cardUsable, defenderTrench } from '../src/combat.ts';
import { eventPlayable } from '../src/events.ts';
import { reachable } from '../src/movement.ts';
import { Supply } from '../src/supply.ts';
import type { Combat } from '../src/types.ts';
import { game, inOperation, lab, options, play, started } from './helpers.ts';

const combat = (target: string, attackers: string[], defenders: string[]): Combat => ({
  target,
  attackers,
  defenders,
  spent: [],
  step: 'attackerCards',
  pin: null,
  cards: { ap: [], cp: [] },
});

describe('Mobilization cards: events', () => {
  it('CP 1 Guns of August: first round of August 1914 only; Liege falls, two armies enter it and three attack', () => {
    let state = started('goa');
    state = play(state, 'cp', { type: 'event', card: 'cp-1' }).state;
    expect(state.destroyedForts).toContain('liege');
    expect(state.units['ge-army-1']!.loc).toBe('liege');
    expect(state.units['ge-army-2']!.loc).toBe('liege');
    expect(state.control.liege).toBe('cp');
    expect(state.phase.kind).toBe('attack');
    const targets = options(state, 'cp', 'declareAttack', 'target');
    expect(targets).toContain('brussels');
    const s = play(state, 'cp', { type: 'declareAttack', target: 'sedan' }).state;
    expect(options(s, 'cp', 'addAttacker', 'unit').sort()).toEqual(['ge-army-1', 'ge-army-2', 'ge-army-3']);
    // Not in any later round.
    const later = lab({ 'ge-army-1': 'aachen', 'ge-army-2': 'koblenz' }, { turn: 1, hand: ['cp-1'] });
    later.actions.cp = ['ops'];
    expect(eventPlayable(later, 'cp', 'cp-1')).toBe(false);
  });

  it('AP 13 Rape of Belgium: only after Guns of August, one VP off', () => {
    const state = lab({}, { side: 'ap', hand: ['ap-13'] });
    expect(eventPlayable(state, 'ap', 'ap-13')).toBe(false);
    state.played.push('guns_of_august');
    const after = play(state, 'ap', { type: 'event', card: 'ap-13' }).state;
    expect(after.vp).toBe(9);
  });

  it('CP 9 Reichstag Truce: one VP to the Central Powers', () => {
    const state = lab({}, { hand: ['cp-9'] });
    expect(play(state, 'cp', { type: 'event', card: 'cp-9' }).state.vp).toBe(11);
  });

  it('CP 8 Race to the Sea: Central Powers units may then end moves in the channel spaces (11.1.9)', () => {
    let state = lab({ 'ge-corps-1': 'cambrai' }, { hand: ['cp-8'] });
    state.control.cambrai = 'cp';
    expect(reachable(state, 'ge-corps-1').paths.has('amiens')).toBe(false);
    state = play(state, 'cp', { type: 'event', card: 'cp-8' }).state;
    expect(reachable(state, 'ge-corps-1').paths.has('amiens')).toBe(true);
  });

  it('AP 2 Blockade: one VP off in each winter War Status Phase', () => {
    const state = lab({}, { side: 'ap', hand: ['ap-2'] });
    const after = play(state, 'ap', { type: 'event', card: 'ap-2' }).state;
    expect(after.played).toContain('blockade');
  });

  it('AP 12 / CP 6 Entrench: a level 1 trench with a supplied army, level 0 trenches for the player, and each side may play its own (11.2.1 seed)', () => {
    let state = lab(
      { 'ge-army-1': 'koblenz', 'ge-corps-1': 'frankfurt', 'fr-army-1': 'nancy' },
      { hand: ['cp-6'] },
    );
    state.decks.ap.hand = ['ap-12'];
    state = play(state, 'cp', { type: 'event', card: 'cp-6' }).state;
    expect(options(state, 'cp', 'dig', 'space')).toEqual(['koblenz']);
    state = play(state, 'cp', { type: 'dig', space: 'koblenz' }).state;
    expect(state.trenches.koblenz).toEqual({ side: 'cp', level: 1 });
    // 11.2.10-11.2.11 (seed): level 0 trenches for the side that played it only.
    expect(defenderTrench(state, 'frankfurt', 'cp')).toBeNull();
    setLoc(state, 'ge-army-1', 'frankfurt');
    expect(defenderTrench(state, 'frankfurt', 'cp')).toBe(0);
    expect(defenderTrench(state, 'nancy', 'ap')).toBeNull();
    // The Allies may still play theirs, for their own level 0 trenches.
    expect(eventPlayable(state, 'ap', 'ap-12')).toBe(true);
    state = play(state, 'ap', { type: 'event', card: 'ap-12' }).state;
    state = play(state, 'ap', { type: 'dig', space: 'nancy' }).state;
    expect(state.trenches.nancy).toEqual({ side: 'ap', level: 1 });
    expect(eventPlayable(state, 'cp', 'cp-6')).toBe(false);
    state.trenches = {};
    expect(defenderTrench(state, 'nancy', 'ap')).toBe(0);
  });

  it('AP 9 Moltke and CP 13 Falkenhayn: one point per Central Powers unit in Belgium and France until Falkenhayn', () => {
    const state = lab(
      { 'ge-corps-1': 'sedan', 'ge-corps-2': 'sedan' },
      { side: 'ap', hand: ['ap-9'], turn: 1 },
    );
    expect(activationCost(state, 'cp', 'sedan')).toBe(1);
    const after = play(state, 'ap', { type: 'event', card: 'ap-9' }).state;
    expect(activationCost(after, 'cp', 'sedan')).toBe(2);
    expect(eventPlayable(after, 'cp', 'cp-13')).toBe(true);
    after.played.push('falkenhayn');
    expect(activationCost(after, 'cp', 'sedan')).toBe(1);
    const early = lab({}, { turn: 1 });
    expect(eventPlayable(early, 'cp', 'cp-13')).toBe(false);
  });

  it('CP 10 Sud Army: one Austro-Hungarian unit with up to two German corps activates as one nation', () => {
    const state = lab(
      { 'ah-army-1': 'tarnow', 'ge-corps-1': 'tarnow', 'ge-corps-2': 'tarnow' },
      { hand: ['cp-10'] },
    );
    expect(activationCost(state, 'cp', 'tarnow')).toBe(2);
    const after = play(state, 'cp', { type: 'event', card: 'cp-10' }).state;
    expect(activationCost(after, 'cp', 'tarnow')).toBe(1);
  });

  it('CP 11 OberOst: German units may attack Russian forts (15.1.11)', () => {
    const state = lab({}, { hand: ['cp-11'] });
    expect(play(state, 'cp', { type: 'event', card: 'cp-11' }).state.played).toContain('oberost');
  });

  it('CP 5 Landwehr: two free steps back for reduced Central Powers units, never the eliminated', () => {
    let state = lab(
      { 'ge-army-1': 'koblenz', 'ah-corps-1': 'vienna', 'ge-corps-1': 'eliminated' },
      { hand: ['cp-5'], reduced: ['ge-army-1', 'ah-corps-1'] },
    );
    state = play(state, 'cp', { type: 'event', card: 'cp-5' }).state;
    expect(options(state, 'cp', 'flip', 'unit').sort()).toEqual(['ah-corps-1', 'ge-army-1']);
    state = play(state, 'cp', { type: 'flip', unit: 'ge-army-1' }).state;
    state = play(state, 'cp', { type: 'flip', unit: 'ah-corps-1' }).state;
    expect(state.units['ge-army-1']!.reduced).toBe(false);
    expect(state.units['ah-corps-1']!.reduced).toBe(false);
    expect(state.phase.kind).toBe('action');
  });

  it('9.5.3.1 reinforcements (AP 1, 3, 8, 10, 11, 14; CP 7, 12, 14): none in August 1914, once a nation a turn, armies home, corps to the reserve', () => {
    const early = lab({}, { turn: 1, hand: ['cp-12'] });
    expect(eventPlayable(early, 'cp', 'cp-12')).toBe(false);
    let state = lab({}, { turn: 2, hand: ['cp-12', 'cp-7'] });
    state = play(state, 'cp', { type: 'event', card: 'cp-12' }).state;
    expect(state.phase.kind).toBe('placeReinforcements');
    expect(options(state, 'cp', 'place', 'to', { unit: 'ge-army-10' })).toEqual(
      expect.arrayContaining(['berlin', 'essen', 'breslau']),
    );
    state = play(state, 'cp', { type: 'place', unit: 'ge-army-10', to: 'berlin' }).state;
    expect(state.units['ge-army-10']!.loc).toBe('berlin');
    expect(Object.values(state.units).filter((u) => u.loc === 'reserve')).toHaveLength(2);
    expect(eventPlayable(state, 'cp', 'cp-7')).toBe(false);
    for (const [c, side] of [
      ['ap-1', 'ap'],
      ['ap-3', 'ap'],
      ['ap-8', 'ap'],
      ['ap-10', 'ap'],
      ['ap-11', 'ap'],
      ['ap-14', 'ap'],
      ['cp-14', 'cp'],
    ] as const) {
      expect(eventPlayable(lab({}, { turn: 2 }), side, c), c).toBe(true);
    }
  });

  const REINFORCEMENTS: [string, string, 'ap' | 'cp', string[], number][] = [
    ['AP 1', 'ap-1', 'ap', ['br-army-2'], 1],
    ['AP 3', 'ap-3', 'ap', ['ru-army-11'], 1],
    ['AP 8', 'ap-8', 'ap', [], 2],
    ['AP 10', 'ap-10', 'ap', ['fr-army-10'], 0],
    ['AP 11', 'ap-11', 'ap', ['ru-army-9', 'ru-army-10'], 0],
    ['AP 14', 'ap-14', 'ap', ['br-army-1'], 1],
    ['CP 7', 'cp-7', 'cp', ['ge-army-9'], 0],
    ['CP 12', 'cp-12', 'cp', ['ge-army-10'], 2],
    ['CP 14', 'cp-14', 'cp', ['ah-army-7'], 2],
  ];
  for (const [name, id, side, armies, corps] of REINFORCEMENTS) {
    it(`${name} reinforcements (9.5.3.2-9.5.3.3): ${armies.length} army(ies) placed at home, ${corps} corps into the reserve box`, () => {
      let state = lab({}, { turn: 2, side, hand: [id] });
      state = play(state, side, { type: 'event', card: id }).state;
      for (const a of armies) {
        const where = options(state, side, 'place', 'to', { unit: a });
        expect(where.length, a).toBeGreaterThan(0);
        state = play(state, side, { type: 'place', unit: a, to: where[0] }).state;
        expect(state.units[a]!.loc).toBe(where[0]);
      }
      const inReserve = Object.entries(state.units).filter(([, u]) => u.loc === 'reserve');
      expect(inReserve).toHaveLength(corps);
      expect(state.phase.kind).toBe('action');
      expect(state.decks[side].removed).toContain(id);
      expect(state.reinforced).toHaveLength(1);
    });
  }

  it('AP 56 Paris Taxis and AP 57 Russian Cavalry (optional cards)', () => {
    let state = lab(
      { 'fr-army-6': 'paris', 'ru-army-1': 'kovno' },
      { side: 'ap', hand: ['ap-56', 'ap-57'], reduced: ['fr-army-6'] },
    );
    state = play(state, 'ap', { type: 'event', card: 'ap-56' }).state;
    state = play(state, 'ap', { type: 'flip', unit: 'fr-army-6' }).state;
    expect(state.units['fr-army-6']!.reduced).toBe(false);
    state.phase = { kind: 'action', side: 'ap' };
    state = play(state, 'ap', { type: 'event', card: 'ap-57' }).state;
    state = play(state, 'ap', { type: 'place', unit: 'ru-corps-cavalry-1', to: 'kovno' }).state;
    state = play(state, 'ap', { type: 'place', unit: 'ru-corps-cavalry-2', to: 'kovno' }).state;
    expect(state.units['ru-corps-cavalry-2']!.loc).toBe('kovno');
  });
});

describe('Mobilization cards: combat cards (9.5.4)', () => {
  it('AP 4 Pleve: +1 when Russians fight; AP 5 Putnik: +1 for Serbs in 1914-1915', () => {
    const state = lab({
      'ru-corps-1': 'plock',
      'ge-army-8': 'thorn',
      'sb-army-1': 'belgrade',
      'ah-army-5': 'novi-sad',
    });
    const supply = new Supply(state);
    expect(cardUsable(state, 'ap-4', combat('plock', ['ge-army-8'], ['ru-corps-1']), 'ap', supply)).toBe(
      true,
    );
    expect(cardUsable(state, 'ap-4', combat('belgrade', ['ah-army-5'], ['sb-army-1']), 'ap', supply)).toBe(
      false,
    );
    expect(cardUsable(state, 'ap-5', combat('belgrade', ['ah-army-5'], ['sb-army-1']), 'ap', supply)).toBe(
      true,
    );
    expect(cardDrm(['ap-4'])).toBe(1);
  });

  it('CP 3 Von Francois: +1 to a German attack on Russians; CP 57 Kaisertreu: +1 for Austro-Hungarians', () => {
    const state = lab({
      'ru-corps-1': 'plock',
      'ge-army-8': 'thorn',
      'ah-army-1': 'tarnow',
      'ru-corps-2': 'lublin',
    });
    const supply = new Supply(state);
    expect(cardUsable(state, 'cp-3', combat('plock', ['ge-army-8'], ['ru-corps-1']), 'cp', supply)).toBe(
      true,
    );
    expect(cardUsable(state, 'cp-3', combat('lublin', ['ah-army-1'], ['ru-corps-2']), 'cp', supply)).toBe(
      false,
    );
    expect(cardUsable(state, 'cp-57', combat('lublin', ['ah-army-1'], ['ru-corps-2']), 'cp', supply)).toBe(
      true,
    );
  });

  it('AP 7 / CP 4 Severe Weather: +2 to defenders in mountains in fall or winter, not in summer', () => {
    const summer = lab({ 'fr-corps-1': 'belfort', 'ge-army-7': 'mulhouse' }, { turn: 2 });
    const c = combat('belfort', ['ge-army-7'], ['fr-corps-1']);
    expect(cardUsable(summer, 'ap-7', c, 'ap', new Supply(summer))).toBe(false);
    const fall = lab({ 'fr-corps-1': 'belfort', 'ge-army-7': 'mulhouse' }, { turn: 3 });
    expect(cardUsable(fall, 'ap-7', c, 'ap', new Supply(fall))).toBe(true);
    expect(cardDrm(['ap-7'])).toBe(2);
  });

  it('CP 2 Wireless Intercepts: a German flank attack on Russians alone succeeds without a roll', () => {
    let state = lab(
      { 'ge-army-8': 'thorn', 'ge-corps-1': 'tannenberg', 'ru-corps-1': 'plock' },
      { hand: ['cp-2'] },
    );
    state = inOperation(state, 'cp', { thorn: 'attack', tannenberg: 'attack' }, 'attack');
    state = play(state, 'cp', { type: 'declareAttack', target: 'plock' }).state;
    state = play(state, 'cp', { type: 'addAttacker', unit: 'ge-army-8' }).state;
    state = play(state, 'cp', { type: 'addAttacker', unit: 'ge-corps-1' }).state;
    state = play(state, 'cp', { type: 'fight' }).state;
    state = play(state, 'cp', { type: 'flank', pin: 'thorn' }).state;
    expect(options(state, 'cp', 'combatCard', 'card')).toEqual(['cp-2']);
    state = play(state, 'cp', { type: 'combatCard', card: 'cp-2' }).state;
    state = play(state, 'cp', { type: 'doneCards' }).state;
    const result = play(state, 'ap', { type: 'doneCards' });
    expect(result.events.some((e) => e.purpose === 'flank')).toBe(false);
    expect(result.events.some((e) => e.type === 'flank' && String(e.text).includes('succeeds'))).toBe(true);
  });

  it('9.5.4.2-9.5.4.3: a combat card is kept on the table by the winner and discarded by the loser', () => {
    const seen = { kept: false, lost: false };
    for (let i = 0; i < 40 && !(seen.kept && seen.lost); i++) {
      let state = lab(
        { 'ge-army-8': 'thorn', 'ru-army-2': 'plock', 'ru-army-3': 'plock' },
        { hand: ['cp-3'] },
      );
      state.rng = rngFromSeed(`keep-${i}`);
      state = inOperation(state, 'cp', { thorn: 'attack' }, 'attack');
      state = play(state, 'cp', { type: 'declareAttack', target: 'plock' }).state;
      state = play(state, 'cp', { type: 'addAttacker', unit: 'ge-army-8' }).state;
      state = play(state, 'cp', { type: 'fight' }).state;
      state = play(state, 'cp', { type: 'combatCard', card: 'cp-3' }).state;
      state = play(state, 'cp', { type: 'doneCards' }).state;
      const r = play(state, 'ap', { type: 'doneCards' });
      const [toDefender, toAttacker] = r.events
        .filter((e) => e.type === 'lossNumber')
        .map((e) => e.result as number);
      state = r.state;
      while (state.phase.kind === 'losses') {
        const seat = game.status(state).toAct[0]!;
        state = play(state, seat, {
          type: 'takeStep',
          unit: options(state, seat, 'takeStep', 'unit')[0],
        }).state;
      }
      if (toDefender! > toAttacker!) {
        expect(state.decks.cp.table).toEqual(['cp-3']);
        seen.kept = true;
      } else {
        expect(state.decks.cp.discard).toContain('cp-3');
        seen.lost = true;
      }
    }
    expect(seen).toEqual({ kept: true, lost: true });
  });

  it('AP 6 Withdrawal (12.6.9): the defender takes the loss through corps where it can (BR army and two corps, loss 3)', () => {
    const state = lab({
      'br-army-1': 'amiens',
      'br-corps-1': 'amiens',
      'br-corps-2': 'amiens',
      'ge-army-1': 'cambrai',
    });
    const result = {
      target: 'amiens',
      attackers: ['ge-army-1'],
      defenders: ['br-army-1', 'br-corps-1', 'br-corps-2'],
      spent: [],
      onDefender: 3,
      onAttacker: 0,
      empty: false,
      cards: { ap: ['ap-6'], cp: [] },
      lossQueue: [{ side: 'ap' as const, remaining: 3 }],
      deferredFire: null,
      flank: null,
      vacated: [],
      retreatLength: 0 as const,
      defenderSteps: [],
    };
    expect(lossCandidates(state, result).sort()).toEqual(['br-corps-1', 'br-corps-2']);
    result.cards.ap = [];
    expect(lossCandidates(state, result)).toContain('br-army-1');
  });

  it('AP 6 Withdrawal (12.6.6, 12.6.8, 12.6.10): an army without a reserve corps gets its step back only if it lost just one', () => {
    const seen = { one: false, both: false };
    for (let i = 0; i < 80 && !(seen.one && seen.both); i++) {
      let state = lab({ 'ge-army-8': 'thorn', 'ru-army-1': 'plock' }, { hand: [] });
      state.decks.ap.hand = ['ap-6'];
      state.rng = rngFromSeed(`withdraw-army-${i}`);
      state = inOperation(state, 'cp', { thorn: 'attack' }, 'attack');
      state = play(state, 'cp', { type: 'declareAttack', target: 'plock' }).state;
      state = play(state, 'cp', { type: 'addAttacker', unit: 'ge-army-8' }).state;
      state = play(state, 'cp', { type: 'fight' }).state;
      state = play(state, 'cp', { type: 'doneCards' }).state;
      state = play(state, 'ap', { type: 'combatCard', card: 'ap-6' }).state;
      const r = play(state, 'ap', { type: 'doneCards' });
      state = r.state;
      while (state.phase.kind === 'losses') {
        const seat = game.status(state).toAct[0]!;
        state = play(state, seat, {
          type: 'takeStep',
          unit: options(state, seat, 'takeStep', 'unit')[0],
        }).state;
      }
      const lossOn = r.events.find((e) => e.type === 'lossNumber' && e.side === 'cp')!.result as number;
      const army = state.units['ru-army-1']!;
      if (lossOn >= 4) {
        // Both steps lost, no Russian corps in the reserve box: gone for good, nothing comes back.
        seen.both = true;
        expect(army.loc).toBe('removed');
      } else if (lossOn >= 2) {
        seen.one = true;
        expect(army.reduced).toBe(false);
        expect(state.phase.kind).toBe('retreat');
      }
    }
    expect(seen).toEqual({ one: true, both: true });
  });

  it('AP 6 Withdrawal (12.6.3, 12.6.10): a lone corps eliminated in the combat comes back reduced, withdraws one space and stays on the map', () => {
    for (let i = 0; i < 80; i++) {
      let state = lab({ 'ge-army-8': 'thorn', 'ru-corps-1': 'plock' }, { hand: [] });
      state.decks.ap.hand = ['ap-6'];
      state.rng = rngFromSeed(`withdraw-corps-${i}`);
      state = inOperation(state, 'cp', { thorn: 'attack' }, 'attack');
      state = play(state, 'cp', { type: 'declareAttack', target: 'plock' }).state;
      state = play(state, 'cp', { type: 'addAttacker', unit: 'ge-army-8' }).state;
      state = play(state, 'cp', { type: 'fight' }).state;
      state = play(state, 'cp', { type: 'doneCards' }).state;
      state = play(state, 'ap', { type: 'combatCard', card: 'ap-6' }).state;
      const r = play(state, 'ap', { type: 'doneCards' });
      state = r.state;
      const events = [...r.events];
      while (state.phase.kind === 'losses') {
        const seat = game.status(state).toAct[0]!;
        const step = play(state, seat, {
          type: 'takeStep',
          unit: options(state, seat, 'takeStep', 'unit')[0],
        });
        state = step.state;
        events.push(...step.events);
      }
      const lossOn = r.events.find((e) => e.type === 'lossNumber' && e.side === 'cp')!.result as number;
      if (lossOn < 2) continue;
      // Both of the corps' steps were lost; the card gives the last one back.
      expect(events.some((e) => e.type === 'eliminated' && e.unit === 'ru-corps-1')).toBe(true);
      expect(events.some((e) => e.type === 'withdrawal' && e.unit === 'ru-corps-1')).toBe(true);
      expect(state.units['ru-corps-1']).toMatchObject({ loc: 'plock', reduced: true });
      expect(state.phase.kind).toBe('retreat');
      const to = options(state, 'ap', 'retreat', 'to', { unit: 'ru-corps-1' })[0] as string;
      state = play(state, 'ap', { type: 'retreat', unit: 'ru-corps-1', to }).state;
      expect(state.units['ru-corps-1']).toMatchObject({ loc: to, reduced: true });
      const piece = game.present(game.view(state, 'cp'), 'cp').pieces.find((p) => p.id === 'ru-corps-1');
      expect(piece?.loc).toBe(to);
      return;
    }
    throw new Error('no seed eliminated the corps');
  });

  it('AP 6 / CP 56 Withdrawal (12.6): a corps step comes back and the defenders fall back exactly one space, whatever the result', () => {
    for (let i = 0; i < 60; i++) {
      let state = lab({ 'ge-army-8': 'thorn', 'ru-corps-1': 'plock', 'ru-corps-2': 'plock' }, { hand: [] });
      state.decks.ap.hand = ['ap-6'];
      state.rng = rngFromSeed(`withdraw-${i}`);
      state = inOperation(state, 'cp', { thorn: 'attack' }, 'attack');
      state = play(state, 'cp', { type: 'declareAttack', target: 'plock' }).state;
      state = play(state, 'cp', { type: 'addAttacker', unit: 'ge-army-8' }).state;
      state = play(state, 'cp', { type: 'fight' }).state;
      state = play(state, 'cp', { type: 'doneCards' }).state;
      expect(options(state, 'ap', 'combatCard', 'card')).toEqual(['ap-6']);
      state = play(state, 'ap', { type: 'combatCard', card: 'ap-6' }).state;
      const r = play(state, 'ap', { type: 'doneCards' });
      state = r.state;
      while (state.phase.kind === 'losses') {
        const seat = game.status(state).toAct[0]!;
        state = play(state, seat, {
          type: 'takeStep',
          unit: options(state, seat, 'takeStep', 'unit')[0],
        }).state;
      }
      if (state.phase.kind !== 'retreat') continue;
      expect(state.phase.mayHold).toBe(false);
      for (const p of state.phase.pending) expect(p.stepsLeft).toBe(1);
      expect(state.decks.ap.removed).toContain('ap-6');
      return;
    }
    throw new Error('no seed left a defender to withdraw');
  });
});
