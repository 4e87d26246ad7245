import { describe, expect, it } from 'vitest';
import { grid } from '../src/grid.ts';
import type { Terrain, WfState } from '../src/types.ts';
import { activeWith, eventsOf, lab, refused, rolls, stand, withDice } from './helpers.ts';

/** The veteran British A Company (4 platoons) at 1010 about to assault 1011. */
function ready(placements: Record<string, string>, terrain: Record<string, Terrain> = {}): WfState {
  return activeWith(lab({ 'rf4-a': '1010', ...placements }, { side: 'british', terrain }), 'rf4-a', 2);
}

const assaultDice =
  (a: number, d: number) => (r: { events: { type: string; purpose?: unknown; dice?: unknown }[] }) => {
    const dice = rolls(r.events as never, 'assault');
    return dice[0] === a && dice[1] === d;
  };

describe('Close assault', () => {
  it('defensive fire that suppresses or kills sends the attack to ground', () => {
    const state = ready({ 'i84-1': '1011' });
    const stopped = withDice(
      state,
      'british',
      { type: 'assault', hex: '1011' },
      (r) => rolls(r.events, 'fire')[0] === 2,
    );
    expect(eventsOf(stopped, 'assaultFailed')).toHaveLength(1);
    expect(stand(stopped.state, 'rf4-a').hex).toBe('1010');
    expect(stand(stopped.state, 'rf4-a').suppression).toBe(1);
    expect(rolls(stopped.events, 'assault')).toEqual([]);
  });

  it('the higher total carries the hex: the defender loses a platoon and falls back, its commander with it', () => {
    const state = ready({ 'i84-1': '1011', 'i84-cmd': '1011' });
    stand(state, 'i84-1').suppression = 1;
    const won = withDice(state, 'british', { type: 'assault', hex: '1011' }, assaultDice(6, 1));
    expect(eventsOf(won, 'assaultWon')[0]!.text).toMatch(/\(11 to 3\)/);
    expect(stand(won.state, 'rf4-a').hex).toBe('1011');
    expect(stand(won.state, 'i84-1').steps).toBe(2);
    // One hex back towards the German edge.
    const back = stand(won.state, 'i84-1').hex!;
    expect(grid.distance(back, '1011')).toBe(1);
    expect(grid.center(back).y).toBeLessThan(grid.center('1011').y);
    expect(stand(won.state, 'i84-cmd').hex).not.toBe('1011');
    expect(stand(won.state, 'i84-cmd').hex).not.toBeNull();
  });

  it('crewed weapons in the hex are captured; a defender that cannot fall back surrenders', () => {
    const mg = ready({ 'i84-mg1': '1011' });
    stand(mg, 'i84-mg1').suppression = 1;
    const taken = withDice(mg, 'british', { type: 'assault', hex: '1011' }, assaultDice(4, 1));
    expect(stand(taken.state, 'i84-mg1').hex).toBeNull();
    expect(stand(taken.state, 'rf4-a').hex).toBe('1011');
    // Penned against the canal: nowhere to go.
    const canal = Object.fromEntries(
      ['1009', '1109', '0910', '1110', '0909', '1108', '1008', '0908'].map((h) => [h, 'canal' as Terrain]),
    );
    const penned = ready(
      { 'i84-1': '1011' },
      { ...canal, '1012': 'canal', '1112': 'canal', '0912': 'canal' },
    );
    stand(penned, 'rf4-a').hex = '1111';
    stand(penned, 'i84-1').suppression = 1;
    stand(penned, 'i84-1').hex = '1010';
    const surrendered = withDice(penned, 'british', { type: 'assault', hex: '1010' }, assaultDice(6, 1));
    expect(stand(surrendered.state, 'i84-1').gone).toBe('surrendered');
  });

  it('otherwise the attack is thrown back: the attacker loses a platoon and is suppressed (a tie holds)', () => {
    const state = ready({ 'i84-1': '1011' });
    stand(state, 'i84-1').suppression = 1;
    // Attacker 1 + 4 platoons + 1 veteran = 6; defender 4 + 3 platoons - 1 suppression = 6.
    const tie = withDice(state, 'british', { type: 'assault', hex: '1011' }, assaultDice(1, 4));
    expect(eventsOf(tie, 'assaultRepulsed')[0]!.text).toMatch(/\(6 to 6\)/);
    expect(stand(tie.state, 'rf4-a').steps).toBe(3);
    expect(stand(tie.state, 'rf4-a').suppression).toBe(1);
    expect(stand(tie.state, 'rf4-a').hex).toBe('1010');
  });

  it('cover and troop quality count: +1 medium, +2 hard, storm troops +2 attacking', () => {
    const village = ready({ 'i84-1': '1011' }, { '1011': 'village' });
    stand(village, 'i84-1').suppression = 1;
    expect(
      eventsOf(
        withDice(village, 'british', { type: 'assault', hex: '1011' }, assaultDice(1, 4)),
        'assaultRepulsed',
      )[0]!.text,
    ).toMatch(/\(7 to 6\)/);
    const hard = ready({ 'i84-1': '1011' }, { '1011': 'strongpoint' });
    stand(hard, 'i84-1').suppression = 1;
    stand(hard, 'rf4-a').quality = 'storm';
    const stormed = withDice(hard, 'british', { type: 'assault', hex: '1011' }, assaultDice(4, 1));
    // 4 + 4 + 2 storm = 10 against 1 + 3 + 2 hard - 1 = 5: the strongpoint rifles could not clear falls.
    expect(eventsOf(stormed, 'assaultWon')[0]!.text).toMatch(/\(10 to 5\)/);
    expect(stand(stormed.state, 'rf4-a').hex).toBe('1011');
  });

  it('no assault out of wire, while suppressed, or beyond the next hex', () => {
    const wired = ready({ 'i84-1': '1011' });
    wired.wire = ['1010'];
    expect(refused(wired, 'british', { type: 'assault', hex: '1011' })).toBe('CANNOT_ASSAULT');
    const far = ready({ 'i84-1': '1012' });
    expect(refused(far, 'british', { type: 'assault', hex: '1012' })).toBe('CANNOT_ASSAULT');
    const pinned = ready({ 'i84-1': '1011' });
    stand(pinned, 'rf4-a').suppression = 1;
    expect(refused(pinned, 'british', { type: 'assault', hex: '1011' })).toBe('CANNOT_ASSAULT');
    const mg = activeWith(lab({ 'rf4-mg1': '1010', 'i84-1': '1011' }, { side: 'british' }), 'rf4-mg1', 1);
    expect(refused(mg, 'british', { type: 'assault', hex: '1011' })).toBe('CANNOT_ASSAULT');
  });
});
