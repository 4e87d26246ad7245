import { describe, expect, it } from 'vitest';
import { activationCost } from '../src/activation.ts';
import { space } from '../src/data/index.ts';
import { reachable } from '../src/movement.ts';
import { Supply } from '../src/supply.ts';
import { game, inOperation, lab, options, play, refused } from './helpers.ts';

const dests = (state: ReturnType<typeof lab>, unit: string) =>
  [...reachable(state, unit).paths.keys()].sort();

describe('10 Stacking', () => {
  it('10.1.1, 10.1.3-10.1.4: a move may not end in a space already holding three units (no overstacking to fix later)', () => {
    const state = lab({
      'ge-corps-1': 'koblenz',
      'ge-army-1': 'aachen',
      'ge-army-2': 'essen',
      'ge-army-3': 'essen',
      'ge-army-4': 'essen',
    });
    expect(dests(state, 'ge-corps-1')).not.toContain('essen');
    expect(dests(state, 'ge-corps-1')).toContain('frankfurt');
  });

  it('10.1.5: units never enter a space held by the other side', () => {
    const state = lab({ 'ge-army-1': 'aachen', 'be-army-1': 'liege' }, { turn: 2 });
    state.destroyedForts.push('liege');
    expect(dests(state, 'ge-army-1')).not.toContain('liege');
  });

  it('10.1.6, 9.2.3: a stack of several nations costs one activation point per nation; the British family counts as one', () => {
    const state = lab({
      'ge-army-1': 'insterberg',
      'ah-corps-1': 'insterberg',
      'br-army-bef': 'brussels',
      'br-corps-aus': 'brussels',
      'fr-army-5': 'sedan',
      'fr-corps-1': 'sedan',
      'br-corps-1': 'sedan',
    });
    expect(activationCost(state, 'cp', 'insterberg')).toBe(2);
    expect(activationCost(state, 'ap', 'brussels')).toBe(1);
    expect(activationCost(state, 'ap', 'sedan')).toBe(2);
  });
});

describe('9.2.3 Belgians activated with the British', () => {
  it('9.2.3: Belgian and British units activate as one nation in Antwerp, Ostend, Calais and Amiens only, not in Brussels or Liege', () => {
    const state = lab({
      'be-army-1': 'antwerp',
      'br-corps-1': 'antwerp',
      'be-corps-1': 'brussels',
      'br-corps-2': 'brussels',
    });
    expect(activationCost(state, 'ap', 'antwerp')).toBe(1);
    expect(activationCost(state, 'ap', 'brussels')).toBe(2);
    const liege = lab({ 'be-corps-1': 'liege', 'br-corps-1': 'liege' });
    expect(activationCost(liege, 'ap', 'liege')).toBe(2);
  });
});

describe('11.0 Movement: 11.1 general rules, 11.3 Near East restrictions', () => {
  it('11.1.1, 9.2.8: only units in a space activated for movement may move, each once', () => {
    let state = inOperation(
      lab({ 'ge-corps-1': 'koblenz', 'ge-corps-2': 'aachen' }),
      'cp',
      { koblenz: 'move' },
      'move',
    );
    expect(options(state, 'cp', 'move', 'to', { unit: 'ge-corps-2' })).toEqual([]);
    expect(refused(state, 'cp', { type: 'move', unit: 'ge-corps-2', to: 'essen' })).toBe('ILLEGAL_CHOICE');
    state = play(state, 'cp', { type: 'move', unit: 'ge-corps-1', to: 'frankfurt' }).state;
    expect(state.units['ge-corps-1']!.loc).toBe('frankfurt');
    expect(game.choices(state, 'cp').some((c) => c.action === 'move' && c.base.unit === 'ge-corps-1')).toBe(
      false,
    );
  });

  it('11.1.2-11.1.3: every space costs one MP along a connection; a corps with MF 4 goes four spaces, a reduced army its reduced MF', () => {
    const state = lab({ 'ge-corps-1': 'koblenz', 'ah-army-2': 'vienna' }, { reduced: ['ah-army-2'] });
    for (const [to, path] of reachable(state, 'ge-corps-1').paths) {
      expect(path.length).toBeLessThanOrEqual(4);
      expect(path[path.length - 1]).toBe(to);
    }
    expect(reachable(state, 'ge-corps-1').paths.get('frankfurt')).toEqual(['frankfurt']);
    for (const path of reachable(state, 'ah-army-2').paths.values())
      expect(path.length).toBeLessThanOrEqual(3);
  });

  it('11.1.4: control passes where a unit ends its move, not where it passes; a VP space moves the VP marker', () => {
    let state = inOperation(lab({ 'ge-corps-1': 'aachen' }, { turn: 2 }), 'cp', { aachen: 'move' }, 'move');
    state.destroyedForts.push('liege');
    const path = reachable(state, 'ge-corps-1').paths.get('brussels')!;
    expect(path).toEqual(['liege', 'brussels']);
    state = play(state, 'cp', { type: 'move', unit: 'ge-corps-1', to: 'brussels' }).state;
    expect(state.control.brussels).toBe('cp');
    expect(state.control.liege).toBe('ap');
    expect(state.vp).toBe(11);
  });

  it('11.1.4: one more MP takes a space in passing (the example of play: a German corps takes Czestochowa on its way to Lodz)', () => {
    let state = inOperation(
      lab({ 'ge-corps-1': 'oppeln', 'ge-corps-2': 'aachen' }, { turn: 2, reduced: ['ge-corps-1'] }),
      'cp',
      { oppeln: 'move', aachen: 'move' },
      'move',
    );
    expect(options(state, 'cp', 'moveInPassing', 'to', { unit: 'ge-corps-1' })).toContain('czestochowa');
    state = play(state, 'cp', { type: 'moveInPassing', unit: 'ge-corps-1', to: 'czestochowa' }).state;
    expect(state.control.czestochowa).toBe('cp');
    // Two of its four MPs are gone: Lodz (one more) is in reach, three spaces on is not.
    const next = options(state, 'cp', 'move', 'to', { unit: 'ge-corps-1' });
    expect(next).toContain('lodz');
    expect(next.every((to) => reachable(state, 'ge-corps-1').paths.get(to as string)!.length <= 2)).toBe(
      true,
    );
    state = play(state, 'cp', { type: 'move', unit: 'ge-corps-1', to: 'lodz' }).state;
    expect(state.control.lodz).toBe('cp');
    expect(state.units['ge-corps-1']!.loc).toBe('lodz');
    // Never in an intact enemy fort space, nor a space already friendly.
    state.destroyedForts = state.destroyedForts.filter((f) => f !== 'liege');
    expect(options(state, 'cp', 'moveInPassing', 'to', { unit: 'ge-corps-2' })).not.toContain('liege');
    expect(options(state, 'cp', 'moveInPassing', 'to', { unit: 'ge-corps-2' })).not.toContain('koblenz');
  });

  it('11.1.5: a unit entering a space where it would be out of supply stops there', () => {
    const state = lab({ 'ge-corps-1': 'sedan' });
    state.control.sedan = 'cp';
    const supply = new Supply(state);
    const paths = reachable(state, 'ge-corps-1').paths;
    const stops = [...paths.keys()].filter((s) => !supply.suppliedAt('cp', 'ge', s));
    expect(stops.length).toBeGreaterThan(0);
    for (const path of paths.values()) {
      for (const s of path.slice(0, -1)) expect(supply.suppliedAt('cp', 'ge', s), s).toBe(true);
    }
  });

  it('11.1.7: units may never enter a space holding enemy units', () => {
    const state = lab({ 'ge-army-8': 'insterberg', 'ru-corps-1': 'tannenberg' });
    expect(dests(state, 'ge-army-8')).not.toContain('tannenberg');
  });

  it('11.1.8, 15.1.1, 15.2.1: an unbesieged enemy fort is entered only by units able to besiege it, and they stop there', () => {
    const state = lab({ 'ge-army-1': 'aachen', 'ge-corps-1': 'aachen' }, { turn: 2 });
    expect(dests(state, 'ge-army-1')).toContain('liege');
    for (const path of reachable(state, 'ge-army-1').paths.values()) {
      if (path.includes('liege')) expect(path[path.length - 1]).toBe('liege');
    }
    // A lone corps cannot besiege Liege (LF 3).
    expect(dests(state, 'ge-corps-1')).not.toContain('liege');
  });

  it('11.1.1, 11.1.8, 15.2.1: a stack moving together may besiege a fort none of its corps could alone', () => {
    let state = inOperation(
      lab({ 'ge-corps-1': 'aachen', 'ge-corps-2': 'aachen', 'ge-corps-3': 'aachen' }, { turn: 2 }),
      'cp',
      { aachen: 'move' },
      'move',
    );
    expect(options(state, 'cp', 'move', 'to', { unit: 'ge-corps-1' })).not.toContain('liege');
    expect(options(state, 'cp', 'moveStack', 'to', { from: 'aachen' })).toContain('liege');
    state = play(state, 'cp', { type: 'moveStack', from: 'aachen', to: 'liege' }).state;
    for (const u of ['ge-corps-1', 'ge-corps-2', 'ge-corps-3']) expect(state.units[u]!.loc).toBe('liege');
    // Besieged now: the fort keeps its space for Belgium but no longer blocks.
    expect(state.control.liege).toBe('ap');
    expect(game.choices(state, 'cp').some((c) => c.action === 'move' || c.action === 'moveStack')).toBe(
      false,
    );
  });

  it('11.1.9, 12.7.7: Central Powers units may not end a move in Amiens, Antwerp, Calais or Ostend before Race to the Sea', () => {
    const state = lab({ 'ge-corps-1': 'cambrai' }, { turn: 2 });
    state.control.cambrai = 'cp';
    expect(dests(state, 'ge-corps-1')).not.toContain('amiens');
    expect(dests(state, 'ge-corps-1')).not.toContain('calais');
    state.played.push('race_to_the_sea');
    const again = lab({ 'ge-corps-1': 'cambrai' }, { turn: 2 });
    again.control.cambrai = 'cp';
    again.played.push('race_to_the_sea');
    expect(dests(again, 'ge-corps-1')).toContain('amiens');
  });

  it('11.1.9 (seed): before Race to the Sea Central Powers units may move through the channel spaces and take them in passing, but not end there', () => {
    let state = inOperation(
      lab({ 'ge-corps-1': 'brussels' }, { turn: 2 }),
      'cp',
      { brussels: 'move' },
      'move',
    );
    state.control.brussels = 'cp';
    state.control.liege = 'cp';
    state.destroyedForts.push('liege');
    expect(dests(state, 'ge-corps-1')).not.toContain('ostend');
    expect(options(state, 'cp', 'moveInPassing', 'to', { unit: 'ge-corps-1' })).toContain('ostend');
    const vp = state.vp;
    state = play(state, 'cp', { type: 'moveInPassing', unit: 'ge-corps-1', to: 'ostend' }).state;
    expect(state.control.ostend).toBe('cp');
    expect(state.vp).toBe(vp + 1);
    // It must go on: nothing else is offered until it has left, and never another channel space.
    const offered = game.choices(state, 'cp');
    expect(offered.map((c) => c.action).sort()).toEqual(['move']);
    expect(offered.every((c) => c.base.unit === 'ge-corps-1')).toBe(true);
    const onward = options(state, 'cp', 'move', 'to', { unit: 'ge-corps-1' });
    expect(onward).toContain('brussels');
    for (const port of ['amiens', 'antwerp', 'calais', 'ostend']) expect(onward).not.toContain(port);
    expect(refused(state, 'cp', { type: 'endMovement' })).toBeTruthy();
    state = play(state, 'cp', { type: 'move', unit: 'ge-corps-1', to: 'brussels' }).state;
    expect(state.units['ge-corps-1']!.loc).toBe('brussels');
    expect(state.control.ostend).toBe('cp');
    expect(game.choices(state, 'cp').some((c) => c.action === 'endMovement')).toBe(true);
  });

  it('11.1.10: no unit enters a MEF landing space without the beachhead', () => {
    const state = lab({ 'br-corps-1': 'salonika' });
    state.neutral = state.neutral.filter((n) => n !== 'gr');
    for (const d of dests(state, 'br-corps-1')) expect(d.startsWith('mef')).toBe(false);
  });

  it('11.1.11: units may not enter a neutral nation; 11.1.12: Albania is always open', () => {
    const state = lab({ 'ah-corps-1': 'villach', 'ah-corps-2': 'sarajevo', 'sb-corps-1': 'cetinje' });
    expect(dests(state, 'ah-corps-1').some((s) => ['udine', 'verona', 'asiago'].includes(s))).toBe(false);
    expect(dests(state, 'sb-corps-1').some((s) => s === 'tirana' || s === 'scutari')).toBe(true);
  });

  it('11.1.16: the BEF never leaves Britain, France, Belgium and Germany', () => {
    const state = lab({ 'br-army-bef': 'brussels' });
    expect(dests(state, 'br-army-bef').length).toBeGreaterThan(0);
    for (const d of dests(state, 'br-army-bef')) expect(['br', 'fr', 'be', 'ge']).toContain(space(d).nation);
  });

  it('11.3.1: only the Near East armies may enter the Near East map', () => {
    const state = lab({ 'ru-army-1': 'kars', 'ru-corps-1': 'kars' });
    expect(dests(state, 'ru-army-1')).toEqual([]);
    expect(dests(state, 'ru-corps-1').length).toBeGreaterThan(0);
  });

  it('11.3.2: one Russian corps a turn crosses between the Caucasus and the Near East; an army never', () => {
    let state = inOperation(
      lab({ 'ru-corps-1': 'caucasus', 'ru-corps-2': 'caucasus', 'ru-army-1': 'caucasus' }),
      'ap',
      { caucasus: 'move' },
      'move',
    );
    expect(dests(state, 'ru-army-1').some((d) => d === 'grozny' || d === 'poti')).toBe(false);
    expect(dests(state, 'ru-corps-1')).toContain('grozny');
    state = play(state, 'ap', { type: 'move', unit: 'ru-corps-1', to: 'grozny' }).state;
    expect(dests(state, 'ru-corps-2').some((d) => d === 'grozny' || d === 'poti')).toBe(false);
  });
});
