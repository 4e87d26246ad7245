import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CRT, type CrtLine, crtColumn, crtResult, lineColumns } from '../../src/crt.ts';

/** The rule document as it reached us, beside the repository (see the README of shared/seeds). */
const DOCUMENT = fileURLToPath(
  new URL('../../../../../shared/seeds/003_87cd474c32748010.txt', import.meta.url),
);

function documentTable() {
  const text = readFileSync(DOCUMENT, 'utf8');
  const lines = text.split('\n');
  const start = lines.findIndex((l) => l.startsWith('Combat Results Table'));
  const terrain = new Map<string, string[]>();
  for (const row of lines.slice(start + 2, start + 7)) {
    const [name, ...cells] = row.split('\t');
    terrain.set(
      name!.split(',')[0]!.trim(),
      cells.map((c) => c.trim()).filter((c) => c !== ''),
    );
  }
  const resultStart = lines.findIndex((l) => l.startsWith('Die Roll'));
  const results = lines.slice(resultStart + 1, resultStart + 7).map((row) =>
    row
      .split('\t')
      .slice(1)
      .map((c) => c.trim()),
  );
  return { terrain, results };
}

const OUR_LINE: Record<string, CrtLine> = {
  Mountain: 'mountain',
  City: 'trench',
  Broken: 'town',
  Bridge: 'woods',
  Clear: 'clear',
};
const normalise = (cell: string) => (cell === '•' ? '-' : cell);

describe('Combat Results Table, cell by cell against the rule document', () => {
  const { terrain, results } = documentTable();

  it('has five terrain lines and six die rolls of twelve results', () => {
    expect([...terrain.keys()]).toEqual(['Mountain', 'City', 'Broken', 'Bridge', 'Clear']);
    expect(results).toHaveLength(6);
    for (const row of results) expect(row).toHaveLength(12);
  });

  it('prints every terrain line with the same columns as the document', () => {
    for (const [name, cells] of terrain) {
      expect(lineColumns(OUR_LINE[name]!)).toEqual(cells);
    }
  });

  it('gives the document result for every line, column and die roll', () => {
    let checked = 0;
    for (const [name, cells] of terrain) {
      const line = OUR_LINE[name]!;
      cells.forEach((label, column) => {
        // Every differential the column covers ("+2, +3" covers both) reads that column.
        const differentials = label.split(',').map((x) => Number(x.trim()));
        for (const differential of differentials) {
          expect(crtColumn(line, differential)).toBe(column);
          for (let die = 1; die <= 6; die++) {
            expect(crtResult(line, differential, die)).toBe(normalise(results[die - 1]![column]!));
            checked++;
          }
        }
      });
    }
    expect(checked).toBeGreaterThan(6 * 60);
    expect(CRT.flat().map(String)).toEqual(results.flat().map(normalise));
  });

  it('R2: reads a differential below a line first column in that first column', () => {
    expect(crtColumn('clear', -9)).toBe(0);
    expect(crtColumn('trench', -3)).toBe(0);
    expect(crtResult('mountain', -4, 6)).toBe('Ae');
  });

  it('R2: reads a differential above +10 in the line last ("+10") column, left-aligned', () => {
    expect(crtColumn('clear', 14)).toBe(11);
    expect(crtColumn('trench', 25)).toBe(8);
    expect(crtColumn('mountain', 10)).toBe(7);
    // The shorter lines stop early: the Trench line's best column is the table's ninth.
    expect(crtResult('trench', 12, 1)).toBe('D2');
    expect(crtResult('clear', 12, 1)).toBe('De');
  });
});
