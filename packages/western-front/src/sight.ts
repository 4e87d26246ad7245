import { cubeRound, type HexId } from '@salient/engine';
import { COLUMNS, grid, ROWS } from './grid.ts';
import { TERRAIN } from './tables.ts';
import type { Readable } from './types.ts';

/**
 * Line of sight on hexes: the line between hex centres is blocked by any hex strictly between the
 * two ends whose terrain blocks sight (woods, built-up areas, strongpoints, a crest). Where the line
 * runs along a hexside it is blocked only if the hexes on both sides block it. The ends never block:
 * a stand at the edge of a wood sees out and is seen. Stands never block: fire passes over and
 * between them. Trenches and breastworks do not block; they give cover to those inside.
 *
 * The hexes are those of the engine's `HexGrid.line` (the same rounding, nudged to both sides of a
 * hexside), worked out here on numbers, not hex ids: a new observer looks down every line of the
 * table at once, and this keeps that to well under a millisecond.
 */
export function canSee(state: Readable, from: HexId, to: HexId): boolean {
  const blocks = blockersOf(state.terrain);
  const a = grid.cube(from);
  const b = grid.cube(to);
  const n = grid.distance(from, to);
  for (let i = 1; i < n; i++) {
    const t = i / n;
    const q = a.q + (b.q - a.q) * t;
    const r = a.r + (b.r - a.r) * t;
    // Off the table counts as blocking: along the edge only the hex on the table decides.
    if (blocks[cellOf(q + 1e-6, r + 2e-6)] === 1 && blocks[cellOf(q - 1e-6, r - 2e-6)] === 1) return false;
  }
  return true;
}

/** Cube r runs from -(COLUMNS / 2) to ROWS; the table of cells leaves a margin all round. */
const R_OFFSET = COLUMNS;
const R_SPAN = ROWS + 2 * COLUMNS;
const Q_SPAN = COLUMNS + 2;

/** The cell of the hex a fractional cube point rounds to, as `HexGrid` rounds it. */
function cellOf(q: number, r: number): number {
  const c = cubeRound(q, r);
  return (c.q + 1) * R_SPAN + c.r + R_OFFSET;
}

/** 1 where a hex blocks sight or is off the table, 0 where sight passes; one table per terrain. */
const blockers = new WeakMap<object, Uint8Array>();

function blockersOf(terrain: Readable['terrain']): Uint8Array {
  let cells = blockers.get(terrain);
  if (!cells) {
    cells = new Uint8Array((Q_SPAN + 1) * R_SPAN).fill(1);
    for (const hex of grid.ids) {
      const c = grid.cube(hex);
      cells[(c.q + 1) * R_SPAN + c.r + R_OFFSET] = TERRAIN[terrain[hex] ?? 'open'].blocksSight ? 1 : 0;
    }
    blockers.set(terrain, cells);
  }
  return cells;
}
