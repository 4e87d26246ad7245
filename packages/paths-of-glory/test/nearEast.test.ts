import { describe, expect, it } from 'vitest';
import { attritionPhase } from '../src/flow.ts';
import { moveAlong } from '../src/movement.ts';
import { Supply } from '../src/supply.ts';
import { lab, testLog } from './helpers.ts';

describe('11.1.14-11.1.15 The Arab Northern Army and the Senussi', () => {
  it('11.1.14: a Central Powers space the ANA takes is Allied only while it stays; another Allied unit makes it Allied for good', () => {
    const state = lab({ 'br-corps-ana': 'arabia', 'br-corps-1': 'arabia' }, { side: 'ap' });
    state.neutral = [];
    const log = testLog();
    moveAlong(state, log, 'br-corps-ana', ['medina']);
    expect(state.control.medina).toBe('ap');
    expect(state.anaHolds).toBe('medina');
    moveAlong(state, log, 'br-corps-ana', ['arabia']);
    expect(state.control.medina).toBe('cp');
    expect(state.anaHolds).toBeUndefined();
    // With a British corps ending its move there too, the space stays Allied after the ANA goes.
    moveAlong(state, log, 'br-corps-ana', ['medina']);
    moveAlong(state, log, 'br-corps-1', ['medina']);
    moveAlong(state, log, 'br-corps-ana', ['arabia']);
    expect(state.control.medina).toBe('ap');
  });

  it('11.1.15, 14.1.5: the Senussi need no supply, but the spaces they take behind them fall back in the Attrition Phase', () => {
    const state = lab({ 'sn-corps-1': 'libya' }, { side: 'cp' });
    state.neutral = [];
    const log = testLog();
    moveAlong(state, log, 'sn-corps-1', ['alexandria']);
    expect(state.control.alexandria).toBe('cp');
    moveAlong(state, log, 'sn-corps-1', ['libya']);
    expect(new Supply(state).unitSupplied('sn-corps-1')).toBe(true);
    attritionPhase(state, log);
    expect(state.units['sn-corps-1']!.loc).toBe('libya');
    expect(state.control.alexandria).toBe('ap');
    expect(state.control.libya).toBe('cp');
  });
});
