import { games } from '@salient/games';
import { describe, expect, it } from 'vitest';
import { decide } from '../src/index.ts';
import { positionsOfGame } from './positions.ts';

/**
 * Issue 24, must show: over random positions of every game, scenario and phase (set-up, combat,
 * card play, retreats, reactions, as each game has them), the bot always answers with an action
 * that apply accepts. Bounded by a count of seeded games, with a small search budget so the package
 * stays fast; the search code is the same at every level.
 */
const GAMES_PER_SCENARIO = 3;

/** Decision kinds each game must have reached, so a test that lost its phases would fail. */
const MUST_COVER: Record<string, string[]> = {
  loos: ['deployment', 'movement', 'combat/declare', 'combat/resolve', 'combat/resolve/retreat-or-deplete'],
  'belle-epoque': ['doctrine', 'pick', 'activation', 'reaction', 'fireLosses', 'fallBack'],
  'paths-of-glory': ['gunsOfAugust', 'action', 'activate', 'move', 'attack', 'losses', 'retreat', 'sr'],
  'western-front': ['orders/battalions', 'orders/support', 'orders/commanders', 'orders/sos'],
};

describe('the bot answers every position with an action apply accepts', () => {
  for (const game of Object.values(games)) {
    const covered = new Set<string>();
    for (const scenario of game.scenarios) {
      it(`${game.id} ${scenario.id}`, { timeout: 120_000 }, () => {
        for (let g = 0; g < GAMES_PER_SCENARIO; g++) {
          for (const [i, position] of positionsOfGame(game, scenario.id, `legal-${g}`).entries()) {
            const { state, seat, kind } = position;
            covered.add(kind);
            const decision = decide(game, game.view(state, seat), seat, {
              seed: `legal-${g}-${i}`,
              budget: { iterations: 8, depth: 4, breadth: 6, maxMs: Number.POSITIVE_INFINITY },
            });
            const result = game.apply(state, seat, decision.action);
            expect(result.ok, `${JSON.stringify(decision.action)} in ${kind}`).toBe(true);
          }
        }
      });
    }
    it(`${game.id}: the positions covered its phases`, () => {
      for (const kind of MUST_COVER[game.id] ?? []) expect([...covered]).toContain(kind);
      expect(covered.size).toBeGreaterThanOrEqual(3);
    });
  }
});
