import { describe, expect, it } from 'vitest';
import { attackLine } from '../src/combat.ts';
import { loos } from '../src/index.ts';
import { MAP } from '../src/map.ts';
import { hasLineOfSight } from '../src/observation.ts';
import { canStack, Occupancy } from '../src/units.ts';
import { zoneOfControl } from '../src/zoc.ts';
import { act, combatAttacks, mobileCombat, movement, position, refuse, unit, withDice } from './helpers.ts';

describe('rulings (docs/rulings.md) not covered beside their rules', () => {
  it('R7: German units set up only east of the British front line', () => {
    const s = loos.setup('loos-1915', {}, 'r7');
    refuse(s, 'german', { type: 'deploy', unit: 'I/16', hex: '0517' }, 'ILLEGAL_HEX');
    refuse(s, 'german', { type: 'deploy', unit: 'I/16', hex: '0518' }, 'ILLEGAL_HEX');
    expect(
      act(s, 'german', { type: 'deploy', unit: 'I/16', hex: '0514' }).state.units.find((u) => u.id === 'I/16')
        ?.loc,
    ).toBe('0514');
  });

  it('R9: an observer on high ground is blocked by other high ground between it and the target', () => {
    // From 2409 over 2410 (also Hill 70) to 2412.
    expect(MAP.highGround.has('2409') && MAP.highGround.has('2410')).toBe(true);
    expect(hasLineOfSight('2409', '2412')).toBe(false);
  });

  it('R12: a unit moving into a friendly hex becomes its reserve line, and the limit is checked at the end of every move', () => {
    let s = position({ phase: movement('british'), units: { '5/1': '1908', '5/2': '1906' } });
    s = act(s, 'british', { type: 'move', unit: '5/2', to: '1908' }).state;
    expect(unit(s, '5/1').reserve).toBe(false);
    expect(unit(s, '5/2').reserve).toBe(true);
  });

  it('R17: a regiment reduced to one step keeps its division for stacking', () => {
    const s = position({
      units: { 'IR 72': { hex: '1905', steps: 1 }, 'IR 93': { hex: '1905', reserve: true } },
    });
    expect(canStack(new Occupancy(s).at('1905'))).toBe(true);
  });

  it('R22: released regiments with no room at the entry hexes wait for the next German movement phase', () => {
    const s = position({
      turn: 1,
      phase: mobileCombat('british'),
      units: {},
    });
    // Fill each entry hex and its neighbours with battalions of other divisions (which cannot stack with the 8th).
    const battalions = s.units.filter((u) => u.kind === 'battalion').map((u) => u.id);
    const crowded = [...MAP.entryHexes]
      .flatMap((e) => [e, ...MAP.neighbors(e)])
      .filter((h) => !MAP.frontLine.has(h));
    crowded.forEach((hex, i) => {
      unit(s, battalions[i]!).loc = hex;
    });
    const { state, events } = act(withDice(s, [1, 1]), 'british', { type: 'endPhase' });
    expect(state.released).toEqual(['8']);
    expect(events.some((e) => e.type === 'delayed')).toBe(true);
    expect(unit(state, 'IR 72').loc).toBe('awaiting-release');
    expect(state.pending).toEqual([]);
  });

  it('R25 (5.1, 7.3): no zone of control extends across the canal, and attacks wholly across it use the River line', () => {
    const s = position({ phase: combatAttacks('german'), units: { '5/1': '0417', 'I/16': '0317' } });
    expect(MAP.isCanalSide('0317', '0417')).toBe(true);
    expect(zoneOfControl(new Occupancy(s), 'german').has('0417')).toBe(false);
    expect(attackLine(s, '0417', ['0317'], [])).toBe('trench');
  });
});
