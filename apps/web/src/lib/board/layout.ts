import { type BoardSpec, GraphTopology, HexGrid, type Topology } from '@salient/engine';

export interface Point {
  x: number;
  y: number;
}

export interface Bounds {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

/** A segment between two points, for hexsides and connections. */
export interface Segment {
  a: Point;
  b: Point;
}

/**
 * How a map's locations sit on the drawing plane. The board component draws through this interface
 * only, so a point-to-point map is one more implementation rather than a second board.
 */
export interface BoardLayout {
  readonly kind: 'hex' | 'graph';
  readonly topology: Topology;
  /** Size of one location in board units: a hex's circumradius, or a space's radius. */
  readonly cellSize: number;
  readonly bounds: Bounds;
  center(id: string): Point;
  /** SVG path data outlining a location. */
  outline(id: string): string;
  /** The location under a board point, or null when the point is off the map. */
  locAt(p: Point): string | null;
}

export const HEX_SIZE = 40;
const SQRT3 = Math.sqrt(3);

/** Corners of a flat-topped hex, clockwise from the east corner. */
export function hexCorners(c: Point, size: number): Point[] {
  const corners: Point[] = [];
  for (let i = 0; i < 6; i++) {
    const angle = (Math.PI / 3) * i;
    corners.push({ x: c.x + size * Math.cos(angle), y: c.y + size * Math.sin(angle) });
  }
  return corners;
}

function polygonPath(points: Point[]): string {
  return `M${points.map((p) => `${round2(p.x)},${round2(p.y)}`).join('L')}Z`;
}

function round2(n: number): number {
  return Math.round(n * 100) / 100;
}

export class HexLayout implements BoardLayout {
  readonly kind = 'hex' as const;
  readonly bounds: Bounds;

  constructor(
    readonly topology: HexGrid,
    readonly cellSize = HEX_SIZE,
  ) {
    const { columns, rows } = topology.spec;
    // Every column may be shifted down by half a hex, so the bottom edge allows for it.
    this.bounds = {
      minX: -cellSize,
      minY: (-SQRT3 / 2) * cellSize,
      maxX: 1.5 * cellSize * (columns - 1) + cellSize,
      maxY: SQRT3 * cellSize * (rows - 1 + 0.5) + (SQRT3 / 2) * cellSize,
    };
  }

  center(id: string): Point {
    return this.topology.center(id, this.cellSize);
  }

  outline(id: string): string {
    return polygonPath(hexCorners(this.center(id), this.cellSize));
  }

  /**
   * A point lies in the hex whose centre is nearest to it, so it is enough to compare the centres of
   * the few lattice positions around the estimated column and row, on or off the grid.
   */
  locAt(p: Point): string | null {
    const size = this.cellSize;
    const column = Math.round(p.x / (1.5 * size)) + 1;
    let best: { column: number; row: number; d: number } | null = null;
    for (let c = column - 1; c <= column + 1; c++) {
      const down = this.isDownColumn(c) ? 0.5 : 0;
      const row = Math.round(p.y / (SQRT3 * size) - down) + 1;
      for (let r = row - 1; r <= row + 1; r++) {
        const cx = 1.5 * size * (c - 1);
        const cy = SQRT3 * size * (r - 1 + down);
        const d = (p.x - cx) ** 2 + (p.y - cy) ** 2;
        if (best === null || d < best.d) best = { column: c, row: r, d };
      }
    }
    if (best === null || best.column < 1 || best.row < 1) return null;
    if (best.column > this.topology.spec.columns || best.row > this.topology.spec.rows) return null;
    return `${String(best.column).padStart(2, '0')}${String(best.row).padStart(2, '0')}`;
  }

  /** The hexside two neighbouring hexes share, or null when they are not neighbours. */
  hexside(a: string, b: string): Segment | null {
    if (!this.topology.adjacent(a, b)) return null;
    const ca = this.center(a);
    const cb = this.center(b);
    const mid = { x: (ca.x + cb.x) / 2, y: (ca.y + cb.y) / 2 };
    const len = Math.hypot(cb.x - ca.x, cb.y - ca.y);
    // The shared side is perpendicular to the line between centres and as long as the circumradius.
    const half = this.cellSize / 2;
    const nx = -(cb.y - ca.y) / len;
    const ny = (cb.x - ca.x) / len;
    return {
      a: { x: mid.x + nx * half, y: mid.y + ny * half },
      b: { x: mid.x - nx * half, y: mid.y - ny * half },
    };
  }

  private isDownColumn(column: number): boolean {
    return (column % 2 === 0) === (this.topology.spec.downColumns === 'even');
  }
}

export const GRAPH_NODE_RADIUS = 22;

/**
 * Point-to-point maps: each space a circle at its drawn position, or the box the map gives it (a
 * node with a width and height), its name printed over it.
 */
export class GraphLayout implements BoardLayout {
  readonly kind = 'graph' as const;
  readonly bounds: Bounds;
  private readonly positions = new Map<string, Point>();
  private readonly boxes = new Map<string, { w: number; h: number }>();
  readonly labels = new Map<string, string>();

  constructor(
    readonly topology: GraphTopology,
    readonly cellSize = GRAPH_NODE_RADIUS,
  ) {
    for (const n of topology.spec.nodes) {
      this.positions.set(n.id, { x: n.x, y: n.y });
      if (n.w !== undefined && n.h !== undefined) this.boxes.set(n.id, { w: n.w, h: n.h });
      if (n.label !== undefined) this.labels.set(n.id, n.label);
    }
    const xs = topology.spec.nodes.map((n) => n.x);
    const ys = topology.spec.nodes.map((n) => n.y);
    const pad = cellSize * 2;
    this.bounds = {
      minX: Math.min(0, ...xs) - pad,
      minY: Math.min(0, ...ys) - pad,
      maxX: Math.max(0, ...xs) + pad,
      maxY: Math.max(0, ...ys) + pad,
    };
  }

  center(id: string): Point {
    const p = this.positions.get(id);
    if (!p) throw new Error(`space ${id} is not on this map`);
    return p;
  }

  /** The space's box, when the map gives one. */
  box(id: string): { w: number; h: number } | undefined {
    return this.boxes.get(id);
  }

  outline(id: string): string {
    const { x, y } = this.center(id);
    const box = this.boxes.get(id);
    if (box) return `M${x - box.w / 2},${y - box.h / 2}h${box.w}v${box.h}h${-box.w}Z`;
    const r = this.cellSize;
    return `M${x - r},${y}a${r},${r} 0 1,0 ${2 * r},0a${r},${r} 0 1,0 ${-2 * r},0Z`;
  }

  locAt(p: Point): string | null {
    let best: { id: string; d: number } | null = null;
    for (const [id, c] of this.positions) {
      const d = Math.hypot(p.x - c.x, p.y - c.y);
      const box = this.boxes.get(id);
      const inside = box
        ? Math.abs(p.x - c.x) <= box.w / 2 && Math.abs(p.y - c.y) <= box.h / 2
        : d <= this.cellSize;
      if (inside && (best === null || d < best.d)) best = { id, d };
    }
    return best?.id ?? null;
  }

  edges(): (Segment & { kind: string })[] {
    return this.topology.spec.edges.map((e) => ({
      a: this.center(e.a),
      b: this.center(e.b),
      kind: e.kind ?? 'normal',
    }));
  }
}

export function layoutFor(spec: BoardSpec): HexLayout | GraphLayout {
  return spec.topology.kind === 'hex'
    ? new HexLayout(new HexGrid(spec.topology.grid))
    : new GraphLayout(new GraphTopology(spec.topology.graph));
}

/**
 * The neighbour that lies most nearly in a screen direction, for arrow-key navigation. Works for
 * any topology because it only compares the directions to the neighbours' centres.
 */
export function neighbourToward(layout: BoardLayout, from: string, dx: number, dy: number): string | null {
  const c = layout.center(from);
  let best: { id: string; score: number } | null = null;
  for (const n of layout.topology.neighbors(from)) {
    const p = layout.center(n);
    const vx = p.x - c.x;
    const vy = p.y - c.y;
    const score = (vx * dx + vy * dy) / (Math.hypot(vx, vy) * Math.hypot(dx, dy));
    // Only neighbours within 60 degrees or so of the asked direction count.
    if (score > 0.49 && (best === null || score > best.score)) best = { id: n, score };
  }
  return best?.id ?? null;
}

/** The centre of a set of locations, where a region's name is written. */
export function centroid(layout: BoardLayout, ids: readonly string[]): Point | null {
  const known = ids.filter((id) => layout.topology.has(id));
  if (known.length === 0) return null;
  const sum = known.reduce(
    (acc, id) => {
      const p = layout.center(id);
      return { x: acc.x + p.x, y: acc.y + p.y };
    },
    { x: 0, y: 0 },
  );
  return { x: sum.x / known.length, y: sum.y / known.length };
}
