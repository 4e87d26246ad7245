import { describe, expect, it } from 'vitest';
import { fireFactors, fireProblem, odds, openSightsFactor } from '../src/fire.ts';
import { grid } from '../src/grid.ts';
import { canSee } from '../src/sight.ts';
import { FIRE_TABLE, TERRAIN } from '../src/tables.ts';
import type { Terrain, WfState } from '../src/types.ts';
import {
  activeWith,
  eventsOf,
  firstRoll,
  game,
  lab,
  play,
  refused,
  rolls,
  stand,
  withDice,
} from './helpers.ts';

const named = (state: WfState, firer: string, target: string) =>
  Object.fromEntries(
    fireFactors(state, stand(state, firer), stand(state, target), true).map((f) => [f.label, f.value]),
  );

/** British rifle company rf4-a (veteran) ready to fire once from `at` at German company i84-1 at `target`. */
function rifles(at: string, target: string, terrain: Record<string, Terrain> = {}): WfState {
  return activeWith(
    lab({ 'rf4-a': at, 'i84-1': target, 'i84-cmd': '0101' }, { side: 'british', terrain }),
    'rf4-a',
    2,
  );
}

describe('Firing table', () => {
  it('reads the table by weapon and cover', () => {
    expect(FIRE_TABLE.mg).toEqual({ open: [3, 4], soft: [4, 5], medium: [5, 7], hard: [6, 7] });
    expect(FIRE_TABLE.infantry).toEqual({ open: [3, 4], soft: [5, 6], medium: [6, 7], hard: [7, null] });
    expect(FIRE_TABLE.fieldGun).toEqual({ open: [3, 4], soft: [4, 5], medium: [5, 6], hard: [6, 7] });
    expect(FIRE_TABLE.howitzer).toEqual({ open: [3, 4], soft: [3, 4], medium: [4, 6], hard: [6, 7] });
    expect(FIRE_TABLE.heavy).toEqual({ open: [2, 3], soft: [3, 4], medium: [4, 5], hard: [5, 6] });
    expect(FIRE_TABLE.gas).toEqual({ open: [3, 5], soft: [3, 5], medium: [3, 5], hard: [3, 5] });
    const state = rifles('1010', '1013');
    const result = (die: number) =>
      eventsOf(
        withDice(state, 'british', { type: 'fire', target: 'i84-1' }, firstRoll('fire', die)),
        'shot',
      )[0]!.result;
    expect([2, 3, 4].map(result)).toEqual(['miss', 'suppress', 'kill']);
    const soft = rifles('1010', '1013', { '1013': 'woods' });
    const inWoods = (die: number) =>
      eventsOf(
        withDice(soft, 'british', { type: 'fire', target: 'i84-1' }, firstRoll('fire', die)),
        'shot',
      )[0]!.result;
    expect([4, 5, 6].map(inWoods)).toEqual(['miss', 'suppress', 'kill']);
  });

  it('rifles never kill in hard cover: only an assault clears it', () => {
    expect(odds('infantry', 'hard', 1)).toEqual({ kill: 0, suppress: 1 / 6 });
    expect(odds('infantry', 'hard', 0)).toEqual({ kill: 0, suppress: 0 });
    const state = rifles('1010', '1011', { '1011': 'strongpoint' });
    const six = withDice(state, 'british', { type: 'fire', target: 'i84-1' }, firstRoll('fire', 6));
    expect(eventsOf(six, 'shot')[0]!.result).toBe('suppress');
    expect(stand(six.state, 'i84-1').steps).toBe(3);
  });

  it('a kill takes one platoon from a company and destroys any other stand', () => {
    const state = rifles('1010', '1013');
    const kill = withDice(state, 'british', { type: 'fire', target: 'i84-1' }, firstRoll('fire', 6));
    expect(stand(kill.state, 'i84-1').steps).toBe(2);
    expect(stand(kill.state, 'i84-1').hex).toBe('1013');
    const mg = activeWith(lab({ 'rf4-a': '1010', 'i84-mg1': '1013' }, { side: 'british' }), 'rf4-a', 1);
    const gone = withDice(mg, 'british', { type: 'fire', target: 'i84-mg1' }, firstRoll('fire', 6));
    expect(stand(gone.state, 'i84-mg1').hex).toBeNull();
    expect(stand(gone.state, 'i84-mg1').gone).toBe('killed');
  });

  it('the options show the chance to kill and to suppress', () => {
    const state = rifles('1010', '1013');
    const fire = game.choices(state, 'british').find((c) => c.action === 'fire')!;
    const param = fire.params[0]!;
    expect(param.kind === 'one' && param.options[0]!.label).toBe(
      '1. Coy, I./84 at 1013 (3 hexes, open cover): kill 50%, suppress 17%',
    );
    const preview = game.preview!(game.view(state, 'british'), 'british', { type: 'fire', target: 'i84-1' })!;
    expect(preview.outcomes).toEqual([
      { label: 'Kill', chance: 0.5 },
      { label: 'Suppressed', chance: 1 / 6 },
      { label: 'No effect', chance: 1 - 0.5 - 1 / 6 },
    ]);
  });
});

describe('Direct-fire modifiers', () => {
  it('every factor, with its value', () => {
    const mg = lab(
      { 'rf4-mg1': '1010', 'i84-1': '1012', 'i84-2': '1013', 'i84-cmd': '1009' },
      { side: 'british' },
    );
    expect(named(mg, 'rf4-mg1', 'i84-1')).toEqual({ 'MG at short range': 2 });
    expect(named(mg, 'rf4-mg1', 'i84-2')).toEqual({});
    expect(named(mg, 'rf4-mg1', 'i84-cmd')).toEqual({
      'MG at short range': 2,
      'Firing at a command stand': -1,
    });
    const rifle = lab({ 'rf4-a': '1010', 'i84-1': '1011', 'i84-2': '1012' }, { side: 'british' });
    expect(named(rifle, 'rf4-a', 'i84-1')).toEqual({ 'Infantry at short range': 1 });
    expect(named(rifle, 'rf4-a', 'i84-2')).toEqual({});
    stand(rifle, 'rf4-a').quality = 'raw';
    rifle.gas = [{ id: 'g', side: 'german', hexes: ['1010'], turnsLeft: 1 }];
    expect(named(rifle, 'rf4-a', 'i84-2')).toEqual({ 'Raw troops firing': -1, 'Firer in gas': -1 });
    const gun = lab({ 'rf4-mg1': '0110', 'i84-1': '2110', 'i84-2': '2210' }, { side: 'british' });
    stand(gun, 'rf4-mg1').kind = 'fieldGun';
    expect(named(gun, 'rf4-mg1', 'i84-1')).toEqual({});
    expect(named(gun, 'rf4-mg1', 'i84-2')).toEqual({ 'Open sights, 100-150 cm': -1 });
    expect([20, 21, 30, 31, 40].map((d) => openSightsFactor(d)?.value ?? 0)).toEqual([0, -1, -1, -2, -2]);
  });

  it('ranges: MG 14 hexes, rifles 9', () => {
    const state = lab(
      { 'rf4-mg1': '0110', 'rf4-a': '0112', 'i84-1': '1010', 'i84-2': '1510', 'i84-3': '1610' },
      { side: 'british' },
    );
    const problem = (f: string, t: string) => fireProblem(state, stand(state, f), stand(state, t));
    expect(problem('rf4-a', 'i84-1')).toBeNull();
    expect(problem('rf4-mg1', 'i84-2')).toBeNull();
    expect(problem('rf4-mg1', 'i84-3')).toMatch(/out of range/);
    stand(state, 'rf4-a').hex = '0012'.replace('00', '01');
    expect(problem('rf4-a', 'i84-2')).toMatch(/out of range/);
  });
});

describe('Line of sight', () => {
  it('woods, built-up areas, strongpoints and crests between the ends block; the ends never do', () => {
    for (const t of ['woods', 'village', 'strongpoint', 'crest'] as Terrain[]) {
      const state = lab({}, { terrain: { '1012': t, '1010': t, '1014': t } });
      expect(canSee(state, '1010', '1014')).toBe(false);
      expect(canSee(state, '1010', '1012')).toBe(true);
      expect(canSee(state, '1012', '1014')).toBe(true);
    }
    for (const t of ['trench', 'breastwork', 'fields', 'marsh'] as Terrain[]) {
      expect(canSee(lab({}, { terrain: { '1012': t } }), '1010', '1014')).toBe(true);
    }
  });

  it('along a hexside only both hexes block; stands never block', () => {
    // 1010 to 1211 runs along the hexside between 1110 and 1111.
    const one = lab({}, { terrain: { '1110': 'woods' } });
    expect(canSee(one, '1010', '1211')).toBe(true);
    const both = lab({}, { terrain: { '1110': 'woods', '1111': 'woods' } });
    expect(canSee(both, '1010', '1211')).toBe(false);
    const crowd = lab({ 'i84-1': '1012', 'rf4-a': '1010', 'i84-2': '1014' }, { side: 'british' });
    expect(fireProblem(crowd, stand(crowd, 'rf4-a'), stand(crowd, 'i84-2'))).toBeNull();
  });

  it('no direct fire without sight; mortars fire at what a friend sees', () => {
    const state = lab(
      { 'rf4-a': '1010', 'rf4-cmd': '1210', 'i84-1': '1014' },
      { side: 'british', terrain: { '1012': 'woods' } },
    );
    expect(fireProblem(state, stand(state, 'rf4-a'), stand(state, 'i84-1'))).toMatch(/line of sight/);
    stand(state, 'rf4-a').kind = 'lightMortar';
    // The battalion commander off to the side sees the target.
    expect(canSee(state, '1210', '1014')).toBe(true);
    expect(fireProblem(state, stand(state, 'rf4-a'), stand(state, 'i84-1'))).toBeNull();
    stand(state, 'rf4-cmd').hex = '1009';
    expect(fireProblem(state, stand(state, 'rf4-a'), stand(state, 'i84-1'))).toMatch(/no friendly stand/);
  });
});

describe('Three suppressions', () => {
  it('the third suppression is a kill and clears the markers', () => {
    const state = rifles('1010', '1013');
    stand(state, 'i84-1').suppression = 2;
    const third = withDice(state, 'british', { type: 'fire', target: 'i84-1' }, firstRoll('fire', 3));
    expect(stand(third.state, 'i84-1').suppression).toBe(0);
    expect(stand(third.state, 'i84-1').steps).toBe(2);
    expect(eventsOf(third, 'kill')[0]!.text).toMatch(/three suppressions/);
  });
});

describe('Beaten zone', () => {
  it('an MG rolls at every enemy stand up to 3 hexes beyond its first target, without the short-range factor', () => {
    const placements = {
      'rf4-mg1': '1010',
      'i84-1': '1012',
      'i84-cmd': '1013',
      'i84-2': '1014',
      'i84-3': '1015',
      'i84-4': '1016',
    };
    const state = activeWith(lab(placements, { side: 'british' }), 'rf4-mg1', 1);
    const fired = play(state, 'british', { type: 'fire', target: 'i84-1' });
    const shots = eventsOf(fired, 'shot');
    expect(shots.map((e) => e.target)).toEqual(['i84-1', 'i84-cmd', 'i84-2', 'i84-3']);
    expect(shots[0]!.factors).toEqual(['MG at short range +2']);
    expect(shots[1]!.factors).toEqual(['Firing at a command stand -1']);
    expect(shots[2]!.factors).toEqual([]);
    expect(rolls(fired.events, 'fire')).toHaveLength(4);
  });

  it('the zone spares friends and stops where the gun cannot see', () => {
    const placements = { 'rf4-mg1': '1010', 'i84-1': '1012', 'rf4-a': '1013', 'i84-2': '1015' };
    const state = activeWith(
      lab(placements, { side: 'british', terrain: { '1014': 'woods' } }),
      'rf4-mg1',
      1,
    );
    const fired = play(state, 'british', { type: 'fire', target: 'i84-1' });
    expect(eventsOf(fired, 'shot').map((e) => e.target)).toEqual(['i84-1']);
    expect(refused(fired.state, 'british', { type: 'fire', target: 'i84-2' })).toBe('WRONG_PHASE');
  });
});

describe('Line of sight, computed on numbers', () => {
  it('agrees with the engine line through hex centres (both sides of a hexside) for every scenario', () => {
    for (const scenario of game.scenarios.map((s) => s.id)) {
      const state = game.setup(scenario, {}, 'sight');
      const eyes = grid.ids.filter((_, i) => i % 17 === 0);
      for (const from of eyes) {
        for (const to of grid.ids) {
          const steps = grid.line(from, to);
          const blocked = steps
            .slice(1, -1)
            .some((step) => step.every((hex) => TERRAIN[state.terrain[hex] ?? 'open'].blocksSight));
          expect(canSee(state, from, to)).toBe(!blocked);
        }
      }
    }
  });
});
