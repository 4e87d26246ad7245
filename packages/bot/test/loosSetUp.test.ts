import { findGame } from '@salient/games';
import { describe, expect, it } from 'vitest';
import { decide } from '../src/index.ts';

describe('the bot at the Loos set-up (issue 24)', () => {
  it('takes the historical set-up and then finishes, for each side, never moving a unit off it', () => {
    const game = findGame('loos')!;
    let state = game.setup('loos-1915', {}, 'set-up');
    const taken: string[] = [];
    for (let n = 0; n < 4; n++) {
      const seat = game.status(state).toAct[0]!;
      const { action } = decide(game, game.view(state, seat), seat, { level: 'easy', seed: `set-up-${n}` });
      taken.push(`${seat} ${action.type}`);
      const result = game.apply(state, seat, action);
      if (!result.ok) throw new Error(result.error.message);
      state = result.state;
    }
    expect(taken).toEqual([
      'german deployStandard',
      'german endDeployment',
      'british deployStandard',
      'british endDeployment',
    ]);
  });
});
