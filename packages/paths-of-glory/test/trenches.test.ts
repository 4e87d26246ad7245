import { describe, expect, it } from 'vitest';
import { defenderTrench, fireSetup, flankPossible } from '../src/combat.ts';
import { enemyEnters } from '../src/control.ts';
import { attritionPhase } from '../src/flow.ts';
import { digIn, newOperation } from '../src/operations.ts';
import type { Combat } from '../src/types.ts';
import { game, inOperation, lab, play, testLog } from './helpers.ts';

const digChoices = (state: ReturnType<typeof lab>) =>
  game.choices(state, 'cp').filter((c) => c.action === 'entrench');

describe('11.2 Trenches', () => {
  it('11.2.1: from Fall 1914 one unit per space activated for movement may dig in instead of moving', () => {
    const early = inOperation(
      lab({ 'ge-corps-1': 'koblenz', 'ge-corps-2': 'koblenz' }, { turn: 2 }),
      'cp',
      { koblenz: 'move' },
      'move',
    );
    expect(digChoices(early)).toEqual([]);
    let fall = inOperation(
      lab({ 'ge-corps-1': 'koblenz', 'ge-corps-2': 'koblenz' }, { turn: 3 }),
      'cp',
      { koblenz: 'move' },
      'move',
    );
    expect(digChoices(fall).map((c) => c.base.unit)).toEqual(['ge-corps-1', 'ge-corps-2']);
    fall = play(fall, 'cp', { type: 'entrench', unit: 'ge-corps-1' }).state;
    expect(digChoices(fall)).toEqual([]);
    // The other unit may still move.
    expect(game.choices(fall, 'cp').some((c) => c.action === 'move' && c.base.unit === 'ge-corps-2')).toBe(
      true,
    );
  });

  it('11.2.2, 11.2.2.1: without the Entrench event a die at most the LF digs a level 1 trench', () => {
    let dug = 0;
    let failed = 0;
    for (let i = 0; i < 30; i++) {
      const state = lab({ 'ge-army-1': 'koblenz' }, { turn: 3 });
      const op = newOperation(null, 0);
      op.entrenching = ['ge-army-1'];
      const log = testLog(`dig-${i}`);
      digIn(state, log, 'cp', op);
      const die = log.events.find((e) => e.type === 'roll')!.total as number;
      if (die <= 3) {
        expect(state.trenches.koblenz).toEqual({ side: 'cp', level: 1 });
        dug++;
      } else {
        expect(state.trenches.koblenz).toBeUndefined();
        failed++;
      }
    }
    expect(dug).toBeGreaterThan(0);
    expect(failed).toBeGreaterThan(0);
  });

  it('11.2.2.2, 11.2.3: after the Entrench event level 1 comes without a roll and level 2 with one; never beyond level 2', () => {
    const state = lab(
      { 'ge-army-1': 'koblenz', 'ge-army-2': 'aachen', 'ge-army-3': 'essen' },
      { turn: 3, trenches: { aachen: { side: 'cp', level: 1 }, essen: { side: 'cp', level: 2 } } },
    );
    state.played.push('cp_entrench');
    const op = newOperation(null, 0);
    op.entrenching = ['ge-army-1'];
    const log = testLog('auto');
    digIn(state, log, 'cp', op);
    expect(state.trenches.koblenz).toEqual({ side: 'cp', level: 1 });
    expect(log.events.some((e) => e.type === 'roll')).toBe(false);
    const op2 = newOperation(null, 0);
    op2.entrenching = ['ge-army-2'];
    const log2 = testLog('level2');
    digIn(state, log2, 'cp', op2);
    const die = log2.events.find((e) => e.type === 'roll')!.total as number;
    expect(state.trenches.aachen!.level).toBe(die <= 3 ? 2 : 1);
    const moving = inOperation(state, 'cp', { essen: 'move' }, 'move');
    expect(digChoices(moving)).toEqual([]);
  });

  it('11.2.4-11.2.6: trenches stay when left empty; an enemy entering fills level 1 in and turns level 2 into its own level 1', () => {
    const state = lab({}, { trenches: { plock: { side: 'ap', level: 1 }, lodz: { side: 'ap', level: 2 } } });
    expect(state.trenches.plock).toBeDefined();
    enemyEnters(state, testLog(), 'plock', 'cp');
    enemyEnters(state, testLog(), 'lodz', 'cp');
    expect(state.trenches.plock).toBeUndefined();
    expect(state.trenches.lodz).toEqual({ side: 'cp', level: 1 });
  });

  it('11.2.7: attrition wears a trench down a level, but not in an intact fort', () => {
    const state = lab(
      { 'ru-corps-1': 'plock', 'ge-corps-1': 'warsaw', 'ge-corps-2': 'lodz', 'ge-corps-3': 'lomza' },
      { trenches: { plock: { side: 'ap', level: 2 } } },
    );
    for (const s of ['warsaw', 'lodz', 'lomza', 'tannenberg', 'thorn']) state.control[s] = 'cp';
    state.destroyedForts.push('warsaw', 'lomza');
    attritionPhase(state, testLog());
    expect(state.units['ru-corps-1']!.loc).toBe('eliminated');
    expect(state.trenches.plock).toEqual({ side: 'ap', level: 1 });
  });

  it('11.2.8-11.2.9: defenders get their trench on top of their fort; a fort alone gets no trench', () => {
    const state = lab({ 'fr-army-3': 'verdun' }, { trenches: { verdun: { side: 'ap', level: 1 } } });
    const manned = fireSetup(state, 'defender', ['fr-army-3'], 'verdun', [], 'ap');
    expect(manned.strength).toBe(6);
    expect(manned.shift).toBe(1);
    const alone = fireSetup(state, 'defender', [], 'verdun', [], 'ap');
    expect(alone.strength).toBe(3);
    expect(alone.shift).toBe(0);
  });

  it('11.2.10-11.2.11: after its Entrench event a side holds level 0 trenches where its armies stand (and in Austria-Hungary)', () => {
    const state = lab({
      'ge-army-1': 'koblenz',
      'ge-corps-1': 'frankfurt',
      'fr-army-1': 'nancy',
      'ah-corps-1': 'vienna',
    });
    expect(defenderTrench(state, 'koblenz', 'cp')).toBeNull();
    state.played.push('cp_entrench');
    expect(defenderTrench(state, 'koblenz', 'cp')).toBe(0);
    expect(defenderTrench(state, 'frankfurt', 'cp')).toBeNull();
    expect(defenderTrench(state, 'vienna', 'cp')).toBe(0);
    expect(defenderTrench(state, 'nancy', 'ap')).toBeNull();
    state.played.push('ap_entrench');
    expect(defenderTrench(state, 'nancy', 'ap')).toBe(0);
  });

  it('11.2.12: a level 0 trench shifts the attacker one column left, gives the defender nothing and stops flank attacks', () => {
    const state = lab({ 'ge-army-1': 'koblenz', 'ge-corps-1': 'frankfurt' });
    state.played.push('cp_entrench');
    expect(fireSetup(state, 'attacker', ['fr-army-1'], 'koblenz', [], 'cp').shift).toBe(-1);
    expect(fireSetup(state, 'defender', ['ge-army-1'], 'koblenz', [], 'cp').shift).toBe(0);
    const combat: Combat = {
      target: 'koblenz',
      attackers: ['fr-army-1', 'fr-army-2'],
      defenders: ['ge-army-1'],
      spent: [],
      step: 'flank',
      pin: null,
      cards: { ap: [], cp: [] },
    };
    state.units['fr-army-1'] = { loc: 'sedan', reduced: false, oos: false };
    state.units['fr-army-2'] = { loc: 'metz', reduced: false, oos: false };
    expect(flankPossible(state, combat, 'cp')).toBe(false);
  });
});
