import { describe, expect, it } from 'vitest';
import { mayAttack } from '../src/combat.ts';
import { mayEnter } from '../src/movement.ts';
import { newOperation } from '../src/operations.ts';
import { nearEastSpace } from '../src/options.ts';
import { replacementOptions } from '../src/replacements.ts';
import { srCost, srDestinations } from '../src/sr.ts';
import { Supply } from '../src/supply.ts';
import type { PogState } from '../src/types.ts';
import { game, lab } from './helpers.ts';

function withRules(state: PogState, rules: PogState['optionalRules']): PogState {
  state.optionalRules = rules;
  state.neutral = state.neutral.filter((n) => n !== 'tu');
  return state;
}

describe('Optional Near East rules (11.3.3-11.3.5) as match options', () => {
  it('11.3.3-11.3.5: each is a match option, off unless chosen', () => {
    expect(game.setup('introductory', {}, 's').optionalRules).toBeUndefined();
    const on = game.setup('introductory', { nonTurkishCorps: true, turkishInternalSupply: true }, 's');
    expect(on.optionalRules).toEqual(['turkishInternalSupply', 'nonTurkishCorps']);
    const ids = game.scenarios[0]!.options!.map((o) => o.id);
    expect(ids).toEqual(
      expect.arrayContaining(['turkishInternalSupply', 'straitsInNearEast', 'nonTurkishCorps']),
    );
  });

  it('11.3.4: Constantinople and Bursa count as Near East spaces only with the option', () => {
    const state = lab({});
    expect(nearEastSpace(state, 'constantinople')).toBe(false);
    expect(nearEastSpace(state, 'eskidor')).toBe(true);
    state.optionalRules = ['straitsInNearEast'];
    expect(nearEastSpace(state, 'constantinople')).toBe(true);
    expect(nearEastSpace(state, 'adrianople')).toBe(false);
  });

  it('11.3.5: no A-H corps in the Near East; German corps enter it only by SR, at 3 points', () => {
    const state = withRules(lab({ 'ah-corps-1': 'constantinople', 'ge-corps-1': 'constantinople' }), [
      'nonTurkishCorps',
    ]);
    expect(mayEnter(state, 'ah-corps-1', 'constantinople', 'eskidor')).toBe(false);
    expect(mayEnter(state, 'ge-corps-1', 'constantinople', 'eskidor')).toBe(false);
    expect(mayEnter(state, 'ge-corps-1', 'constantinople', 'adrianople')).toBe(true);
    expect(mayEnter(state, 'ge-corps-1', 'constantinople', 'eskidor', true)).toBe(true);
    expect(srCost('ge-corps-1', state, 'eskidor')).toBe(3);
    expect(srCost('ge-corps-1', state, 'adrianople')).toBe(1);
    expect(srDestinations(state, 'ge-corps-1')).toContain('eskidor');
    expect(srDestinations(state, 'ah-corps-1')).not.toContain('eskidor');
    const op = newOperation(null, 0);
    op.activated = { constantinople: 'attack' };
    expect(mayAttack(state, op, 'ah-corps-1', 'eskidor', new Supply(state))).toBe(false);
    // Without the option the German corps moves in freely.
    const off = withRules(lab({ 'ge-corps-1': 'constantinople' }), []);
    expect(mayEnter(off, 'ge-corps-1', 'constantinople', 'eskidor')).toBe(true);
    expect(srCost('ge-corps-1', off, 'eskidor')).toBe(1);
  });

  it('11.3.3: cut off from Constantinople, Turks in Turkey live on its VP spaces: supplied, but no SR and no replacements', () => {
    const build = (rules: PogState['optionalRules']) => {
      const state = withRules(
        lab(
          { 'tu-corps-1': 'kirkuk', 'br-corps-1': 'constantinople', 'br-corps-2': 'bursa' },
          { reduced: ['tu-corps-1'] },
        ),
        rules,
      );
      state.control.constantinople = 'ap';
      state.control.bursa = 'ap';
      state.rp = { tu: 1 };
      return state;
    };
    const off = build([]);
    expect(new Supply(off).unitSupplied('tu-corps-1')).toBe(false);
    const on = build(['turkishInternalSupply']);
    const supply = new Supply(on);
    expect(supply.unitSupplied('tu-corps-1')).toBe(true);
    expect(supply.limitedOnly('tu-corps-1')).toBe(true);
    expect(srDestinations(on, 'tu-corps-1')).toEqual([]);
    expect(replacementOptions(on, 'cp').map((o) => o.unit)).not.toContain('tu-corps-1');
    expect(supply.spaceSupplied('cp', 'kirkuk')).toBe(true);
  });
});
