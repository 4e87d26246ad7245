import { describe, expect, it } from 'vitest';
import { attritionPhase } from '../src/flow.ts';
import { replacementOptions } from '../src/replacements.ts';
import { srDestinations } from '../src/sr.ts';
import { Supply } from '../src/supply.ts';
import { RESERVE } from '../src/types.ts';
import { lab, testLog } from './helpers.ts';

describe('13.1.12, 17.1.4.1, 14.1.5: supply from the other part of the alliance', () => {
  it('13.1.12, 17.1.4.1: a German corps supplied only through Constantinople neither redeploys to the reserve box nor takes replacements; supplied from Essen it does', () => {
    const state = lab(
      { 'ge-corps-1': 'ankara', 'ge-corps-2': 'breslau' },
      { turn: 8, reduced: ['ge-corps-1', 'ge-corps-2'] },
    );
    state.neutral = state.neutral.filter((n) => n !== 'tu' && n !== 'pe');
    const supply = new Supply(state);
    expect(supply.unitSupplied('ge-corps-1')).toBe(true);
    expect(supply.homeSupplied('ge-corps-1')).toBe(false);
    expect(srDestinations(state, 'ge-corps-1')).not.toContain(RESERVE);
    expect(srDestinations(state, 'ge-corps-2')).toContain(RESERVE);
    const rebuilt = replacementOptions(state, 'cp', { ge: 3 }).map((o) => o.unit);
    expect(rebuilt).toContain('ge-corps-2');
    expect(rebuilt).not.toContain('ge-corps-1');
    // A Turkish corps there traces to its own source and keeps both.
    const turk = lab({ 'tu-corps-1': 'ankara' }, { turn: 8, reduced: ['tu-corps-1'] });
    turk.neutral = turk.neutral.filter((n) => n !== 'tu' && n !== 'pe');
    expect(new Supply(turk).homeSupplied('tu-corps-1')).toBe(true);
    expect(replacementOptions(turk, 'cp', { tu: 1 }).map((o) => o.unit)).toContain('tu-corps-1');
  });

  it('14.1.5: Turkish units in Medina survive the Attrition Phase out of supply', () => {
    const state = lab({ 'tu-corps-1': 'medina', 'br-corps-1': 'arabia' }, { turn: 8 });
    state.neutral = state.neutral.filter((n) => n !== 'tu' && n !== 'pe');
    state.control.medina = 'cp';
    state.control.aqaba = 'ap'; // Medina cut off: Aqaba Allied, Arabia held by the British
    state.control.arabia = 'ap';
    expect(new Supply(state).unitSupplied('tu-corps-1')).toBe(false);
    attritionPhase(state, testLog());
    expect(state.units['tu-corps-1']!.loc).toBe('medina');
    expect(state.control.medina).toBe('cp');
  });
});
