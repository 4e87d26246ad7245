import type { Action, Choice } from '@salient/engine';
import { describe, expect, it } from 'vitest';
import { purposefulPlayer } from '../src/bot.ts';
import { attackerChance } from '../src/botKnowledge.ts';
import { orderWfActions } from '../src/botOrder.ts';
import { grid } from '../src/grid.ts';
import { activeWith, game, lab, stand } from './helpers.ts';

/** Nimy (1610), 2 of the 5 objective points the Germans need at Mons. */
const NIMY = '1610';
const nextToNimy = grid.neighbors(NIMY).filter((h) => h !== '1609');

/** Every action the choices offer (each has at most one parameter). */
const everyAction = (choices: Choice[]): Action[] =>
  choices.flatMap((c) =>
    c.params.length === 0
      ? [{ type: c.action, ...c.base }]
      : c.params[0]!.options.map((o) => ({ type: c.action, ...c.base, [c.params[0]!.name]: o.value })),
  );

describe("The bot's reading of a Western Front position (issue 24)", () => {
  it("the attacker's chance rises as the stand holding a needed objective is suppressed and thinned (the close assault's sums)", () => {
    const state = lab({ 'rf4-c': NIMY, 'i84-1': nextToNimy[0]! });
    const held = attackerChance(state);
    stand(state, 'rf4-c').suppression = 1;
    const suppressed = attackerChance(state);
    expect(suppressed).toBeGreaterThan(held);
    stand(state, 'rf4-c').steps -= 1;
    expect(attackerChance(state)).toBeGreaterThan(suppressed);
  });

  it('unsuppressed companies next to a needed objective count as ready to assault; suppressed ones do not', () => {
    const ready = lab({ 'rf4-c': NIMY, 'i84-1': nextToNimy[0]!, 'i84-2': nextToNimy[1]! });
    const pinned = lab({ 'rf4-c': NIMY, 'i84-1': nextToNimy[0]!, 'i84-2': nextToNimy[1]! });
    stand(pinned, 'i84-1').suppression = 1;
    stand(pinned, 'i84-2').suppression = 1;
    expect(attackerChance(ready)).toBeGreaterThan(attackerChance(pinned));
  });

  it('the purposeful attacker fires first at the stand holding an objective it needs, over a somewhat likelier kill elsewhere', () => {
    const state = lab({ 'rf4-c': NIMY, 'rf4-d': '0515', 'i84-1': nextToNimy[0]! }, { side: 'german' });
    const fire: Choice = {
      action: 'fire',
      label: '1. Coy: fire',
      base: {},
      params: [
        {
          name: 'target',
          label: 'Target',
          kind: 'one',
          options: [
            { value: 'rf4-d', label: 'D Coy at 0515: kill 25%, suppress 30%', loc: '0515' },
            { value: 'rf4-c', label: 'C Coy at 1610: kill 5%, suppress 20%', loc: NIMY },
          ],
        },
      ],
    };
    const picked = purposefulPlayer([fire], 'german', state, () => 0);
    expect(picked.params[0]!.kind === 'one' && picked.params[0]!.options.map((o) => o.value)).toEqual([
      'rf4-c',
    ]);
  });

  it("the search's move ordering puts fire before the order's many moves, and the attacker's moves nearest an objective first", () => {
    // A German company ordered two hexes from Nimy, with a British company in sight on it: one
    // target against a few dozen hexes to move to.
    const from = grid.neighbors(nextToNimy[0]!).find((h) => grid.distance(h, NIMY) === 2)!;
    const state = activeWith(lab({ 'rf4-c': NIMY, 'i84-1': from }, { side: 'german' }), 'i84-1', 2);
    const choices = game.choices(state, 'german');
    const actions = everyAction(choices);
    const moves = actions.filter((a) => a.type === 'move');
    expect(moves.length).toBeGreaterThan(6);
    expect(actions.some((a) => a.type === 'fire' && a.target === 'rf4-c')).toBe(true);
    // Given moves first, as a shuffle might leave them.
    const ordered = orderWfActions(state, 'german', [...moves, ...actions.filter((a) => a.type !== 'move')]);
    expect(ordered[0]).toMatchObject({ type: 'fire', target: 'rf4-c' });
    const firstMove = ordered.find((a) => a.type === 'move')!;
    const best = Math.min(...moves.map((m) => grid.distance(String(m.to), NIMY)));
    expect(grid.distance(String(firstMove.to), NIMY)).toBe(best);
    // The defender holding Nimy ranks shooting above walking away from it.
    const british = activeWith(lab({ 'rf4-c': NIMY, 'i84-1': from }, { side: 'british' }), 'rf4-c', 2);
    const theirs = everyAction(game.choices(british, 'british'));
    expect(orderWfActions(british, 'british', theirs)[0]).toMatchObject({ type: 'fire', target: 'i84-1' });
  });
});
