import { describe, expect, it } from 'vitest';
import { edgeKey, GraphTopology, HexGrid, parseHexId } from '../src/index.ts';

const grid = new HexGrid({ columns: 10, rows: 8, downColumns: 'even' });

describe('hex grid numbered as in the rule books', () => {
  it('parses four-digit ids as column then row', () => {
    expect(parseHexId('0110')).toEqual({ column: 1, row: 10 });
    expect(parseHexId('3306')).toEqual({ column: 33, row: 6 });
    expect(parseHexId('110')).toBeNull();
  });

  it('gives an up column its neighbours one row up on each side', () => {
    // Column 3 is odd, so it stands half a hex higher than columns 2 and 4.
    expect([...grid.neighbors('0305')].sort()).toEqual(['0204', '0205', '0304', '0306', '0404', '0405']);
  });

  it('gives a down column its neighbours one row down on each side', () => {
    expect([...grid.neighbors('0405')].sort()).toEqual(['0305', '0306', '0404', '0406', '0505', '0506']);
  });

  it('has fewer neighbours at the edges and none off the map', () => {
    expect([...grid.neighbors('0101')].sort()).toEqual(['0102', '0201']);
    expect(grid.has('1101')).toBe(false);
  });

  it('is symmetric: b is next to a when a is next to b', () => {
    for (const id of grid.ids) for (const n of grid.neighbors(id)) expect(grid.neighbors(n)).toContain(id);
  });

  it('measures distance in hexes', () => {
    expect(grid.distance('0305', '0305')).toBe(0);
    expect(grid.distance('0305', '0405')).toBe(1);
    expect(grid.distance('0101', '0104')).toBe(3);
    expect(grid.distance('0101', '0501')).toBe(4);
    expect(grid.distance('0101', '0503')).toBe(4);
  });

  it('follows a straight line through single hexes', () => {
    expect(grid.line('0302', '0306').map((s) => s.join('/'))).toEqual([
      '0302',
      '0303',
      '0304',
      '0305',
      '0306',
    ]);
  });

  it('reports both hexes where a line runs along a hexside', () => {
    // 0305 to 0505 runs straight along the side between 0404 and 0405.
    const steps = grid.line('0305', '0505');
    expect(steps).toHaveLength(3);
    expect([...steps[1]!].sort()).toEqual(['0404', '0405']);
  });

  it('places hex centres so that neighbours are one hex width apart', () => {
    const a = grid.center('0305');
    for (const n of grid.neighbors('0305')) {
      const b = grid.center(n);
      expect(Math.hypot(a.x - b.x, a.y - b.y)).toBeCloseTo(Math.sqrt(3), 6);
    }
  });

  it('names a hexside the same from either side', () => {
    expect(edgeKey('0305', '0405')).toBe(edgeKey('0405', '0305'));
  });

  it('can number grids whose odd columns are the low ones', () => {
    const odd = new HexGrid({ columns: 4, rows: 4, downColumns: 'odd' });
    expect([...odd.neighbors('0202')].sort()).toEqual(['0101', '0102', '0201', '0203', '0301', '0302']);
  });
});

describe('point-to-point maps', () => {
  const graph = new GraphTopology({
    nodes: [
      { id: 'Paris', x: 0, y: 0 },
      { id: 'Amiens', x: 0, y: -1 },
      { id: 'Chateau Thierry', x: 1, y: 0 },
    ],
    edges: [
      { a: 'Paris', b: 'Amiens' },
      { a: 'Paris', b: 'Chateau Thierry', kind: 'rail' },
    ],
  });

  it('knows which spaces are connected', () => {
    expect(graph.neighbors('Paris')).toEqual(['Amiens', 'Chateau Thierry']);
    expect(graph.adjacent('Amiens', 'Chateau Thierry')).toBe(false);
    expect(graph.edgeKind('Chateau Thierry', 'Paris')).toBe('rail');
  });

  it('refuses a connection to a space that does not exist', () => {
    expect(
      () => new GraphTopology({ nodes: [{ id: 'A', x: 0, y: 0 }], edges: [{ a: 'A', b: 'B' }] }),
    ).toThrow(/B|map/);
  });
});

describe('lines along the map edge', () => {
  it('keeps only the on-map hex where a line runs along the edge hexside', () => {
    // From 0101 to 0302 the line runs along the top edge between 0201 and the hex above it.
    for (const a of grid.ids) {
      for (const b of grid.ids) {
        if (grid.distance(a, b) > 4) continue;
        for (const step of grid.line(a, b)) for (const hex of step) expect(grid.has(hex)).toBe(true);
      }
    }
  });
});

describe('neighbours by direction, hexes within a range, hexes by coordinates', () => {
  it('steps from a hex in each of the six directions, north first and then clockwise', () => {
    // Column 4 is a down column: its north-east neighbour is in the same row of column 5.
    expect([0, 1, 2, 3, 4, 5].map((d) => grid.toward('0405', d))).toEqual([
      '0404',
      '0505',
      '0506',
      '0406',
      '0306',
      '0305',
    ]);
    expect(grid.toward('0405', 6)).toBe('0404');
    expect(grid.toward('0405', -1)).toBe('0305');
    expect(grid.toward('0101', 0)).toBeNull();
  });

  it('lists the hexes within a range nearest first, ties by id, and every one within it', () => {
    const near = grid.within('0305', 2);
    expect(near.slice(0, 7)).toEqual(['0305', '0204', '0205', '0304', '0306', '0404', '0405']);
    expect([...near].sort()).toEqual(grid.ids.filter((h) => grid.distance('0305', h) <= 2).sort());
    expect(grid.within('0305', 2)).toBe(near);
  });

  it('finds a hex from its cube coordinates, and nothing off the map', () => {
    for (const id of grid.ids) {
      const { q, r } = grid.cube(id);
      expect(grid.idAt(q, r)).toBe(id);
    }
    expect(grid.idAt(-1, 0)).toBeNull();
    expect(grid.idAt(0, 8)).toBeNull();
  });
});
