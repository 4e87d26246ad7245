import { applyJsonPatch, type Json } from '@salient/engine';
import { describe, expect, it } from 'vitest';
import { eventfulPlayer } from '../src/eventful.ts';
import { supplyOf } from '../src/supply.ts';
import type { PogState, PogView } from '../src/types.ts';
import { game } from './helpers.ts';

const fresh = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

describe('Positions share their unchanged parts, and memos never cross positions', () => {
  it('a state after an action shares what the action left unchanged, and serialises as an unshared copy would', () => {
    let state = game.setup('campaign', {}, 'shared-1') as PogState;
    let sharedUnits = 0;
    let units = 0;
    let seed = 7;
    const pick = (n: number) => {
      seed = (seed * 31 + 11) % 997;
      return seed % n;
    };
    for (let i = 0; i < 60; i++) {
      const seat = game.status(state).toAct[0]!;
      const choices = game.choices(state, seat);
      const choice = eventfulPlayer(choices, seat, state, pick);
      const action = { type: choice.action, ...choice.base } as Record<string, Json>;
      for (const p of choice.params) action[p.name] = p.options[pick(p.options.length)]!.value;
      const before = state;
      const beforeText = JSON.stringify(before);
      const result = game.apply(before, seat, action);
      if (!result.ok) throw new Error(result.error.message);
      state = result.state;
      for (const [id, u] of Object.entries(state.units)) {
        units++;
        if (u === before.units[id]) sharedUnits++;
      }
      // The previous state is never changed, and the new one is its own object.
      expect(JSON.stringify(before)).toBe(beforeText);
      expect(state).not.toBe(before);
      // Whatever part came out equal is the previous state's own object (the board's spaces at least).
      for (const key of Object.keys(state) as (keyof PogState)[]) {
        const a = before[key];
        const b = state[key];
        if (typeof b === 'object' && b !== null && JSON.stringify(a) === JSON.stringify(b)) expect(b).toBe(a);
      }
      // Sharing changes no byte: replaying from a parsed copy gives the same text.
      const again = game.apply(fresh(before), seat, action);
      expect(again.ok && JSON.stringify(again.state)).toBe(JSON.stringify(state));
    }
    // An action moves a few units at most: the rest are the previous state's own objects.
    expect(sharedUnits / units).toBeGreaterThan(0.9);
  });

  it('supply is worked out afresh for a view folded from a patch that changed only control (10.1, memos by position)', () => {
    const state = game.setup('campaign', {}, 'shared-2') as PogState;
    const view = game.view(state, 'ap') as unknown as PogView;
    const held = supplyOf(view).network('ap', null);
    expect(held.has('paris')).toBe(true);
    // A patch as the server sends it: only Paris's control changes; the units are the same object.
    const folded = applyJsonPatch(view as unknown as Json, [
      { p: ['control', 'paris'], v: 'cp' },
    ]) as unknown as PogView;
    expect(folded.units).toBe(view.units);
    const after = supplyOf(folded).network('ap', null);
    expect(after).toEqual(supplyOf(fresh(folded)).network('ap', null));
    expect(after.has('paris')).toBe(false);
  });
});
