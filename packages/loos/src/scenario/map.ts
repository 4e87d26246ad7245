import { type HexGridSpec, hexId } from '@salient/engine';

/**
 * Our design of the Loos map (the folio's map is not available to us): see docs/design.md.
 * East is at the top (row 01) and north at the left (column 01), as the entry hexes imply:
 * 0110 on the north edge is La Bassee, 1201 on the east edge the road from Douvrin, 3306 on the
 * south edge Lens. One hex is 440 yards.
 */
export const GRID: HexGridSpec = { columns: 33, rows: 18, downColumns: 'even' };

export type TerrainType = 'clear' | 'town' | 'woods' | 'broken';

export interface Town {
  name: string;
  hexes: string[];
}

export interface Sector {
  /** 1 to 6, shown as I to VI. */
  number: number;
  front: string[];
  reserve: string[];
  /**
   * The support hexes between the front and reserve lines: where a committed reserve division
   * finds room when the reserve line is full (11.7, rulings R11). They are not trenches (12.2).
   */
  support: string[];
}

const range = (from: number, to: number): number[] =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** The British front line runs one hex per column; the row of each column's front-line hex. */
const FRONT_ROW: Record<number, number> = {
  4: 16,
  5: 16,
  6: 16,
  7: 16,
  8: 15,
  9: 15,
  10: 15,
  11: 15,
  12: 15,
  13: 15,
  14: 15,
  15: 15,
  16: 15,
  17: 15,
  18: 15,
  19: 15,
  20: 15,
  21: 16,
  22: 16,
  23: 16,
  24: 16,
  25: 16,
  26: 16,
  27: 16,
  28: 16,
};

const SECTOR_COLUMNS: Array<[number, number]> = [
  [4, 7],
  [8, 11],
  [12, 15],
  [16, 19],
  [20, 24],
  [25, 28],
];

export const SECTORS: Sector[] = SECTOR_COLUMNS.map(([first, last], i) => ({
  number: i + 1,
  front: range(first, last).map((c) => hexId(c, FRONT_ROW[c]!)),
  // The second (reserve) line lies two hexes behind the front.
  reserve: range(first, last).map((c) => hexId(c, Math.min(18, FRONT_ROW[c]! + 2))),
  support: range(first, last).map((c) => hexId(c, FRONT_ROW[c]! + 1)),
}));

export const FRONT_LINE: string[] = SECTORS.flatMap((s) => s.front);
export const RESERVE_LINE: string[] = SECTORS.flatMap((s) => s.reserve);

/** German first position: the row just east of the British front line, columns 3 to 29. */
const FIRST_POSITION: string[] = range(3, 29).map((c) =>
  hexId(c, (FRONT_ROW[c] ?? FRONT_ROW[c < 4 ? 4 : 28]!) - 1),
);

/** German second position: Haisnes, Cite St Elie, Hulluch and Bois Hugo, facing west. */
const SECOND_POSITION: string[] = range(8, 21).map((c) => hexId(c, 10));

/** Hexes of the German trench lines; each has trench hexsides on its western (lower) side. */
export const TRENCH_LINES: string[][] = [FIRST_POSITION, SECOND_POSITION];

export const TOWNS: Town[] = [
  { name: 'La Bassee', hexes: ['0109', '0110', '0209', '0210'] },
  { name: 'Auchy', hexes: ['0513', '0613'] },
  { name: 'Haisnes', hexes: ['0908', '1008'] },
  { name: 'Cite St Elie', hexes: ['1208', '1308'] },
  { name: 'Douvrin', hexes: ['1003', '1103'] },
  { name: 'Hulluch', hexes: ['1508', '1608'] },
  { name: 'Wingles', hexes: ['1703', '1803'] },
  { name: 'Loos', hexes: ['2212', '2312', '2213'] },
  { name: 'Cite St Auguste', hexes: ['2406', '2506'] },
  { name: 'Cite St Laurent', hexes: ['2809', '2909'] },
  { name: 'Lens', hexes: ['3205', '3206', '3306', '3305'] },
];

export const WOODS: string[] = [
  // Bois Hugo and Chalk Pit Wood, between Loos and Hulluch.
  '1909',
  '2009',
  '2010',
  '1911',
  // Bois Carre, behind Lone Tree.
  '1713',
  // The woods of the Lens outskirts.
  '3009',
  '3010',
];

export const BROKEN: string[] = [
  // The Dump (slag heap) and Fosse 8 behind the Hohenzollern Redoubt.
  '1013',
  '1012',
  // The Quarries.
  '1312',
  // The Chalk Pit.
  '2011',
  // The Double Crassier slag heaps.
  '2714',
  '2814',
  // Pit 14 bis and the Loos Crassier.
  '2112',
];

export const HIGH_GROUND: string[] = [
  // Hill 70 and its shoulders, overlooking Lens and Loos.
  '2310',
  '2410',
  '2409',
  '2411',
  // The Dump, highest point of the northern battlefield.
  '1013',
  // The Grenay ridge behind the British right.
  '2418',
  '2518',
  '2618',
];

/** The La Bassee Canal, running east along the boundary of columns 03 and 04 from the map's west edge to La Bassee. */
export const CANAL_HEXSIDES: Array<[string, string]> = range(11, 18).flatMap((r) => [
  [hexId(3, r), hexId(4, r)] as [string, string],
  ...(r < 18 ? [[hexId(3, r + 1), hexId(4, r)] as [string, string]] : []),
]);

/** 12.1's list; 11.3's 2306 is a misprint (rulings R1). */
export const ENTRY_HEXES: string[] = ['0110', '1201', '3306'];

/** Where German units may set up: every hex east of the British front line (rulings R7). */
export function inGermanSetupZone(hex: string): boolean {
  const column = Number(hex.slice(0, 2));
  const row = Number(hex.slice(2));
  const frontRow = FRONT_ROW[column] ?? (column < 4 ? 19 : 16);
  return row < frontRow;
}
