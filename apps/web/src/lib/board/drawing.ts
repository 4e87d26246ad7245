import type {
  BoardSpec,
  HexsideKind,
  Overlay,
  PiecePresentation,
  PieceStateKind,
  SideStyle,
} from '@salient/engine';
import { type BoardLayout, HexLayout, hexCorners, type Point, type Segment } from './layout.ts';

/**
 * Turns a BoardSpec into the few large SVG paths the board draws: one path per terrain kind instead
 * of one element per hex keeps a map of thousands of hexes light to render.
 */
export function terrainPaths(
  spec: BoardSpec,
  layout: BoardLayout,
  learnt: Record<string, string> = {},
): { kind: string; d: string }[] {
  const first = spec.terrainKinds[0]?.id;
  const byKind = new Map<string, string[]>();
  for (const id of layout.topology.ids) {
    // Terrain learnt during play (a game with hidden terrain) overrides the map's.
    const kind = learnt[id] ?? spec.terrain[id] ?? first;
    if (kind === undefined) continue;
    const list = byKind.get(kind) ?? [];
    list.push(layout.outline(id));
    byKind.set(kind, list);
  }
  return spec.terrainKinds
    .filter((k) => byKind.has(k.id))
    .map((k) => ({ kind: k.id, d: byKind.get(k.id)!.join('') }));
}

export function gridPath(layout: BoardLayout): string {
  return layout.topology.ids.map((id) => layout.outline(id)).join('');
}

export function segmentPath(segments: readonly Segment[]): string {
  return segments.map((s) => `M${r2(s.a.x)},${r2(s.a.y)}L${r2(s.b.x)},${r2(s.b.y)}`).join('');
}

function r2(n: number): number {
  return Math.round(n * 100) / 100;
}

/** A hexside feature as paths: the line itself and, for trench-style sides, the teeth. */
export function hexsidePaths(
  spec: BoardSpec,
  layout: BoardLayout,
): { kind: HexsideKind; line: string; teeth: string; double: string }[] {
  if (!(layout instanceof HexLayout)) return [];
  return spec.hexsideKinds.map((kind) => {
    const segments: Segment[] = [];
    for (const side of spec.hexsides) {
      if (side.kind !== kind.id) continue;
      const seg = layout.hexside(side.a, side.b);
      if (seg) segments.push(seg);
    }
    return {
      kind,
      line: kind.style === 'double' ? '' : segmentPath(segments),
      teeth: kind.style === 'teeth' ? segmentPath(segments.flatMap((s) => teeth(s, kind.width * 2.2))) : '',
      double: kind.style === 'double' ? segmentPath(segments.flatMap((s) => offsets(s, kind.width))) : '',
    };
  });
}

/** Short ticks along a segment, the way maps draw trench lines. */
function teeth(s: Segment, length: number): Segment[] {
  const dx = s.b.x - s.a.x;
  const dy = s.b.y - s.a.y;
  const len = Math.hypot(dx, dy);
  const nx = -dy / len;
  const ny = dx / len;
  const out: Segment[] = [];
  for (const t of [0.2, 0.5, 0.8]) {
    const p = { x: s.a.x + dx * t, y: s.a.y + dy * t };
    out.push({ a: p, b: { x: p.x + nx * length, y: p.y + ny * length } });
  }
  return out;
}

function offsets(s: Segment, gap: number): Segment[] {
  const dx = s.b.x - s.a.x;
  const dy = s.b.y - s.a.y;
  const len = Math.hypot(dx, dy);
  const nx = (-dy / len) * gap;
  const ny = (dx / len) * gap;
  const shift = (k: number): Segment => ({
    a: { x: s.a.x + nx * k, y: s.a.y + ny * k },
    b: { x: s.b.x + nx * k, y: s.b.y + ny * k },
  });
  return [shift(1), shift(-1)];
}

/**
 * The boundary of a set of hexes: every hex edge with a member on one side and a non-member (or the
 * map's edge) on the other. Used to draw contours such as high ground and front lines.
 */
export function outlineOf(layout: BoardLayout, locs: readonly string[]): string {
  const members = new Set(locs);
  if (!(layout instanceof HexLayout)) {
    return locs
      .filter((id) => layout.topology.has(id))
      .map((id) => layout.outline(id))
      .join('');
  }
  const segments: Segment[] = [];
  const size = layout.cellSize;
  for (const id of members) {
    if (!layout.topology.has(id)) continue;
    const c = layout.center(id);
    const corners = hexCorners(c, size);
    for (let k = 0; k < 6; k++) {
      // The neighbour across edge k (corners k and k+1) lies at 30 + 60k degrees from the centre.
      const angle = (Math.PI / 6) * (2 * k + 1);
      const across: Point = {
        x: c.x + Math.sqrt(3) * size * Math.cos(angle),
        y: c.y + Math.sqrt(3) * size * Math.sin(angle),
      };
      const other = layout.locAt(across);
      if (other === null || !members.has(other)) segments.push({ a: corners[k]!, b: corners[(k + 1) % 6]! });
    }
  }
  return segmentPath(segments);
}

export function overlayAreaPath(layout: BoardLayout, overlay: Overlay): string {
  return overlay.locs
    .filter((id) => layout.topology.has(id))
    .map((id) => layout.outline(id))
    .join('');
}

/** Pieces grouped by location, each group ordered front first. */
export function stacks(pieces: readonly PiecePresentation[]): Map<string, PiecePresentation[]> {
  const out = new Map<string, PiecePresentation[]>();
  for (const p of pieces) {
    if (p.loc === null) continue;
    const list = out.get(p.loc) ?? [];
    list.push(p);
    out.set(p.loc, list);
  }
  for (const list of out.values()) list.sort((a, b) => a.stackIndex - b.stackIndex);
  return out;
}

/** Offset of the n-th piece of a stack, so the pieces behind the front one peek out. */
export const STACK_STEP = 4;
export function stackOffset(index: number): Point {
  return { x: index * STACK_STEP, y: -index * STACK_STEP };
}

/**
 * Side colours. Games give their own; this fallback palette (Okabe-Ito blue, vermillion, bluish green,
 * yellow) stays distinct for the common kinds of colour blindness.
 */
export const SAFE_SIDE_COLOURS = ['#0072B2', '#D55E00', '#009E73', '#E69F00'] as const;

export function sideStyle(spec: BoardSpec, seat: string): SideStyle & { index: number } {
  const index = spec.sides.findIndex((s) => s.seat === seat);
  const style = spec.sides[index];
  if (style) return { ...style, index };
  const fallbackIndex = spec.sides.length;
  return {
    seat,
    name: seat,
    fill: SAFE_SIDE_COLOURS[fallbackIndex % SAFE_SIDE_COLOURS.length]!,
    ink: '#ffffff',
    index: fallbackIndex,
  };
}

/** The badges a counter shows: the board's kinds of the states the piece is in, in the board's order. */
export function pieceBadges(spec: BoardSpec, piece: PiecePresentation): PieceStateKind[] {
  if (!piece.states || piece.states.length === 0) return [];
  return (spec.pieceStates ?? []).filter((k) => piece.states!.includes(k.id));
}
