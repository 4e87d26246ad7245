import type { HexId } from '@salient/engine';
import { lineBetween } from './grid.ts';
import { terrainAt } from './stands.ts';
import type { Readable } from './types.ts';

/**
 * Line of sight on hexes: the line between hex centres is blocked by any hex strictly between the
 * two ends whose terrain blocks sight (woods, built-up areas, strongpoints, a crest). Where the line
 * runs along a hexside it is blocked only if the hexes on both sides block it. The ends never block:
 * a stand at the edge of a wood sees out and is seen. Stands never block: fire passes over and
 * between them. Trenches and breastworks do not block; they give cover to those inside.
 */
export function canSee(state: Readable, from: HexId, to: HexId): boolean {
  const steps = lineBetween(from, to);
  for (let i = 1; i < steps.length - 1; i++) {
    const step = steps[i]!;
    if (step.every((hex) => terrainAt(state, hex).blocksSight)) return false;
  }
  return true;
}
