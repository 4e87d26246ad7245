import { cubeRound, HexGrid, type HexId } from '@salient/engine';

/** Both scenarios are played on a 120 x 90 cm table: 24 hexes wide, 18 deep. */
export const COLUMNS = 24;
export const ROWS = 18;

export const grid = new HexGrid({ columns: COLUMNS, rows: ROWS, downColumns: 'even' });

/**
 * The hexes on the line of fire beyond `target`, up to `extra` hexes further from `firer`, nearest
 * first; the line stops at the map edge. Used for the machine gun's beaten zone.
 */
export function hexesBeyond(firer: HexId, target: HexId, extra: number): HexId[] {
  const a = grid.cube(firer);
  const b = grid.cube(target);
  const d = grid.distance(firer, target);
  if (d === 0) return [];
  const out: HexId[] = [];
  for (let k = 1; k <= extra; k++) {
    const t = (d + k) / d;
    const c = cubeRound(a.q + (b.q - a.q) * t + 1e-6, a.r + (b.r - a.r) * t + 2e-6);
    const id = grid.idAt(c.q, c.r);
    if (id === null) break;
    if (id !== target && !out.includes(id)) out.push(id);
  }
  return out;
}
