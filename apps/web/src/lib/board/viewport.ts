import type { Bounds, Point } from './layout.ts';

/**
 * What part of the board is on screen: the board point at the middle of the element and the scale in
 * screen pixels per board unit. The viewBox follows from the element's size, so its aspect always
 * matches the element and screen-to-board conversion needs no letterbox correction.
 */
export interface Viewport {
  cx: number;
  cy: number;
  scale: number;
}

export interface ScreenSize {
  width: number;
  height: number;
}

export interface ViewBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** How far one may zoom in beyond fitting the whole map, and out below it. */
export const MAX_ZOOM_OVER_FIT = 8;
export const MIN_ZOOM_UNDER_FIT = 0.5;

export function viewBoxOf(view: Viewport, screen: ScreenSize): ViewBox {
  const width = screen.width / view.scale;
  const height = screen.height / view.scale;
  return { x: view.cx - width / 2, y: view.cy - height / 2, width, height };
}

export function viewBoxAttribute(box: ViewBox): string {
  return `${box.x} ${box.y} ${box.width} ${box.height}`;
}

export function screenToBoard(view: Viewport, screen: ScreenSize, p: Point): Point {
  return {
    x: view.cx + (p.x - screen.width / 2) / view.scale,
    y: view.cy + (p.y - screen.height / 2) / view.scale,
  };
}

export function boardToScreen(view: Viewport, screen: ScreenSize, p: Point): Point {
  return {
    x: (p.x - view.cx) * view.scale + screen.width / 2,
    y: (p.y - view.cy) * view.scale + screen.height / 2,
  };
}

/** The viewport that shows the whole map, centred. */
export function fitBounds(bounds: Bounds, screen: ScreenSize): Viewport {
  const w = bounds.maxX - bounds.minX;
  const h = bounds.maxY - bounds.minY;
  const scale = Math.min(screen.width / w, screen.height / h);
  return {
    cx: bounds.minX + w / 2,
    cy: bounds.minY + h / 2,
    scale: scale > 0 && Number.isFinite(scale) ? scale : 1,
  };
}

/** A hex (or space) drawn smaller than this many pixels across its radius is hard to read and hit. */
export const READABLE_CELL_PX = 36;

/**
 * The first view of a map: all of it when it fits at a readable size, otherwise a readable zoom
 * centred on where the pieces are (a phone showing a large map).
 */
export function initialViewport(
  bounds: Bounds,
  screen: ScreenSize,
  cellSize: number,
  focus: Point | null,
): Viewport {
  const fit = fitBounds(bounds, screen);
  const readable = READABLE_CELL_PX / cellSize;
  if (fit.scale >= readable || focus === null) return fit;
  return clampViewport({ cx: focus.x, cy: focus.y, scale: readable }, bounds, screen);
}

/**
 * How the view on screen was chosen: `first` by `initialViewport`, `fit` by the Fit button (the whole
 * map), `hand` by the player's own zoom or pan (wheel, pinch, drag, keys, zoom buttons).
 */
export type ViewOrigin = 'first' | 'fit' | 'hand';

/** A board point to keep in sight through a resize (the selected piece), and what covers the map. */
export interface KeepInSight {
  point: Point;
  margin: number;
  covers: MapCovers;
}

/**
 * The view after the element changed size (a phone rotated, a window resized, the panel grew): one
 * the program chose is chosen again for the new size, so a map fitted to a portrait phone does not
 * stay tiny (or cut) in landscape; the player's own zoom and pan are kept, only clamped. The first
 * view is chosen again about the point now in the middle, so a resize never jumps across the map.
 * A selected piece the new view would leave out of sight is centred, zoom kept.
 */
export function viewAfterResize(
  view: Viewport,
  origin: ViewOrigin,
  bounds: Bounds,
  screen: ScreenSize,
  cellSize: number,
  keep: KeepInSight | null = null,
): Viewport {
  const next = resized(view, origin, bounds, screen, cellSize);
  if (
    keep === null ||
    pointInSight(boardToScreen(next, screen, keep.point), screen, keep.margin, keep.covers)
  )
    return next;
  return clampViewport({ ...next, cx: keep.point.x, cy: keep.point.y }, bounds, screen);
}

function resized(
  view: Viewport,
  origin: ViewOrigin,
  bounds: Bounds,
  screen: ScreenSize,
  cellSize: number,
): Viewport {
  switch (origin) {
    case 'hand':
      return clampViewport(view, bounds, screen);
    case 'fit':
      return fitBounds(bounds, screen);
    case 'first':
      return initialViewport(bounds, screen, cellSize, { x: view.cx, y: view.cy });
  }
}

/**
 * Keeps the scale between "half the fitted size" and "eight times it", and the centre on the map, so
 * the board can never be lost off screen.
 */
export function clampViewport(view: Viewport, bounds: Bounds, screen: ScreenSize): Viewport {
  const fit = fitBounds(bounds, screen).scale;
  const scale = Math.min(fit * MAX_ZOOM_OVER_FIT, Math.max(fit * MIN_ZOOM_UNDER_FIT, view.scale));
  return {
    cx: Math.min(bounds.maxX, Math.max(bounds.minX, view.cx)),
    cy: Math.min(bounds.maxY, Math.max(bounds.minY, view.cy)),
    scale,
  };
}

/** What covers the map's edges: the zoom tools in the top right corner, the status line along the bottom. */
export interface MapCovers {
  /** The tools' box, `inset` px in from the top and right edges. */
  tools: { width: number; height: number; inset: number };
  statusHeight: number;
}

/**
 * Whether a screen point shows on the map at least `margin` px in from its edges, clear of what covers
 * them (a piece under the zoom buttons is as good as off screen: it cannot be seen or clicked).
 */
export function pointInSight(s: Point, screen: ScreenSize, margin: number, covers: MapCovers): boolean {
  const inside =
    s.x >= margin &&
    s.y >= margin &&
    s.x <= screen.width - margin &&
    s.y <= screen.height - covers.statusHeight - margin;
  const { tools } = covers;
  const underTools =
    s.y <= tools.inset + tools.height + margin / 2 &&
    s.x >= screen.width - tools.inset - tools.width - margin / 2;
  return inside && !underTools;
}

/** Moves the view by a screen-pixel drag: the board follows the pointer. */
export function panBy(view: Viewport, dxScreen: number, dyScreen: number): Viewport {
  return { ...view, cx: view.cx - dxScreen / view.scale, cy: view.cy - dyScreen / view.scale };
}

/** Zooms by a factor about a screen point, keeping the board point under it where it is. */
export function zoomAt(view: Viewport, screen: ScreenSize, factor: number, at: Point): Viewport {
  const anchor = screenToBoard(view, screen, at);
  const scale = view.scale * factor;
  return {
    scale,
    cx: anchor.x - (at.x - screen.width / 2) / scale,
    cy: anchor.y - (at.y - screen.height / 2) / scale,
  };
}

/** The zoom factor for a wheel movement: smooth for trackpads, one notch about 10% for mice. */
export function wheelFactor(deltaY: number, deltaMode: number): number {
  const pixels = deltaMode === 1 ? deltaY * 16 : deltaMode === 2 ? deltaY * 400 : deltaY;
  return Math.exp(-pixels * 0.001);
}

/** A two-finger gesture between two frames: how far it zoomed and about which screen point. */
export function pinchStep(
  before: [Point, Point],
  after: [Point, Point],
): { factor: number; at: Point; pan: Point } {
  const d0 = Math.hypot(before[1].x - before[0].x, before[1].y - before[0].y);
  const d1 = Math.hypot(after[1].x - after[0].x, after[1].y - after[0].y);
  const m0 = { x: (before[0].x + before[1].x) / 2, y: (before[0].y + before[1].y) / 2 };
  const m1 = { x: (after[0].x + after[1].x) / 2, y: (after[0].y + after[1].y) / 2 };
  return { factor: d0 > 0 ? d1 / d0 : 1, at: m1, pan: { x: m1.x - m0.x, y: m1.y - m0.y } };
}
