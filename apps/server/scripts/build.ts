/**
 * Compiles the server for production: src/start.ts with the workspace's own packages (the games,
 * engine and protocol, shipped as TypeScript) and the generated Prisma client bundled into one ES
 * module, dist/server.js (with its chunks beside it); npm dependencies stay external and load from node_modules. Plain `node`
 * runs it: no TypeScript loader in production.
 */
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const manifest = JSON.parse(readFileSync(path.join(serverDir, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
};
const external = Object.keys(manifest.dependencies).filter((name) => !name.startsWith('@salient/'));

const started = performance.now();
// Chunks of an earlier build would pile up: start from an empty folder.
rmSync(path.join(serverDir, 'dist'), { recursive: true, force: true });
await build({
  // The bot worker threads load a module of their own (src/bots/pool.ts finds it beside server.js).
  entryPoints: {
    server: path.join(serverDir, 'src', 'start.ts'),
    botWorker: path.join(serverDir, 'src', 'bots', 'worker.ts'),
  },
  outdir: path.join(serverDir, 'dist'),
  // start.ts imports run.ts dynamically: split, the server's dependencies load only when it does,
  // after the embedded database's worker has started (start.ts).
  splitting: true,
  // Beside server.js, not in a subfolder: paths.ts finds the workspace from its file's depth.
  chunkNames: '[name]-[hash]',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external,
  sourcemap: true,
  // Some bundled CommonJS helpers call require(); an ES module has none of its own.
  banner: {
    js: "import { createRequire as __salientRequire } from 'node:module'; const require = __salientRequire(import.meta.url);",
  },
  logLevel: 'warning',
});
console.log(`built dist/server.js in ${(performance.now() - started).toFixed(0)} ms`);
