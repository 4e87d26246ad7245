import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { api, type FeaturesResponse, type PublicUser, ServerErrorCode } from '@salient/protocol';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors.ts';
import type { AnyGame } from '../matches/liveMatch.ts';
import { repoRoot } from '../paths.ts';
import { glossaryOf } from './glossaries.ts';
import { renderMarkdown } from './markdown.ts';
import { rulesTables } from './rulesTables.ts';

/** The documents a game's rules page may show, in the order of its tabs. */
const DOCS = [
  { id: 'rules', label: 'Rules' },
  { id: 'rulings', label: 'Rulings' },
  { id: 'design', label: 'Design notes' },
] as const;
type DocId = (typeof DOCS)[number]['id'];

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;margin:0;background:#f4f1ea;color:#1b1b1b}
header{background:#2b3a42;color:#fff;padding:.5rem 1rem;display:flex;gap:1rem;flex-wrap:wrap;align-items:center;position:sticky;top:0}
header a{color:#fff}header .here{font-weight:700;text-decoration:none}
main{max-width:52rem;margin:0 auto;padding:0 1rem 4rem}
table{border-collapse:collapse;margin:.6rem 0;display:block;overflow-x:auto}th,td{border:1px solid #bbb;padding:2px 8px;text-align:left}
th{background:#e6e0d0}main *{scroll-margin-top:3.5rem}:target{background:#fff3b0;outline:4px solid #fff3b0}code{background:#0001;padding:0 3px}`;

/**
 * Follows a citation that has no paragraph of its own (the folio's exclusive rules, numbered but
 * not restated here) to its section, else to the first place that mentions it, so a log link never
 * lands at the top of the page.
 */
const FALLBACK = `(function(){function go(){var h=decodeURIComponent(location.hash.slice(1));if(!/^r\\d/.test(h)||document.getElementById(h))return;
var n=h.slice(1),p=n.split('.');for(var k=p.length-1;k>0;k--){var id='r'+p.slice(0,k).join('.')+(k===1?'.0':'');var el=document.getElementById(id);if(el){el.scrollIntoView();el.style.background='#fff3b0';return}}
var all=document.querySelectorAll('main p,main li,main td');for(var i=0;i<all.length;i++){if(all[i].textContent.indexOf(n)>=0){all[i].scrollIntoView();all[i].style.background='#fff3b0';return}}}
addEventListener('hashchange',go);addEventListener('load',go);go()})();`;

function docPath(gameId: string, doc: DocId): string {
  return path.join(repoRoot, 'packages', gameId, 'docs', `${doc}.md`);
}

/** Links between a game's documents ("rulings.md") stay on the rules pages. */
function linkFor(gameId: string) {
  return (href: string) => {
    const m = /^([a-z-]+)\.md(#.*)?$/.exec(href);
    if (m && DOCS.some((d) => d.id === m[1])) return `${api.rules(gameId)}/${m[1]}${m[2] ?? ''}`;
    return /^https?:/.test(href) ? href : '#';
  };
}

/** The log's words explained, last on the rules page: the log links its marked terms here. */
function glossarySection(gameId: string): string | null {
  const terms = glossaryOf(gameId);
  if (terms.length === 0) return null;
  return [
    '## Glossary',
    '',
    'Words and codes the game log uses.',
    '',
    '| term | meaning | rule |',
    '| --- | --- | --- |',
    ...terms.map((t) => `| ${t.term} | ${t.meaning} | ${t.rule ?? ''} |`),
  ].join('\n');
}

export function rulesPage(game: AnyGame, doc: DocId): string | null {
  const file = docPath(game.id, doc);
  if (!existsSync(file)) return null;
  // The rules page ends with the game's tables, written out from the rules' own data.
  const tables = doc === 'rules' ? rulesTables(game.id) : null;
  const glossary = doc === 'rules' ? glossarySection(game.id) : null;
  const body = renderMarkdown(
    [readFileSync(file, 'utf8'), tables, glossary].filter(Boolean).join('\n\n'),
    linkFor(game.id),
  );
  const tabs = DOCS.filter((d) => existsSync(docPath(game.id, d.id)))
    .map(
      (d) =>
        `<a href="${api.rules(game.id)}${d.id === 'rules' ? '' : `/${d.id}`}"${d.id === doc ? ' class="here" aria-current="page"' : ''}>${d.label}</a>`,
    )
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${game.title}: ${DOCS.find((d) => d.id === doc)?.label} · Salient</title><style>${STYLE}</style></head>
<body><header><strong>${game.title}</strong>${tabs}</header><main data-rules="${game.id}" data-doc="${doc}">${body}</main><script>${FALLBACK}</script></body></html>`;
}

export interface RulesPagesDeps {
  findGame: (id: string) => AnyGame | undefined;
  features: FeaturesResponse;
}

/** Each game's rules, rulings and design notes as pages of the app, and the server's optional features. */
export function registerRulesPages(app: FastifyInstance, d: RulesPagesDeps): void {
  const cache = new Map<string, string>();
  const serve = (gameId: string, doc: DocId) => {
    const key = `${gameId}/${doc}`;
    let html = cache.get(key);
    if (html === undefined) {
      const game = d.findGame(gameId);
      const page = game ? rulesPage(game, doc) : null;
      if (page === null)
        throw new AppError(ServerErrorCode.NotFound, `no ${doc} page for the game "${gameId}"`, 404);
      html = page;
      cache.set(key, html);
    }
    return html;
  };
  app.get<{ Params: { game: string } }>('/rules/:game', async (req, reply) =>
    reply.type('text/html; charset=utf-8').send(serve(req.params.game, 'rules')),
  );
  // Before '/rules/:game/:doc': a static segment wins. A known game without a glossary has [].
  app.get<{ Params: { game: string } }>('/rules/:game/glossary.json', async (req) => {
    if (!d.findGame(req.params.game))
      throw new AppError(ServerErrorCode.NotFound, `no game "${req.params.game}"`, 404);
    return glossaryOf(req.params.game);
  });
  app.get<{ Params: { game: string; doc: string } }>('/rules/:game/:doc', async (req, reply) => {
    const doc = DOCS.find((x) => x.id === req.params.doc)?.id;
    if (!doc) throw new AppError(ServerErrorCode.NotFound, `no page "${req.params.doc}"`, 404);
    return reply.type('text/html; charset=utf-8').send(serve(req.params.game, doc));
  });
  app.get(api.features, async () => d.features);
}

/** The in-game history: one past position of a match at a time. */
export function registerPositions(
  app: FastifyInstance,
  positions: {
    position(
      id: string,
      index: number,
      user: PublicUser | null,
      invite: string | undefined,
    ): Promise<unknown>;
  },
): void {
  app.get<{ Params: { id: string; index: string }; Querystring: { invite?: string } }>(
    '/api/matches/:id/positions/:index',
    async (req) =>
      positions.position(
        req.params.id,
        Number(req.params.index),
        req.user ?? null,
        typeof req.query.invite === 'string' ? req.query.invite : undefined,
      ),
  );
}
