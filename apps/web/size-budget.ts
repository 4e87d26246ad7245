import { gzipSync } from 'node:zlib';
import type { Plugin, Rolldown } from 'vite';

type OutputBundle = Rolldown.OutputBundle;
type OutputChunk = Rolldown.OutputChunk;

/** The issue's limit for the client's JavaScript, gzipped. */
export const JS_BUDGET_BYTES = 200 * 1024;

export function gzippedSize(code: string | Uint8Array): number {
  return gzipSync(code, { level: 9 }).length;
}

/** What the browser downloads, gzipped: for the first page, and for a match of each game besides. */
export interface ScriptWeights {
  /** The entry and every chunk it imports statically: any page before a game's rules are needed. */
  firstPage: number;
  /** Per chunk loaded on demand (a game's rules), what it adds to the first page's, its own imports included. */
  onDemand: { name: string; bytes: number }[];
  /** Every chunk of the build. */
  total: number;
}

/** The chunks a page holds once `start` is loaded: `start` and everything it imports statically. */
function staticClosure(start: string[], chunks: Map<string, OutputChunk>): Set<string> {
  const seen = new Set<string>();
  const stack = [...start];
  while (stack.length > 0) {
    const file = stack.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    stack.push(...(chunks.get(file)?.imports ?? []));
  }
  return seen;
}

/**
 * A chunk's name for people: the workspace package it starts from (`loos`, `paths-of-glory`) where
 * it is one's entry, else the bundler's own name. The build names the files so too (vite.config.ts).
 */
export function chunkLabel(chunk: { name: string; facadeModuleId?: string | null }): string {
  const pkg = /[\\/]packages[\\/]([^\\/]+)[\\/]src[\\/]index\.ts$/.exec(chunk.facadeModuleId ?? '');
  return pkg?.[1] ?? chunk.name;
}

export function scriptWeights(bundle: OutputBundle): ScriptWeights {
  const chunks = new Map(
    Object.values(bundle)
      .filter((item): item is OutputChunk => item.type === 'chunk')
      .map((c) => [c.fileName, c]),
  );
  const sizes = new Map([...chunks.keys()].map((f) => [f, gzippedSize(chunks.get(f)!.code)]));
  const sum = (files: Iterable<string>) => [...files].reduce((n, f) => n + (sizes.get(f) ?? 0), 0);
  const first = staticClosure(
    [...chunks.values()].filter((c) => c.isEntry).map((c) => c.fileName),
    chunks,
  );
  const onDemand = [...chunks.values()]
    .filter((c) => c.isDynamicEntry && !first.has(c.fileName))
    .map((c) => ({
      name: chunkLabel(c),
      bytes: sum([...staticClosure([c.fileName], chunks)].filter((f) => !first.has(f))),
    }))
    .sort((a, b) => b.bytes - a.bytes);
  return { firstPage: sum(first), onDemand, total: sum(chunks.keys()) };
}

/**
 * Prints the gzipped JavaScript a player downloads and fails the build when the heaviest page, the
 * first page plus the heaviest game's rules (a match page opened from a link), passes the budget,
 * so a heavy dependency cannot slip in unnoticed. Each game is a chunk of its own
 * (@salient/games/lazy): a page never loads two games' rules, so they are not added together.
 */
export function sizeBudget(budget = JS_BUDGET_BYTES): Plugin {
  return {
    name: 'salient-size-budget',
    apply: 'build',
    generateBundle(_options, bundle) {
      const w = scriptWeights(bundle);
      const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
      const heaviest = w.onDemand[0];
      const worst = w.firstPage + (heaviest?.bytes ?? 0);
      this.info(
        `JavaScript gzipped: first page ${kb(w.firstPage)}; loaded on demand ${w.onDemand.map((d) => `${d.name} +${kb(d.bytes)}`).join(', ') || 'nothing'}; all ${kb(w.total)}; budget ${kb(budget)} for the heaviest page`,
      );
      if (worst > budget)
        this.error(
          `the heaviest page's JavaScript (first page${heaviest ? ` + ${heaviest.name}` : ''}) is ${kb(worst)} gzipped, over the ${kb(budget)} budget`,
        );
    },
  };
}
