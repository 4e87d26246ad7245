import { type Action, pickAction, rngFromSeed, rollInPlace } from '@salient/engine';
import { describe, expect, it } from 'vitest';
import { hurriedPlayer } from '../src/bot.ts';
import { loosBotKnowledge } from '../src/botKnowledge.ts';
import { loos } from '../src/index.ts';

describe('the search bot’s knowledge of Loos (issue 24)', () => {
  it('never searches a stack swap (18.2) while anything else may be done: free and changing nothing it scores, it was taken again and again', () => {
    const rng = rngFromSeed('swap');
    const pick = (n: number) => rollInPlace(rng, n) - 1;
    let state = loos.setup('loos-1915', {}, 'swap');
    let checked = 0;
    for (let i = 0; i < 3_000 && loos.outcome(state) === null && checked < 3; i++) {
      const seat = loos.status(state).toAct[0]!;
      const choices = loos.choices(state, seat);
      if (choices.some((c) => c.action === 'swapStack') && choices.some((c) => c.action !== 'swapStack')) {
        const actions: Action[] = choices.map((c) => pickAction(c, () => 0));
        const ordered = loosBotKnowledge.order!(state, seat, actions);
        expect(ordered.some((a) => a.type === 'swapStack')).toBe(false);
        expect(ordered.length).toBe(actions.filter((a) => a.type !== 'swapStack').length);
        checked++;
      }
      const result = loos.apply(state, seat, pickAction(hurriedPlayer(choices, seat, state, pick), pick));
      if (!result.ok) throw new Error(result.error.message);
      state = result.state;
    }
    expect(checked).toBe(3);
  });
});
