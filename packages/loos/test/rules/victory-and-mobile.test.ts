import { describe, expect, it } from 'vitest';
import { loos } from '../../src/index.ts';
import { MAP } from '../../src/map.ts';
import { TOWNS } from '../../src/scenario/map.ts';
import type { LoosState } from '../../src/state.ts';
import {
  act,
  actAll,
  mobileCombat,
  movement,
  offeredMoves,
  position,
  refuse,
  texts,
  unit,
  withDice,
} from '../helpers.ts';

const endOfTurn = (turn: number) =>
  position({
    turn,
    phase: mobileCombat('german', []),
    units: { 'I/16': '1201' },
  });

const holdTowns = (s: LoosState, names: string[]) => {
  for (const town of TOWNS) if (names.includes(town.name)) s.britishHexes.push(...town.hexes);
  return s;
};

describe('12.1 British instant victory', () => {
  it('12.1: wins the instant a British unit moves through a German entry hex', () => {
    const s = position({ phase: movement('british'), units: { '5/1': '1203' } });
    const { state } = act(s, 'british', { type: 'move', unit: '5/1', to: '1201' });
    expect(state.outcome?.winner).toBe('british');
    expect(state.phase.kind).toBe('ended');
    expect(loos.choices(state, 'german')).toEqual([]);
    refuse(state, 'german', { type: 'endPhase' }, 'GAME_OVER');
  });

  it('R1: the third entry hex is 3306 in Lens, as 12.1 says; 2306 is not an entry hex', () => {
    const s = position({ phase: movement('british'), units: { '5/1': '2308' } });
    const { state } = act(s, 'british', { type: 'move', unit: '5/1', to: '2306' });
    expect(state.outcome).toBeNull();
    const lens = act(position({ phase: movement('british'), units: { '5/1': '3308' } }), 'british', {
      type: 'move',
      unit: '5/1',
      to: '3306',
    });
    expect(lens.state.outcome?.winner).toBe('british');
  });
});

describe('12.2 German instant victory', () => {
  it('12.2: wins the instant after Zero Hour no British unit stands outside the British trenches', () => {
    const s = position({
      phase: movement('british'),
      units: { '5/1': '0616', '6/1': '1916' },
      bystander: false,
    });
    // 1917 is in the reserve line of sector IV: every British unit is now in the British trenches.
    const { state } = act(s, 'british', { type: 'move', unit: '6/1', to: '1917' });
    expect(state.outcome?.winner).toBe('german');
  });

  it('12.2 (R18): the support hexes between the front and reserve lines are not British trenches', () => {
    const s = position({
      phase: movement('british'),
      units: { '5/1': '0616', '6/1': '1918' },
      bystander: false,
    });
    expect(MAP.supportLine.has('1916') && !MAP.isBritishTrench('1916')).toBe(true);
    expect(act(s, 'british', { type: 'move', unit: '6/1', to: '1916' }).state.outcome).toBeNull();
    expect(act(s, 'british', { type: 'move', unit: '6/1', to: '1917' }).state.outcome?.winner).toBe('german');
  });

  it('12.2: does not apply during Zero Hour', () => {
    const s = position({
      turn: 0,
      phase: movement('german'),
      units: { '5/1': '0616', 'I/16': '1905' },
      bystander: false,
    });
    const { state } = act(s, 'german', { type: 'move', unit: 'I/16', to: '1904' });
    expect(state.outcome).toBeNull();
  });
});

describe('12.3 Victory by town control', () => {
  it('12.3: a town hex changes hands when a unit of the other side enters it', () => {
    let s = position({ phase: movement('british'), units: { '5/1': '0909' } });
    expect(s.britishHexes).not.toContain('0908');
    s = act(s, 'british', { type: 'move', unit: '5/1', to: '0908' }).state;
    expect(s.britishHexes).toContain('0908');
    s = position({ phase: movement('german'), units: { 'I/16': '0907' } });
    s.britishHexes.push('0908');
    s = act(s, 'german', { type: 'move', unit: 'I/16', to: '0908' }).state;
    expect(s.britishHexes).not.toContain('0908');
  });

  it('12.3: counts only whole towns at the end of Turn 8: two or more is a British victory', () => {
    const s = holdTowns(endOfTurn(8), ['Loos', 'Hulluch']);
    const { state } = act(s, 'german', { type: 'endPhase' });
    expect(state.outcome).toMatchObject({ winner: 'british' });
    expect(state.outcome?.reason).toMatch(/2 whole towns: Hulluch, Loos/);
  });

  it('12.3: one whole town is a draw (the historical result)', () => {
    const s = holdTowns(endOfTurn(8), ['Loos']);
    s.britishHexes.push('1508');
    const { state } = act(s, 'german', { type: 'endPhase' });
    expect(state.outcome).toMatchObject({ winner: null });
  });

  it('12.3: no whole town is a German victory', () => {
    const { state } = act(endOfTurn(8), 'german', { type: 'endPhase' });
    expect(state.outcome).toMatchObject({ winner: 'german' });
  });

  it('12.3: play goes on to the next turn before Turn 8 ends', () => {
    const { state } = act(endOfTurn(7), 'german', { type: 'endPhase' });
    expect(state.outcome).toBeNull();
    expect(state.turn).toBe(8);
    expect(state.phase.kind === 'movement' && state.phase.side).toBe('british');
  });
});

describe('18.4 Mobile movement and combat', () => {
  const mobile = (units: Record<string, string | { hex: string; reserve?: boolean }>) =>
    position({ phase: { kind: 'mobile-movement', side: 'british', activity: {} }, units });

  it('18.4: only reserve units move, each with half a die of movement points, rounded up', () => {
    const s = mobile({ '5/1': '1908', '5/2': { hex: '1908', reserve: true }, '6/1': '1708' });
    const rolls = loos
      .choices(s, 'british')
      .filter((c) => c.action === 'mobileRoll')
      .map((c) => c.piece);
    expect(rolls).toEqual(['5/2']);
    refuse(s, 'british', { type: 'mobileRoll', unit: '5/1' }, 'UNIT_CANNOT_MOVE');
    const { state } = act(withDice(s, [5]), 'british', { type: 'mobileRoll', unit: '5/2' });
    expect(state.phase.kind === 'mobile-movement' && state.phase.activity['5/2']?.mp).toBe(3);
  });

  it('18.4: may move through a friendly hex but not end in one', () => {
    const s = act(
      withDice(mobile({ '5/1': '1908', '5/2': { hex: '1908', reserve: true }, '6/1': '1907' }), [6]),
      'british',
      { type: 'mobileRoll', unit: '5/2' },
    ).state;
    const options = offeredMoves(s, 'british', '5/2');
    expect(options).not.toContain('1907');
    expect(options).toContain('1906');
  });

  it('18.4: a unit without the movement points for one hex stays and cannot attack', () => {
    // A roll of 1 gives 1 movement point; around 2009 every hex is woods (2 points) or friendly-held.
    const s = mobile({
      '5/1': '2009',
      '5/2': { hex: '2009', reserve: true },
      '6/1': '1910',
      '6/2': '2110',
      '19/1': '2008',
      '19/2': '2109',
    });
    const { state, events } = act(withDice(s, [1]), 'british', { type: 'mobileRoll', unit: '5/2' });
    expect(texts(events)).toMatch(/not enough to move, it stays and cannot attack/);
    expect(unit(state, '5/2').loc).toBe('2009');
    // Nothing else can move, so the phase ends by itself, and 5/2 is not among the mobile attackers.
    expect(state.phase.kind).not.toBe('mobile-movement');
  });

  it('18.4: each mobile attacker attacks alone, without fire support, and those yet to attack may advance', () => {
    const combat = position({
      phase: mobileCombat('british', ['5/2', '6/2']),
      units: { '5/2': '1906', '6/2': '1805', 'I/16': '1905', '5/1': '1908' },
    });
    expect(loos.choices(combat, 'british').map((c) => c.action)).toEqual(['declareAttack', 'endPhase']);
    refuse(combat, 'british', { type: 'attack', target: '1905' }, 'WRONG_PHASE');
    refuse(combat, 'british', { type: 'bombard', target: '1905', attackers: [] }, 'UNKNOWN_ACTION');
    refuse(
      combat,
      'british',
      { type: 'declareAttack', target: '1905', attackers: ['5/1'] },
      'ILLEGAL_ATTACK',
    );
    // 5/2 alone: 4 against 2 in the clear ("+2, +3"); a 1 is D2. The battalion takes the loss and is gone.
    let s = actAll(withDice(combat, [1]), [
      ['british', { type: 'declareAttack', target: '1905', attackers: ['5/2', '6/2'] }],
      ['british', { type: 'resolveAttacks' }],
      ['british', { type: 'attack', target: '1905' }],
    ]).state;
    s = act(s, 'german', { type: 'deplete' }).state;
    expect(s.pending[0]).toMatchObject({ kind: 'advance', units: ['5/2', '6/2'] });
    s = act(s, 'british', { type: 'advance', unit: '6/2', to: '1905' }).state;
    expect(unit(s, '6/2').loc).toBe('1905');
  });

  it('18.4: a second mobile attacker attacks in its turn if the first did not dislodge the defender', () => {
    const combat = position({
      phase: mobileCombat('british', ['5/2', '6/2']),
      units: { '5/2': '1906', '6/2': '1805', 'IR 72': '1905' },
    });
    // 4 against 5: -1 in the clear; two 4s are both (A).
    const { state, events } = actAll(withDice(combat, [4, 4]), [
      ['british', { type: 'declareAttack', target: '1905', attackers: ['5/2', '6/2'] }],
      ['british', { type: 'resolveAttacks' }],
      ['british', { type: 'attack', target: '1905' }],
      ['british', { type: 'attack', target: '1905' }],
    ]);
    expect(events.filter((e) => e.type === 'attack').map((e) => e.attackers)).toEqual([['5/2'], ['6/2']]);
    expect(unit(state, '5/2').steps).toBe(1);
    expect(unit(state, '6/2').steps).toBe(1);
    // Every declared attack made, the phase ends by itself.
    expect(state.phase.kind).not.toBe('mobile-combat');
  });

  it('18.4 (R5): all mobile attacks of the phase are declared before the first is resolved', () => {
    const combat = position({
      phase: mobileCombat('british', ['5/2', '6/2']),
      units: { '5/2': '1906', '6/2': '2005', 'I/16': '1905', 'I/73': '2004' },
    });
    let s = act(combat, 'british', { type: 'declareAttack', target: '1905', attackers: ['5/2'] }).state;
    // Another defender may still be declared against; the same one may not be declared twice.
    refuse(s, 'british', { type: 'declareAttack', target: '1905', attackers: ['6/2'] }, 'ILLEGAL_TARGET');
    s = act(s, 'british', { type: 'declareAttack', target: '2004', attackers: ['6/2'] }).state;
    s = act(s, 'british', { type: 'cancelAttack', target: '2004' }).state;
    expect(s.phase.kind === 'mobile-combat' && s.phase.combat.declared.map((d) => d.target)).toEqual([
      '1905',
    ]);
    refuse(s, 'british', { type: 'endPhase' }, 'DECLARED_ATTACKS_REMAIN');
    s = act(s, 'british', { type: 'resolveAttacks' }).state;
    refuse(s, 'british', { type: 'declareAttack', target: '2004', attackers: ['6/2'] }, 'UNKNOWN_ACTION');
    expect(loos.choices(s, 'british').map((c) => c.action)).toEqual(['attack']);
  });
});
