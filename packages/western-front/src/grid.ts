import { cubeRound, HexGrid, type HexId } from '@salient/engine';

/** Both scenarios are played on a 120 x 90 cm table: 24 hexes wide, 18 deep. */
export const COLUMNS = 24;
export const ROWS = 18;

export const grid = new HexGrid({ columns: COLUMNS, rows: ROWS, downColumns: 'even' });

const byCube = new Map<string, HexId>();
for (const id of grid.ids) {
  const c = grid.cube(id);
  byCube.set(`${c.q},${c.r}`, id);
}

export function idOfCube(c: { q: number; r: number }): HexId | null {
  return byCube.get(`${c.q},${c.r}`) ?? null;
}

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
    const id = idOfCube(c);
    if (id === null) break;
    if (id !== target && !out.includes(id)) out.push(id);
  }
  return out;
}

/** The neighbour of `hex` in direction 0-5 (0 north, then clockwise), or null off the map. */
export function neighbourToward(hex: HexId, direction: number): HexId | null {
  const DIRS: ReadonlyArray<readonly [number, number]> = [
    [0, -1],
    [1, -1],
    [1, 0],
    [0, 1],
    [-1, 1],
    [-1, 0],
  ];
  const c = grid.cube(hex);
  const [dq, dr] = DIRS[((direction % 6) + 6) % 6]!;
  return idOfCube({ q: c.q + dq, r: c.r + dr });
}

const rings = new Map<string, HexId[]>();

/** Hexes within `range` of a hex, nearest first (ties by id), the hex itself included. */
export function hexesWithinRange(hex: HexId, range: number): HexId[] {
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

export function rowOf(hex: HexId): number {
  return Number(hex.slice(2));
}
