import type { GameModule } from '@salient/engine';
import { games } from '@salient/games';
import { describe, expect, it } from 'vitest';
import { decide } from '../src/index.ts';
import { positionsOfGame } from './positions.ts';

/**
 * A game's `bot.maxDepth` (engine BotKnowledge) caps the playouts at every level. One iteration of
 * the search applies one action to expand the tree and then plays out: counting the applies of one
 * iteration counts the playout.
 */
describe("a game's playout depth cap", () => {
  const wf = games['western-front']!;
  const position = positionsOfGame(wf, 'neuve-chapelle-1915', 'depth-1').find(
    (p) =>
      p.seat === (p.state as { victory: { attacker: string } }).victory.attacker &&
      wf.choices(p.state, p.seat).length > 1,
  )!;

  function appliesInOneIteration(game: GameModule): number {
    let applies = 0;
    const counted: GameModule = {
      ...game,
      apply: (state, seat, action) => {
        applies++;
        return game.apply(state, seat, action);
      },
    };
    decide(counted, game.view(position.state, position.seat), position.seat, {
      level: 'hard',
      seed: 'depth',
      budget: { iterations: 1, maxMs: Number.POSITIVE_INFINITY },
    });
    return applies;
  }

  it('Western Front: its maxDepth of 2 holds the hard level (24) to one action to expand and two of playout', () => {
    expect(wf.bot?.maxDepth).toBe(2);
    expect(appliesInOneIteration(wf)).toBe(3);
    // Without the cap the same search plays on for the level's 24 actions.
    const uncapped = { ...wf, bot: { ...wf.bot, maxDepth: undefined } };
    expect(appliesInOneIteration(uncapped)).toBe(25);
  });
});
