import type { Topology } from './topology.ts';

/**
 * Hex grids as the rule books number them: flat-topped hexes in vertical columns, each id the
 * two-digit column then the two-digit row ("0110" is column 1, row 10). Every other column sits half
 * a hex lower; `downColumns` says which, counting columns from 1.
 */
export type HexId = string;

export interface HexGridSpec {
  columns: number;
  rows: number;
  downColumns: 'even' | 'odd';
}

export interface Cube {
  q: number;
  r: number;
  s: number;
}

export function hexId(column: number, row: number): HexId {
  return `${String(column).padStart(2, '0')}${String(row).padStart(2, '0')}`;
}

const HEX_ID = /^(\d{2})(\d{2})$/;

export function parseHexId(id: string): { column: number; row: number } | null {
  const m = HEX_ID.exec(id);
  if (!m) return null;
  return { column: Number(m[1]), row: Number(m[2]) };
}

/** One step of a line between hex centres: one hex, or two when the line runs along their hexside. */
export type LineStep = readonly [HexId] | readonly [HexId, HexId];

export class HexGrid implements Topology {
  readonly kind = 'hex' as const;
  readonly ids: readonly HexId[];
  private readonly adjacency = new Map<HexId, readonly HexId[]>();
  private readonly cubes = new Map<HexId, Cube>();
  private readonly rings = new Map<string, readonly HexId[]>();

  constructor(readonly spec: HexGridSpec) {
    const ids: HexId[] = [];
    for (let c = 1; c <= spec.columns; c++) {
      for (let r = 1; r <= spec.rows; r++) {
        const id = hexId(c, r);
        ids.push(id);
        this.cubes.set(id, this.offsetToCube(c, r));
      }
    }
    this.ids = ids;
    for (const id of ids) {
      const { q, r } = this.cubes.get(id)!;
      const around: HexId[] = [];
      for (const [dq, dr] of AXIAL_DIRECTIONS) {
        const n = this.idAt(q + dq, r + dr);
        if (n !== null) around.push(n);
      }
      this.adjacency.set(id, around);
    }
  }

  has(id: string): boolean {
    return this.adjacency.has(id);
  }

  neighbors(id: string): readonly HexId[] {
    return this.adjacency.get(id) ?? [];
  }

  adjacent(a: string, b: string): boolean {
    return this.distance(a, b) === 1;
  }

  cube(id: HexId): Cube {
    const cube = this.cubes.get(id);
    if (!cube) throw new Error(`hex ${id} is not on this grid`);
    return cube;
  }

  distance(a: HexId, b: HexId): number {
    const x = this.cube(a);
    const y = this.cube(b);
    return Math.max(Math.abs(x.q - y.q), Math.abs(x.r - y.r), Math.abs(x.s - y.s));
  }

  /** The neighbour of `id` in direction 0-5 (0 north, then clockwise), or null off the grid. */
  toward(id: HexId, direction: number): HexId | null {
    const { q, r } = this.cube(id);
    const [dq, dr] = AXIAL_DIRECTIONS[((direction % 6) + 6) % 6]!;
    return this.idAt(q + dq, r + dr);
  }

  /**
   * The hexes within `range` of `id`, nearest first (ties by id), `id` itself included. Computed once
   * per grid, hex and range, and shared: read-only, so a caller copies it to hand it on.
   */
  within(id: HexId, range: number): readonly HexId[] {
    const key = `${id}:${range}`;
    let found = this.rings.get(key);
    if (!found) {
      found = this.ids
        .filter((other) => this.distance(id, other) <= range)
        .sort((x, y) => this.distance(id, x) - this.distance(id, y) || (x < y ? -1 : 1));
      this.rings.set(key, found);
    }
    return found;
  }

  /**
   * The hexes a straight line from centre to centre passes through, the end hexes included. Where the
   * line runs exactly along a hexside the step holds both hexes, so line-of-sight rules can treat
   * hexside lines as they say.
   */
  line(a: HexId, b: HexId): LineStep[] {
    const from = this.cube(a);
    const to = this.cube(b);
    const n = this.distance(a, b);
    const steps: LineStep[] = [[a]];
    for (let i = 1; i < n; i++) {
      const t = i / n;
      const q = from.q + (to.q - from.q) * t;
      const r = from.r + (to.r - from.r) * t;
      const left = this.roundToId(q + 1e-6, r + 2e-6);
      const right = this.roundToId(q - 1e-6, r - 2e-6);
      // Along the map edge one of the two hexes beside the hexside is off the map.
      if (left === null || right === null || left === right) {
        const only = left ?? right;
        if (only === null) throw new Error(`no hex on the line from ${a} to ${b}`);
        steps.push([only]);
      } else steps.push([left, right]);
    }
    if (n > 0) steps.push([b]);
    return steps;
  }

  /** The hex at axial coordinates (q, r), or null off the grid. */
  idAt(q: number, r: number): HexId | null {
    const column = q + 1;
    const row = r + this.drift(q) + 1;
    if (column < 1 || column > this.spec.columns || row < 1 || row > this.spec.rows) return null;
    return hexId(column, row);
  }

  /** Centre of a hex in board units, for a hex of circumradius `size`. */
  center(id: HexId, size = 1): { x: number; y: number } {
    const { column, row } = parseHexId(id)!;
    const down = this.isDownColumn(column) ? 0.5 : 0;
    return { x: size * 1.5 * (column - 1), y: size * Math.sqrt(3) * (row - 1 + down) };
  }

  private isDownColumn(column: number): boolean {
    return (column % 2 === 0) === (this.spec.downColumns === 'even');
  }

  /** Columns (zero-based q) whose hexes drop half a hex, as a 0/1 shift used by both conversions. */
  private drift(q: number): number {
    // 1-based even columns down is "odd-q" in zero-based terms; odd columns down is "even-q".
    return this.spec.downColumns === 'even' ? (q - (q & 1)) / 2 : (q + (q & 1)) / 2;
  }

  private offsetToCube(column: number, row: number): Cube {
    const q = column - 1;
    const r = row - 1 - this.drift(q);
    return { q, r, s: -q - r };
  }

  private roundToId(q: number, r: number): HexId | null {
    const c = cubeRound(q, r);
    return this.idAt(c.q, c.r);
  }
}

/** The six neighbours' offsets, from north clockwise. */
const AXIAL_DIRECTIONS: ReadonlyArray<readonly [number, number]> = [
  [0, -1],
  [1, -1],
  [1, 0],
  [0, 1],
  [-1, 1],
  [-1, 0],
];

/**
 * The hex a fractional cube point lies in: each coordinate rounded, and the one that moved most
 * recomputed from the other two so that q + r + s stays 0.
 */
export function cubeRound(q: number, r: number): Cube {
  const s = -q - r;
  let rq = Math.round(q);
  let rr = Math.round(r);
  const rs = Math.round(s);
  const dq = Math.abs(rq - q);
  const dr = Math.abs(rr - r);
  const ds = Math.abs(rs - s);
  if (dq > dr && dq > ds) rq = -rr - rs;
  else if (dr > ds) rr = -rq - rs;
  return { q: rq, r: rr, s: -rq - rr };
}
