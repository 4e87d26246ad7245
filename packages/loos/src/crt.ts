/**
 * The Combat Results Table, exactly as printed. Each terrain line lists its differential columns
 * from the left; a line with fewer columns simply stops earlier (rulings R2).
 */
export type CrtLine = 'mountain' | 'trench' | 'town' | 'woods' | 'clear';

export type CrtResult = 'Ae' | '(A)' | 'A3' | 'A2' | 'A1' | '-' | 'Ex' | 'D2' | 'D3' | 'De';

/** The lowest differential of each line's first column; every line ends with a "+10" column. */
const FIRST_DIFFERENTIAL: Record<CrtLine, number> = {
  mountain: -1,
  trench: -2,
  town: -3,
  woods: -4,
  clear: -5,
};

export const CRT_LINE_NAMES: Record<CrtLine, string> = {
  mountain: 'Mountain, Mines',
  trench: 'City, Rough, River, Trench',
  town: 'Broken, Marsh, Ferry, Town, Stream, Escarpment',
  woods: 'Bridge, Woods, Ditch, Grove, Mixed',
  clear: 'Clear, Desert, British Front Line',
};

/** Rows by die roll 1-6, columns left to right. */
export const CRT: readonly (readonly CrtResult[])[] = [
  ['(A)', 'A3', 'A2', '-', 'Ex', 'Ex', 'D2', 'D2', 'D2', 'D3', 'De', 'De'],
  ['(A)', '(A)', 'A3', 'A2', '-', 'Ex', 'Ex', 'Ex', 'D2', 'D2', 'D3', 'De'],
  ['(A)', '(A)', '(A)', 'A3', 'A2', '-', 'Ex', 'Ex', 'Ex', 'D2', 'D2', 'D3'],
  ['(A)', '(A)', '(A)', '(A)', 'A3', 'A2', '-', 'Ex', 'Ex', 'Ex', 'D2', 'D2'],
  ['Ae', '(A)', '(A)', '(A)', '(A)', 'A3', 'A2', '-', 'Ex', 'Ex', 'Ex', 'D2'],
  ['Ae', 'Ae', '(A)', '(A)', '(A)', '(A)', '(A)', 'A1', '-', 'Ex', 'Ex', 'Ex'],
];

/**
 * The columns of a line as printed: single differentials up to +1, then pairs (+2,+3 ... +8,+9), then
 * +10 and more.
 */
export function lineColumns(line: CrtLine): string[] {
  const labels: string[] = [];
  for (let d = FIRST_DIFFERENTIAL[line]; d <= 1; d++) labels.push(d > 0 ? `+${d}` : String(d));
  for (let d = 2; d <= 8; d += 2) labels.push(`+${d}, +${d + 1}`);
  labels.push('+10');
  return labels;
}

/** The table column (0-11) for a differential on a line; below the first column uses the first (rulings R2). */
export function crtColumn(line: CrtLine, differential: number): number {
  const first = FIRST_DIFFERENTIAL[line];
  const d = Math.max(differential, first);
  if (d <= 1) return d - first;
  const singles = 2 - first;
  if (d >= 10) return singles + 4;
  return singles + Math.floor((d - 2) / 2);
}

export function crtResult(line: CrtLine, differential: number, die: number): CrtResult {
  return CRT[die - 1]![crtColumn(line, differential)]!;
}

/** A bombardment hurts only on D2, D3 or De (17.4). */
export function isBombardmentHit(result: CrtResult): boolean {
  return result === 'D2' || result === 'D3' || result === 'De';
}
