/**
 * The fire tables (12.2.7) as published on the player aid: a die of 1-6 down, columns across,
 * giving the Loss Number. Each column is keyed by the least combat strength that fires on it.
 */
export interface FireTable {
  id: 'corps' | 'army';
  /** Least strength of each column, left to right. */
  columns: number[];
  /** results[column][die - 1] */
  results: number[][];
}

export const CORPS_TABLE: FireTable = {
  id: 'corps',
  columns: [0, 1, 2, 3, 4, 5, 6, 7, 8],
  results: [
    [0, 0, 0, 0, 1, 1],
    [0, 0, 0, 1, 1, 1],
    [0, 1, 1, 1, 1, 1],
    [1, 1, 1, 1, 2, 2],
    [1, 1, 1, 2, 2, 2],
    [1, 1, 2, 2, 2, 3],
    [1, 1, 2, 2, 3, 3],
    [1, 2, 2, 3, 3, 4],
    [2, 2, 3, 3, 4, 4],
  ],
};

export const ARMY_TABLE: FireTable = {
  id: 'army',
  columns: [1, 2, 3, 4, 5, 6, 9, 12, 15, 16],
  results: [
    [0, 1, 1, 1, 2, 2],
    [1, 1, 2, 2, 3, 3],
    [1, 2, 2, 3, 3, 4],
    [2, 2, 3, 3, 4, 4],
    [2, 3, 3, 4, 4, 5],
    [3, 3, 4, 4, 5, 5],
    [3, 4, 4, 5, 5, 7],
    [4, 4, 5, 5, 7, 7],
    [4, 5, 5, 7, 7, 7],
    [5, 5, 7, 7, 7, 7],
  ],
};

/** The column a strength fires on: the rightmost whose least strength it reaches (the army table's first column for less). */
export function baseColumn(table: FireTable, strength: number): number {
  let col = 0;
  table.columns.forEach((least, i) => {
    if (strength >= least) col = i;
  });
  return col;
}

/** Shifts a column, clamped to the table's edges (12.2.7). */
export function shiftColumn(table: FireTable, column: number, shift: number): number {
  return Math.max(0, Math.min(table.columns.length - 1, column + shift));
}

export function columnLabel(table: FireTable, column: number): string {
  const least = table.columns[column]!;
  const next = table.columns[column + 1];
  if (next === undefined) return `${least}+`;
  return next - least > 1 ? `${least}-${next - 1}` : String(least);
}

/** The loss number for a modified die, the die held within 1-6 (12.2.8). */
export function fireResult(table: FireTable, column: number, die: number, drm: number): number {
  const modified = Math.max(1, Math.min(6, die + drm));
  return table.results[column]![modified - 1]!;
}

/**
 * The Mandated Offensive tables (7.1.1), indexed by die roll 1-6. The player aid holding them is
 * not among our sources; the rows are checked against the rulebook's extended example of play
 * (Central Powers 1 Austria-Hungary, 4 Germany; Allies 2 France, 5 Italy) and recorded in
 * docs/rulings.md. "ah-it" is the AH (It) box of 7.1.6.
 */
export const MANDATE_TABLE: Record<'ap' | 'cp', (string | null)[]> = {
  ap: ['fr', 'fr', 'br', 'it', 'it', 'ru'],
  cp: ['ah', 'ah-it', 'tu', 'ge', null, null],
};
