import { describe, expect, it } from 'vitest';
import { templateAt } from '../src/artillery.ts';
import { grid } from '../src/grid.ts';
import { reachable } from '../src/movement.ts';
import { deepSuppression } from '../src/sos.ts';
import type { Phase, WfState } from '../src/types.ts';
import { objectivePoints, updateObjectives } from '../src/victory.ts';
import {
  type Applied,
  eventsOf,
  game,
  lab,
  MONS,
  NC,
  orders,
  play,
  rolls,
  stand,
  withDice,
} from './helpers.ts';

const phaseOf = (s: WfState) => s.phase as Extract<Phase, { kind: 'orders' }>;

describe('Mons', () => {
  it('the Germans order first against the fusiliers behind the canal, crossed only at the two bridges', () => {
    const state = game.setup(MONS, {}, 'mons');
    expect(phaseOf(state).side).toBe('german');
    expect(state.battalions.map((b) => [b.id, b.startPlatoons])).toEqual([
      ['i84', 12],
      ['ii84', 12],
      ['iii84', 12],
      ['rf4', 16],
    ]);
    const crossings = grid.ids.filter((h) => h.endsWith('08') && state.terrain[h] !== 'canal');
    expect(crossings).toEqual(['0808', '1608']);
    for (const b of game.board(MONS).regions) for (const h of b.locs) expect(grid.has(h)).toBe(true);
    // Nobody starts in a hex it could not enter, nor two fighting stands together.
    for (const s of state.stands.filter((x) => x.hex !== null))
      expect(state.terrain[s.hex!]).not.toBe('canal');
  });

  it('II./IR 84 comes on at the north edge on turn 3, when the Germans begin their orders', () => {
    const state = game.setup(MONS, {}, 'arrive');
    expect(state.stands.filter((s) => s.battalion === 'ii84').every((s) => s.hex === null)).toBe(true);
    state.turn = 2;
    state.order = ['german', 'british'];
    state.phase = orders('british', 'commanders');
    for (const s of state.stands) s.commandMoves = 2;
    const initiative = (winner: string) => (r: Applied) => {
      const [g, b] = rolls(r.events, 'initiative');
      return winner === 'german' ? g! > b! : b! > g!;
    };
    const germansFirst = withDice(state, 'british', { type: 'endStep' }, initiative('german'));
    expect(germansFirst.state.turn).toBe(3);
    const ii = germansFirst.state.stands.filter((s) => s.battalion === 'ii84');
    expect(ii).toHaveLength(5);
    expect(ii.every((s) => s.hex !== null && grid.distance(s.hex, '1601') <= 3)).toBe(true);
    const britishFirst = withDice(state, 'british', { type: 'endStep' }, initiative('british'));
    expect(phaseOf(britishFirst.state).side).toBe('british');
    expect(britishFirst.state.stands.filter((s) => s.battalion === 'ii84').every((s) => s.hex === null)).toBe(
      true,
    );
  });
});

describe('Neuve Chapelle', () => {
  it('the bombardment opens the battle and cuts wire', () => {
    const state = game.setup(NC, {}, 'nc');
    expect(phaseOf(state)).toMatchObject({ side: 'british', step: 'bombardment' });
    expect(game.choices(state, 'british').map((c) => c.action)).toEqual(['bombard']);
    const wireBefore = state.wire.length;
    const underFire = new Set(
      state.batteries.filter((b) => b.side === 'british').flatMap((b) => templateAt(b.aim!)),
    );
    const wired = state.wire.filter((h) => underFire.has(h));
    expect(wired.length).toBeGreaterThan(0);
    const done = play(state, 'british', { type: 'bombard' });
    expect(done.state.bombardment!.done).toBe(true);
    expect(eventsOf(done, 'battery')).toHaveLength(3 * 4);
    const cut = eventsOf(done, 'wireCut').map((e) => e.hex);
    expect(done.state.wire.length).toBe(wireBefore - cut.length);
    // Only wire under the templates can be cut: the left (Middlesex) sector's wire stands.
    for (const h of cut) expect(underFire.has(h as string)).toBe(true);
    for (const h of ['0210', '0310', '0410', '0510', '0610']) expect(done.state.wire).toContain(h);
    expect(phaseOf(done.state).step).not.toBe('bombardment');
  });

  it('the German SOS is slowed by deep suppression on turns 1 and 2', () => {
    const state = game.setup(NC, {}, 'deep');
    expect([1, 2, 3].map((t) => deepSuppression({ ...state, turn: t }, 'german'))).toEqual([2, 1, 0]);
    expect(deepSuppression(state, 'british')).toBe(0);
  });

  it('the Bavarian reserve battalion counter-attacks out of the Bois du Biez from turn 6, and the British have three staff markers a turn (ruling 41)', () => {
    const state = game.setup(NC, {}, 'bav');
    const bav = state.stands.filter((s) => s.regiment === 'brir');
    expect(bav.every((s) => s.arrives === 6 && s.hex === null)).toBe(true);
    expect(state.staffMarkers).toEqual({ british: 3, german: 1 });
    expect(bav.every((s) => state.terrain[s.entry!] === 'woods')).toBe(true);
    expect(bav).toHaveLength(7);
  });

  it('the British start behind their breastwork, the Germans behind their wire', () => {
    const state = game.setup(NC, {}, 'lines');
    for (const s of state.stands.filter((x) => x.side === 'british' && x.hex !== null))
      expect(Number(s.hex!.slice(2))).toBeGreaterThanOrEqual(15);
    for (const s of state.stands.filter((x) => x.side === 'german' && x.hex !== null))
      expect(Number(s.hex!.slice(2))).toBeLessThanOrEqual(9);
    // A British company leaving its breastwork is caught in the wire before it can reach the German line.
    const lab1 = lab({ 'li2-a': '1111' }, { scenario: NC, side: 'british', wire: ['1010', '1110', '1210'] });
    const reach = reachable(lab1, stand(lab1, 'li2-a'));
    expect(reach.has('1110')).toBe(true);
    expect(reach.has('1109')).toBe(false);
  });
});

describe('Victory', () => {
  it('an objective changes hands when a fighting stand of one side is in it and none of the other', () => {
    const state = lab({ 'i84-1': '1610', 'rf4-cmd': '0809' }, { side: 'german' });
    updateObjectives(state);
    expect(state.objectives['1610']!.holder).toBe('german');
    // A command stand alone takes nothing: the railway bridge stays British.
    stand(state, 'rf4-cmd').hex = '0809';
    state.objectives['0809']!.holder = 'british';
    stand(state, 'i84-2').hex = null;
    updateObjectives(state);
    expect(state.objectives['0809']!.holder).toBe('british');
    expect(objectivePoints(state, 'german')).toBe(2);
  });

  it('the attacker wins by holding the points at the end of the last turn, else the defender', () => {
    const state = lab(
      { 'i84-1': '1610', 'i84-2': '1614', 'i84-3': '1609', 'rf4-a': '1017' },
      { side: 'british', step: 'commanders' },
    );
    state.turn = state.lastTurn;
    state.order = ['german', 'british'];
    updateObjectives(state);
    const won = play(state, 'british', { type: 'endStep' });
    expect(won.state.outcome).toEqual({
      winner: 'german',
      reason: expect.stringMatching(/hold 5 objective points/),
    });
    expect(game.status(won.state).toAct).toEqual([]);
    const short = lab(
      { 'i84-1': '1610', 'i84-2': '1614', 'rf4-a': '1017' },
      { side: 'british', step: 'commanders' },
    );
    short.turn = short.lastTurn;
    short.order = ['german', 'british'];
    updateObjectives(short);
    expect(play(short, 'british', { type: 'endStep' }).state.outcome?.winner).toBe('british');
  });

  it('a side whose battalions have all broken loses at once', () => {
    const state = lab(
      { 'i84-1': '1610', 'rf4-a': '1017', 'rf4-cmd': '1018' },
      { side: 'british', step: 'commanders' },
    );
    for (const b of state.battalions) if (b.side === 'german') b.routed = true;
    const over = play(state, 'british', { type: 'moveCommander', unit: 'rf4-cmd', to: '1016' });
    expect(over.state.outcome?.winner).toBe('british');
    expect(over.state.phase.kind).toBe('over');
  });
});
