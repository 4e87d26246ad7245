/**
 * A log line cut into plain text and rule citations, so the log can link each citation to the game's
 * rules page. A citation is a rule number (7.8, 11.3, 5.1.2) inside parentheses or after the word
 * "rule"; other numbers (dice, strengths, hexes) are left alone.
 */
export interface LogPart {
  text: string;
  /** The rule number this part cites. */
  rule?: string;
}

const CITED = /(\((?:[^()]*?)\)|\brules? \d{1,2}\.\d{1,2}(?:\.\d+)?)/g;
const NUMBER = /\b\d{1,2}\.\d{1,2}(?:\.\d+)?\b/g;

export function logLine(text: string): LogPart[] {
  const out: LogPart[] = [];
  let last = 0;
  for (const m of text.matchAll(CITED)) {
    const chunk = m[0];
    const start = m.index ?? 0;
    // Inside a citation, only the rule numbers become links; the words around them stay text.
    let inner = 0;
    const pieces: LogPart[] = [];
    for (const n of chunk.matchAll(NUMBER)) {
      const at = n.index ?? 0;
      if (at > inner) pieces.push({ text: chunk.slice(inner, at) });
      pieces.push({ text: n[0], rule: n[0] });
      inner = at + n[0].length;
    }
    if (!pieces.some((p) => p.rule)) continue;
    if (inner < chunk.length) pieces.push({ text: chunk.slice(inner) });
    if (start > last) out.push({ text: text.slice(last, start) });
    out.push(...pieces);
    last = start + chunk.length;
  }
  if (last < text.length) out.push({ text: text.slice(last) });
  return out;
}
