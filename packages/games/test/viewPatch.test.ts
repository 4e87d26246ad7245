import {
  applyJsonPatch,
  diffJson,
  type GameModule,
  type Json,
  type JsonPatch,
  jsonEqual,
  randomPlayout,
} from '@salient/engine';
import { describe, expect, it } from 'vitest';
import { games } from '../src/index.ts';

/** The value at a patch path, or undefined when the path is not in the value. */
function at(value: Json, path: (string | number)[]): Json | undefined {
  let v: Json | undefined = value;
  for (const key of path) {
    if (typeof v !== 'object' || v === null) return undefined;
    v = (v as Record<string | number, Json>)[key];
  }
  return v;
}

/** Every value a patch carries is the recipient's own new view at that place: nothing else travels. */
function carriesOnlyTheNewView(patch: JsonPatch, next: Json): boolean {
  return patch.every((op) => !('v' in op) || jsonEqual(at(next, op.p) ?? null, op.v));
}

describe('view patches: the pushes after the first full view (issue 14, small pushes)', () => {
  for (const game of Object.values(games) as GameModule<object, object>[]) {
    for (const scenario of game.scenarios) {
      const recipients: (string | null)[] = [...scenario.seats.map((s) => s.id), null];
      it(`${game.id} / ${scenario.id}: the previous view plus the patch is the new view, for every seat and spectators, at every step of a seeded random game`, () => {
        let previous = game.setup(scenario.id, {}, `patch-${scenario.id}`);
        let steps = 0;
        randomPlayout(game, scenario.id, `patch-${scenario.id}`, 'patch-bot', {
          afterAction: (state) => {
            for (const seat of recipients) {
              const before = game.view(previous, seat) as Json;
              const after = game.view(state, seat) as Json;
              // What the wire carries: the patch as JSON text.
              const patch = JSON.parse(JSON.stringify(diffJson(before, after))) as JsonPatch;
              expect(jsonEqual(applyJsonPatch(before, patch), after)).toBe(true);
              expect(carriesOnlyTheNewView(patch, after)).toBe(true);
            }
            previous = state;
            steps++;
          },
        });
        expect(steps).toBeGreaterThan(10);
        // One seeded game each: bounded by the seed count, the limit only guards against a hang.
      }, 60_000);
    }
  }
});
