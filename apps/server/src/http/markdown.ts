/**
 * A small Markdown to HTML renderer for the games' own rules documents (headings, paragraphs, lists,
 * tables, bold, italics, code and links): enough for those files, with everything escaped, so the
 * server needs no Markdown dependency. Rule numbers become anchors: a heading "## 4.0 Movement" gets
 * id "r4.0" and a paragraph opening with "**4.2 Terrain costs.**" gets id "r4.2"; every heading also
 * gets a slug id ("s-movement") for games whose rules are named, not numbered.
 */

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export const slug = (s: string) =>
  `s-${s
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')}`;

/** Inline markup of one escaped line; `link` rewrites link targets (documents beside the rules). */
function inline(text: string, link: (href: string) => string): string {
  let out = escapeHtml(text);
  out = out.replace(/`([^`]+)`/g, '<code>$1</code>');
  out = out.replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>');
  out = out.replace(/(^|[^*\w])\*([^*\s][^*]*)\*/g, '$1<em>$2</em>');
  out = out.replace(/\[([^\]]+)\]\(([^)\s]+)\)/g, (_m, label: string, href: string) => {
    const target = link(href.replace(/&amp;/g, '&'));
    return `<a href="${escapeHtml(target)}">${label}</a>`;
  });
  return out;
}

const RULE_LEAD = /^\*\*(\d+(?:\.\d+)+)\b/;
const RULE_HEADING = /^(\d+(?:\.\d+)+)\b/;

export function renderMarkdown(md: string, link: (href: string) => string = (h) => h): string {
  const lines = md.replace(/\r\n/g, '\n').split('\n');
  const html: string[] = [];
  let i = 0;
  const isBlockStart = (l: string) => /^(#{1,6} |\s*[-*] |\s*\d+\. |\|)/.test(l) || l.trim() === '';
  while (i < lines.length) {
    const line = lines[i]!;
    if (line.trim() === '') {
      i++;
      continue;
    }
    const heading = /^(#{1,6}) (.*)$/.exec(line);
    if (heading) {
      const level = heading[1]!.length;
      const text = heading[2]!;
      const num = RULE_HEADING.exec(text)?.[1];
      const ids = [num ? `r${num}` : null, slug(text)].filter(Boolean);
      // A second, empty anchor carries the other id: an element has one id only.
      const extra = ids.length > 1 ? `<a id="${ids[1]}"></a>` : '';
      html.push(`<h${level} id="${ids[0]}">${extra}${inline(text, link)}</h${level}>`);
      i++;
      continue;
    }
    if (line.startsWith('|')) {
      const rows: string[][] = [];
      while (i < lines.length && lines[i]!.startsWith('|')) {
        const cells = lines[i]!.trim()
          .replace(/^\||\|$/g, '')
          .split('|')
          .map((c) => c.trim());
        if (!cells.every((c) => /^:?-+:?$/.test(c))) rows.push(cells);
        i++;
      }
      const [head, ...body] = rows;
      html.push(
        `<table><thead><tr>${(head ?? []).map((c) => `<th>${inline(c, link)}</th>`).join('')}</tr></thead><tbody>${body
          .map((r) => `<tr>${r.map((c) => `<td>${inline(c, link)}</td>`).join('')}</tr>`)
          .join('')}</tbody></table>`,
      );
      continue;
    }
    const item = /^\s*([-*]|\d+\.) (.*)$/.exec(line);
    if (item) {
      const ordered = /\d/.test(item[1]!);
      const items: string[] = [];
      while (i < lines.length) {
        const m = /^\s*([-*]|\d+\.) (.*)$/.exec(lines[i]!);
        if (m) items.push(m[2]!);
        else if (/^\s+\S/.test(lines[i]!) && items.length > 0)
          items[items.length - 1] += ` ${lines[i]!.trim()}`;
        else break;
        i++;
      }
      const tag = ordered ? 'ol' : 'ul';
      html.push(`<${tag}>${items.map((t) => `<li>${inline(t, link)}</li>`).join('')}</${tag}>`);
      continue;
    }
    const para: string[] = [];
    while (i < lines.length && (para.length === 0 || !isBlockStart(lines[i]!))) {
      para.push(lines[i]!.trim());
      i++;
    }
    const text = para.join(' ');
    const num = RULE_LEAD.exec(text)?.[1];
    html.push(`<p${num ? ` id="r${num}"` : ''}>${inline(text, link)}</p>`);
  }
  return html.join('\n');
}
