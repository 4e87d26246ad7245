/**
 * A log line cut into plain text and rule citations, so the log can link each citation to the game's
 * rules page. A citation is a rule number (7.8, 11.3, 5.1.2) inside parentheses or after the word
 * "rule"; other numbers (dice, strengths, hexes, measures such as "7.7 cm") are left alone.
 */
export interface LogPart {
  text: string;
  /** The rule number this part cites. */
  rule?: string;
  /** This part is a term of the game's glossary: what it means in plain words. */
  meaning?: string;
}

/** A game's log words and their meanings (the server's glossary of the game). */
export interface Term {
  term: string;
  meaning: string;
}

const CITED = /(\((?:[^()]*?)\)|\brules? \d{1,2}\.\d{1,2}(?:\.\d+)?)/g;
/** A measure is no rule number: "(7.7 cm)", "(10.5 cm howitzers)", "(2.5 km)". */
const UNIT = String.raw`\s*(?:cm|mm|km|m|in|inch|lb|kg|pdr|pounder|%|"|″)(?![\p{L}\p{N}])`;
const NUMBER = new RegExp(String.raw`\b\d{1,2}\.\d{1,2}(?:\.\d+)?\b(?!${UNIT})`, 'gu');

/**
 * Cuts a log line into plain text, rule citations and, given the game's glossary, its terms: each
 * whole-word occurrence of a term (longest first, so "battalion counter" before "counter") becomes a
 * part carrying its meaning. Terms inside a rule citation are left alone.
 */
export function logLine(text: string, terms: readonly Term[] = []): LogPart[] {
  const parts = citations(text);
  if (terms.length === 0) return parts;
  const pattern = termPattern(terms);
  const meanings = new Map(terms.map((t) => [t.term, t.meaning]));
  return parts.flatMap((p) => (p.rule ? [p] : splitTerms(p.text, pattern, meanings)));
}

const literally = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const patterns = new WeakMap<readonly Term[], RegExp>();
function termPattern(terms: readonly Term[]): RegExp {
  let re = patterns.get(terms);
  if (!re) {
    const alternatives = [...terms]
      .map((t) => t.term)
      .sort((a, b) => b.length - a.length)
      .map(literally);
    // Not inside a longer word: "MP" is a term, "MPs" or "AMP" is not; codes like "(A)" have no \b.
    re = new RegExp(`(?<![\\p{L}\\p{N}])(?:${alternatives.join('|')})(?![\\p{L}\\p{N}])`, 'gu');
    patterns.set(terms, re);
  }
  return re;
}

function splitTerms(text: string, pattern: RegExp, meanings: Map<string, string>): LogPart[] {
  const out: LogPart[] = [];
  let last = 0;
  for (const m of text.matchAll(pattern)) {
    const at = m.index ?? 0;
    if (at > last) out.push({ text: text.slice(last, at) });
    out.push({ text: m[0], meaning: meanings.get(m[0]) ?? '' });
    last = at + m[0].length;
  }
  if (last < text.length) out.push({ text: text.slice(last) });
  return out;
}

function citations(text: string): LogPart[] {
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
