import { rngFromSeed } from '@salient/engine';
import { describe, expect, it } from 'vitest';
import { setLoc } from '../src/cache.ts';
import { mayAttack } from '../src/combat.ts';
import { newOperation } from '../src/operations.ts';
import { redeploy, srDestinations } from '../src/sr.ts';
import { Supply } from '../src/supply.ts';
import type { PogState } from '../src/types.ts';
import { game, inOperation, lab, options, play, testLog } from './helpers.ts';

/** German army and corps besieging Liege (fort 3), Belgians next door in Brussels. */
function liegeSiege() {
  const state = lab({ 'ge-army-1': 'liege', 'ge-corps-1': 'liege', 'be-army-1': 'brussels' });
  state.control.liege = 'ap';
  return state;
}

/** The Central Powers attack a fort with these units, no cards; returns the state after the losses and the loss numbers. */
function fightFort(state: PogState, target: string, attackers: string[], seed: string) {
  let s = state;
  s.rng = rngFromSeed(seed);
  s = play(s, 'cp', { type: 'declareAttack', target }).state;
  for (const u of attackers) s = play(s, 'cp', { type: 'addAttacker', unit: u }).state;
  s = play(s, 'cp', { type: 'fight' }).state;
  s = play(s, 'cp', { type: 'doneCards' }).state;
  const r = play(s, 'ap', { type: 'doneCards' });
  s = r.state;
  const loss = (side: string) =>
    r.events.find((e) => e.type === 'lossNumber' && e.side === side)!.result as number;
  while (s.phase.kind === 'losses') {
    const seat = game.status(s).toAct[0]!;
    s = play(s, seat, { type: 'takeStep', unit: options(s, seat, 'takeStep', 'unit')[0] }).state;
  }
  return { state: s, onFort: loss('cp'), onAttacker: loss('ap') };
}

describe('12.7, 15.1 Attacks on forts', () => {
  it('12.7.1: an attacker who beats an enemy fort without units may not advance unless the fort is destroyed', () => {
    const seen = { held: false, destroyed: false };
    for (let i = 0; i < 100 && !(seen.held && seen.destroyed); i++) {
      const start = inOperation(
        lab({ 'ge-army-1': 'aachen' }, { turn: 2 }),
        'cp',
        { aachen: 'attack' },
        'attack',
      );
      const { state, onFort, onAttacker } = fightFort(start, 'liege', ['ge-army-1'], `fort-${i}`);
      if (onFort <= onAttacker) continue;
      if (state.destroyedForts.includes('liege')) {
        seen.destroyed = true;
        expect(state.phase.kind).toBe('advance');
        expect(options(state, 'cp', 'advance', 'to', { unit: 'ge-army-1' })).toEqual(['liege']);
      } else {
        seen.held = true;
        expect(state.phase.kind).not.toBe('advance');
        expect(state.units['ge-army-1']!.loc).toBe('aachen');
      }
    }
    expect(seen).toEqual({ held: true, destroyed: true });
  });

  it('3.0 Control: a besieged fort destroyed in combat gives its space and VP to the besiegers at once', () => {
    for (let i = 0; i < 60; i++) {
      const lab0 = lab({ 'ge-army-4': 'nancy', 'ge-army-5': 'nancy' });
      const start = inOperation(lab0, 'cp', { nancy: 'attack' }, 'attack');
      const vp = start.vp;
      const { state } = fightFort(start, 'nancy', ['ge-army-4', 'ge-army-5'], `siege-${i}`);
      if (!state.destroyedForts.includes('nancy')) {
        expect(state.control.nancy).toBe('ap');
        continue;
      }
      expect(state.control.nancy).toBe('cp');
      expect(state.vp).toBe(vp + 1);
      return;
    }
    throw new Error('no seed destroyed the fort');
  });
});

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

  it('12.2.1 (seed), 15.1.3 (ruling 79): a space where friendly units besiege a fort is a target for those besiegers only; units next door may not join', () => {
    const state = liegeSiege();
    state.units['ge-corps-2'] = { loc: 'aachen', reduced: false, oos: false };
    const op = newOperation(null, 0);
    op.activated = { liege: 'attack', aachen: 'attack' };
    const supply = new Supply(state);
    expect(mayAttack(state, op, 'ge-army-1', 'liege', supply)).toBe(true);
    expect(mayAttack(state, op, 'ge-corps-1', 'liege', supply)).toBe(true);
    expect(mayAttack(state, op, 'ge-corps-2', 'liege', supply)).toBe(false);
    // Unbesieged, the fort is open to attack from next door.
    setLoc(state, 'ge-army-1', 'aachen');
    setLoc(state, 'ge-corps-1', 'aachen');
    expect(mayAttack(state, op, 'ge-corps-2', 'liege', new Supply(state))).toBe(true);
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
