import { GraphTopology, HexGrid } from '@salient/engine';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { outlineOf, terrainPaths } from '../src/lib/board/drawing.ts';
import { GraphLayout, HexLayout, hexCorners, layoutFor, neighbourToward } from '../src/lib/board/layout.ts';
import { skirmishBoard } from './fixture/skirmish.ts';

const grid = new HexGrid({ columns: 7, rows: 6, downColumns: 'even' });
const layout = new HexLayout(grid, 40);

describe('hex layout', () => {
  it('finds every hex at its own centre', () => {
    for (const id of grid.ids) expect(layout.locAt(layout.center(id))).toBe(id);
  });

  it('finds the hex for any point inside it, for both column offsets', () => {
    for (const downColumns of ['even', 'odd'] as const) {
      const g = new HexGrid({ columns: 5, rows: 5, downColumns });
      const l = new HexLayout(g, 30);
      fc.assert(
        fc.property(
          fc.constantFrom(...g.ids),
          fc.double({ min: 0, max: 2 * Math.PI, noNaN: true }),
          fc.double({ min: 0, max: 0.85, noNaN: true }),
          (id, angle, radius) => {
            // 0.85 of the inradius keeps the point strictly inside the hex.
            const c = l.center(id);
            const r = radius * 30 * (Math.sqrt(3) / 2);
            expect(l.locAt({ x: c.x + r * Math.cos(angle), y: c.y + r * Math.sin(angle) })).toBe(id);
          },
        ),
      );
    }
  });

  it('answers null off the map', () => {
    expect(layout.locAt({ x: -200, y: -200 })).toBeNull();
    expect(layout.locAt({ x: layout.bounds.maxX + 100, y: 10 })).toBeNull();
    expect(layout.locAt({ x: 10, y: layout.bounds.maxY + 100 })).toBeNull();
  });

  it('puts even columns half a hex lower when they are the down columns', () => {
    expect(layout.center('0201').y - layout.center('0101').y).toBeCloseTo(40 * (Math.sqrt(3) / 2));
    expect(layout.center('0102').y - layout.center('0101').y).toBeCloseTo(40 * Math.sqrt(3));
  });

  it('has bounds that hold every hex corner', () => {
    for (const id of grid.ids) {
      for (const p of hexCorners(layout.center(id), 40)) {
        expect(p.x).toBeGreaterThanOrEqual(layout.bounds.minX - 1e-9);
        expect(p.y).toBeGreaterThanOrEqual(layout.bounds.minY - 1e-9);
        expect(p.x).toBeLessThanOrEqual(layout.bounds.maxX + 1e-9);
        expect(p.y).toBeLessThanOrEqual(layout.bounds.maxY + 1e-9);
      }
    }
  });

  it('draws a hexside between the two corners both hexes share', () => {
    for (const id of ['0303', '0404']) {
      for (const n of grid.neighbors(id)) {
        const side = layout.hexside(id, n)!;
        const near = (p: { x: number; y: number }, corners: { x: number; y: number }[]) =>
          corners.some((c) => Math.hypot(c.x - p.x, c.y - p.y) < 1e-6);
        const ca = hexCorners(layout.center(id), 40);
        const cb = hexCorners(layout.center(n), 40);
        expect(near(side.a, ca) && near(side.a, cb)).toBe(true);
        expect(near(side.b, ca) && near(side.b, cb)).toBe(true);
      }
    }
    expect(layout.hexside('0101', '0505')).toBeNull();
  });

  it('outlines a set of hexes by its boundary edges only', () => {
    const count = (d: string) => (d.match(/M/g) ?? []).length;
    expect(count(outlineOf(layout, ['0303']))).toBe(6);
    // Two neighbours share one edge: 12 edges less the shared one counted from each side.
    expect(count(outlineOf(layout, ['0303', '0304']))).toBe(10);
    // A hex with all six neighbours inside contributes nothing itself.
    const ring = ['0303', ...grid.neighbors('0303')];
    expect(count(outlineOf(layout, ring))).toBe(18);
  });

  it('moves the keyboard cursor to the neighbour in the arrow direction', () => {
    expect(neighbourToward(layout, '0303', 0, -1)).toBe('0302');
    expect(neighbourToward(layout, '0303', 0, 1)).toBe('0304');
    const right = neighbourToward(layout, '0303', 1, 0)!;
    expect(right.slice(0, 2)).toBe('04');
    const left = neighbourToward(layout, '0303', -1, 0)!;
    expect(left.slice(0, 2)).toBe('02');
    expect(neighbourToward(layout, '0101', 0, -1)).toBeNull();
  });

  it('builds the layout a BoardSpec asks for', () => {
    expect(layoutFor(skirmishBoard).kind).toBe('hex');
  });

  it('draws one path per terrain kind, with terrain learnt in play overriding the map', () => {
    const l = layoutFor(skirmishBoard);
    const count = (paths: { kind: string; d: string }[], kind: string) =>
      (paths.find((p) => p.kind === kind)?.d.match(/M/g) ?? []).length;
    const plain = terrainPaths(skirmishBoard, l);
    expect(plain.map((p) => p.kind)).toEqual(['clear', 'woods', 'town']);
    expect(count(plain, 'woods')).toBe(2);
    expect(count(plain, 'clear')).toBe(27);
    const learnt = terrainPaths(skirmishBoard, l, { '0101': 'woods', '0302': 'clear' });
    expect(count(learnt, 'woods')).toBe(2);
    expect(count(learnt, 'clear')).toBe(27);
    expect(learnt.find((p) => p.kind === 'woods')?.d).not.toBe(plain.find((p) => p.kind === 'woods')?.d);
  });
});

describe('graph layout', () => {
  const graph = new GraphTopology({
    nodes: [
      { id: 'a', x: 0, y: 0 },
      { id: 'b', x: 100, y: 0 },
      { id: 'c', x: 100, y: 100 },
    ],
    edges: [
      { a: 'a', b: 'b' },
      { a: 'b', b: 'c', kind: 'rail' },
    ],
  });
  const g = new GraphLayout(graph, 20);

  it('finds a space within its radius and nothing between spaces', () => {
    expect(g.locAt({ x: 5, y: 5 })).toBe('a');
    expect(g.locAt({ x: 100, y: 118 })).toBe('c');
    expect(g.locAt({ x: 50, y: 50 })).toBeNull();
  });

  it('lists its connections for drawing and navigates along them', () => {
    expect(g.edges().map((e) => e.kind)).toEqual(['normal', 'rail']);
    expect(neighbourToward(g, 'a', 1, 0)).toBe('b');
    expect(neighbourToward(g, 'b', 0, 1)).toBe('c');
    expect(neighbourToward(g, 'a', 0, 1)).toBeNull();
  });
});

describe('graph layout with named boxes', () => {
  const boxed = new GraphLayout(
    new GraphTopology({
      nodes: [
        { id: 'paris', x: 0, y: 0, label: 'Paris', w: 84, h: 62 },
        { id: 'sedan', x: 100, y: 0, label: 'Sedan', w: 44, h: 44 },
      ],
      edges: [{ a: 'paris', b: 'sedan' }],
    }),
    22,
  );

  it('hits a space anywhere in its box, corners included, and nothing outside it', () => {
    expect(boxed.locAt({ x: 41, y: 30 })).toBe('paris');
    expect(boxed.locAt({ x: 43, y: 0 })).toBeNull();
    expect(boxed.locAt({ x: 121, y: -21 })).toBe('sedan');
    expect(boxed.locAt({ x: 100, y: 23 })).toBeNull();
  });

  it('outlines each space as its box and keeps its printed name', () => {
    expect(boxed.outline('paris')).toBe('M-42,-31h84v62h-84Z');
    expect(boxed.box('sedan')).toEqual({ w: 44, h: 44 });
    expect(boxed.labels.get('paris')).toBe('Paris');
  });
});
