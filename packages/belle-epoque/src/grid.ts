import { HexGrid, type HexId, type LineStep } from '@salient/engine';

/** Every Belle Epoque scenario is played on the Encounter board: 13 sectors wide, 9 deep. */
export const COLUMNS = 13;
export const ROWS = 9;

export const grid = new HexGrid({ columns: COLUMNS, rows: ROWS, downColumns: 'even' });

const lineCache = new Map<string, LineStep[]>();

/** Lines between sector centres never change, so each is computed once per process. */
export function lineBetween(a: HexId, b: HexId): LineStep[] {
  const key = a + b;
  let line = lineCache.get(key);
  if (!line) {
    line = grid.line(a, b);
    lineCache.set(key, line);
  }
  return line;
}

const rings = new Map<string, HexId[]>();

/** Sectors within `range` of a sector, nearest first (ties by id), the sector itself included. */
export function sectorsWithin(hex: HexId, range: number): HexId[] {
  const key = `${hex}:${range}`;
  let found = rings.get(key);
  if (!found) {
    found = grid.ids
      .filter((id) => grid.distance(hex, id) <= range)
      .sort((x, y) => grid.distance(hex, x) - grid.distance(hex, y) || (x < y ? -1 : 1));
    rings.set(key, found);
  }
  return found;
}

/** Row of a sector: 1 is the north edge, ROWS the south edge. */
export function rowOf(hex: HexId): number {
  return Number(hex.slice(2));
}
