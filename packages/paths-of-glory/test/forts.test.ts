import { describe, expect, it } from 'vitest';
import { mayAttack } from '../src/combat.ts';
import { newOperation } from '../src/operations.ts';
import { redeploy, srDestinations } from '../src/sr.ts';
import { Supply } from '../src/supply.ts';
import { game, inOperation, lab, options, play, testLog } from './helpers.ts';

/** German army and corps besieging Liege (fort 3), Belgians next door in Brussels. */
function liegeSiege() {
  const state = lab({ 'ge-army-1': 'liege', 'ge-corps-1': 'liege', 'be-army-1': 'brussels' });
  state.control.liege = 'ap';
  return state;
}

describe('15.2 Besieging', () => {
  it("15.2.3: out of a besieged fort space only the units beyond the siege's need attack other spaces; all may attack the fort", () => {
    const state = liegeSiege();
    const op = newOperation(null, 0);
    op.activated = { liege: 'attack' };
    const supply = new Supply(state);
    // The corps alone would not besiege a fort of 3: the army must stay; the corps may go out.
    expect(mayAttack(state, op, 'ge-army-1', 'brussels', supply)).toBe(false);
    expect(mayAttack(state, op, 'ge-corps-1', 'brussels', supply)).toBe(true);
    expect(mayAttack(state, op, 'ge-army-1', 'liege', supply)).toBe(true);
    // Once the corps has attacked out, the army still may not.
    op.sortied = ['ge-corps-1'];
    expect(mayAttack(state, op, 'ge-army-1', 'brussels', supply)).toBe(false);
  });

  it('15.2.3: a sortie is recorded when the combat is fought', () => {
    const state = liegeSiege();
    inOperation(state, 'cp', { liege: 'attack' }, 'attack');
    let s = play(state, 'cp', { type: 'declareAttack', target: 'brussels' }).state;
    expect(options(s, 'cp', 'addAttacker', 'unit')).toEqual(['ge-corps-1']);
    s = play(s, 'cp', { type: 'addAttacker', unit: 'ge-corps-1' }).state;
    s = play(s, 'cp', { type: 'fight' }).state;
    s = play(s, 'cp', { type: 'doneCards' }).state;
    const before = s.phase;
    s = play(s, 'ap', { type: 'doneCards' }).state;
    expect(before.kind).toBe('attack');
    const phase = s.phase as { op?: { sortied: string[] } };
    expect(phase.op?.sortied).toEqual(['ge-corps-1']);
  });

  it('15.2.4: a unit may not move off leaving the fort occupied but no longer besieged; the whole stack may go', () => {
    const state = liegeSiege();
    inOperation(state, 'cp', { liege: 'move' }, 'move');
    const movable = game
      .choices(state, 'cp')
      .filter((c) => c.action === 'move')
      .map((c) => c.base.unit);
    expect(movable).toEqual(['ge-corps-1']);
    expect(options(state, 'cp', 'moveStack', 'to', { from: 'liege' })).toContain('aachen');
  });

  it('13.1.5: no strategic redeployment out of a besieged fort space that would end the siege', () => {
    const state = liegeSiege();
    expect(srDestinations(state, 'ge-army-1')).toEqual([]);
    expect(srDestinations(state, 'ge-corps-1').length).toBeGreaterThan(0);
  });

  it('15.2.5: a desert space cannot be attacked in summer', () => {
    const state = lab({ 'br-corps-1': 'qurna', 'tu-corps-1': 'an-nasiriya' }, { side: 'ap' });
    state.neutral = [];
    const op = newOperation(null, 0);
    op.activated = { qurna: 'attack' };
    expect(mayAttack(state, op, 'br-corps-1', 'an-nasiriya', new Supply(state))).toBe(false);
    state.turn = 3;
    expect(mayAttack(state, op, 'br-corps-1', 'an-nasiriya', new Supply(state))).toBe(true);
  });
});

describe('13.2 Near East SR restrictions', () => {
  it('13.2.1: one British corps a turn by sea or the reserve box to or from the Near East; no French corps that way', () => {
    const state = lab(
      { 'br-corps-1': 'port-said', 'br-corps-2': 'cairo', 'fr-corps-1': 'port-said' },
      { side: 'ap' },
    );
    const out = srDestinations(state, 'br-corps-1');
    expect(out).toContain('reserve');
    expect(out).toContain('london');
    expect(srDestinations(state, 'fr-corps-1').filter((s) => s === 'reserve' || s === 'london')).toEqual([]);
    redeploy(state, testLog(), 'br-corps-1', 'london');
    expect(srDestinations(state, 'br-corps-2')).not.toContain('reserve');
    expect(srDestinations(state, 'br-corps-2')).not.toContain('london');
    // Within the Near East there is no limit.
    expect(srDestinations(state, 'br-corps-2')).toContain('port-said');
  });

  it('13.2.2: one Russian corps a turn to or from the Near East map', () => {
    const state = lab({ 'ru-corps-1': 'kars', 'ru-corps-2': 'erivan', 'ru-army-1': 'kovno' }, { side: 'ap' });
    expect(srDestinations(state, 'ru-corps-1')).toContain('reserve');
    redeploy(state, testLog(), 'ru-corps-1', 'reserve');
    expect(srDestinations(state, 'ru-corps-2')).not.toContain('reserve');
    expect(srDestinations(state, 'ru-corps-2')).toContain('kars');
  });
});
