import { type Preview, rngFromSeed } from '@salient/engine';
import { describe, expect, it } from 'vitest';
import { assaultMargins, assaultTotalDistribution } from '../src/odds.ts';
import type { BeState } from '../src/types.ts';
import { game, lab, passed, play, unit } from './helpers.ts';

function preview(state: BeState, seat: string, action: Record<string, unknown>): Preview {
  const shown = game.preview!(game.view(state, seat), seat, {
    type: String(action.type),
    ...action,
  } as never);
  if (!shown) throw new Error(`no preview for ${JSON.stringify(action)}`);
  const total = shown.outcomes.reduce((sum, o) => sum + o.chance, 0);
  expect(total).toBeCloseTo(1, 9);
  return shown;
}

function chanceOf(shown: Preview, label: string): number {
  const found = shown.outcomes.find((o) => o.label === label);
  if (!found) throw new Error(`no outcome "${label}" in ${shown.outcomes.map((o) => o.label).join(' | ')}`);
  return found.chance;
}

describe('Assault: the preview gives the exact odds of adding successful scores', () => {
  it('expects 2.60 stands of margin between 4 close regulars and 4 (the audit figure for summed scores)', () => {
    const margins = assaultMargins(assaultTotalDistribution(4, 3), assaultTotalDistribution(4, 3));
    const expected = [...margins].reduce((sum, [m, p]) => sum + Math.abs(m) * p, 0);
    expect(expected).toBeCloseTo(2.6, 2);
  });

  it('matches the frequencies of real assaults, each result named with its losses', () => {
    const active = passed(lab({ b1: '0707', r1: '0706' }), 'b1');
    const shown = preview(active, 'blue', { type: 'assault', target: 'r1' });
    const declared = play(active, 'blue', { type: 'assault', target: 'r1' }).state;
    expect(shown.title).toBe('Assault of Blue 1st Brigade on Red 1st Brigade');
    expect(shown.facts).toContainEqual({ label: 'Attacker', value: '4 dice, each 1-3 adds its score' });
    const labels = shown.outcomes.map((o) => o.label);
    expect(labels).toContain('Tie: each side loses a stand');
    expect(labels).toContain('Red 1st Brigade loses 1 stand');
    expect(labels).toContain('Red 1st Brigade loses 1 stand and falls back 1 UD');
    expect(labels).toContain('Blue 1st Brigade is destroyed');
    const trials = 600;
    let ties = 0;
    let attackerWins = 0;
    for (let i = 0; i < trials; i++) {
      const trial = structuredClone(declared);
      trial.rng = rngFromSeed(`preview-${i}`);
      const fought = play(trial, 'red', { type: 'noReaction' }).events.find((e) => e.type === 'assault')!;
      if (fought.attack === fought.defence) ties++;
      if ((fought.attack as number) > (fought.defence as number)) attackerWins++;
    }
    const win = Number.parseInt(shown.facts.find((f) => f.label === 'Attacker wins')!.value, 10) / 100;
    expect(Math.abs(attackerWins / trials - win)).toBeLessThan(0.06);
    expect(Math.abs(ties / trials - chanceOf(shown, 'Tie: each side loses a stand'))).toBeLessThan(0.04);
  });
});

describe('Fire: the preview gives the chance of each number of hits', () => {
  it('is binomial on the dice, hits capped at the target stands', () => {
    const state = passed(lab({ b1: '0707', r1: '0706' }), 'b1');
    for (const id of ['b1', 'r1']) Object.assign(unit(state, id), { revealed: true, movedThisTurn: true });
    unit(state, 'r1').stands = 2;
    const shown = preview(state, 'blue', { type: 'fire', target: 'r1' });
    // A B unit at 1 UD hits a close-order target in the open on 1-5.
    expect(shown.facts).toContainEqual({ label: 'Each die', value: 'hits on 1-5 (83%)' });
    expect(chanceOf(shown, 'No hit')).toBeCloseTo((1 / 6) ** 4, 9);
    expect(chanceOf(shown, '1 hit')).toBeCloseTo(4 * (5 / 6) * (1 / 6) ** 3, 9);
    expect(chanceOf(shown, '2 hits or more: every stand of Red 1st Brigade')).toBeCloseTo(
      1 - (1 / 6) ** 4 - 4 * (5 / 6) * (1 / 6) ** 3,
      9,
    );
  });
});

describe('Salvo and support firing, evade, reactivity tests: the preview includes the test', () => {
  it('counts a failed reactivity test as no fire, and adds command points to the test', () => {
    const state = play(passed(lab({ b1: '0707', r1: '0706', r2: '0806' }, { cp: 2 }), 'b1'), 'blue', {
      type: 'assault',
      target: 'r1',
    }).state;
    const salvo = preview(state, 'red', { type: 'salvo', unit: 'r2', cp: 1 });
    expect(salvo.title).toBe('Support fire of Red 2nd Brigade at Blue 1st Brigade');
    // Trained close order: 3, plus 1 command point: passes on 4 or less.
    expect(chanceOf(salvo, 'Test failed: no fire, the token is spent')).toBeCloseTo(2 / 6, 9);
    expect(chanceOf(salvo, 'Test passed, no hit')).toBeCloseTo((4 / 6) * (1 / 6) ** 4, 9);
    const test = preview(lab({ b1: '0707', r1: '0703' }, { cp: 3 }), 'blue', {
      type: 'activate',
      unit: 'b1',
      cp: 2,
    });
    expect(chanceOf(test, 'Passes: may march, fire or assault')).toBeCloseTo(5 / 6, 9);
    expect(game.preview!(game.view(state, 'red'), 'red', { type: 'noReaction' })).toBeNull();
  });
});
