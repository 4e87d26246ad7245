import { EventLog, rngFromSeed } from '@salient/engine';
import { describe, expect, it } from 'vitest';
import { moveOptions } from '../../src/actions.ts';
import { loos } from '../../src/index.ts';
import { loseStep } from '../../src/losses.ts';
import { MAP } from '../../src/map.ts';
import type { LoosState } from '../../src/state.ts';
import {
  act,
  mobileCombat,
  movement,
  offeredMoves,
  position,
  refuse,
  texts,
  unit,
  withDice,
} from '../helpers.ts';

/** The British mobile combat phase with nothing to do: ending it starts the German movement phase. */
const beforeGermanMovement = (turn: number, units: Record<string, string> = {}) =>
  position({
    turn,
    phase: mobileCombat('british'),
    units,
  });

const endBritishTurn = (s: LoosState, dice: number[]) =>
  act(withDice(s, dice), 'british', { type: 'endPhase' });

describe('11.3 German reinforcements', () => {
  it('11.3: rolls for each division not yet entered from the first movement phase after Zero Hour on', () => {
    // Turn 1: only the 8th Division can be released (on 1-2); then the replacement roll.
    const { state, events } = endBritishTurn(beforeGermanMovement(1), [2, 1]);
    expect(state.released).toEqual(['8']);
    expect(events.filter((e) => e.type === 'roll').map((e) => e.purpose)).toEqual([
      'release',
      'replacements',
    ]);
    expect(state.pending[0]).toMatchObject({ kind: 'place-reinforcements', division: '8' });
  });

  it('11.3: keeps a division in reserve when the roll is outside its span', () => {
    const { state } = endBritishTurn(beforeGermanMovement(1), [3, 1]);
    expect(state.released).toEqual([]);
    expect(state.pending).toEqual([]);
  });

  it('11.3: makes no release roll in the Zero Hour movement phase', () => {
    const { events } = endBritishTurn(beforeGermanMovement(0), [1]);
    expect(events.filter((e) => e.type === 'roll').map((e) => e.purpose)).toEqual(['replacements']);
  });

  it('11.3: places all regiments of a division on or next to one entry hex, and they move normally that turn', () => {
    let s = endBritishTurn(beforeGermanMovement(1), [1, 1]).state;
    s = act(s, 'german', { type: 'placeReinforcement', unit: 'IR 72', hex: '1201' }).state;
    refuse(s, 'german', { type: 'placeReinforcement', unit: 'IR 93', hex: '0110' }, 'ILLEGAL_HEX');
    for (const [id, hex] of [
      ['IR 93', '1202'],
      ['IR 153', '1102'],
      ['IR 36F', '1302'],
    ] as const) {
      s = act(s, 'german', { type: 'placeReinforcement', unit: id, hex }).state;
    }
    expect(s.pending).toEqual([]);
    for (const id of ['IR 72', 'IR 93', 'IR 153', 'IR 36F'])
      expect(MAP.grid.distance(unit(s, id).loc, '1201')).toBeLessThanOrEqual(1);
    expect(moveOptions(s, unit(s, 'IR 72'))?.size).toBeGreaterThan(0);
  });

  it('11.3: regiments may be broken down on the turn they arrive (13.1)', () => {
    let s = endBritishTurn(beforeGermanMovement(1), [1, 1]).state;
    for (const [id, hex] of [
      ['IR 72', '1201'],
      ['IR 93', '1202'],
      ['IR 153', '1102'],
      ['IR 36F', '1302'],
    ] as const) {
      s = act(s, 'german', { type: 'placeReinforcement', unit: id, hex }).state;
    }
    expect(loos.choices(s, 'german').some((c) => c.action === 'breakdown' && c.piece === 'IR 72')).toBe(true);
  });
});

describe('11.4 German replacements', () => {
  it('11.4: gives half a die, rounded down, placed at once in empty German-held town hexes', () => {
    const { state, events } = endBritishTurn(beforeGermanMovement(1), [3, 5]);
    expect(texts(events)).toMatch(/2 replacement battalions/);
    expect(state.pending[0]).toMatchObject({ kind: 'place-replacements', count: 2 });
    refuse(state, 'german', { type: 'endPhase' }, 'DECISION_PENDING');
    refuse(state, 'german', { type: 'placeReplacement', hex: '1905' }, 'ILLEGAL_HEX');
    let s = act(state, 'german', { type: 'placeReplacement', hex: '0908' }).state;
    expect(s.deadpile).toBe(1);
    s = act(s, 'german', { type: 'placeReplacement', hex: '1008' }).state;
    expect(s.deadpile).toBe(0);
    expect(s.units.filter((u) => u.kind === 'replacement').map((u) => u.loc)).toEqual(['0908', '1008']);
    expect(s.pending).toEqual([]);
  });

  it('11.4: loses a replacement for which no counter is free', () => {
    const s = beforeGermanMovement(1);
    s.deadpile = 1;
    let next = endBritishTurn(s, [3, 5]).state;
    next = act(next, 'german', { type: 'placeReplacement', hex: '0908' }).state;
    expect(next.pending).toEqual([]);
    expect(next.units.filter((u) => u.kind === 'replacement')).toHaveLength(1);
  });

  it('11.4: uses only town hexes the Germans control', () => {
    const s = beforeGermanMovement(1);
    s.britishHexes.push('0908');
    const next = endBritishTurn(s, [3, 3]).state;
    refuse(next, 'german', { type: 'placeReplacement', hex: '0908' }, 'ILLEGAL_HEX');
  });
});

describe('11.7 British reinforcements', () => {
  it('11.7: commits a whole reserve division to a sector reserve line after Zero Hour', () => {
    const s = position({ turn: 1, phase: movement('british'), units: { '5/1': '1906' } });
    const { state } = act(s, 'british', { type: 'commitReserve', division: '21', sector: 2 });
    const placed = state.units.filter((u) => u.division === '21');
    expect(placed.every((u) => MAP.sectors[1]!.reserve.includes(u.loc))).toBe(true);
    expect(new Set(placed.map((u) => u.loc)).size).toBe(3);
    refuse(state, 'british', { type: 'commitReserve', division: '21', sector: 3 }, 'ILLEGAL_TARGET');
  });

  it('11.7: both reserve divisions may enter the same sector in the same turn, the second in what room is left', () => {
    let s = position({ turn: 1, phase: movement('british'), units: { '5/1': '1906' } });
    s = act(s, 'british', { type: 'commitReserve', division: '21', sector: 2 }).state;
    const sector = MAP.sectors[1]!;
    const offered = loos
      .choices(s, 'british')
      .find((c) => c.action === 'commitReserve' && c.base.division === '24');
    expect(offered!.params[0]!.options.map((o) => o.value)).toContain(2);
    const { state, events } = act(s, 'british', { type: 'commitReserve', division: '24', sector: 2 });
    const placed = state.units.filter((u) => u.division === '21' || u.division === '24');
    expect(placed).toHaveLength(12);
    for (const u of placed) expect([...sector.reserve, ...sector.support]).toContain(u.loc);
    // Six stacks of one brigade each: the reserve line first, then the support hexes between the lines.
    const byHex = new Map<string, typeof placed>();
    for (const u of placed) byHex.set(u.loc, [...(byHex.get(u.loc) ?? []), u]);
    expect(byHex.size).toBe(6);
    for (const stack of byHex.values()) expect(new Set(stack.map((u) => u.brigade)).size).toBe(1);
    expect(sector.reserve.every((hex) => byHex.has(hex))).toBe(true);
    expect(texts(events)).toMatch(/between the lines: the reserve line is full/);
    expect(state.committed).toEqual({ '21': { sector: 2, turn: 1 }, '24': { sector: 2, turn: 1 } });
  });

  it('11.7: a division goes whole into one sector or not at all', () => {
    const s = position({ turn: 1, phase: movement('british'), units: {} });
    // Fill all but two of sector II's reserve and support hexes with single half-brigades.
    const sector = MAP.sectors[1]!;
    const free = [...sector.reserve, ...sector.support];
    const fillers = s.units
      .filter((u) => u.side === 'british' && u.loc === 'unplaced')
      .slice(0, free.length - 2);
    fillers.forEach((u, i) => {
      u.loc = free[i]!;
    });
    refuse(s, 'british', { type: 'commitReserve', division: '21', sector: 2 }, 'ILLEGAL_HEX');
    const offered = loos
      .choices(s, 'british')
      .find((c) => c.action === 'commitReserve' && c.base.division === '21');
    expect(offered!.params[0]!.options.map((o) => o.value)).not.toContain(2);
  });

  it('11.7: is not possible at Zero Hour', () => {
    const s = position({ turn: 0, phase: movement('british'), units: {} });
    refuse(s, 'british', { type: 'commitReserve', division: '21', sector: 2 }, 'WRONG_PHASE');
  });

  it('11.7: the division waits in the reserve line, moves into its sector front line next turn, and moves normally after', () => {
    let s = act(position({ turn: 1, phase: movement('british'), units: {} }), 'british', {
      type: 'commitReserve',
      division: '21',
      sector: 2,
    }).state;
    expect(moveOptions(s, unit(s, '62/1'))).toBeNull();
    s = { ...s, turn: 2, phase: movement('british') };
    expect(offeredMoves(s, 'british', '62/1')).toEqual([...MAP.sectors[1]!.front].sort());
    s = act(s, 'british', { type: 'move', unit: '62/1', to: '0915' }).state;
    expect(moveOptions(s, unit(s, '62/1'))).toBeNull();
    s = { ...s, turn: 3, phase: movement('british') };
    expect(offeredMoves(s, 'british', '62/1')).toContain('0914');
  });
});

describe('13.0 Units and step losses', () => {
  const lose = (s: LoosState, id: string) => {
    const log = new EventLog(rngFromSeed('x'));
    loseStep(s, log, unit(s, id), 'test');
    return log.events;
  };

  it('13.1: a regiment goes from three steps to two, then to a battalion counter from the deadpile, then is eliminated', () => {
    const s = position({ units: { 'IR 72': '1905' } });
    lose(s, 'IR 72');
    expect(unit(s, 'IR 72').steps).toBe(2);
    lose(s, 'IR 72');
    expect(unit(s, 'IR 72').steps).toBe(1);
    expect(s.deadpile).toBe(1);
    lose(s, 'IR 72');
    expect(unit(s, 'IR 72').loc).toBe('eliminated');
    expect(s.deadpile).toBe(2);
  });

  it('13.1: loses the last step with the regiment when no battalion counter is free', () => {
    const s = position({ units: { 'IR 72': { hex: '1905', steps: 2 } } });
    s.deadpile = 0;
    lose(s, 'IR 72');
    expect(unit(s, 'IR 72').loc).toBe('eliminated');
    expect(s.deadpile).toBe(0);
  });

  it('13.1: breaks a regiment down at the start of a movement phase into battalions in its hex or hexes it could enter', () => {
    let s = position({ phase: movement('german'), units: { 'IR 72': '1905' } });
    s.deadpile = 3;
    s = act(s, 'german', { type: 'breakdown', unit: 'IR 72' }).state;
    expect(unit(s, 'IR 72').loc).toBe('eliminated');
    refuse(s, 'german', { type: 'placeBattalion', hex: '1908' }, 'ILLEGAL_HEX');
    for (const hex of ['1905', '1904', '1906']) s = act(s, 'german', { type: 'placeBattalion', hex }).state;
    expect(s.units.filter((u) => u.kind === 'replacement').map((u) => u.loc)).toEqual([
      '1905',
      '1904',
      '1906',
    ]);
    expect(s.deadpile).toBe(0);
  });

  it('13.1: a battalion placed beside its regiment enters that hex as a move would: it retakes a British-held town hex', () => {
    let s = position({ phase: movement('german'), units: { 'IR 72': '0907' } });
    s.britishHexes.push('0908');
    s.deadpile = 2;
    expect(MAP.townOfHex.has('0908') && MAP.grid.adjacent('0907', '0908')).toBe(true);
    s = act(s, 'german', { type: 'breakdown', unit: 'IR 72' }).state;
    const { state, events } = act(s, 'german', { type: 'placeBattalion', hex: '0908' });
    expect(state.britishHexes).not.toContain('0908');
    expect(texts(events)).toMatch(/take hex 0908/);
  });

  it("13.1 (R16): the step beside the regiment costs the hex from the battalion's allowance, and a British zone of control stops it", () => {
    let s = position({ phase: movement('german'), units: { 'IR 72': '1905', '5/1': '1907' } });
    s.deadpile = 3;
    s = act(s, 'german', { type: 'breakdown', unit: 'IR 72' }).state;
    for (const hex of ['1905', '1904', '1906']) s = act(s, 'german', { type: 'placeBattalion', hex }).state;
    const at = (hex: string) => s.units.find((u) => u.kind === 'replacement' && u.loc === hex)!;
    const reach = (hex: string) =>
      Math.max(...[...(moveOptions(s, at(hex))?.values() ?? [])].map((r) => r.cost));
    // In the regiment's own hex: the whole allowance. One clear hex away: one point spent.
    expect(reach('1905')).toBe(4);
    expect(MAP.terrainOf('1904')).toBe('clear');
    expect(reach('1904')).toBe(3);
    // 1906 is next to the British half-brigade in 1907: entering its zone ends the move.
    expect(MAP.grid.adjacent('1906', '1907') && !MAP.grid.adjacent('1905', '1907')).toBe(true);
    expect(moveOptions(s, at('1906'))).toBeNull();
  });

  it('13.1: loses the steps beyond the battalion counters in the deadpile', () => {
    let s = position({ phase: movement('german'), units: { 'IR 72': '1905' } });
    s = act(s, 'german', { type: 'breakdown', unit: 'IR 72' }).state;
    s = act(s, 'german', { type: 'placeBattalion', hex: '1905' }).state;
    const { state, events } = act(s, 'german', { type: 'placeBattalion', hex: '1904' });
    expect(texts(events)).toMatch(/1 step is lost/);
    expect(state.pending).toEqual([]);
    expect(state.units.filter((u) => u.kind === 'replacement')).toHaveLength(2);
  });

  it('13.1: no break-down once a unit has moved in the phase', () => {
    let s = position({ phase: movement('german'), units: { 'IR 72': '1905', 'I/16': '1705' } });
    s = act(s, 'german', { type: 'move', unit: 'I/16', to: '1704' }).state;
    refuse(s, 'german', { type: 'breakdown', unit: 'IR 72' }, 'WRONG_PHASE');
  });

  it('13.2: a battalion is eliminated by a loss and its counter returns to the deadpile', () => {
    const s = position({ units: { 'I/16': '1905' } });
    lose(s, 'I/16');
    expect(unit(s, 'I/16').loc).toBe('eliminated');
    expect(s.deadpile).toBe(3);
  });

  it('13.3: a British half-brigade flips to its depleted side, then is eliminated', () => {
    const s = position({ units: { '5/1': '1905' } });
    lose(s, '5/1');
    expect(unit(s, '5/1').steps).toBe(1);
    lose(s, '5/1');
    expect(unit(s, '5/1').loc).toBe('eliminated');
  });
});
