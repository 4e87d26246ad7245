import { describe, expect, it } from 'vitest';
import { germanSetupHexes, isGermanSetupHex } from '../../src/deployment.ts';
import { loos } from '../../src/index.ts';
import { MAP } from '../../src/map.ts';
import { Occupancy } from '../../src/units.ts';
import { zoneOfControl } from '../../src/zoc.ts';
import { act, actAll, refuse, unit } from '../helpers.ts';

const fresh = () => loos.setup('loos-1915', {}, 'setup-test');

describe('11.1 Set-up sequence', () => {
  it('starts before Zero Hour with the German player setting up first', () => {
    const s = fresh();
    expect(s.turn).toBe(0);
    expect(s.phase).toEqual({ kind: 'deployment', side: 'german' });
    expect(loos.status(s).toAct).toEqual(['german']);
    expect(loos.choices(s, 'british')).toEqual([]);
    refuse(s, 'british', { type: 'deployStandard' }, 'NOT_YOUR_TURN');
  });

  it('has the artillery of both sides unused', () => {
    expect(fresh().artilleryUsed).toEqual({ british: 0, german: 0 });
  });
});

describe('11.2 German initial deployment', () => {
  it('sets up 27 battalions of the 14th, 111th, 117th and 3rd Bavarian Divisions, with 2 blank battalions in the deadpile', () => {
    const s = fresh();
    const battalions = s.units.filter((u) => u.side === 'german' && u.kind === 'battalion');
    expect(battalions).toHaveLength(27);
    expect(new Set(battalions.map((u) => u.division))).toEqual(new Set(['14', '111', '117', '3B']));
    expect(s.deadpile).toBe(2);
  });

  it('refuses a battalion in a British front-line hex', () => {
    refuse(fresh(), 'german', { type: 'deploy', unit: 'I/16', hex: '0516' }, 'ILLEGAL_HEX');
  });

  it('refuses stacking battalions in the initial set-up', () => {
    const { state } = act(fresh(), 'german', { type: 'deploy', unit: 'I/16', hex: '0515' });
    refuse(state, 'german', { type: 'deploy', unit: 'II/16', hex: '0515' }, 'ILLEGAL_HEX');
  });

  it('accepts a battalion in exactly the hexes its set-up choices offer, on or off the map', () => {
    const placed = actAll(fresh(), [
      ['german', { type: 'deploy', unit: 'I/16', hex: '0515' }],
      ['german', { type: 'deploy', unit: 'II/16', hex: '0913' }],
    ]).state;
    const offered = new Set(germanSetupHexes(placed));
    for (const hex of [...MAP.grid.ids, '0000', '9999', '05', 'x515']) {
      expect(isGermanSetupHex(placed, hex), hex).toBe(offered.has(hex));
    }
  });

  it('will not finish until every battalion is placed', () => {
    refuse(fresh(), 'german', { type: 'endDeployment' }, 'SETUP_INCOMPLETE');
  });

  it('will not finish while a British front-line hex is outside every German zone of control', () => {
    let { state } = act(fresh(), 'german', { type: 'deployStandard' });
    // Pull back the battalion that covers sector I's northern hexes.
    const coverer = state.units.find((u) => u.loc === '0415')!;
    state = act(state, 'german', { type: 'deploy', unit: coverer.id, hex: '0101' }).state;
    const zone = zoneOfControl(new Occupancy(state), 'german', true);
    expect(zone.has('0416')).toBe(false);
    refuse(state, 'german', { type: 'endDeployment' }, 'SETUP_INCOMPLETE');
  });

  it('counts German zones of control into the front line for the set-up check although they do not extend there in play (14.2)', () => {
    const { state } = act(fresh(), 'german', { type: 'deployStandard' });
    const occupancy = new Occupancy(state);
    const forSetup = zoneOfControl(occupancy, 'german', true);
    for (const hex of MAP.frontLine) expect(forSetup.has(hex)).toBe(true);
    const inPlay = zoneOfControl(occupancy, 'german');
    for (const hex of MAP.frontLine) expect(inPlay.has(hex)).toBe(false);
  });

  it('works out the set-up zone of control from its table exactly as hexside by hexside (14.2, 14.3.1)', () => {
    const base = act(fresh(), 'german', { type: 'deployStandard' }).state;
    // Scatter the battalions over the German set-up zone, a different way each round.
    const zoneHexes = germanSetupHexes(fresh());
    let seed = 7;
    const next = (n: number) => {
      seed = (seed * 48271) % 2147483647;
      return seed % n;
    };
    for (let round = 0; round < 20; round++) {
      const state = structuredClone(base);
      for (const u of state.units) {
        if (u.side === 'german' && u.kind === 'battalion') u.loc = zoneHexes[next(zoneHexes.length)]!;
      }
      const expected = new Set<string>();
      for (const u of state.units) {
        if (u.side !== 'german' || !MAP.has(u.loc)) continue;
        for (const n of MAP.neighbors(u.loc)) if (MAP.projectsZone('german', u.loc, n, true)) expected.add(n);
      }
      const zone = zoneOfControl(new Occupancy(state), 'german', true);
      for (const hex of MAP.grid.ids) expect(zone.has(hex), hex).toBe(expected.has(hex));
      const finished = [...MAP.frontLine].every((hex) => expected.has(hex));
      const offered = loos.choices(state, 'german').some((c) => c.action === 'endDeployment');
      expect(offered, `round ${round}`).toBe(finished);
    }
  });

  it('accepts the historical set-up: no stacks, none in the front line, every front-line hex covered', () => {
    const { state } = actAll(fresh(), [
      ['german', { type: 'deployStandard' }],
      ['german', { type: 'endDeployment' }],
    ]);
    expect(state.phase).toEqual({ kind: 'deployment', side: 'british' });
    const hexes = state.units.filter((u) => u.side === 'german' && u.kind === 'battalion').map((u) => u.loc);
    expect(new Set(hexes).size).toBe(27);
    for (const hex of hexes) expect(MAP.frontLine.has(hex)).toBe(false);
  });
});

describe('11.5-11.6 British sectors and initial deployment', () => {
  const britishTurn = () =>
    actAll(fresh(), [
      ['german', { type: 'deployStandard' }],
      ['german', { type: 'endDeployment' }],
    ]).state;

  it('has six sectors, each a front line and a reserve line', () => {
    expect(MAP.sectors).toHaveLength(6);
    for (const sector of MAP.sectors) {
      expect(sector.front.length).toBeGreaterThanOrEqual(4);
      expect(sector.reserve.length).toBeGreaterThanOrEqual(3);
    }
  });

  it('puts the 21st and 24th Divisions in the Available British Reserves box', () => {
    const s = fresh();
    const reserves = s.units.filter((u) => u.loc === 'reserves');
    expect(new Set(reserves.map((u) => u.division))).toEqual(new Set(['21', '24']));
    expect(reserves).toHaveLength(12);
  });

  it('lets the two halves of a brigade stack, and no other two units', () => {
    let s = britishTurn();
    s = act(s, 'british', { type: 'deploy', unit: '5/1', hex: '0416' }).state;
    s = act(s, 'british', { type: 'deploy', unit: '5/2', hex: '0416' }).state;
    expect(unit(s, '5/2').reserve).toBe(true);
    refuse(s, 'british', { type: 'deploy', unit: '6/1', hex: '0416' }, 'ILLEGAL_HEX');
  });

  it('keeps a division within one sector and gives each sector to one division', () => {
    let s = britishTurn();
    s = act(s, 'british', { type: 'deploy', unit: '5/1', hex: '0416' }).state;
    refuse(s, 'british', { type: 'deploy', unit: '6/1', hex: '0815' }, 'ILLEGAL_HEX');
    refuse(s, 'british', { type: 'deploy', unit: '26/1', hex: '0516' }, 'ILLEGAL_HEX');
    s = act(s, 'british', { type: 'deploy', unit: '26/1', hex: '0815' }).state;
    expect(unit(s, '26/1').loc).toBe('0815');
  });

  it('will not finish until all six divisions are in the line', () => {
    const s = act(britishTurn(), 'british', { type: 'deploy', unit: '5/1', hex: '0416' }).state;
    refuse(s, 'british', { type: 'endDeployment' }, 'SETUP_INCOMPLETE');
  });
});

describe('15.1-15.2 Turn sequence: first player and Zero Hour', () => {
  it('begins the game with the British combat phase of Zero Hour', () => {
    const { state } = actAll(fresh(), [
      ['german', { type: 'deployStandard' }],
      ['german', { type: 'endDeployment' }],
      ['british', { type: 'deployStandard' }],
      ['british', { type: 'endDeployment' }],
    ]);
    expect(state.turn).toBe(0);
    expect(state.phase.kind).toBe('combat');
    expect(state.phase.kind === 'combat' && state.phase.side).toBe('british');
    expect(loos.status(state).toAct).toEqual(['british']);
  });
});
