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
