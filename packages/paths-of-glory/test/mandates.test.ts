import { describe, expect, it } from 'vitest';
import { fulfilsMandate } from '../src/battle.ts';
import { mandateFor } from '../src/flow.ts';
import { supplyOf } from '../src/supply.ts';
import { MANDATE_TABLE } from '../src/tables.ts';
import { game, inOperation, lab, play, started } from './helpers.ts';

describe('7.0 Mandated Offensives', () => {
  it('7.1.1: the tables agree with the rulebook example of play (CP 1 AH, CP 4 GE; Allies 2 FR, 5 IT)', () => {
    expect(MANDATE_TABLE.cp).toEqual(['ah', 'ah-it', 'tu', 'ge', null, null]);
    expect(MANDATE_TABLE.ap).toEqual(['fr', 'fr', 'br', 'it', 'it', 'ru']);
    const state = started('mo-table');
    // August 1914 of the example: CP roll 4, a German offensive; Allied roll 2, a French one.
    expect(mandateFor(state, 'cp', 4)).toEqual({ nation: 'ge', made: false });
    expect(mandateFor(state, 'ap', 2)).toEqual({ nation: 'fr', made: false });
    // September 1914: CP roll 1, Austria-Hungary; Allied roll 5, Italy, neutral: no offensive.
    expect(mandateFor(state, 'cp', 1)).toEqual({ nation: 'ah', made: false });
    expect(mandateFor(state, 'ap', 5)).toEqual({ nation: null, made: true });
    expect(mandateFor(state, 'ap', 6)).toEqual({ nation: 'ru', made: false });
    expect(mandateFor(state, 'cp', 6)).toEqual({ nation: null, made: true });
  });

  it('7.1.2: a nation whose capital the enemy holds shifts the result one box right', () => {
    const state = started('mo-shift');
    state.control.paris = 'cp';
    // France's two boxes both shift on to Britain.
    expect(mandateFor(state, 'ap', 1)).toEqual({ nation: 'br', made: false });
    expect(mandateFor(state, 'ap', 2)).toEqual({ nation: 'br', made: false });
    state.control.vienna = 'ap';
    expect(mandateFor(state, 'cp', 1)).toEqual({ nation: 'ah', made: false }); // Budapest still holds
    state.control.budapest = 'ap';
    // AH, then AH (It) counting as AH, then Turkey, neutral: none.
    expect(mandateFor(state, 'cp', 1)).toEqual({ nation: null, made: true });
  });

  it('7.1.6: AH (It) is plain AH while Italy is neutral, an Italian-front offensive once it is at war', () => {
    const state = started('mo-italy');
    expect(mandateFor(state, 'cp', 2)).toEqual({ nation: 'ah', made: false });
    state.neutral = state.neutral.filter((n) => n !== 'it');
    expect(mandateFor(state, 'cp', 2)).toEqual({ nation: 'ah', made: false, italianFront: true });
    state.control.rome = 'cp';
    expect(mandateFor(state, 'cp', 2)).toEqual({ nation: 'ah', made: false });
  });

  it('7.1.9-7.1.11: Hoffmann adds one to the CP die; H-L Take Command and Bolshevik Revolution cancel GE and RU offensives', () => {
    const state = started('mo-later');
    state.played.push('hoffmann');
    expect(mandateFor(state, 'cp', 3)).toEqual({ nation: 'ge', made: false });
    expect(mandateFor(state, 'cp', 6)).toEqual({ nation: null, made: true });
    state.played.push('h_l_take_command');
    expect(mandateFor(state, 'cp', 3)).toEqual({ nation: null, made: true });
    state.played.push('bolshevik_revolution');
    expect(mandateFor(state, 'ap', 6)).toEqual({ nation: null, made: true });
  });

  it('7.1.4: French or British units attacking a German unit in France, Belgium or Germany; not the Canadians', () => {
    const state = lab({ 'br-corps-cnd': 'amiens', 'fr-army-5': 'sedan', 'ge-army-1': 'cambrai' });
    state.mandates.ap = { nation: 'br', made: false };
    expect(fulfilsMandate(state, 'ap', ['br-corps-cnd'], ['ge-army-1'], 'cambrai')).toBe(false);
    state.mandates.ap = { nation: 'fr', made: false };
    expect(fulfilsMandate(state, 'ap', ['fr-army-5'], ['ge-army-1'], 'cambrai')).toBe(true);
  });

  it('7.1.5: a German offensive needs a western Allied unit attacked in France, Belgium or Germany', () => {
    const state = lab({
      'ge-army-8': 'konigsberg',
      'ru-army-1': 'kovno',
      'fr-army-5': 'sedan',
      'ge-army-1': 'metz',
    });
    state.mandates.cp = { nation: 'ge', made: false };
    expect(fulfilsMandate(state, 'cp', ['ge-army-8'], ['ru-army-1'], 'kovno')).toBe(false);
    expect(fulfilsMandate(state, 'cp', ['ge-army-1'], ['fr-army-5'], 'sedan')).toBe(true);
  });

  it('7.1.6-7.1.7: AH attacks anything, but on the AH (It) result only a space in Italy or one holding Italians', () => {
    const state = lab({ 'ah-army-3': 'lemberg', 'ru-army-3': 'tarnopol' });
    state.mandates.cp = { nation: 'ah', made: false };
    expect(fulfilsMandate(state, 'cp', ['ah-army-3'], ['ru-army-3'], 'tarnopol')).toBe(true);
    state.mandates.cp = { nation: 'ah', made: false, italianFront: true };
    expect(fulfilsMandate(state, 'cp', ['ah-army-3'], ['ru-army-3'], 'tarnopol')).toBe(false);
    expect(fulfilsMandate(state, 'cp', ['ah-army-3'], ['ru-army-3'], 'venice')).toBe(true);
  });

  it('7.1.6 (ruling 75): on the AH (It) result an attack on Allied units outside Italy supplied only through an Italian space counts; not on units that trace supply another way', () => {
    const state = lab({
      'ah-corps-1': 'innsbruck',
      'br-corps-1': 'trent',
      'it-army-1': 'verona',
      'ah-corps-2': 'belfort',
      'fr-corps-1': 'nancy',
    });
    state.neutral = state.neutral.filter((n) => n !== 'it');
    state.control.trent = 'ap';
    state.mandates.cp = { nation: 'ah', made: false, italianFront: true };
    // Trent's British corps traces to London only by sea to an Italian port and on through Verona.
    expect(supplyOf(state).throughItaly('br-corps-1')).toBe(true);
    expect(fulfilsMandate(state, 'cp', ['ah-corps-1'], ['br-corps-1'], 'trent')).toBe(true);
    // A French corps in Nancy traces through France: no Italian-front attack.
    expect(supplyOf(state).throughItaly('fr-corps-1')).toBe(false);
    expect(fulfilsMandate(state, 'cp', ['ah-corps-2'], ['fr-corps-1'], 'nancy')).toBe(false);
    // Cut off from Italy (Verona and Asiago the Central Powers'), the corps in Trent traces nothing.
    const cut = lab({ 'ah-corps-1': 'innsbruck', 'br-corps-1': 'trent' });
    cut.neutral = cut.neutral.filter((n) => n !== 'it');
    cut.control.trent = 'ap';
    cut.control.verona = 'cp';
    cut.control.asiago = 'cp';
    cut.mandates.cp = { nation: 'ah', made: false, italianFront: true };
    expect(fulfilsMandate(cut, 'cp', ['ah-corps-1'], ['br-corps-1'], 'trent')).toBe(false);
  });

  it('7.1.6 (ruling 75): the offensive is made by a real combat against a British corps in Trent supplied through Italy', () => {
    const state = lab({ 'ah-army-3': 'innsbruck', 'br-corps-1': 'trent', 'it-army-1': 'verona' });
    state.neutral = state.neutral.filter((n) => n !== 'it');
    state.control.trent = 'ap';
    state.mandates.cp = { nation: 'ah', made: false, italianFront: true };
    inOperation(state, 'cp', { innsbruck: 'attack' }, 'attack');
    let s = play(state, 'cp', { type: 'declareAttack', target: 'trent' }).state;
    s = play(s, 'cp', { type: 'addAttacker', unit: 'ah-army-3' }).state;
    s = play(s, 'cp', { type: 'fight' }).state;
    while (s.phase.kind === 'attack' && s.phase.combat) {
      const seat = game.status(s).toAct[0]!;
      s = play(s, seat, { type: 'doneCards' }).state;
    }
    expect(s.mandates.cp.made).toBe(true);
  });
});
