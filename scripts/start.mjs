/**
 * `pnpm start`: builds what is out of date (the web client, the compiled server), then runs the
 * compiled server in this process. A warm start, with both builds current, only checks file times.
 * Plain JavaScript, so it runs on Node 20 before anything is compiled.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const at = (...parts) => path.join(root, ...parts);
const packages = readdirSync(at('packages')).map((name) => at('packages', name, 'src'));

/** The newest modification time under the given files and folders (node_modules and builds skipped). */
function newest(paths) {
  let latest = 0;
  const visit = (p) => {
    if (!existsSync(p)) return;
    const stat = statSync(p);
    if (!stat.isDirectory()) {
      latest = Math.max(latest, stat.mtimeMs);
      return;
    }
    for (const name of readdirSync(p)) {
      if (name === 'node_modules' || name === 'dist') continue;
      visit(path.join(p, name));
    }
  };
  for (const p of paths) visit(p);
  return latest;
}

const builtAt = (file) => (existsSync(file) ? statSync(file).mtimeMs : 0);

function run(args) {
  // Inside `pnpm start`, npm_execpath is the pnpm that started us.
  const pnpm = process.env.npm_execpath;
  const [command, prefix] = pnpm ? [process.execPath, [pnpm]] : ['pnpm', []];
  const result = spawnSync(command, [...prefix, ...args], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const webSources = [
  at('apps', 'web', 'src'),
  at('apps', 'web', 'index.html'),
  at('apps', 'web', 'vite.config.ts'),
  ...packages,
];
if (newest(webSources) > builtAt(at('apps', 'web', 'dist', 'index.html')))
  run(['--filter', '@salient/web', 'build']);

const serverBundle = at('apps', 'server', 'dist', 'server.js');
const serverSources = [
  at('apps', 'server', 'src'),
  at('apps', 'server', 'scripts', 'build.ts'),
  at('prisma', 'schema.prisma'),
  ...packages,
];
if (newest(serverSources) > builtAt(serverBundle)) run(['--filter', '@salient/server', 'build']);

await import(pathToFileURL(serverBundle).href);
