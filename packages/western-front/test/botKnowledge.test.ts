import { describe, expect, it } from 'vitest';
import { attackerChance } from '../src/botKnowledge.ts';
import { lab } from './helpers.ts';

/**
 * The search bot's evaluation of Western Front positions (issue 24): what makes the attacker's chance
 * rise. Mons: the Germans attack Nimy (1610, 2 points), the bridges (0809 and 1609, 1 each) and the
 * road to Mons (1614, 2); they need 5 of the 6.
 */
describe('the attacker’s chance (botKnowledge.ts)', () => {
  it('rises when the attack reaches an objective no attacking stand was near, not only the nearest one', () => {
    // Two companies next to the road bridge; the railway bridge, far to the west, has nobody near
    // it. Sending one of them three hexes short of the railway bridge is worth more.
    const crowded = lab({ 'i84-1': '1608', 'i84-2': '1508' });
    const spread = lab({ 'i84-1': '1608', 'i84-2': '0806' });
    expect(attackerChance(spread)).toBeGreaterThan(attackerChance(crowded));
  });

  it('falls while a defending stand still stands on an objective the attacker lacks', () => {
    const held = lab({ 'i84-1': '1608', 'rf4-c': '1610' });
    const cleared = lab({ 'i84-1': '1608', 'rf4-c': '1812' });
    expect(attackerChance(cleared)).toBeGreaterThan(attackerChance(held));
  });

  it('counts the objective points held above all', () => {
    const state = lab({ 'i84-1': '1607' });
    const before = attackerChance(state);
    state.objectives['1610']!.holder = 'german';
    state.objectives['1614']!.holder = 'german';
    state.objectives['1609']!.holder = 'german';
    expect(attackerChance(state)).toBeGreaterThan(before + 0.3);
  });
});
