import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  boardToScreen,
  clampViewport,
  fitBounds,
  initialViewport,
  MAX_ZOOM_OVER_FIT,
  MIN_ZOOM_UNDER_FIT,
  panBy,
  pinchStep,
  pointInSight,
  READABLE_CELL_PX,
  screenToBoard,
  viewAfterResize,
  viewBoxOf,
  wheelFactor,
  zoomAt,
} from '../src/lib/board/viewport.ts';

const screen = { width: 800, height: 600 };
const bounds = { minX: -40, minY: -35, maxX: 1000, maxY: 700 };

describe('viewport', () => {
  it('converts screen to board and back', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -1e4, max: 1e4, noNaN: true }),
        fc.double({ min: -1e4, max: 1e4, noNaN: true }),
        fc.double({ min: 0.01, max: 50, noNaN: true }),
        fc.double({ min: 0, max: 800, noNaN: true }),
        fc.double({ min: 0, max: 600, noNaN: true }),
        (cx, cy, scale, x, y) => {
          const v = { cx, cy, scale };
          const back = boardToScreen(v, screen, screenToBoard(v, screen, { x, y }));
          expect(back.x).toBeCloseTo(x, 6);
          expect(back.y).toBeCloseTo(y, 6);
        },
      ),
    );
  });

  it('gives a viewBox with the element aspect, centred on the view centre', () => {
    const box = viewBoxOf({ cx: 100, cy: 50, scale: 2 }, screen);
    expect(box).toEqual({ x: -100, y: -100, width: 400, height: 300 });
  });

  it('fits the whole map and centres it', () => {
    const fit = fitBounds(bounds, screen);
    const box = viewBoxOf(fit, screen);
    expect(box.x).toBeLessThanOrEqual(bounds.minX + 1e-9);
    expect(box.y).toBeLessThanOrEqual(bounds.minY + 1e-9);
    expect(box.x + box.width).toBeGreaterThanOrEqual(bounds.maxX - 1e-9);
    expect(box.y + box.height).toBeGreaterThanOrEqual(bounds.maxY - 1e-9);
    expect(fit.cx).toBeCloseTo(480);
  });

  it('keeps the board point under the pointer fixed while zooming', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0.2, max: 5, noNaN: true }),
        fc.double({ min: 0, max: 800, noNaN: true }),
        fc.double({ min: 0, max: 600, noNaN: true }),
        (factor, x, y) => {
          const v = { cx: 300, cy: 200, scale: 1.3 };
          const before = screenToBoard(v, screen, { x, y });
          const after = screenToBoard(zoomAt(v, screen, factor, { x, y }), screen, { x, y });
          expect(after.x).toBeCloseTo(before.x, 6);
          expect(after.y).toBeCloseTo(before.y, 6);
        },
      ),
    );
  });

  it('clamps zoom between its limits and the centre to the map', () => {
    const fit = fitBounds(bounds, screen).scale;
    expect(clampViewport({ cx: 0, cy: 0, scale: 1000 }, bounds, screen).scale).toBeCloseTo(
      fit * MAX_ZOOM_OVER_FIT,
    );
    expect(clampViewport({ cx: 0, cy: 0, scale: 1e-6 }, bounds, screen).scale).toBeCloseTo(
      fit * MIN_ZOOM_UNDER_FIT,
    );
    const far = clampViewport({ cx: -5000, cy: 9000, scale: fit }, bounds, screen);
    expect(far.cx).toBe(bounds.minX);
    expect(far.cy).toBe(bounds.maxY);
    const inside = { cx: 500, cy: 300, scale: fit * 2 };
    expect(clampViewport(inside, bounds, screen)).toEqual(inside);
  });

  it('shows the whole map when it is readable, else a readable zoom on the pieces', () => {
    const small = { minX: 0, minY: 0, maxX: 600, maxY: 400 };
    expect(initialViewport(small, screen, 40, { x: 0, y: 0 })).toEqual(fitBounds(small, screen));
    const phone = { width: 360, height: 500 };
    const big = { minX: -40, minY: -35, maxX: 2000, maxY: 1100 };
    const v = initialViewport(big, phone, 40, { x: 900, y: 700 });
    expect(v.scale * 40).toBeCloseTo(READABLE_CELL_PX);
    expect(v).toMatchObject({ cx: 900, cy: 700 });
    expect(initialViewport(big, phone, 40, null)).toEqual(fitBounds(big, phone));
  });

  it('pans so the board follows the pointer', () => {
    const v = { cx: 100, cy: 100, scale: 2 };
    const p = { x: 400, y: 300 };
    const under = screenToBoard(v, screen, p);
    const moved = panBy(v, 30, -20);
    const now = screenToBoard(moved, screen, { x: p.x + 30, y: p.y - 20 });
    expect(now.x).toBeCloseTo(under.x);
    expect(now.y).toBeCloseTo(under.y);
  });

  it('zooms in on a wheel roll towards the user and out the other way', () => {
    expect(wheelFactor(-100, 0)).toBeGreaterThan(1);
    expect(wheelFactor(100, 0)).toBeLessThan(1);
    expect(wheelFactor(3, 1)).toBeCloseTo(wheelFactor(48, 0));
    expect(wheelFactor(0, 0)).toBe(1);
  });

  it('reads a pinch as a zoom about the fingers and a pan of their midpoint', () => {
    const step = pinchStep(
      [
        { x: 100, y: 100 },
        { x: 200, y: 100 },
      ],
      [
        { x: 80, y: 110 },
        { x: 280, y: 110 },
      ],
    );
    expect(step.factor).toBeCloseTo(2);
    expect(step.at).toEqual({ x: 180, y: 110 });
    expect(step.pan).toEqual({ x: 30, y: 10 });
  });

  it('after a resize, chooses a fitted or first view again but keeps a view zoomed by hand', () => {
    const phone = { width: 390, height: 700 };
    const landscape = { width: 844, height: 350 };
    const fitted = fitBounds(bounds, phone);
    expect(viewAfterResize(fitted, 'fit', bounds, landscape, 40)).toEqual(fitBounds(bounds, landscape));
    const mine = { cx: 300, cy: 200, scale: fitted.scale * 3 };
    expect(viewAfterResize(mine, 'hand', bounds, landscape, 40)).toEqual(mine);
    // The first view is chosen again about the point in the middle, at a readable zoom when the map
    // does not fit readably, so the map neither jumps elsewhere nor keeps the old screen's scale.
    const first = initialViewport(bounds, phone, 40, { x: 500, y: 300 });
    const again = viewAfterResize(first, 'first', bounds, landscape, 40);
    expect(again).toEqual(initialViewport(bounds, landscape, 40, { x: first.cx, y: first.cy }));
    const big = { width: 2000, height: 1400 };
    expect(viewAfterResize(first, 'first', bounds, big, 40)).toEqual(fitBounds(bounds, big));
  });

  it('counts a point under the zoom tools or the status line as out of sight', () => {
    const screen = { width: 390, height: 500 };
    const covers = { tools: { width: 200, height: 40, inset: 6 }, statusHeight: 20 };
    expect(pointInSight({ x: 195, y: 250 }, screen, 40, covers)).toBe(true);
    // Under the tools in the top right corner, but not beside them on the left.
    expect(pointInSight({ x: 300, y: 60 }, screen, 40, covers)).toBe(false);
    expect(pointInSight({ x: 120, y: 60 }, screen, 40, covers)).toBe(true);
    // Over the status line, and within the margin of an edge.
    expect(pointInSight({ x: 195, y: 490 }, screen, 0, covers)).toBe(false);
    expect(pointInSight({ x: 195, y: 490 }, screen, 0, { ...covers, statusHeight: 0 })).toBe(true);
    expect(pointInSight({ x: 20, y: 250 }, screen, 40, covers)).toBe(false);
  });

  it('brings a selected piece back into sight when a resize would leave it out, zoom and the view origin kept', () => {
    const covers = { tools: { width: 200, height: 40, inset: 6 }, statusHeight: 20 };
    const tall = { width: 390, height: 800 };
    const short = { width: 390, height: 400 };
    // Zoomed by hand, the piece 300 px below the middle of a tall map: in sight there.
    const view = { cx: 500, cy: 300, scale: 2 };
    const point = { x: 500, y: 450 };
    expect(pointInSight(boardToScreen(view, tall, point), tall, 40, covers)).toBe(true);
    const kept = viewAfterResize(view, 'hand', bounds, short, 30, { point, margin: 40, covers });
    // The shorter map would leave it 100 px below its bottom edge: it is centred, at the same zoom.
    expect(
      pointInSight(
        boardToScreen(viewAfterResize(view, 'hand', bounds, short, 30), short, point),
        short,
        40,
        covers,
      ),
    ).toBe(false);
    expect(kept).toEqual({ cx: 500, cy: 450, scale: 2 });
    // A piece still in sight leaves the player's view as it was.
    const near = { x: 520, y: 330 };
    expect(viewAfterResize(view, 'hand', bounds, short, 30, { point: near, margin: 40, covers })).toEqual(
      view,
    );
  });
});
