import { type GameModule, pickAction, randomPlayout, rngFromSeed, rollInPlace } from '@salient/engine';
import { describe, expect, it } from 'vitest';
import { games } from '../src/index.ts';

/**
 * A game's view shares its board with the state (a state is never changed once made, so nothing is
 * copied for every recipient of every step). That holds only while nothing that reads a view
 * writes to it: here every view of every step is read as a client reads it (choices, previews,
 * the board's presentation, the selection overlay for each piece) and the state must come out
 * byte for byte as it went in.
 */
describe('views are read, never written (issue 14: views share the state instead of copying it)', () => {
  for (const game of Object.values(games) as GameModule<object, object>[]) {
    for (const scenario of game.scenarios) {
      const recipients: (string | null)[] = [...scenario.seats.map((s) => s.id), null];
      it(`${game.id} / ${scenario.id}: reading every view of a seeded random game leaves each state as it was`, () => {
        const rng = rngFromSeed(`read-${scenario.id}`);
        const pick = (n: number) => rollInPlace(rng, n) - 1;
        let steps = 0;
        randomPlayout(game, scenario.id, `read-${scenario.id}`, 'read-bot', {
          afterAction: (state) => {
            // The first 300 steps of each game: bounded by the seed, whatever the game's length.
            if (steps >= 300) return;
            // Every tenth step in full (previews and overlays are the costly part), the view alone otherwise.
            const thorough = steps % 10 === 0;
            const before = JSON.stringify(state);
            for (const seat of recipients) {
              const view = game.view(state, seat);
              const presented = game.present(view, seat);
              if (!thorough) continue;
              if (seat !== null) {
                for (const choice of game.choices(view, seat).slice(0, 8))
                  game.preview?.(view, seat, pickAction(choice, pick));
              }
              for (const piece of presented.pieces.slice(0, 12))
                game.inspect?.(view, seat, { piece: piece.id, draft: null, loc: piece.loc });
            }
            expect(JSON.stringify(state)).toBe(before);
            steps++;
          },
        });
        expect(steps).toBeGreaterThan(10);
      }, 120_000);
    }
  }
});
