import { describe, expect, it } from 'vitest';
import { bombardmentLine, markersLeft } from '../../src/bombardment.ts';
import { loos } from '../../src/index.ts';
import { MAP } from '../../src/map.ts';
import { hasLineOfSight, isObserved } from '../../src/observation.ts';
import { ARTILLERY } from '../../src/scenario/tracks.ts';
import { Occupancy } from '../../src/units.ts';
import { act, combatStep, finishMarkers, position, refuse, texts, unit, withDice } from '../helpers.ts';

const markers = (
  side: 'british' | 'german',
  extra: Record<string, string | { hex: string; reserve?: boolean; steps?: number }> = {},
  turn = 1,
) => position({ turn, phase: combatStep(side, 'attacker-markers'), units: extra });

describe('17.1 Fire support limitations', () => {
  it('17.1: gives each side the markers of its artillery track for the turn', () => {
    const s = markers('british');
    expect(markersLeft(s, 'british')).toBe(ARTILLERY.british[1]!.markers);
    expect(markersLeft(s, 'german')).toBe(ARTILLERY.german[1]!.markers);
  });

  it('17.1: uses each marker once a game turn, in either combat phase', () => {
    const units = { '5/1': '1906', 'I/16': '1905', 'I/73': '1806', 'II/73': '2005', 'III/73': '1907' };
    let s = markers('british', units);
    for (const target of ['1905', '1806', '2005'])
      s = act(s, 'british', { type: 'bombard', target, attackers: [] }).state;
    // The three markers of British Turn 1 are spent: the German places his now.
    expect(markersLeft(s, 'british')).toBe(0);
    expect(loos.status(s).toAct).toEqual(['german']);
    refuse(s, 'british', { type: 'bombard', target: '1907', attackers: [] }, 'NOT_YOUR_TURN');
    // In the German combat phase of the same turn the British have none left to defend with.
    const german = position({ phase: combatStep('german', 'attacker-markers'), units });
    german.artilleryUsed.british = 3;
    const after = act(german, 'german', { type: 'endMarkers' }).state;
    expect(after.phase.kind === 'combat' && after.phase.step).toBe('declare');
  });

  it('17.1: places one attacking marker a hex, and only on observed enemy units', () => {
    let s = markers('british', { '5/1': '1906', 'I/16': '1905', 'II/16': '1901', 'I/73': '2005' });
    refuse(s, 'british', { type: 'bombard', target: '1901', attackers: [] }, 'TARGET_NOT_OBSERVED');
    s = act(s, 'british', { type: 'bombard', target: '1905', attackers: [] }).state;
    refuse(s, 'british', { type: 'bombard', target: '1905', attackers: [] }, 'TARGET_NOT_OBSERVED');
  });

  it('17.1: the attacker places all markers first, then the defender places his', () => {
    let s = markers('british', { '5/1': '1906', 'I/16': '1905', 'I/73': '2005' });
    expect(loos.status(s).toAct).toEqual(['british']);
    s = act(s, 'british', { type: 'bombard', target: '1905', attackers: ['5/1'] }).state;
    expect(loos.status(s).toAct).toEqual(['british']);
    s = act(s, 'british', { type: 'endMarkers' }).state;
    expect(s.phase.kind === 'combat' && s.phase.step).toBe('defender-markers');
    expect(loos.status(s).toAct).toEqual(['german']);
    const targets = loos
      .choices(s, 'german')
      .filter((c) => c.action === 'bombard')
      .map((c) => c.loc);
    expect(targets).toEqual(['1906']);
  });

  it('17.1: the announced attack must be made, by the announced units, before the phase ends', () => {
    let s = markers('british', { '5/1': '1906', '6/1': '1806', 'I/16': '1905' });
    s = act(s, 'british', { type: 'bombard', target: '1905', attackers: ['5/1'] }).state;
    // No factor roll hits: 2 dice of 1 is a factor of 2, and the CRT die of 6 reads (A).
    s = withDice(s, [1, 1, 6]);
    s = finishMarkers(s).state;
    expect(s.phase.kind === 'combat' && s.phase.step).toBe('declare');
    refuse(s, 'british', { type: 'endPhase' }, 'DECLARED_ATTACKS_REMAIN');
    refuse(s, 'british', { type: 'cancelAttack', target: '1905' }, 'ILLEGAL_ATTACK');
    refuse(s, 'british', { type: 'declareAttack', target: '1905', attackers: ['6/1'] }, 'ILLEGAL_TARGET');
    s = act(s, 'british', { type: 'resolveAttacks' }).state;
    const choice = loos.choices(s, 'british').find((c) => c.action === 'attack' && c.loc === '1905')!;
    expect(choice.base).toEqual({ target: '1905' });
    expect(choice.label).toMatch(/^Resolve the attack on 1905 by 5 Bde\/1/);
    const { events } = act(s, 'british', { type: 'attack', target: '1905' });
    expect(events.find((e) => e.type === 'attack')).toMatchObject({ attackers: ['5/1'] });
  });

  it('17.1: a unit announced to attack after one marker cannot be announced after another', () => {
    let s = markers('british', { '5/1': '1906', 'I/16': '1905', 'I/73': '2005' });
    s = act(s, 'british', { type: 'bombard', target: '1905', attackers: ['5/1'] }).state;
    refuse(s, 'british', { type: 'bombard', target: '2005', attackers: ['5/1'] }, 'ILLEGAL_ATTACK');
  });
});

describe('17.2 Observation', () => {
  const occupancy = (units: Record<string, string>) => new Occupancy(position({ units, bystander: false }));

  it('17.2: observes an adjacent enemy whatever the terrain', () => {
    expect(MAP.terrainOf('1508')).toBe('town');
    expect(isObserved(occupancy({ '5/1': '1509', 'I/16': '1508' }), 'british', '1508', null)).toBe(true);
  });

  it('17.2: observes along a clear line of up to four hexes, not five', () => {
    expect(isObserved(occupancy({ '5/1': '1302', 'I/16': '1306' }), 'british', '1306', null)).toBe(true);
    expect(isObserved(occupancy({ '5/1': '1302', 'I/16': '1307' }), 'british', '1307', null)).toBe(false);
  });

  it('17.2: is blocked by any intervening hex other than clear, and by the target hex itself', () => {
    // Hulluch (1508) stands between 1506 and 1510.
    expect(hasLineOfSight('1506', '1510')).toBe(false);
    // A unit in a town is seen only from next to it (or from high ground, or the aircraft).
    expect(hasLineOfSight('1505', '1508')).toBe(false);
  });

  it('17.2: a line along a hexside is blocked only when both hexes beside it block', () => {
    expect(MAP.grid.line('0412', '0514')[1]).toEqual(['0413', '0513']);
    expect(MAP.blocksSight('0513') && !MAP.blocksSight('0413')).toBe(true);
    expect(hasLineOfSight('0412', '0514')).toBe(true);
    expect(hasLineOfSight('0514', '0612')).toBe(false);
  });

  it('17.2 (14.1): a unit on high ground sees over all but other high ground', () => {
    // From Hill 70 (2411) over the houses of Loos (2312, 2212) to 2113.
    expect(MAP.highGround.has('2411')).toBe(true);
    expect(hasLineOfSight('2411', '2113')).toBe(true);
    expect(hasLineOfSight('2513', '2113')).toBe(false);
  });

  it('17.2: the British aircraft marker observes its hex and the hexes around it', () => {
    const o = occupancy({ '5/1': '3318', 'I/16': '1602' });
    expect(isObserved(o, 'british', '1602', null)).toBe(false);
    expect(isObserved(o, 'british', '1602', '1603')).toBe(true);
    expect(isObserved(o, 'german', '3318', '3317')).toBe(false);
  });

  it('17.2: the British may place the aircraft at the beginning of each combat phase, their own or the German', () => {
    const s = position({ phase: combatStep('german', 'aircraft'), units: { '5/1': '1906', 'I/16': '1905' } });
    expect(loos.status(s).toAct).toEqual(['british']);
    const next = act(s, 'british', { type: 'placeAircraft', hex: '1702' }).state;
    expect(next.aircraft).toBe('1702');
    expect(next.phase.kind === 'combat' && next.phase.step).toBe('attacker-markers');
  });
});

describe('17.3-17.4 Bombardment factors and resolution', () => {
  it("17.3: totals the dice of the artillery track; 17.4: resolves on the terrain line ignoring the target's strength", () => {
    // British Turn 1: two dice. 6+6 = 12 on the Clear line is "+10": a CRT 1 is De, a step.
    let s = markers('british', { '5/1': '1906', 'IR 72': '1905' });
    s = act(s, 'british', { type: 'bombard', target: '1905', attackers: [] }).state;
    s = withDice(s, [6, 6, 1]);
    const { state, events } = finishMarkers(s);
    expect(texts(events)).toMatch(/rolled 6 \+ 6 = 12/);
    expect(unit(state, 'IR 72').steps).toBe(2);
  });

  it('17.4 (7.7.1): ignores Ex, no effect and A results, and never retreats the target', () => {
    let s = markers('british', { '5/1': '1906', 'IR 72': '1905' });
    s = act(s, 'british', { type: 'bombard', target: '1905', attackers: [] }).state;
    // 1+1 = 2 on Clear reads "+2, +3": a 2 is Ex, which a bombardment ignores.
    s = withDice(s, [1, 1, 2]);
    const { state } = finishMarkers(s);
    expect(unit(state, 'IR 72')).toMatchObject({ steps: 3, loc: '1905' });
    expect(state.pending).toEqual([]);
  });

  it('17.4: resolves a stack unit by unit, the reserve included (18.3)', () => {
    let s = markers('british', { '5/1': '1906', 'I/16': '1905', 'II/16': { hex: '1905', reserve: true } });
    s = act(s, 'british', { type: 'bombard', target: '1905', attackers: [] }).state;
    s = withDice(s, [6, 6, 1, 1]);
    const { state } = finishMarkers(s);
    expect(unit(state, 'I/16').loc).toBe('eliminated');
    expect(unit(state, 'II/16').loc).toBe('eliminated');
  });

  it('17.4: the announced attackers may advance when the bombardment empties the hex', () => {
    let s = markers('british', { '5/1': '1906', 'I/16': '1905' });
    s = act(s, 'british', { type: 'bombard', target: '1905', attackers: ['5/1'] }).state;
    s = withDice(s, [6, 6, 1]);
    s = finishMarkers(s).state;
    expect(s.pending[0]).toMatchObject({ kind: 'advance', vacated: '1905', units: ['5/1'] });
    s = act(s, 'british', { type: 'advance', unit: '5/1', to: '1905' }).state;
    expect(unit(s, '5/1').loc).toBe('1905');
  });

  it("17.4: the defender's markers fall on the attacker before the attack", () => {
    let s = markers('british', { '5/1': '1906', '6/1': '1806', 'I/16': '1905' });
    s = act(s, 'british', { type: 'endMarkers' }).state;
    s = act(s, 'german', { type: 'bombard', target: '1906' }).state;
    // German Turn 1: two dice, 6+6 on Clear, CRT 1: De, one step.
    s = withDice(s, [6, 6, 1]);
    s = act(s, 'german', { type: 'endMarkers' }).state;
    expect(unit(s, '5/1').steps).toBe(1);
  });

  it('14.2: German artillery bombards British units in the front line on the Trench line', () => {
    const s = position({ units: { '5/1': '0616', '6/1': '1906' } });
    expect(bombardmentLine(unit(s, '5/1'), [])).toBe('trench');
    expect(bombardmentLine(unit(s, '6/1'), [])).toBe('clear');
  });
});

describe('17.5 Breaching trenches by bombardment', () => {
  const entrenched = (steps = 3) => {
    const s = markers('british', { '5/1': '0616', 'IR 72': { hex: '0615', steps } });
    return act(s, 'british', { type: 'bombard', target: '0615', attackers: ['5/1'] }).state;
  };

  it('17.5: a hit on Germans in a trench breaches the hex, and the ensuing attack ignores the trench', () => {
    // 6+6 = 12 on Trench is "+10": a 1 is D2.
    const s = withDice(entrenched(), [6, 6, 1]);
    const { state, events } = finishMarkers(s);
    expect(texts(events)).toMatch(/breached/);
    expect(unit(state, 'IR 72').steps).toBe(2);
    const preview = loos.preview!(loos.view(state, 'british'), 'british', {
      type: 'attack',
      target: '0615',
      attackers: ['5/1'],
    });
    expect(preview?.facts.find((f) => f.label === 'Line')?.value).toMatch(/^Clear/);
  });

  it('17.5 (14.3.4): a one-step German unit in a trench ignores the loss, but the hex is breached', () => {
    const s = withDice(entrenched(1), [6, 6, 1]);
    const { state } = finishMarkers(s);
    expect(unit(state, 'IR 72')).toMatchObject({ steps: 1, loc: '0615' });
    expect(state.phase.kind === 'combat' && state.phase.combat.breached).toEqual(['0615']);
  });

  it('17.5: the breach is gone after the combat phase', () => {
    let s = markers('british', { '5/1': '0616', 'IR 72': '0615' });
    s = act(s, 'british', { type: 'bombard', target: '0615', attackers: [] }).state;
    s = finishMarkers(withDice(s, [6, 6, 1])).state;
    const breaches = (x: typeof s) =>
      loos.present(loos.view(x, null), null).markers.filter((m) => m.kind === 'breach');
    expect(breaches(s).map((m) => m.loc)).toEqual(['0615']);
    s = act(s, 'british', { type: 'endPhase' }).state;
    expect(s.phase.kind).not.toBe('combat');
    expect(breaches(s)).toEqual([]);
  });
});

describe('17.6 Gas', () => {
  it('17.6: is offered to the British at Zero Hour only', () => {
    const zero = markers('british', { '5/1': '1906', 'I/16': '1905' }, 0);
    const bombard = loos.choices(zero, 'british').find((c) => c.action === 'bombard')!;
    expect(bombard.params.map((p) => p.name)).toContain('gas');
    const later = markers('british', { '5/1': '1906', 'I/16': '1905' }, 1);
    refuse(later, 'british', { type: 'bombard', target: '1905', gas: true, attackers: [] }, 'ILLEGAL_TARGET');
  });

  it('17.6: adds a die to the factor roll (four in all at Zero Hour)', () => {
    let s = markers('british', { '5/1': '1906', 'I/16': '1905' }, 0);
    s = act(s, 'british', { type: 'bombard', target: '1905', gas: true, attackers: [] }).state;
    s = withDice(s, [6, 6, 6, 6, 1]);
    const { events } = finishMarkers(s);
    expect(events.find((e) => e.type === 'roll')?.dice).toEqual([6, 6, 6, 6]);
  });

  it('17.6: any result but D2, D3 or De blows back onto an adjacent British unit, its front-line unit', () => {
    let s = markers('british', { '5/1': '1906', '5/2': { hex: '1906', reserve: true }, 'IR 72': '1905' }, 0);
    s = act(s, 'british', { type: 'bombard', target: '1905', gas: true, attackers: [] }).state;
    // 1+1+1+1 = 4 on Clear reads "+4, +5": a 6 is Ex, not a hit.
    s = withDice(s, [1, 1, 1, 1, 6]);
    const { state, events } = finishMarkers(s);
    expect(texts(events)).toMatch(/gas blows back onto 5 Bde\/1/);
    expect(unit(state, '5/1').steps).toBe(1);
    expect(unit(state, '5/2').steps).toBe(2);
  });

  it('17.6 (R13): the British player chooses which adjacent unit suffers when there are several', () => {
    let s = markers('british', { '5/1': '1906', '6/1': '1805', 'IR 72': '1905' }, 0);
    s = act(s, 'british', { type: 'bombard', target: '1905', gas: true, attackers: [] }).state;
    s = withDice(s, [1, 1, 1, 1, 6]);
    s = finishMarkers(s).state;
    expect(s.pending[0]).toMatchObject({ kind: 'gas-victim', seat: 'british' });
    s = act(s, 'british', { type: 'gasVictim', hex: '1805' }).state;
    expect(unit(s, '6/1').steps).toBe(1);
    expect(unit(s, '5/1').steps).toBe(2);
  });
});
