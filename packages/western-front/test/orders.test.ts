import { describe, expect, it } from 'vitest';
import { orderFactors } from '../src/orders.ts';
import { actionsFor } from '../src/tables.ts';
import type { Phase, WfState } from '../src/types.ts';
import {
  activeWith,
  eventsOf,
  firstRoll,
  game,
  lab,
  MONS,
  NC,
  orders,
  play,
  refused,
  rolls,
  stand,
  withDice,
} from './helpers.ts';

const phaseOf = (s: WfState) => s.phase as Extract<Phase, { kind: 'orders' }>;
const labels = (s: WfState) =>
  game.choices(s, phaseOf(s).side).map((c) => `${c.action}:${c.base.unit ?? ''}`);
const factors = (s: WfState, id: string, bonus = false) =>
  Object.fromEntries(orderFactors(s, stand(s, id), bonus).map((f) => [f.label, f.value]));

describe('Order sequence', () => {
  it('action tables for MGs, artillery and companies', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map((n) => actionsFor('mg', n))).toEqual([0, 1, 2, 2, 2, 3, 3]);
    expect([1, 2, 3, 4, 5, 6, 7].map((n) => actionsFor('artillery', n))).toEqual([0, 0, 1, 1, 1, 2, 2]);
    expect([1, 2, 3, 4, 5, 6, 7, 8].map((n) => actionsFor('company', n))).toEqual([0, 1, 1, 1, 2, 2, 3, 3]);
  });

  it('the attacker orders first on turn 1, then initiative is rolled each turn, ties to the side that went second', () => {
    const start = game.setup(MONS, {}, 'first');
    expect(start.turn).toBe(1);
    expect(start.order).toEqual(['german', 'british']);
    expect(phaseOf(start).side).toBe('german');
    const end = lab({ 'rf4-cmd': '1010' }, { side: 'british', step: 'commanders' });
    end.turn = 1;
    end.order = ['german', 'british'];
    stand(end, 'rf4-cmd').commandMoves = 2;
    const tie = withDice(end, 'british', { type: 'endStep' }, (r) => {
      const [g, b] = rolls(r.events, 'initiative');
      return g === b;
    });
    expect(tie.state.turn).toBe(2);
    expect(tie.state.order).toEqual(['british', 'german']);
    const germanHigher = withDice(end, 'british', { type: 'endStep' }, (r) => {
      const [g, b] = rolls(r.events, 'initiative');
      return g! > b!;
    });
    expect(germanHigher.state.order).toEqual(['german', 'british']);
  });

  it('a battalion orders its MGs before its companies and is finished before another starts', () => {
    const state = lab({
      'i84-cmd': '1005',
      'i84-1': '1006',
      'i84-2': '1106',
      'i84-mg1': '0906',
      'ii84-cmd': '1505',
      'ii84-5': '1506',
    });
    expect(labels(state)).toEqual(['order:i84-mg1', 'order:ii84-5', 'endStep:']);
    expect(refused(state, 'german', { type: 'order', unit: 'i84-1' })).toBe('OUT_OF_SEQUENCE');
    const mg = withDice(
      state,
      'german',
      { type: 'order', unit: 'i84-mg1', bonus: false },
      firstRoll('order', 1),
    );
    expect(phaseOf(mg.state).battalion).toBe('i84');
    expect(labels(mg.state)).toEqual(['order:i84-1', 'order:i84-2', 'endBattalion:']);
    expect(refused(mg.state, 'german', { type: 'order', unit: 'ii84-5' })).toBe('OUT_OF_SEQUENCE');
    const ended = play(mg.state, 'german', { type: 'endBattalion' });
    expect(phaseOf(ended.state).battalion).toBeNull();
    expect(labels(ended.state)).toEqual(['order:ii84-5', 'endStep:']);
  });

  it('Section 1, support orders: staff markers first, then the regiment’s MGs, then its artillery', () => {
    const state = lab({ 'ir84-cmd': '1602', 'ir84-mgk': '1404' }, { step: 'staff' });
    state.markersLeft.german = 1;
    // Nothing is ordered while markers wait to be allocated.
    expect(refused(state, 'german', { type: 'order', unit: 'ir84-mgk' })).toBe('WRONG_PHASE');
    const support = play(state, 'german', { type: 'allocateMarker', to: 'i84' });
    expect(phaseOf(support.state).step).toBe('support');
    // The regiment's MG company first: its field and howitzer batteries wait.
    expect(labels(support.state)).toEqual(['order:ir84-mgk', 'endStep:']);
    expect(refused(support.state, 'german', { type: 'order', unit: 'g-fk' })).toBe('OUT_OF_SEQUENCE');
    const mg = withDice(support.state, 'german', { type: 'order', unit: 'ir84-mgk' }, firstRoll('order', 1));
    expect(labels(mg.state)).toEqual(['order:g-fk', 'order:g-lfh', 'endStep:']);
    // Mortars order on the MG table, so they go before their own brigade's artillery; the other
    // brigade's batteries do not wait for them.
    const nc = lab({ 'bde23-tm': '1014' }, { scenario: NC, side: 'british', step: 'support' });
    expect(labels(nc)).toEqual(['order:bde23-tm', 'order:b-18a', 'order:b-18b', 'order:b-45', 'endStep:']);
    expect(refused(nc, 'british', { type: 'order', unit: 'b-6in' })).toBe('OUT_OF_SEQUENCE');
  });

  it('a failed roll ends that unit’s turn only', () => {
    const state = lab({ 'i84-cmd': '1005', 'i84-1': '1006', 'i84-2': '1106' });
    const failed = withDice(
      state,
      'german',
      { type: 'order', unit: 'i84-1', bonus: false },
      firstRoll('order', 1),
    );
    expect(stand(failed.state, 'i84-1').ordered).toBe(true);
    expect(stand(failed.state, 'i84-1').actions).toBe(0);
    expect(phaseOf(failed.state).active).toBeNull();
    expect(labels(failed.state)).toContain('order:i84-2');
  });

  it('a staff marker re-rolls an order roll of the battalion it was allocated to, once', () => {
    const state = lab({ 'i84-cmd': '1005', 'i84-1': '1006', 'i84-2': '1106' }, { step: 'staff' });
    state.markersLeft.german = 1;
    const allocated = play(state, 'german', { type: 'allocateMarker', to: 'i84' });
    expect(allocated.state.allocated).toEqual({ german: { i84: 1 }, british: {} });
    // The off-table batteries make a support step first.
    expect(phaseOf(allocated.state).step).toBe('support');
    const battalions = play(allocated.state, 'german', { type: 'endStep' });
    expect(phaseOf(battalions.state).step).toBe('battalions');
    const low = withDice(
      battalions.state,
      'german',
      { type: 'order', unit: 'i84-1', bonus: false },
      firstRoll('order', 2),
    );
    expect(phaseOf(low.state).reroll).toEqual({ unit: 'i84-1', battery: false, modifier: 0 });
    expect(labels(low.state)).toEqual(['reroll:', 'keepRoll:']);
    expect(refused(low.state, 'german', { type: 'order', unit: 'i84-2' })).toBe('WRONG_PHASE');
    const again = withDice(low.state, 'german', { type: 'reroll' }, firstRoll('order', 6));
    expect(stand(again.state, 'i84-1').actions).toBe(2);
    expect(again.state.allocated.german?.i84).toBe(0);
    // No marker left: the next low roll is final.
    const next = play(again.state, 'german', { type: 'endUnit' });
    const low2 = withDice(
      next.state,
      'german',
      { type: 'order', unit: 'i84-2', bonus: false },
      firstRoll('order', 2),
    );
    expect(phaseOf(low2.state).reroll).toBeNull();
    expect(stand(low2.state, 'i84-2').actions).toBe(1);
  });

  it('Section 1, staff re-roll markers: each side’s are its own, and go at the end of its sequence', () => {
    const state = lab({ 'ir84-cmd': '1602', 'bde9-cmd': '1614' }, { step: 'staff' });
    state.order = ['german', 'british'];
    state.markersLeft.german = 1;
    const given = play(state, 'german', { type: 'allocateMarker', to: 'support' });
    expect(given.state.allocated).toEqual({ german: { support: 1 }, british: {} });
    // The Germans end their support step without spending it, then their commanders' step.
    const support = play(given.state, 'german', { type: 'endStep' });
    expect(phaseOf(support.state).step).toBe('commanders');
    const ended = play(support.state, 'german', { type: 'endStep' });
    expect(phaseOf(ended.state).side).toBe('british');
    // The unspent German marker is gone with the end of the German sequence.
    expect(ended.state.allocated.german).toEqual({});
    expect(eventsOf(ended, 'marker').map((e) => e.text)).toEqual([
      "The Germans' unspent staff re-roll marker is removed",
    ]);
    // A British battery rolling low has no marker of its own: the German one is not for it.
    expect(phaseOf(ended.state).step).toBe('staff');
    const british = play(ended.state, 'british', { type: 'endStep' });
    const low = withDice(british.state, 'british', { type: 'order', unit: 'b-rfa' }, firstRoll('order', 3));
    expect(phaseOf(low.state).reroll).toBeNull();
    expect(phaseOf(low.state).active).toEqual({ unit: 'b-rfa', battery: true });
  });

  it('command stands shed their suppression before SOS calls', () => {
    const state = lab(
      { 'rf4-cmd': '1010', 'bde9-cmd': '1012', 'bde9-foo': '1014', 'rf4-a': '1011' },
      { side: 'british' },
    );
    stand(state, 'rf4-cmd').suppression = 2;
    stand(state, 'bde9-cmd').suppression = 1;
    stand(state, 'rf4-a').suppression = 1;
    const next = play(state, 'british', { type: 'endStep' });
    expect(stand(next.state, 'rf4-cmd').suppression).toBe(0);
    expect(stand(next.state, 'bde9-cmd').suppression).toBe(0);
    expect(stand(next.state, 'rf4-a').suppression).toBe(1);
    expect(phaseOf(next.state).step).toBe('commanders');
  });

  it('command stands move twice in the last step', () => {
    const state = lab({ 'rf4-cmd': '1010', 'i84-1': '1002' }, { side: 'british', step: 'commanders' });
    state.order = ['british', 'german'];
    const once = play(state, 'british', { type: 'moveCommander', unit: 'rf4-cmd', to: '1014' });
    expect(stand(once.state, 'rf4-cmd').hex).toBe('1014');
    const twice = play(once.state, 'british', { type: 'moveCommander', unit: 'rf4-cmd', to: '1018' });
    expect(stand(twice.state, 'rf4-cmd').hex).toBe('1018');
    // After two moves there is nothing left to do in the step: the side's turn has ended.
    expect(phaseOf(twice.state).side).toBe('german');
    const third = structuredClone(twice.state);
    third.phase = orders('british', 'commanders');
    expect(refused(third, 'british', { type: 'moveCommander', unit: 'rf4-cmd', to: '1017' })).toBe(
      'NO_MOVES',
    );
  });
});

describe('Order modifiers', () => {
  it('every modifier of the sheet, with its value', () => {
    const state = lab({ 'i84-cmd': '1005', 'i84-1': '1006', 'i84-2': '1012' }, { wire: ['1006'] });
    expect(factors(state, 'i84-1')).toEqual({ 'Passing through wire': -2 });
    expect(factors(state, 'i84-2')).toEqual({ 'Beyond 25 cm of the battalion commander': -1 });
    stand(state, 'i84-cmd').suppression = 2;
    stand(state, 'i84-cmd').fieldPromotion = true;
    state.gas = [{ id: 'g', side: 'british', hexes: ['1005'], turnsLeft: 2 }];
    expect(factors(state, 'i84-1', true)).toEqual({
      'Regimental support': 1,
      Gas: -1,
      'Field promotion': -1,
      'Commander suppressed': -2,
      'Passing through wire': -2,
    });
    const q = lab({ 'i84-cmd': '1005', 'i84-1': '1006' });
    stand(q, 'i84-1').quality = 'veteran';
    expect(factors(q, 'i84-1')).toEqual({ Veterans: 1 });
    stand(q, 'i84-1').quality = 'storm';
    expect(factors(q, 'i84-1')).toEqual({ 'Storm troops': 1 });
    stand(q, 'i84-1').quality = 'raw';
    expect(factors(q, 'i84-1')).toEqual({ 'Raw, fresh': 1 });
    stand(q, 'i84-1').firedOn = true;
    expect(factors(q, 'i84-1')).toEqual({ 'Raw, under fire': -1 });
  });

  it('raw troops lose their +1 once any fire roll is made against them', () => {
    const state = activeWith(
      lab({ 'rf4-a': '1010', 'i84-1': '1006', 'i84-cmd': '1005' }, { side: 'british' }),
      'rf4-a',
      1,
    );
    stand(state, 'i84-1').quality = 'raw';
    expect(stand(state, 'i84-1').firedOn).toBe(false);
    const fired = withDice(state, 'british', { type: 'fire', target: 'i84-1' }, firstRoll('fire', 1));
    expect(stand(fired.state, 'i84-1').firedOn).toBe(true);
    expect(factors(fired.state, 'i84-1')).toEqual({ 'Raw, under fire': -1 });
  });

  it("the regiment's +1 once a turn, a natural 1 still failing", () => {
    const state = lab({ 'i84-cmd': '1005', 'i84-1': '1006', 'i84-2': '1106' });
    const choice = game.choices(state, 'german').find((c) => c.base.unit === 'i84-1')!;
    expect(choice.params.map((p) => p.name)).toEqual(['bonus']);
    const one = withDice(
      state,
      'german',
      { type: 'order', unit: 'i84-1', bonus: true },
      firstRoll('order', 1),
    );
    expect(stand(one.state, 'i84-1').actions).toBe(0);
    expect(one.state.regiments.find((r) => r.id === 'ir84')!.bonusUsed).toBe(true);
    expect(game.choices(one.state, 'german').find((c) => c.base.unit === 'i84-2')!.params).toEqual([]);
    expect(refused(one.state, 'german', { type: 'order', unit: 'i84-2', bonus: true })).toBe('NO_BONUS');
    const six = withDice(
      state,
      'german',
      { type: 'order', unit: 'i84-1', bonus: true },
      firstRoll('order', 6),
    );
    expect(stand(six.state, 'i84-1').actions).toBe(3);
    expect(eventsOf(six, 'order')[0]!.total).toBe(7);
  });
});

describe('Actions', () => {
  it('a suppressed stand must remove its suppression before moving or firing', () => {
    const state = activeWith(lab({ 'i84-cmd': '1005', 'i84-1': '1006', 'rf4-a': '1010' }), 'i84-1', 2);
    stand(state, 'i84-1').suppression = 1;
    expect(labels(state)).toEqual(['rally:', 'endUnit:']);
    expect(refused(state, 'german', { type: 'move', to: '1007' })).toBe('SUPPRESSED');
    const rallied = play(state, 'german', { type: 'rally' });
    expect(stand(rallied.state, 'i84-1').suppression).toBe(0);
    expect(stand(rallied.state, 'i84-1').actions).toBe(1);
    expect(game.choices(rallied.state, 'german').map((c) => c.action)).toEqual(['move', 'fire', 'endUnit']);
    const moved = play(rallied.state, 'german', { type: 'move', to: '1007' });
    expect(stand(moved.state, 'i84-1').actions).toBe(0);
    expect(phaseOf(moved.state).active).toBeNull();
  });
});
