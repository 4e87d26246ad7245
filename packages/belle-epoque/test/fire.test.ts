import { describe, expect, it } from 'vitest';
import { fireOdds, missesUpTo, tableValue } from '../src/fire.ts';
import { grid, lineBetween } from '../src/grid.ts';
import { lineIsClear, sightRangeTo } from '../src/sight.ts';
import type { BeState, Firepower, Unit } from '../src/types.ts';
import { game, lab, passed, play, refused, rolls, unit, withDice } from './helpers.ts';

/** Makes a unit easy to see: it has moved this turn, in the open, in close order. */
function seen(state: BeState, ...ids: string[]): BeState {
  for (const id of ids) Object.assign(unit(state, id), { revealed: true, movedThisTurn: true });
  return state;
}

function values(firepower: Firepower, moving: boolean): (number | null)[] {
  const firer = { firepower } as Unit;
  return [1, 2, 3, 4].map((range) => tableValue(firer, range, moving));
}

describe('Troop types and the fire table by range', () => {
  it('reads the 1-3 UD columns and the flattened 4 UD column in A-to-G order', () => {
    expect(values('A', false)).toEqual([5, 4, 3, 2]);
    expect(values('B', false)).toEqual([5, 4, 2, 1]);
    expect(values('C', false)).toEqual([4, 3, 1, null]);
    expect(values('D', false)).toEqual([3, 2, 2, 1]);
    expect(values('E', false)).toEqual([3, 2, 1, null]);
    expect(values('F', false)).toEqual([2, 1, 1, null]);
    expect(values('G', false)).toEqual([1, null, null, null]);
  });

  it('uses the bracketed values for a unit that made a basic move, and none at 4 UD', () => {
    expect(values('A', true)).toEqual([3, 2, 1, null]);
    expect(values('B', true)).toEqual([3, 1, null, null]);
    expect(values('C', true)).toEqual([2, null, null, null]);
    expect(values('D', true)).toEqual([1, null, null, null]);
    for (const f of ['E', 'F', 'G'] as const) expect(values(f, true)).toEqual([null, null, null, null]);
  });

  it('lets a B unit fire at 4 UD on a plainly visible target, hitting on 1', () => {
    const state = seen(passed(lab({ b1: '0709', r1: '0705' }), 'b1'), 'r1');
    const odds = fireOdds(state, unit(state, 'b1'), unit(state, 'r1'), false);
    expect(odds).toEqual({ dice: 4, hitOn: 1, missUpTo: 0 });
    const fired = withDice(
      state,
      'blue',
      { type: 'fire', target: 'r1' },
      (r) => rolls(r.events, 'fire')[0]!.join() === '1,2,6,1',
    );
    expect(fired.events.find((e) => e.type === 'fire')?.hits).toBe(2);
  });
});

describe('Fire: procedure, moving fire and march', () => {
  it('removes a stand per hit with no kill test', () => {
    const state = seen(passed(lab({ b1: '0707', r1: '0706', r2: '0201' }), 'b1'), 'r1');
    const fired = withDice(
      state,
      'blue',
      { type: 'fire', target: 'r1' },
      (r) => rolls(r.events, 'fire')[0]!.join() === '5,6,6,6',
    );
    expect(unit(fired.state, 'r1').stands).toBe(3);
    expect(fired.undoable).toBe(false);
  });

  it('fires with the bracketed number after a basic move and not at all after a march', () => {
    const state = seen(passed(lab({ b1: '0709', r1: '0705', r2: '0706' }), 'b1'), 'r1', 'r2');
    const moved = play(state, 'blue', { type: 'move', to: '0708' }).state;
    expect(fireOdds(moved, unit(moved, 'b1'), unit(moved, 'r2'), true).hitOn).toBe(1);
    expect(refused(moved, 'blue', { type: 'fire', target: 'r1' })).toBe('OUT_OF_RANGE');
    const far = seen(passed(lab({ b1: '0709', r1: '0705' }), 'b1'), 'r1');
    const once = play(far, 'blue', { type: 'move', to: '0708' }).state;
    expect(refused(once, 'blue', { type: 'fire', target: 'r1' })).toBe('OUT_OF_RANGE');
    const marched = play(once, 'blue', { type: 'move', to: '0707' }).state;
    expect(refused(marched, 'blue', { type: 'fire', target: 'r1' })).toBe('MARCHED');
  });

  it('adds 1 against a conspicuous target but a 6 always misses', () => {
    const state = seen(lab({ b1: '0707', r1: '0706', r2: '0704' }), 'r1', 'r2');
    unit(state, 'r1').ratings.push('conspicuous');
    unit(state, 'r2').ratings.push('conspicuous');
    expect(fireOdds(state, unit(state, 'b1'), unit(state, 'r1'), false).hitOn).toBe(5);
    expect(fireOdds(state, unit(state, 'b1'), unit(state, 'r2'), false).hitOn).toBe(3);
  });

  it('rolls an extra die when firing uphill', () => {
    const state = seen(lab({ b1: '0707', r1: '0705' }, { terrain: { '0707': 'hill' } }), 'r1');
    expect(fireOdds(state, unit(state, 'b1'), unit(state, 'r1'), false).dice).toBe(5);
    const level = seen(
      lab({ b1: '0707', r1: '0705' }, { terrain: { '0707': 'hill', '0705': 'hill' } }),
      'r1',
    );
    expect(fireOdds(level, unit(level, 'b1'), unit(level, 'r1'), false).dice).toBe(4);
  });

  it('makes low scores miss against loose order, cover and fortifications', () => {
    const state = lab(
      { r1: '0701', r2: '0703', r3: '0705', r8: '0707', b1: '0209' },
      {
        terrain: { '0703': 'woods', '0705': 'fort', '0707': 'woods' },
      },
    );
    const r1 = unit(state, 'r1');
    expect(missesUpTo(state, r1)).toBe(0);
    r1.order = 'loose';
    expect(missesUpTo(state, r1)).toBe(1);
    const r2 = unit(state, 'r2');
    expect(missesUpTo(state, r2)).toBe(1);
    r2.order = 'loose';
    expect(missesUpTo(state, r2)).toBe(2);
    expect(missesUpTo(state, unit(state, 'r3'))).toBe(2);
    // Cavalry in close order gains nothing from cover.
    expect(missesUpTo(state, unit(state, 'r8'))).toBe(0);
  });

  it('lets the target owner turn even losses into fall backs', () => {
    const state = seen(passed(lab({ b1: '0707', r1: '0706', r2: '0201' }), 'b1'), 'r1');
    const fired = withDice(
      state,
      'blue',
      { type: 'fire', target: 'r1' },
      (r) => rolls(r.events, 'fire')[0]!.join() === '1,2,3,6',
    );
    expect(fired.state.phase).toMatchObject({ kind: 'fireLosses', hits: 3, maxFallBack: 1 });
    expect(game.status(fired.state).toAct).toEqual(['red']);
    const options = game.choices(fired.state, 'red')[0]!.params[0]!.options.map((o) => o.value);
    expect(options).toEqual([0, 1]);
    expect(refused(fired.state, 'red', { type: 'takeLosses', fallBack: 2 })).toBe('OUT_OF_BOUNDS');
    const after = play(fired.state, 'red', { type: 'takeLosses', fallBack: 1 }).state;
    expect(unit(after, 'r1').stands).toBe(2);
    // Straight back and both diagonals draw away from b1 alike: the owner picks one.
    expect(after.phase).toMatchObject({ kind: 'fallBack', unit: 'r1', stepsLeft: 1 });
    const sectors = game.choices(after, 'red')[0]!.params[0]!.options.map((o) => o.value);
    expect(sectors).toEqual(['0705', '0805', '0605']);
    const back = play(after, 'red', { type: 'fallBack', to: '0805' }).state;
    expect(unit(back, 'r1').hex).toBe('0805');
    expect(unit(back, 'r1').stands).toBe(2);
  });
});

describe('Line of fire: blocked by troops and terrain unless uphill', () => {
  it('is blocked by a unit or by sight-blocking terrain between the sectors', () => {
    const troops = seen(passed(lab({ b1: '0707', b2: '0706', r1: '0705' }), 'b1'), 'r1');
    expect(refused(troops, 'blue', { type: 'fire', target: 'r1' })).toBe('NO_LINE_OF_FIRE');
    const woods = seen(passed(lab({ b1: '0707', r1: '0705' }, { terrain: { '0706': 'woods' } }), 'b1'), 'r1');
    expect(refused(woods, 'blue', { type: 'fire', target: 'r1' })).toBe('NO_LINE_OF_FIRE');
  });

  it('is clear over troops and woods from a hill, but not over another hill', () => {
    const overTroops = seen(
      passed(lab({ b1: '0707', b2: '0706', r1: '0705' }, { terrain: { '0707': 'hill' } }), 'b1'),
      'r1',
    );
    expect(game.choices(overTroops, 'blue').find((c) => c.action === 'fire')).toBeDefined();
    const overHill = seen(
      passed(lab({ b1: '0707', r1: '0705' }, { terrain: { '0707': 'hill', '0706': 'hill' } }), 'b1'),
      'r1',
    );
    expect(refused(overHill, 'blue', { type: 'fire', target: 'r1' })).toBe('NO_LINE_OF_FIRE');
  });
});

describe('Line of fire along a hexside', () => {
  it('is blocked only when the sectors on both sides of the hexside obstruct it', () => {
    const pair = grid.ids
      .flatMap((a) => grid.ids.map((b) => [a, b] as const))
      .find(([a, b]) => {
        const line = lineBetween(a, b);
        return line.length === 3 && line[1]!.length === 2;
      });
    if (!pair) throw new Error('no line runs along a hexside');
    const [from, to] = pair;
    const [left, right] = lineBetween(from, to)[1] as [string, string];
    const state = lab({ b1: from, r1: to });
    state.terrain[left] = 'woods';
    expect(lineIsClear(state, from, to, true)).toBe(true);
    state.terrain[right] = 'woods';
    expect(lineIsClear(state, from, to, true)).toBe(false);
  });
});

describe('Visibility: 4 UD less its reductions', () => {
  it('takes 1 UD off for a still target, for cover and for loose order, none if conspicuous', () => {
    const state = lab({ b1: '0709', r1: '0705', r2: '0703' }, { terrain: { '0703': 'woods' } });
    const r1 = unit(state, 'r1');
    expect(sightRangeTo(state, r1)).toBe(3);
    Object.assign(r1, { revealed: true, movedThisTurn: true });
    expect(sightRangeTo(state, r1)).toBe(4);
    // Smokeless powder: a B unit that has not moved this turn is hard to see even after firing.
    r1.movedThisTurn = false;
    expect(sightRangeTo(state, r1)).toBe(3);
    r1.firepower = 'C';
    expect(sightRangeTo(state, r1)).toBe(4);
    const r2 = unit(state, 'r2');
    r2.order = 'loose';
    expect(sightRangeTo(state, r2)).toBe(1);
    r2.ratings.push('conspicuous');
    expect(sightRangeTo(state, r2)).toBe(4);
  });

  it('refuses fire at a target farther than it can be seen', () => {
    const state = passed(lab({ b1: '0709', r1: '0705' }), 'b1');
    expect(refused(state, 'blue', { type: 'fire', target: 'r1' })).toBe('NOT_VISIBLE');
  });
});

describe('Fire: targets no die can hit (ruling 27)', () => {
  it('neither offers nor accepts a fire whose "to hit" number is inside the automatic misses', () => {
    // Cavalry (type F) hits on 1 at 2 UD: against loose order in the open a 1 misses, so no die can hit.
    const state = seen(passed(lab({ b7: '0707', r1: '0705', r2: '0507' }), 'b7'), 'r1', 'r2');
    unit(state, 'r1').order = 'loose';
    expect(grid.distance('0707', '0705')).toBe(2);
    expect(grid.distance('0707', '0507')).toBe(2);
    const fire = game.choices(state, 'blue').find((c) => c.action === 'fire')!;
    expect(fire.params[0]!.options.map((o) => o.label)).toEqual(['Red 2nd Brigade (3 dice, hit on 1)']);
    expect(refused(state, 'blue', { type: 'fire', target: 'r1' })).toBe('NO_POSSIBLE_HIT');
    // A conspicuous target raises the number to 2: a hit is possible again, on a 2 only.
    unit(state, 'r1').ratings.push('conspicuous');
    const labels = game
      .choices(state, 'blue')
      .find((c) => c.action === 'fire')!
      .params[0]!.options.map((o) => o.label);
    expect(labels).toContain('Red 1st Brigade (3 dice, hit on 2)');
  });

  it('offers salvo and support fire only to units that could hit the attacker', () => {
    // Blue's b1 assaults from dense woods: close infantry in cover, so a 1 misses. Red's r2 next to
    // it has type G weapons (hit on 1 only) and could never hit it; r1 (type B) can.
    const state = lab({ b1: '0707', r1: '0706', r2: '0806' }, { terrain: { '0707': 'woods' } });
    unit(state, 'r2').firepower = 'G';
    const declared = play(passed(state, 'b1'), 'blue', { type: 'assault', target: 'r1' }).state;
    const salvos = game
      .choices(declared, 'red')
      .filter((c) => c.action === 'salvo')
      .map((c) => c.base.unit);
    expect(salvos).toEqual(['r1']);
    expect(refused(declared, 'red', { type: 'salvo', unit: 'r2', cp: 0 })).toBe('CANNOT_REACT');
  });
});
