import { describe, expect, it } from 'vitest';
import { MARCH } from '../src/tables.ts';
import type { BeState } from '../src/types.ts';
import { game, lab, passed, play, refused, unit } from './helpers.ts';

function moveOptions(state: BeState, seat = 'blue'): string[] {
  const move = game.choices(state, seat).find((c) => c.action === 'move');
  const param = move?.params[0];
  return param ? param.options.map((o) => String(o.value)).sort() : [];
}

describe('Mustering: one unit per sector', () => {
  it('refuses a move into a sector that holds a unit', () => {
    const state = passed(lab({ b1: '0707', b2: '0706', r1: '0202' }), 'b1');
    expect(refused(state, 'blue', { type: 'move', to: '0706' })).toBe('OCCUPIED');
    expect(moveOptions(state)).not.toContain('0706');
  });
});

describe('Movement: basic move and march by troop type', () => {
  it('gives infantry a 2 UD march and cavalry a 4 UD march, every kind a 1 UD basic move', () => {
    expect(MARCH).toEqual({ infantry: 2, tribesmen: 3, cavalry: 4, mountedInfantry: 3 });
    let cav = passed(lab({ b7: '0709', r1: '0201' }), 'b7');
    for (const to of ['0708', '0707', '0706', '0705']) cav = play(cav, 'blue', { type: 'move', to }).state;
    expect(refused(cav, 'blue', { type: 'move', to: '0704' })).toBe('NO_MOVE_LEFT');
    let inf = passed(lab({ b1: '0709', r1: '0201' }), 'b1');
    for (const to of ['0708', '0707']) inf = play(inf, 'blue', { type: 'move', to }).state;
    expect(refused(inf, 'blue', { type: 'move', to: '0706' })).toBe('NO_MOVE_LEFT');
    const basic = play(lab({ b7: '0709', r1: '0201' }), 'blue', { type: 'activateBasic', unit: 'b7' }).state;
    const once = play(basic, 'blue', { type: 'move', to: '0708' }).state;
    expect(refused(once, 'blue', { type: 'move', to: '0707' })).toBe('NO_MOVE_LEFT');
  });

  it('stops a unit entering cover or a hill', () => {
    for (const terrain of ['woods', 'hill', 'village'] as const) {
      const state = passed(lab({ b7: '0709', r1: '0201' }, { terrain: { '0708': terrain } }), 'b7');
      const moved = play(state, 'blue', { type: 'move', to: '0708' }).state;
      expect(refused(moved, 'blue', { type: 'move', to: '0707' })).toBe('NO_MOVE_LEFT');
    }
  });

  it('stops a unit entering an enemy zone of control and forbids moving from one zone to another', () => {
    const state = passed(lab({ b7: '0709', r1: '0706' }), 'b7');
    const moved = play(play(state, 'blue', { type: 'move', to: '0708' }).state, 'blue', {
      type: 'move',
      to: '0707',
    }).state;
    expect(refused(moved, 'blue', { type: 'move', to: '0708' })).toBe('NO_MOVE_LEFT');
    const inZoc = passed(lab({ b7: '0707', r1: '0706' }), 'b7');
    // 0606 is next to 0706 as well: from one zone of control into another.
    expect(refused(inZoc, 'blue', { type: 'move', to: '0606' })).toBe('ZOC_TO_ZOC');
    expect(moveOptions(inZoc)).not.toContain('0606');
    expect(moveOptions(inZoc)).toContain('0708');
  });

  it('forbids fire and assault on entering rough ground, and a march leaving it unless special', () => {
    const entered = play(
      passed(lab({ b1: '0708', r1: '0706' }, { terrain: { '0707': 'marsh' } }), 'b1'),
      'blue',
      {
        type: 'move',
        to: '0707',
      },
    ).state;
    expect(refused(entered, 'blue', { type: 'fire', target: 'r1' })).toBe('ENTERED_ROUGH');
    expect(refused(entered, 'blue', { type: 'assault', target: 'r1' })).toBe('ENTERED_ROUGH');
    const leaving = play(
      passed(lab({ b1: '0707', r1: '0201' }, { terrain: { '0707': 'woods' } }), 'b1'),
      'blue',
      {
        type: 'move',
        to: '0708',
      },
    ).state;
    expect(refused(leaving, 'blue', { type: 'move', to: '0709' })).toBe('NO_MOVE_LEFT');
    const special = lab({ r7: '0703', b1: '0209' }, { terrain: { '0703': 'woods' }, side: 'red' });
    let rifles = passed(special, 'r7', 'red');
    for (const to of ['0704', '0705', '0706']) rifles = play(rifles, 'red', { type: 'move', to }).state;
    expect(unit(rifles, 'r7').hex).toBe('0706');
  });

  it('refuses impassable sectors', () => {
    const state = passed(lab({ b1: '0708', r1: '0201' }, { terrain: { '0707': 'river' } }), 'b1');
    expect(refused(state, 'blue', { type: 'move', to: '0707' })).toBe('IMPASSABLE');
  });
});

describe('Movement: a sector impassable to cavalry', () => {
  /** A lab position whose sector `closed` the scenario shuts to cavalry only. */
  function closedToCavalry(placements: Record<string, string>, closed: string): BeState {
    const state = lab(placements);
    state.impassableTo = { [closed]: ['cavalry'] };
    return state;
  }

  it('is refused to cavalry and open to infantry', () => {
    const cavalry = passed(closedToCavalry({ b7: '0709', r1: '0201' }, '0708'), 'b7');
    expect(refused(cavalry, 'blue', { type: 'move', to: '0708' })).toBe('IMPASSABLE');
    expect(moveOptions(cavalry)).not.toContain('0708');
    expect(moveOptions(cavalry)).toContain('0608');
    const infantry = passed(closedToCavalry({ b1: '0709', r1: '0201' }, '0708'), 'b1');
    expect(moveOptions(infantry)).toContain('0708');
    expect(unit(play(infantry, 'blue', { type: 'move', to: '0708' }).state, 'b1').hex).toBe('0708');
  });

  it('may not be crossed by cavalry passing through a friend standing in it', () => {
    const state = passed(closedToCavalry({ b7: '0709', b1: '0708', r1: '0201' }, '0708'), 'b7');
    expect(refused(state, 'blue', { type: 'move', to: '0707' })).toBe('IMPASSABLE');
    expect(moveOptions(state)).not.toContain('0707');
  });

  it('comes from the scenario: the Semois meadows by the Breuvanne causeway in Rossignol', () => {
    const state = game.setup('rossignol-1914', {}, 'meadows');
    expect(state.impassableTo).toEqual({ '0608': ['cavalry'], '0808': ['cavalry'] });
    const overlay = game.board('rossignol-1914').overlays.find((o) => o.id === 'impassable-cavalry');
    expect(overlay).toMatchObject({ label: 'Impassable to cavalry', locs: ['0608', '0808'] });
    const chasseurs = passed(lab({ f5: '0708', g1: '0201' }, { scenario: 'rossignol-1914' }), 'f5', 'french');
    expect(refused(chasseurs, 'french', { type: 'move', to: '0608' })).toBe('IMPASSABLE');
    expect(moveOptions(chasseurs, 'french')).not.toContain('0808');
    expect(moveOptions(chasseurs, 'french')).toContain('0709');
  });
});

describe('Interpenetration: through a friend next to the start', () => {
  it('lets a successfully activated unit pass through an adjacent friend, but not an untested one', () => {
    const placement = { b1: '0709', b2: '0708', r1: '0202' };
    const state = passed(lab(placement), 'b1');
    expect(moveOptions(state)).toContain('0707');
    const through = play(state, 'blue', { type: 'move', to: '0707' }).state;
    expect(unit(through, 'b1').hex).toBe('0707');
    expect(unit(through, 'b2').hex).toBe('0708');
    const basic = play(lab(placement), 'blue', { type: 'activateBasic', unit: 'b1' }).state;
    expect(refused(basic, 'blue', { type: 'move', to: '0707' })).toBe('NOT_ADJACENT');
  });

  it('refuses to pass through a friend standing in cover, where the mover would have to stop', () => {
    const state = passed(lab({ b1: '0709', b2: '0708', r1: '0202' }, { terrain: { '0708': 'woods' } }), 'b1');
    expect(refused(state, 'blue', { type: 'move', to: '0707' })).toBe('WOULD_HALT_IN_FRIEND');
  });
});
