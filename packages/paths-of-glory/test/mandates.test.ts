import { describe, expect, it } from 'vitest';
import { fulfilsMandate } from '../src/battle.ts';
import { mandateFor } from '../src/flow.ts';
import { MANDATE_TABLE } from '../src/tables.ts';
import { lab, started } from './helpers.ts';

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
});
