import { EventLog } from '@salient/engine';
import { describe, expect, it } from 'vitest';
import { fireFactors, fireProblem, odds } from '../src/fire.ts';
import { driftGas } from '../src/gas.ts';
import { grid } from '../src/grid.ts';
import { reachable } from '../src/movement.ts';
import { orderFactors } from '../src/orders.ts';
import { weaponOf } from '../src/tables.ts';
import { activeWith, eventsOf, game, lab, MONS, NC, play, stand, withDice } from './helpers.ts';

const SJ = 'st-julien-1915';
function targetsOf(state: ReturnType<typeof lab>, seat: string): string[] {
  const fire = game.choices(state, seat).find((c) => c.action === 'fire');
  return fire ? fire.params[0]!.options.map((o) => String(o.value)) : [];
}

describe('Scenario content: cavalry, guns in the open, mortars and gas', () => {
  it('Mons, order sequence and movement table (cavalry): C Sqn 15th Hussars come up on turn 2, are ordered with the support units, ride 6 hexes and assault', () => {
    const start = game.setup(MONS, {}, 'hussars');
    expect(stand(start, 'h15-c')).toMatchObject({ kind: 'cavalry', hex: null, arrives: 2, steps: 4 });
    const support = lab({ 'h15-c': '1014', 'i84-1': '1012' }, { side: 'british', step: 'support' });
    expect(game.choices(support, 'british').some((c) => c.action === 'order' && c.piece === 'h15-c')).toBe(
      true,
    );
    const reach = reachable(support, stand(support, 'h15-c'));
    const far = Math.max(...[...reach.keys()].map((h) => grid.distance('1014', h)));
    expect(far).toBe(6);
    // Close assault from the support step: a squadron is not part of a battalion.
    const riding = activeWith(
      lab({ 'h15-c': '1013', 'i84-1': '1012' }, { side: 'british', step: 'support' }),
      'h15-c',
      2,
    );
    expect(game.choices(riding, 'british').map((c) => c.action)).toContain('assault');
    const charged = withDice(riding, 'british', { type: 'assault', hex: '1012' }, () => true);
    expect(eventsOf(charged, 'assault').length + eventsOf(charged, 'shot').length).toBeGreaterThan(0);
  });

  it('Mons, firing table (field artillery over open sights) and movement table (man-handled guns): the RFA section fires from the open and is man-handled 1 hex', () => {
    const start = game.setup(MONS, {}, 'rfa');
    expect(stand(start, 'rfa-sec')).toMatchObject({ kind: 'fieldGun', hex: '1313', supports: 'rf4' });
    expect(start.terrain['1313']).toBe('crest');
    const state = activeWith(
      lab({ 'rfa-sec': '1313', 'i84-1': '1305' }, { side: 'british', step: 'support' }),
      'rfa-sec',
      2,
    );
    expect(weaponOf('fieldGun')).toBe('fieldGun');
    expect(targetsOf(state, 'british')).toEqual(['i84-1']);
    const gun = stand(state, 'rfa-sec');
    // 8 hexes (40 cm) is well inside the first open-sights band: no modifier, a kill on 4 or more.
    expect(fireFactors(state, gun, stand(state, 'i84-1'), true)).toEqual([]);
    expect(odds('fieldGun', 'open', 0)).toEqual({ kill: 3 / 6, suppress: 1 / 6 });
    const moves = [...reachable(state, gun).keys()];
    expect(moves.length).toBeGreaterThan(0);
    expect(moves.every((h) => grid.distance('1313', h) === 1)).toBe(true);
  });

  it('Neuve Chapelle, firing table (mortars) and line of sight: the trench mortar and the Minenwerfer fire at what a friendly stand sees', () => {
    const start = game.setup(NC, {}, 'mortars');
    expect(stand(start, 'bde23-tm')).toMatchObject({ kind: 'lightMortar', side: 'british', supports: 'mx2' });
    expect(stand(start, 'ir16-mw')).toMatchObject({
      kind: 'mediumMortar',
      side: 'german',
      supports: 'iii16',
    });
    expect(weaponOf('mediumMortar')).toBe('heavy');
    const blind = { '0814': 'woods' as const };
    const spotted = lab(
      { 'bde23-tm': '0816', 'mx2-a': '0812', 'iii16-9': '0809' },
      { scenario: NC, side: 'british', terrain: blind },
    );
    const mortar = stand(spotted, 'bde23-tm');
    const target = stand(spotted, 'iii16-9');
    expect(fireProblem(spotted, mortar, target)).toBeNull();
    const alone = lab(
      { 'bde23-tm': '0816', 'iii16-9': '0809' },
      { scenario: NC, side: 'british', terrain: blind },
    );
    expect(fireProblem(alone, stand(alone, 'bde23-tm'), stand(alone, 'iii16-9'))).toMatch(
      /no friendly stand sees/,
    );
  });

  it('St Julien, gas (firing table gas line, order modifiers): one German release, carried south by the wind onto the Canadian trench; no gas at Mons or Neuve Chapelle (ruling 42)', () => {
    for (const id of [MONS, NC]) {
      const s = game.setup(id, {}, 'nogas');
      expect(Object.values(s.gasReleases).every((n) => n === 0)).toBe(true);
    }
    const start = game.setup(SJ, {}, 'gas');
    expect(start.gasReleases).toEqual({ german: 1, canadian: 0 });
    expect(start.wind).toBe(3);
    const state = lab(
      { 'rir1-3': '1206', 'c15-no3': '1209', 'c15-cmd': '1211' },
      { scenario: SJ, side: 'german', step: 'support' },
    );
    const release = game.choices(state, 'german').find((c) => c.action === 'releaseGas')!;
    expect(release.params[0]!.options.map((o) => o.value)).toContain('1208');
    const gassed = play(state, 'german', { type: 'releaseGas', at: '1208' });
    expect(gassed.state.gasReleases.german).toBe(0);
    expect(eventsOf(gassed, 'shot').map((e) => e.target)).toEqual(['c15-no3']);
    const canadians = stand(gassed.state, 'c15-no3');
    expect(orderFactors(gassed.state, canadians, false)).toContainEqual({ label: 'Gas', value: -1 });
    const next = structuredClone(gassed.state);
    const log = new EventLog(next.rng);
    driftGas(next, log);
    expect(next.gas[0]!.hexes).toContain('1210');
    expect(next.gas[0]!.hexes).not.toContain('1207');
  });

  it('St Julien: the Germans order first after a one-round bombardment; two companies of the 14th Bn come up on turn 3; the Germans need 4 of 6 points', () => {
    const state = game.setup(SJ, {}, 'sj');
    expect(state.phase).toMatchObject({ side: 'german', step: 'bombardment' });
    expect(state.lastTurn).toBe(8);
    expect(state.victory).toEqual({ attacker: 'german', needed: 4 });
    expect(Object.values(state.objectives).reduce((n, o) => n + o.vp, 0)).toBe(6);
    const c14 = state.stands.filter((s) => s.battalion === 'c14');
    expect(c14.map((s) => s.arrives)).toEqual([3, 3, 3]);
    expect(state.battalions.find((b) => b.id === 'c15')!.quality).toBe('raw');
    for (const s of state.stands.filter((x) => x.hex !== null))
      expect(['canal']).not.toContain(state.terrain[s.hex!]);
  });
});
