import { describe, expect, it } from 'vitest';
import { grid } from '../src/grid.ts';
import { reachable } from '../src/movement.ts';
import type { Terrain, WfState } from '../src/types.ts';
import { activeWith, game, lab, MONS, orders, play, refused, stand } from './helpers.ts';

const far = (state: WfState, id: string) =>
  Math.max(
    ...[...reachable(state, stand(state, id)).keys()].map((h) => grid.distance(stand(state, id).hex!, h)),
  );

function fill(kind: Terrain): Record<string, Terrain> {
  return Object.fromEntries(grid.ids.map((h) => [h, kind]));
}

describe('Movement table', () => {
  it('infantry: 4 hexes cross country, 2 in close terrain, 5 along a road, 2 along a trench', () => {
    expect(far(lab({ 'i84-1': '1010' }), 'i84-1')).toBe(4);
    expect(far(lab({ 'i84-1': '1010' }, { terrain: fill('woods') }), 'i84-1')).toBe(2);
    const road = lab({ 'i84-1': '1005' });
    road.roads = ['1003', '1004', '1005', '1006', '1007', '1008', '1009', '1010', '1011', '1012', '1013'];
    expect(far(road, 'i84-1')).toBe(5);
    expect(reachable(road, stand(road, 'i84-1')).has('1010')).toBe(true);
    expect(far(lab({ 'i84-1': '1010' }, { terrain: fill('trench') }), 'i84-1')).toBe(2);
  });

  it('mixed ground costs the share of each rate it uses', () => {
    // Two open hexes (half the move) then one wood hex (half the move): three hexes in all.
    const state = lab({ 'i84-1': '1010' }, { terrain: { '1013': 'woods', '1014': 'woods' } });
    const reach = reachable(state, stand(state, 'i84-1'));
    expect(reach.has('1013')).toBe(true);
    expect(reach.has('1014')).toBe(false);
  });

  it('veteran infantry and storm troops add 5 cm (one hex)', () => {
    const state = lab({ 'rf4-a': '1010' }, { side: 'british' });
    expect(far(state, 'rf4-a')).toBe(5);
    stand(state, 'rf4-a').quality = 'regular';
    expect(far(state, 'rf4-a')).toBe(4);
  });

  it('Movement distances, cavalry: 6 hexes cross country, 3 in close terrain, and "No" along a trench line', () => {
    const state = lab({ 'i84-1': '1010' });
    stand(state, 'i84-1').kind = 'cavalry';
    expect(far(state, 'i84-1')).toBe(6);
    const woods = lab({ 'i84-1': '1010' }, { terrain: fill('woods') });
    stand(woods, 'i84-1').kind = 'cavalry';
    expect(far(woods, 'i84-1')).toBe(3);
    // Inside a trench system horses cannot move at all: every step would be along the line.
    const trench = lab({ 'i84-1': '1010' }, { terrain: fill('trench') });
    stand(trench, 'i84-1').kind = 'cavalry';
    expect(reachable(trench, stand(trench, 'i84-1')).size).toBe(0);
    // Infantry still files along it at 10 cm.
    expect(far(lab({ 'i84-1': '1010' }, { terrain: fill('trench') }), 'i84-1')).toBe(2);
  });

  it('Movement distances, crossing a trench line is not moving along it (ruling 21)', () => {
    // A trench line across row 10; the squadron stands in it at 1010.
    const line = Object.fromEntries(
      grid.ids.filter((h) => h.endsWith('10')).map((h) => [h, 'trench' as Terrain]),
    );
    const state = lab({ 'i84-1': '1010' }, { terrain: line });
    stand(state, 'i84-1').kind = 'cavalry';
    const reach = reachable(state, stand(state, 'i84-1'));
    // Out of the trench and away in the open, on either side of the line...
    expect(reach.has('1011')).toBe(true);
    expect(reach.has('1009')).toBe(true);
    // ...but never along it: the next trench hexes are reached only by leaving the line and coming
    // back over it, which costs more than the move along would have.
    const along = grid.neighbors('1010').filter((h) => line[h] === 'trench');
    expect(along.length).toBeGreaterThan(0);
    for (const h of along) {
      const cost = reach.get(h);
      expect(cost === undefined || cost > Math.ceil(420 / 3)).toBe(true);
    }
    // Crossing from the open north side over the line to the open south side: in, at the close
    // rate (140 of 420), then out at the cross-country rate (70).
    const crossing = lab({ 'i84-1': '1009' }, { terrain: line });
    stand(crossing, 'i84-1').kind = 'cavalry';
    expect(reachable(crossing, stand(crossing, 'i84-1')).get('1011')).toBe(210);
  });

  it('machine guns on mules move at infantry pace, man-handled at half; a deployed gun 1 hex', () => {
    const state = lab({ 'i84-mg1': '1010', 'rf4-mg1': '1410', 'ir84-mgk': '0510' });
    expect(stand(state, 'i84-mg1').packed).toBe(false);
    expect(far(state, 'i84-mg1')).toBe(2);
    expect(stand(state, 'rf4-mg1').packed).toBe(true);
    // The veteran British gunners on mules: infantry pace, +1 as veterans.
    expect(far(state, 'rf4-mg1')).toBe(5);
    stand(state, 'ir84-mgk').kind = 'fieldGun';
    expect(far(state, 'ir84-mgk')).toBe(1);
  });

  it('Movement distances, field artillery: limbered 20 / 35 / 10 cm and never along a trench; deployed, man-handled 3 cm', () => {
    const state = lab({ 'rfa-sec': '1010' }, { side: 'british' });
    const gun = stand(state, 'rfa-sec');
    expect(gun.gun).toBe('deployed');
    expect(far(state, 'rfa-sec')).toBe(1);
    gun.gun = 'limbered';
    expect(far(state, 'rfa-sec')).toBe(4);
    const woods = lab({ 'rfa-sec': '1010' }, { side: 'british', terrain: fill('woods') });
    stand(woods, 'rfa-sec').gun = 'limbered';
    expect(far(woods, 'rfa-sec')).toBe(2);
    const road = lab({ 'rfa-sec': '1003' }, { side: 'british' });
    road.roads = ['1003', '1004', '1005', '1006', '1007', '1008', '1009', '1010', '1011', '1012', '1013'];
    stand(road, 'rfa-sec').gun = 'limbered';
    expect(reachable(road, stand(road, 'rfa-sec')).has('1010')).toBe(true);
    expect(reachable(road, stand(road, 'rfa-sec')).has('1011')).toBe(false);
    for (const state of ['limbered', 'deployed'] as const) {
      const trench = lab({ 'rfa-sec': '1010' }, { side: 'british', terrain: fill('trench') });
      stand(trench, 'rfa-sec').gun = state;
      expect(reachable(trench, stand(trench, 'rfa-sec')).size).toBe(0);
    }
  });

  it('Movement distances, field artillery: limbering up and unlimbering each take an action; a limbered gun cannot fire', () => {
    const state = activeWith(
      lab({ 'rfa-sec': '1313', 'i84-1': '1305' }, { side: 'british', step: 'support' }),
      'rfa-sec',
      2,
    );
    const actions = (s: WfState) => game.choices(s, 'british').map((c) => c.action);
    expect(actions(state)).toEqual(['move', 'fire', 'limber', 'endUnit']);
    expect(refused(state, 'british', { type: 'unlimber' })).toBe('NOT_LIMBERED');
    const limbered = play(state, 'british', { type: 'limber' });
    expect(stand(limbered.state, 'rfa-sec')).toMatchObject({ gun: 'limbered', actions: 1 });
    expect(actions(limbered.state)).toEqual(['move', 'unlimber', 'endUnit']);
    expect(refused(limbered.state, 'british', { type: 'fire', target: 'i84-1' })).toBe('CANNOT_FIRE');
    const deployed = play(limbered.state, 'british', { type: 'unlimber' });
    expect(stand(deployed.state, 'rfa-sec')).toMatchObject({ gun: 'deployed', actions: 0 });
    expect(game.choices(state, 'british').find((c) => c.action === 'limber')!.label).toBe(
      '18-pdr section RFA (in the open): limber up to move (2 actions left)',
    );
  });

  it('Movement distances, field artillery: the Mons RFA section limbers up and goes by road', () => {
    const start = game.setup(MONS, {}, 'rfa-road');
    expect(stand(start, 'rfa-sec')).toMatchObject({ hex: '1313', gun: 'deployed' });
    start.phase = orders('british', 'support');
    const state = activeWith(start, 'rfa-sec', 2);
    const limbered = play(state, 'british', { type: 'limber' });
    // From the crest, 3 hexes across the fields to the Mons road with the rest of the move.
    const reach = reachable(limbered.state, stand(limbered.state, 'rfa-sec'));
    expect(reach.has('1613')).toBe(true);
    const moved = play(limbered.state, 'british', { type: 'move', to: '1613' });
    expect(stand(moved.state, 'rfa-sec')).toMatchObject({ hex: '1613', gun: 'limbered' });
    // Next turn, a whole move on the road: 7 hexes (35 cm) from 1610 down to 1617.
    const onRoad = structuredClone(moved.state);
    stand(onRoad, 'rfa-sec').hex = '1610';
    onRoad.phase = orders('british', 'support');
    const next = activeWith(onRoad, 'rfa-sec', 1);
    expect(reachable(next, stand(next, 'rfa-sec')).has('1617')).toBe(true);
    expect(
      play(next, 'british', { type: 'move', to: '1617' }).state.stands.find((s) => s.id === 'rfa-sec')!.hex,
    ).toBe('1617');
  });

  it('entering wire ends the move', () => {
    const state = lab({ 'i84-1': '1010' }, { wire: ['1011'] });
    const reach = reachable(state, stand(state, 'i84-1'));
    expect(reach.has('1011')).toBe(true);
    expect(reach.has('1012')).toBe(true); // around the wire
    expect(grid.distance('1010', '1014')).toBe(4);
    const walled = lab({ 'i84-1': '1010' }, { wire: grid.ids.filter((h) => Number(h.slice(2)) === 11) });
    const past = [...reachable(walled, stand(walled, 'i84-1')).keys()].filter((h) => Number(h.slice(2)) > 11);
    expect(past).toEqual([]);
  });

  it('canals are crossed only at bridges; enemies are never passed through', () => {
    const canal = Object.fromEntries(
      grid.ids.filter((h) => h.endsWith('08') && h !== '1008').map((h) => [h, 'canal' as Terrain]),
    );
    const state = lab({ 'i84-1': '0806', 'i84-2': '1006' }, { terrain: canal });
    const across = (s: WfState, id: string) =>
      [...reachable(s, stand(s, id)).keys()].filter((h) => Number(h.slice(2)) > 8);
    expect(across(state, 'i84-1').length).toBeGreaterThan(0);
    expect(across(state, 'i84-1').every((h) => grid.distance('1008', h) < 4)).toBe(true);
    const blocked = lab({ 'i84-1': '1006', 'rf4-a': '1008' }, { terrain: canal });
    expect(across(blocked, 'i84-1')).toEqual([]);
  });

  it('a hex holds one fighting stand and one command stand of one side', () => {
    const state = activeWith(
      lab({ 'i84-1': '1010', 'i84-2': '1011', 'i84-cmd': '1012', 'rf4-cmd': '1110' }),
      'i84-1',
      2,
    );
    const reach = reachable(state, stand(state, 'i84-1'));
    expect(reach.has('1011')).toBe(false);
    expect(reach.has('1012')).toBe(true);
    expect(reach.has('1110')).toBe(false);
    // It may pass through its friends to the hex beyond.
    expect(reach.has('1013')).toBe(true);
    expect(refused(state, 'german', { type: 'move', to: '1011' })).toBe('CANNOT_MOVE');
  });
});
