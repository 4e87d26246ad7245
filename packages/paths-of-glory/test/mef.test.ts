import { describe, expect, it } from 'vitest';
import { activationCost } from '../src/activation.ts';
import { setLoc } from '../src/cache.ts';
import { beachheadOf, landMef } from '../src/mef.ts';
import { mayEnter, moveAlong } from '../src/movement.ts';
import { activationOptions, newOperation } from '../src/operations.ts';
import { Supply } from '../src/supply.ts';
import { lab, testLog } from './helpers.ts';

/** Turkey at war, Gallipoli in Allied hands, the Allies to act. */
function dardanelles() {
  const state = lab(
    { 'br-corps-1': 'gallipoli', 'br-corps-2': 'gallipoli', 'fr-corps-1': 'adrianople' },
    { side: 'ap' },
  );
  state.neutral = state.neutral.filter((n) => n !== 'tu');
  state.control.gallipoli = 'ap';
  state.control.adrianople = 'ap';
  return state;
}

describe('The MEF landing (9.5.3.5, 9.2.7.1, 11.1.10)', () => {
  it('11.1.10: nobody enters a MEF space before the beachhead; 9.5.3.5: once landed it is a normal space for both sides', () => {
    const state = dardanelles();
    expect(mayEnter(state, 'br-corps-1', 'gallipoli', 'mef1')).toBe(false);
    expect(mayEnter(state, 'br-army-mef', 'gallipoli', 'mef1')).toBe(false);
    landMef(state, testLog(), 'mef1');
    expect(state.units['br-army-mef']!.loc).toBe('mef1');
    expect(mayEnter(state, 'br-corps-1', 'gallipoli', 'mef1')).toBe(true);
    expect(mayEnter(state, 'tu-corps-1', 'gallipoli', 'mef1')).toBe(true);
    expect(mayEnter(state, 'br-corps-1', 'cana-kale', 'mef2')).toBe(false);
  });

  it('9.2.7.1: the beachhead supplies only the MEF and British or Australian corps, and a Central Powers unit entering removes it', () => {
    const state = dardanelles();
    setLoc(state, 'fr-corps-1', 'gallipoli');
    setLoc(state, 'br-corps-2', 'offmap');
    landMef(state, testLog(), 'mef1');
    const supply = new Supply(state);
    expect(supply.unitSupplied('br-army-mef')).toBe(true);
    expect(supply.throughBeachhead('br-corps-1')).toBe(true);
    expect(supply.unitSupplied('br-corps-1')).toBe(true);
    expect(supply.unitSupplied('fr-corps-1')).toBe(false);
    const cp = lab({ 'tu-corps-1': 'gallipoli' });
    cp.mefBeachhead = 'mef1';
    cp.neutral = [];
    moveAlong(cp, testLog(), 'tu-corps-1', ['mef1']);
    expect(beachheadOf(cp)).toBeNull();
  });

  it('9.2.7.1: a stack supplied through the beachhead costs 3 for the MEF and 1 a corps (MEF and two corps: 5)', () => {
    const state = dardanelles();
    landMef(state, testLog(), 'mef1');
    setLoc(state, 'br-army-mef', 'gallipoli');
    expect(activationCost(state, 'ap', 'gallipoli')).toBe(5);
    // Without the beachhead the same British stack is one nationality.
    const plain = dardanelles();
    setLoc(plain, 'br-army-mef', 'gallipoli');
    expect(activationCost(plain, 'ap', 'gallipoli')).toBe(1);
  });

  it("9.2.7: the British NE Army's space does not count against the one Near East combat activation", () => {
    const state = lab(
      { 'br-army-ne': 'cairo', 'br-corps-1': 'port-said', 'br-corps-2': 'basra' },
      { side: 'ap' },
    );
    const op = newOperation(null, 4);
    op.activated = { cairo: 'attack' };
    const modes = (s: string) => activationOptions(state, 'ap', op).find((o) => o.space === s)?.modes;
    expect(modes('port-said')).toContain('attack');
    op.activated = { 'port-said': 'attack' };
    expect(modes('basra')).toEqual(['move']);
    expect(modes('cairo')).toContain('attack');
  });
});
