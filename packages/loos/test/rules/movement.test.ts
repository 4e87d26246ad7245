import { describe, expect, it } from 'vitest';
import { moveOptions } from '../../src/actions.ts';
import { attackLine } from '../../src/combat.ts';
import { MAP } from '../../src/map.ts';
import { Occupancy } from '../../src/units.ts';
import { zoneOfControl } from '../../src/zoc.ts';
import { act, movement, offeredMoves, position, refuse, texts, unit, withDice } from '../helpers.ts';

const offeredMovesMax = (s: ReturnType<typeof position>, id: string) =>
  Math.max(...[...(moveOptions(s, unit(s, id))?.values() ?? [])].map((r) => r.cost));

const costs = (s: ReturnType<typeof position>, id: string) => {
  const options = moveOptions(s, unit(s, id));
  return new Map([...(options ?? new Map())].map(([hex, r]) => [hex, r.cost]));
};

describe('4.0 Movement allowances and terrain costs (our standard rules)', () => {
  it('4.1: a German battalion has 4 movement points, a British half-brigade 3', () => {
    const g = position({ phase: movement('german'), units: { 'I/16': '1905' } });
    expect(Math.max(...costs(g, 'I/16').values())).toBe(4);
    const b = position({ phase: movement('british'), units: { '5/1': '1907' } });
    expect(Math.max(...costs(b, '5/1').values())).toBe(3);
  });

  it('4.2: clear and town cost 1, woods and broken 2', () => {
    const s = position({ phase: movement('german'), units: { 'I/16': '1908' } });
    const c = costs(s, 'I/16');
    expect(MAP.terrainOf('1909')).toBe('woods');
    expect(c.get('1909')).toBe(2);
    expect(MAP.terrainOf('1907')).toBe('clear');
    expect(c.get('1907')).toBe(1);
    expect(MAP.terrainOf('2011')).toBe('broken');
  });

  it('4.2: crossing the La Bassee Canal costs 2 more', () => {
    const s = position({ phase: movement('british'), units: { '5/1': '0417' } });
    // 0317 lies across the canal from 0417: clear (1) + canal (2).
    expect(MAP.isCanalSide('0417', '0317')).toBe(true);
    expect(costs(s, '5/1').get('0317')).toBe(3);
  });

  it('4.3: a unit may move in several moves in a phase, within its allowance', () => {
    let s = position({ phase: movement('british'), units: { '5/1': '1907' } });
    s = act(s, 'british', { type: 'move', unit: '5/1', to: '1906' }).state;
    expect(Math.max(...costs(s, '5/1').values())).toBe(2);
    s = act(s, 'british', { type: 'move', unit: '5/1', to: '1904' }).state;
    expect(moveOptions(s, unit(s, '5/1'))).toBeNull();
    refuse(s, 'british', { type: 'move', unit: '5/1', to: '1905' }, 'UNIT_CANNOT_MOVE');
  });
});

describe('4.3 Moves of different units', () => {
  it('4.3: moves of different units interleave: a unit moves again later with what it has left', () => {
    // 6/1 (another brigade) stands in 1905, where 5/1 cannot end; once 6/1 has moved on, it can.
    let s = position({ phase: movement('british'), units: { '5/1': '1907', '6/1': '1905' } });
    s = act(s, 'british', { type: 'move', unit: '5/1', to: '1906' }).state;
    expect(offeredMoves(s, 'british', '5/1')).not.toContain('1905');
    s = act(s, 'british', { type: 'move', unit: '6/1', to: '1904' }).state;
    s = act(s, 'british', { type: 'move', unit: '5/1', to: '1905' }).state;
    // 5/1 has one point left, 6/1 two: each goes on from where it stands.
    expect(Math.max(...costs(s, '5/1').values())).toBe(1);
    s = act(s, 'british', { type: 'move', unit: '6/1', to: '1902' }).state;
    s = act(s, 'british', { type: 'move', unit: '5/1', to: '1904' }).state;
    expect([unit(s, '5/1').loc, unit(s, '6/1').loc]).toEqual(['1904', '1902']);
    expect(moveOptions(s, unit(s, '5/1'))).toBeNull();
    expect(moveOptions(s, unit(s, '6/1'))).toBeNull();
  });
});

describe('14.3 German trenches: movement', () => {
  it('14.3: costs one more movement point only when crossing the trench hexside', () => {
    const s = position({ phase: movement('british'), units: { '5/1': '0616' } });
    const c = costs(s, '5/1');
    expect(MAP.isTrenchSide('0616', '0615')).toBe(true);
    expect(c.get('0615')).toBe(2);
    // From 0615 on, moving along the line or out of its back crosses no trench hexside.
    expect(c.get('0614')).toBe(3);
  });

  it('14.3.1: British zones of control do not extend into a trench hex across its trench hexside', () => {
    const s = position({ phase: movement('german'), units: { '5/1': '0616', 'I/16': '0614' } });
    const zone = zoneOfControl(new Occupancy(s), 'british');
    expect(zone.has('0615')).toBe(false);
    expect(zone.has('0617')).toBe(true);
    // So a German may move along its trench past the British unit without stopping.
    expect(offeredMoves(s, 'german', 'I/16')).toContain('0415');
  });

  it('14.3.2: no infiltration across a trench hexside', () => {
    // Before the second position: the British unit in 1411 starts in the zone of the German in
    // 1312; the trench hex 1410 is in the zone of the German in 1409.
    const s = position({
      phase: movement('british'),
      units: { '5/1': '1411', 'I/16': '1312', 'II/16': '1409' },
    });
    const zone = zoneOfControl(new Occupancy(s), 'german');
    expect(zone.has('1411') && zone.has('1410') && zone.has('1311')).toBe(true);
    expect(MAP.isTrenchSide('1411', '1410')).toBe(true);
    const options = moveOptions(s, unit(s, '5/1'))!;
    // 1410 can be reached only by going round through 1511, out of the zone, not by infiltrating.
    expect(options.get('1410')?.path).toEqual(['1511', '1410']);
    // Infiltration across a plain hexside is allowed.
    expect(options.get('1311')?.path).toEqual(['1311']);
  });
});

describe('5.0 Zones of control (our standard rules)', () => {
  it('5.1: a unit entering an enemy zone of control stops there', () => {
    const s = position({ phase: movement('british'), units: { '5/1': '1907', 'I/16': '1904' } });
    const options = offeredMoves(s, 'british', '5/1');
    expect(options).toContain('1905');
    // 1905 is next to the German: nothing beyond it along the column.
    const next = act(s, 'british', { type: 'move', unit: '5/1', to: '1905' }).state;
    expect(moveOptions(next, unit(next, '5/1'))).toBeNull();
  });

  it('5.1: a unit may not move from one enemy zone of control directly into another, except by infiltration', () => {
    // The British unit at 1906 is in the zone of both Germans; 1806 and 2006 are in it too.
    const s = position({
      phase: movement('british'),
      units: { '5/1': '1906', 'I/16': '1805', 'II/16': '2005' },
    });
    const zone = zoneOfControl(new Occupancy(s), 'german');
    expect(zone.has('1906')).toBe(true);
    const options = offeredMoves(s, 'british', '5/1');
    expect(options.every((hex) => !zone.has(hex) || MAP.grid.adjacent(hex, '1906'))).toBe(true);
  });

  it('5.1.2: infiltration is one hex from zone to zone, as the whole move, by a unit that has not moved', () => {
    const s = position({
      phase: movement('british'),
      units: { '5/1': '1906', 'I/16': '1805', 'II/16': '2005' },
    });
    const zone = zoneOfControl(new Occupancy(s), 'german');
    const target = MAP.neighbors('1906').find((h) => zone.has(h) && !new Occupancy(s).at(h).length)!;
    const { state, events } = act(s, 'british', { type: 'move', unit: '5/1', to: target });
    expect(events.some((e) => /infiltration/.test(e.text))).toBe(true);
    expect(moveOptions(state, unit(state, '5/1'))).toBeNull();
  });

  it('5.1.2: a unit that has already moved this phase cannot infiltrate', () => {
    let s = position({
      phase: movement('british'),
      units: { '5/1': '1908', 'I/16': '1805', 'II/16': '2005' },
    });
    // Moving into 1907 does not enter the zone (the Germans are two hexes away), then 1906 does.
    s = act(s, 'british', { type: 'move', unit: '5/1', to: '1907' }).state;
    s = act(s, 'british', { type: 'move', unit: '5/1', to: '1906' }).state;
    expect(moveOptions(s, unit(s, '5/1'))).toBeNull();
  });
});

describe('14.2 British front line hexes: movement', () => {
  it('14.2: only British units may enter front-line hexes', () => {
    const s = position({ phase: movement('german'), units: { 'I/16': '0615' } });
    const options = offeredMoves(s, 'german', 'I/16');
    for (const hex of MAP.frontLine) expect(options).not.toContain(hex);
    refuse(s, 'german', { type: 'move', unit: 'I/16', to: '0616' }, 'UNREACHABLE_HEX');
  });

  it('14.2: a unit in a front-line hex moves only into a non-front-line hex', () => {
    const s = position({ phase: movement('british'), units: { '5/1': '0516' } });
    const c = costs(s, '5/1');
    expect(c.get('0517')).toBe(1);
    // Not straight along the line: 0416 is reached only by stepping back through 0517 (rulings R10).
    expect(c.get('0416')).toBe(2);
    const path = moveOptions(s, unit(s, '5/1'))!.get('0416')!.path;
    expect(path).toEqual(['0517', '0416']);
  });

  it('14.2: German zones of control do not extend into front-line hexes', () => {
    const s = position({ phase: movement('british'), units: { '5/1': '0516', 'I/16': '0515' } });
    const zone = zoneOfControl(new Occupancy(s), 'german');
    expect(zone.has('0516')).toBe(false);
    expect(zone.has('0416')).toBe(false);
  });
});

describe('15.2 Zero Hour: German movement allowances halved', () => {
  it('gives a German battalion 2 movement points at Zero Hour', () => {
    const s = position({ turn: 0, phase: movement('german'), units: { 'I/16': '1905' } });
    expect(Math.max(...costs(s, 'I/16').values())).toBe(2);
  });

  it("15.2 (R26): halves a German reserve unit's mobile movement roll at Zero Hour, rounding down", () => {
    const mobile = (turn: number) =>
      position({
        turn,
        phase: { kind: 'mobile-movement', side: 'german', activity: {} },
        units: { 'I/16': '1905', 'II/16': { hex: '1905', reserve: true } },
      });
    const mpAfter = (turn: number, die: number) => {
      const { state, events } = act(withDice(mobile(turn), [die]), 'german', {
        type: 'mobileRoll',
        unit: 'II/16',
      });
      return { state, text: texts(events) };
    };
    // A 4 gives 2 points (18.4) on Turn 1, and half of that, 1, at Zero Hour.
    expect(offeredMovesMax(mpAfter(1, 4).state, 'II/16')).toBe(2);
    const zeroHour = mpAfter(0, 4);
    expect(offeredMovesMax(zeroHour.state, 'II/16')).toBe(1);
    expect(zeroHour.text).toMatch(/1 movement point \(18\.4, halved at Zero Hour, 15\.2\)/);
    // A 2 gives 1 point, halved to none: the unit stays and cannot attack.
    const none = mpAfter(0, 2);
    expect(none.text).toMatch(/0 movement points: not enough to move/);
    expect(unit(none.state, 'II/16').loc).toBe('1905');
  });
});

describe('18.1-18.2 Stacking and reserve-line order', () => {
  it('18.1: two units of one German division may end in a hex; a third may not', () => {
    const s = position({
      phase: movement('german'),
      units: { 'I/16': '1905', 'II/16': '1906', 'III/16': '1907', 'I/73': '1805' },
    });
    let next = act(s, 'german', { type: 'move', unit: 'II/16', to: '1905' }).state;
    expect(unit(next, 'II/16').reserve).toBe(true);
    refuse(next, 'german', { type: 'move', unit: 'III/16', to: '1905' }, 'UNREACHABLE_HEX');
    // Another division's battalion may not join either.
    next = act(s, 'german', { type: 'move', unit: 'III/16', to: '1906' }).state;
    refuse(s, 'german', { type: 'move', unit: 'I/73', to: '1905' }, 'UNREACHABLE_HEX');
  });

  it('18.1: replacement battalions belong to no division and never stack', () => {
    const s = position({ phase: movement('german'), units: { 'I/16': '1905' } });
    s.units.push({
      id: 'R1',
      name: 'R1',
      side: 'german',
      kind: 'replacement',
      division: null,
      brigade: null,
      steps: 1,
      loc: '1906',
      reserve: false,
    });
    refuse(s, 'german', { type: 'move', unit: 'R1', to: '1905' }, 'UNREACHABLE_HEX');
  });

  it('18.1: units may pass through a friendly hex they cannot stack in', () => {
    const s = position({ phase: movement('british'), units: { '5/1': '1908', '6/1': '1907' } });
    expect(offeredMoves(s, 'british', '5/1')).toContain('1906');
    expect(offeredMoves(s, 'british', '5/1')).not.toContain('1907');
  });

  it('18.2: the stacking order may be changed in the regular movement phase', () => {
    const s = position({
      phase: movement('british'),
      units: { '5/1': '1908', '5/2': { hex: '1908', reserve: true } },
    });
    const next = act(s, 'british', { type: 'swapStack', hex: '1908' }).state;
    expect(unit(next, '5/1').reserve).toBe(true);
    expect(unit(next, '5/2').reserve).toBe(false);
  });

  it('18.2: but not in the mobile movement phase', () => {
    const s = position({
      phase: { kind: 'mobile-movement', side: 'british', activity: {} },
      units: { '5/1': '1908', '5/2': { hex: '1908', reserve: true } },
    });
    refuse(s, 'british', { type: 'swapStack', hex: '1908' }, 'UNKNOWN_ACTION');
  });
});

describe('14.1 High ground', () => {
  it('14.1: has no movement or combat effect of its own', () => {
    // 2409 is clear high ground (Hill 70).
    const s = position({ phase: movement('german'), units: { 'I/16': '2408' } });
    expect(MAP.highGround.has('2409') && MAP.terrainOf('2409') === 'clear').toBe(true);
    expect(costs(s, 'I/16').get('2409')).toBe(1);
    expect(attackLine(s, '2409', ['2408'], [])).toBe('clear');
  });
});

describe('3.0 Sequence of play (our standard rules)', () => {
  it('3.0: runs movement, combat, mobile movement and mobile combat for the British, then the German movement phase', () => {
    let s = position({ phase: movement('british'), units: { '5/1': '1908', 'I/16': '1903' } });
    const kinds: string[] = [];
    const record = (x: typeof s) =>
      kinds.push(`${x.phase.kind}${x.phase.kind === 'ended' ? '' : `:${x.phase.side}`}`);
    s = act(s, 'british', { type: 'endPhase' }).state;
    record(s);
    s = act(s, 'british', { type: 'skipAircraft' }).state;
    record(s);
    expect(kinds).toEqual(['combat:british', 'movement:german']);
    expect(s.turn).toBe(1);
  });
});
