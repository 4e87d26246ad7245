import type { Choice } from '@salient/engine';
import { describe, expect, it } from 'vitest';
import { purposefulPlayer } from '../src/bot.ts';
import { attackerChance } from '../src/botKnowledge.ts';
import { grid } from '../src/grid.ts';
import { lab, stand } from './helpers.ts';

/** Nimy (1610), 2 of the 5 objective points the Germans need at Mons. */
const NIMY = '1610';
const nextToNimy = grid.neighbors(NIMY).filter((h) => h !== '1609');

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
});
