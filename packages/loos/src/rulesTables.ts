import { describe } from './combat.ts';
import { CRT, CRT_LINE_NAMES, type CrtLine, type CrtResult, lineColumns } from './crt.ts';

export { LOOS_GLOSSARY } from './glossary.ts';

/**
 * The Combat Results Table and its key for the rules page, written out from the very data the rules
 * use (crt.ts), so the page can never disagree with the game. Markdown; presentation only.
 */
const LINES: CrtLine[] = ['mountain', 'trench', 'town', 'woods', 'clear'];
const RESULTS: CrtResult[] = ['Ae', '(A)', 'A3', 'A2', 'A1', '-', 'Ex', 'D2', 'D3', 'De'];

export function loosRulesTables(): string {
  const out: string[] = ['## Tables', ''];
  out.push(
    '**Combat Results Table (7.4).** Find the terrain line of the defender (7.3), then the column of the differential (7.2); roll one die.',
    '',
  );
  for (const line of LINES) {
    const columns = lineColumns(line);
    out.push(`**${CRT_LINE_NAMES[line]}**`, '');
    out.push(`| die | ${columns.join(' | ')} |`);
    out.push(`| --- | ${columns.map(() => '---').join(' | ')} |`);
    CRT.forEach((row, i) => {
      out.push(`| ${i + 1} | ${columns.map((_c, k) => row[k] ?? '').join(' | ')} |`);
    });
    out.push('');
  }
  out.push('**Key to results (7.6).**', '');
  out.push('| result | meaning |', '| --- | --- |');
  for (const r of RESULTS) out.push(`| ${r === '-' ? '–' : r} | ${describe(r)} |`);
  out.push('');
  return out.join('\n');
}
