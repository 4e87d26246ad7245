import { describe, expect, it } from 'vitest';
import { findGame, games } from '../src/index.ts';
import { lazyGameIds, loadGame } from '../src/lazy.ts';

describe('games loaded on demand (the web client splits each game into a file of its own)', () => {
  it('offers exactly the games the server hosts', () => {
    expect([...lazyGameIds].sort()).toEqual(Object.keys(games).sort());
  });

  it('loads each game as the very module the server uses', async () => {
    for (const id of Object.keys(games)) {
      const game = await loadGame(id);
      expect(game?.id).toBe(id);
      expect(game).toBe(findGame(id));
    }
  });

  it('answers undefined for an id it does not know, inherited property names included', async () => {
    for (const id of ['chess', '', 'constructor', '__proto__', 'toString', 'hasOwnProperty'])
      expect(await loadGame(id)).toBeUndefined();
  });
});
