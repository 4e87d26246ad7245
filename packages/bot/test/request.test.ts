import { findGame, games } from '@salient/games';
import { describe, expect, it } from 'vitest';
import { answer } from '../src/index.ts';

/** The plain-JSON request a server posts to a worker thread, and the answer that never throws. */
describe('answering a bot request', () => {
  it('gives an action apply accepts, and an error for a request that cannot be answered', {
    timeout: 60_000,
  }, () => {
    const game = games.loos!;
    const state = game.setup('loos-1915', {}, 'request');
    const seat = game.status(state).toAct[0]!;
    const view = game.view(state, seat);
    const reply = answer(
      JSON.parse(JSON.stringify({ game: 'loos', view, seat, level: 'easy', seed: 'r' })),
      findGame,
    );
    expect(reply.ok).toBe(true);
    if (reply.ok) expect(game.apply(state, seat, reply.action).ok).toBe(true);
    expect(answer({ game: 'chess', view: {}, seat, level: 'easy', seed: 'r' }, findGame)).toEqual({
      ok: false,
      error: 'no game chess',
    });
    expect(answer({ game: 'loos', view, seat, level: 'expert' as never, seed: 'r' }, findGame).ok).toBe(
      false,
    );
    const other = seat === 'british' ? 'german' : 'british';
    expect(answer({ game: 'loos', view, seat: other, level: 'easy', seed: 'r' }, findGame)).toEqual({
      ok: false,
      error: `${other} has nothing to decide now`,
    });
  });
});
