import { EventLog, rngFromSeed } from '@salient/engine';
import { describe, expect, it } from 'vitest';
import { driftGas } from '../src/gas.ts';
import { validSosArea } from '../src/sos.ts';
import type { Phase, Terrain, WfState } from '../src/types.ts';
import {
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

function battery(state: WfState, id: string) {
  return state.batteries.find((b) => b.id === id)!;
}

/** `id` is the battery being ordered, with `actions` actions. */
function ordering(state: WfState, id: string, actions: number): WfState {
  const b = battery(state, id);
  b.ordered = true;
  b.actions = actions;
  (state.phase as Extract<Phase, { kind: 'orders' }>).active = { unit: id, battery: true };
  return state;
}

const shotTargets = (r: { events: { type: string; target?: unknown }[] }) =>
  r.events.filter((e) => e.type === 'shot').map((e) => e.target);

describe('Artillery templates', () => {
  it('battery order rolls use the artillery table', () => {
    const state = lab({ 'i84-1': '1005' }, { step: 'support' });
    const six = withDice(state, 'german', { type: 'order', unit: 'g-fk' }, firstRoll('order', 6));
    expect(battery(six.state, 'g-fk').actions).toBe(2);
    const two = withDice(state, 'german', { type: 'order', unit: 'g-fk' }, firstRoll('order', 2));
    expect(battery(two.state, 'g-fk').actions).toBe(0);
    expect(battery(two.state, 'g-fk').ordered).toBe(true);
  });

  it('a battery hits every stand under its template, friend or foe', () => {
    const state = ordering(
      lab({ 'rf4-a': '1010', 'rf4-b': '1011', 'i84-1': '1110', 'rf4-c': '1013' }, { step: 'support' }),
      'g-fk',
      1,
    );
    battery(state, 'g-fk').aim = '1010';
    const fired = play(state, 'german', { type: 'fireBattery' });
    expect(new Set(shotTargets(fired))).toEqual(new Set(['rf4-a', 'rf4-b', 'i84-1']));
    expect(eventsOf(fired, 'shot').every((e) => (e.factors as string[]).length === 0)).toBe(true);
  });

  it('an aiming point moves only where an observer sees', () => {
    const state = ordering(
      lab({ 'ir84-foo': '1005' }, { step: 'support', terrain: { '1008': 'woods' } }),
      'g-fk',
      2,
    );
    expect(refused(state, 'german', { type: 'redirect', to: '1011' })).toBe('NOT_OBSERVED');
    const moved = play(state, 'german', { type: 'redirect', to: '1105' });
    expect(battery(moved.state, 'g-fk').aim).toBe('1105');
    expect(battery(moved.state, 'g-fk').actions).toBe(1);
    const redirect = game.choices(moved.state, 'german').find((c) => c.action === 'redirect')!;
    const options = redirect.params[0]!.kind === 'one' ? redirect.params[0]!.options.map((o) => o.value) : [];
    expect(options).not.toContain('1011');
    expect(options).not.toContain('1105');
  });

  it('wire is cut by howitzers far more often than by field guns', () => {
    const base = ordering(lab({}, { step: 'support', wire: ['1010'] }), 'g-fk', 1);
    battery(base, 'g-fk').aim = '1010';
    const cut = (kind: 'fieldGun' | 'howitzer' | 'heavy', die: number) => {
      const s = structuredClone(base);
      battery(s, 'g-fk').kind = kind;
      return withDice(s, 'german', { type: 'fireBattery' }, firstRoll('wire', die)).state.wire.length === 0;
    };
    expect([5, 6].map((d) => cut('fieldGun', d))).toEqual([false, true]);
    expect([3, 4].map((d) => cut('howitzer', d))).toEqual([false, true]);
    expect([2, 3].map((d) => cut('heavy', d))).toEqual([false, true]);
  });
});

describe('SOS', () => {
  const frontLine = (): Record<string, Terrain> =>
    Object.fromEntries(
      Array.from({ length: 24 }, (_, i) => [`${String(i + 1).padStart(2, '0')}09`, 'breastwork' as Terrain]),
    );

  it('registered areas are two neighbouring hexes within 5 cm of a defended position', () => {
    const state = game.setup(NC, {}, 'sos');
    for (const b of state.batteries) for (const a of b.sos) expect(validSosArea(state, a)).toBe(true);
    expect(validSosArea(state, { id: 'x', name: 'far', hexes: ['0413', '0513'] })).toBe(false);
    expect(validSosArea(state, { id: 'y', name: 'apart', hexes: ['0410', '0610'] })).toBe(false);
  });

  it('a call needs a friend within 10 cm of the area, and each battery answers once a turn', () => {
    const state = lab(
      { 'iii16-9': '0409', 'iii16-10': '1205' },
      { scenario: NC, side: 'german', step: 'sos', terrain: frontLine() },
    );
    state.order = ['german', 'british'];
    const call = game.choices(state, 'german').find((c) => c.action === 'callSos')!;
    const areas = call.params[0]!.kind === 'one' ? call.params[0]!.options.map((o) => o.value) : [];
    expect(areas).toEqual(['sos-left']);
    expect(refused(state, 'german', { type: 'callSos', battery: 'g-fk', area: 'sos-centre' })).toBe(
      'CANNOT_CALL',
    );
    const answered = play(state, 'german', { type: 'callSos', battery: 'g-fk', area: 'sos-left' });
    expect(battery(answered.state, 'g-fk').answeredSos).toBe(true);
    const again = structuredClone(answered.state);
    again.phase = orders('german', 'sos');
    expect(refused(again, 'german', { type: 'callSos', battery: 'g-fk', area: 'sos-left' })).toBe(
      'CANNOT_CALL',
    );
  });

  it('the die less deep suppression: 1 or less brings nothing, 2 or more lays the battery and fires at once, on defenders too', () => {
    const state = lab(
      { 'iii16-9': '0409', 'mx2-a': '0410', 'iii16-10': '0510' },
      { scenario: NC, side: 'german', step: 'sos', terrain: frontLine() },
    );
    state.turn = 1;
    const call = { type: 'callSos', battery: 'g-fk', area: 'sos-left' };
    const silent = withDice(state, 'german', call, firstRoll('sos', 3));
    expect(battery(silent.state, 'g-fk').aim).toBeNull();
    expect(shotTargets(silent)).toEqual([]);
    const answered = withDice(state, 'german', call, firstRoll('sos', 4));
    expect(battery(answered.state, 'g-fk').aim).toBe('0410');
    expect(battery(answered.state, 'g-fk').aimSos).toBe('sos-left');
    expect(shotTargets(answered)).toEqual(['mx2-a', 'iii16-10']);
    state.turn = 3;
    const late = withDice(state, 'german', call, firstRoll('sos', 2));
    expect(shotTargets(late)).toEqual(['mx2-a', 'iii16-10']);
    expect(rolls(late.events, 'sos')).toEqual([2]);
  });
});

describe('Gas', () => {
  it('a release covers a hex and its neighbours and attacks everyone in it', () => {
    const state = lab(
      { 'i84-1': '1006', 'rf4-a': '1010', 'rf4-b': '1011', 'rf4-c': '1014' },
      { step: 'support' },
    );
    state.gasReleases.german = 1;
    const choice = game.choices(state, 'german').find((c) => c.action === 'releaseGas')!;
    const at = choice.params[0]!.kind === 'one' ? choice.params[0]!.options.map((o) => o.value) : [];
    expect(at).toContain('1008');
    expect(at).not.toContain('1010');
    expect(refused(state, 'german', { type: 'releaseGas', at: '1010' })).toBe('OUT_OF_REACH');
    stand(state, 'i84-1').hex = '1008';
    const released = play(state, 'german', { type: 'releaseGas', at: '1010' });
    expect(released.state.gas[0]!.hexes.sort()).toEqual(
      ['0910', '0911', '1009', '1010', '1011', '1110', '1111'].sort(),
    );
    expect(new Set(shotTargets(released))).toEqual(new Set(['rf4-a', 'rf4-b']));
    expect(released.state.gasReleases.german).toBe(0);
  });

  it('the cloud drifts with the wind, attacks again, and is gone after 3 turns', () => {
    const state = game.setup(MONS, {}, 'gas');
    state.gas = [{ id: 'g', side: 'german', hexes: ['1010', '1011'], turnsLeft: 3 }];
    state.wind = 3;
    stand(state, 'rf4-a').hex = '1012';
    const log = new EventLog(rngFromSeed('wind'));
    driftGas(state, log);
    expect(state.gas[0]!.hexes).toEqual(['1011', '1012']);
    expect(log.events.filter((e) => e.type === 'shot').map((e) => e.target)).toEqual(['rf4-a']);
    driftGas(state, log);
    expect(state.gas[0]!.turnsLeft).toBe(1);
    driftGas(state, log);
    expect(state.gas).toEqual([]);
    state.gas = [{ id: 'h', side: 'german', hexes: ['1010'], turnsLeft: 3 }];
    state.wind = null;
    driftGas(state, log);
    expect(state.gas[0]!.hexes).toEqual(['1010']);
  });
});
