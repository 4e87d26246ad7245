import { describe, expect, it } from 'vitest';
import { setLoc } from '../src/cache.ts';
import { armyEntrySpaces, buyReplacement, replacementOptions } from '../src/replacements.ts';
import { lab, testLog } from './helpers.ts';

describe('17 Replacements: costs and where armies come back', () => {
  it('17.1.4: one point a step, as in the example of play (AH 2nd and 3rd Armies recreated reduced in Budapest, GE 4th flipped)', () => {
    const state = lab(
      { 'ah-army-2': 'eliminated', 'ah-army-3': 'eliminated', 'ge-army-4': 'koblenz' },
      { reduced: ['ge-army-4'] },
    );
    state.rp = { ah: 2, ge: 1 };
    const log = testLog();
    for (const value of ['ah-army-2@budapest', 'ah-army-3@budapest', 'ge-army-4']) {
      const option = replacementOptions(state, 'cp').find((o) => o.value === value)!;
      expect(option).toBeDefined();
      buyReplacement(state, log, option, state.rp);
    }
    expect(state.rp).toEqual({ ah: 0, ge: 0 });
    expect(state.units['ah-army-2']).toMatchObject({ loc: 'budapest', reduced: true });
    expect(state.units['ah-army-3']).toMatchObject({ loc: 'budapest', reduced: true });
    expect(state.units['ge-army-4']!.reduced).toBe(false);
    expect(replacementOptions(state, 'cp')).toEqual([]);
  });

  it('17.1.5: the Belgian army is recreated in Brussels, Antwerp or Ostend, else in Calais', () => {
    const state = lab({ 'be-army-1': 'eliminated', 'fr-army-5': 'cambrai' });
    state.rp = { a: 1 };
    expect(armyEntrySpaces(state, 'be-army-1', undefined, true)).toEqual(['brussels', 'antwerp', 'ostend']);
    expect(replacementOptions(state, 'ap').map((o) => o.value)).toContain('be-army-1@antwerp');
    for (const s of ['brussels', 'antwerp', 'ostend']) state.control[s] = 'cp';
    expect(armyEntrySpaces(state, 'be-army-1', undefined, true)).toEqual(['calais']);
  });

  it("17.1.5: a Serbian army is not recreated in Belgrade while Nis is the Central Powers'", () => {
    const state = lab({ 'sb-army-1': 'eliminated', 'sb-army-2': 'valjevo' });
    expect(armyEntrySpaces(state, 'sb-army-1', undefined, true)).toContain('belgrade');
    state.control.nis = 'cp';
    expect(armyEntrySpaces(state, 'sb-army-1', undefined, true)).not.toContain('belgrade');
  });

  it('9.5.3.3: French armies enter Orleans only when Paris is full, never when Paris is besieged or lost', () => {
    const state = lab({ 'fr-army-1': 'paris', 'fr-army-2': 'paris', 'fr-army-3': 'paris' });
    expect(armyEntrySpaces(state, 'fr-army-10')).toEqual(['orleans']);
    setLoc(state, 'fr-army-3', 'offmap');
    expect(armyEntrySpaces(state, 'fr-army-10')).toEqual(['paris']);
  });
});
