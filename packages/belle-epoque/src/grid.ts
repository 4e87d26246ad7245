import { HexGrid, type HexId, type LineStep } from '@salient/engine';

/** Every Belle Epoque scenario is played on the Encounter board: 13 sectors wide, 9 deep. */
export const COLUMNS = 13;
export const ROWS = 9;

export const grid = new HexGrid({ columns: COLUMNS, rows: ROWS, downColumns: 'even' });

const lineCache = new Map<string, LineStep[]>();
const byCube = new Map<string, HexId>(grid.ids.map((id) => [`${grid.cube(id).q},${grid.cube(id).r}`, id]));

function roundToSector(q: number, r: number): HexId | undefined {
  const s = -q - r;
  let rq = Math.round(q);
  let rr = Math.round(r);
  const rs = Math.round(s);
  const dq = Math.abs(rq - q);
  const dr = Math.abs(rr - r);
  const ds = Math.abs(rs - s);
  if (dq > dr && dq > ds) rq = -rr - rs;
  else if (dr > ds) rr = -rq - rs;
  return byCube.get(`${rq},${rr}`);
}

/**
 * The sectors a line between two centres crosses, ends included; a step holds two sectors where the
 * line runs along their common side. Unlike HexGrid.line, a line along the board's edge keeps only
 * the sector that is on the board instead of failing.
 */
function computeLine(a: HexId, b: HexId): LineStep[] {
  const from = grid.cube(a);
  const to = grid.cube(b);
  const n = grid.distance(a, b);
  const steps: LineStep[] = [[a]];
  for (let i = 1; i < n; i++) {
    const t = i / n;
    const q = from.q + (to.q - from.q) * t;
    const r = from.r + (to.r - from.r) * t;
    const left = roundToSector(q + 1e-6, r + 2e-6);
    const right = roundToSector(q - 1e-6, r - 2e-6);
    if (left !== undefined && right !== undefined && left !== right) steps.push([left, right]);
    else steps.push([(left ?? right)!]);
  }
  if (n > 0) steps.push([b]);
  return steps;
}

/** Lines between sector centres never change, so each is computed once per process. */
export function lineBetween(a: HexId, b: HexId): LineStep[] {
  const key = a + b;
  let line = lineCache.get(key);
  if (!line) {
    line = computeLine(a, b);
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
