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

  it('searches the historical set-up (11.2, 11.6) only while it would change the placement; once it stands, finishing', () => {
    const order = (state: ReturnType<typeof loos.setup>, seat: 'german' | 'british') =>
      loosBotKnowledge.order!(
        state,
        seat,
        loos.choices(state, seat).map((c) => pickAction(c, () => 0)),
      ).map((a) => a.type);
    const start = loos.setup('loos-1915', {}, 'standard');
    expect(order(start, 'german')).toEqual(['deployStandard']);
    const taken = loos.apply(start, 'german', { type: 'deployStandard' });
    if (!taken.ok) throw new Error(taken.error.message);
    // Still offered to a person (the rules accept it again, changing nothing), never searched again.
    expect(loos.choices(taken.state, 'german').some((c) => c.action === 'deployStandard')).toBe(true);
    expect(order(taken.state, 'german')).toEqual(['endDeployment']);
  });
});
