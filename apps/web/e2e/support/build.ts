import { mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { build } from 'vite';
import { webDir } from './paths.ts';

/**
 * Builds a page with Vite into a fresh temporary folder (never the real dist, which a developer or
 * another run may be using) and returns that folder.
 */
export async function buildPage(root: string, configFile?: string): Promise<string> {
  const outDir = mkdtempSync(path.join(tmpdir(), 'salient-web-'));
  await build({
    root,
    configFile: configFile ?? false,
    logLevel: 'warn',
    plugins: configFile ? [] : [svelte()],
    build: { outDir, emptyOutDir: true, reportCompressedSize: false },
  });
  return outDir;
}

/** The real client, built from apps/web with its own config (size budget included). */
export function buildClient(): Promise<string> {
  return buildPage(webDir, path.join(webDir, 'vite.config.ts'));
}

const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
};

/** Serves a built folder on a free port; enough for a page with no API behind it. */
export async function serveStatic(dir: string): Promise<{ url: string; close(): Promise<void> }> {
  const { readFile } = await import('node:fs/promises');
  const server: Server = createServer((req, res) => {
    const urlPath = decodeURIComponent((req.url ?? '/').split('?')[0] ?? '/');
    const file = path.join(dir, urlPath === '/' ? 'index.html' : urlPath);
    if (!file.startsWith(dir)) {
      res.writeHead(403).end();
      return;
    }
    readFile(file).then(
      (body) =>
        res
          .writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' })
          .end(body),
      () => res.writeHead(404).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
