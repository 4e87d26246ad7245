/**
 * How soon after `pnpm start` the first page is usable on the embedded database (PGlite): starts the
 * compiled server (dist/server.js, what scripts/start.mjs runs; `pnpm --filter @salient/server build`
 * first) on a PGlite folder and times, from the spawn, the first answer of the page itself (`/`, the
 * built client) and of the lobby's API (`/api/matches?list=open`, which needs the database). The
 * first run starts on an empty folder (the database is created and migrated), the others on the same
 * folder, as every later start does. Prints figures; asserts nothing.
 *
 *   npx tsx apps/server/bench/startup.ts            # RUNS=4 by default
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { repoRoot } from '../src/paths.ts';

const RUNS = Number(process.env.RUNS ?? 4);
// SERVER_BUNDLE: another build to compare (the same depth in the workspace: paths.ts finds the root from it).
const bundle = process.env.SERVER_BUNDLE ?? path.join(repoRoot, 'apps', 'server', 'dist', 'server.js');
const webDist = path.join(repoRoot, 'apps', 'web', 'dist');
if (!existsSync(bundle) || !existsSync(path.join(webDist, 'index.html'))) {
  console.error(
    'Build first: npx --yes pnpm@10 --filter @salient/server build && npx --yes pnpm@10 --filter @salient/web build',
  );
  process.exit(1);
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

/** Milliseconds from `t0` until `url` first answers 200. */
async function firstOk(url: string, t0: number, child: ChildProcess): Promise<number> {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode})`);
    const ok = await fetch(url).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return performance.now() - t0;
    await new Promise((r) => setTimeout(r, 10));
  }
}

/**
 * CPU time the process has used, all its threads (Linux): on a machine shared with other work the
 * wall-clock figures above say as much about the others as about the server; this one does not.
 */
function cpuMs(pid: number | undefined): number | null {
  const file = `/proc/${pid}/stat`;
  if (pid === undefined || !existsSync(file)) return null;
  // Fields after the command name (which is in parentheses): utime and stime are the 12th and 13th.
  const fields = readFileSync(file, 'utf8').split(') ')[1]!.split(' ');
  return Math.round(((Number(fields[11]) + Number(fields[12])) * 1000) / 100);
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'salient-startup-'));
try {
  for (let run = 1; run <= RUNS; run++) {
    const port = await freePort();
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST: webDist,
      LOG_LEVEL: 'warn',
    };
    delete env.DATABASE_URL;
    delete env.REDIS_URL;
    const t0 = performance.now();
    const child = spawn(process.execPath, ['--max-semi-space-size=32', bundle], {
      env,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const base = `http://127.0.0.1:${port}`;
    const [page, lobby] = await Promise.all([
      firstOk(`${base}/`, t0, child),
      firstOk(`${base}/api/matches?list=open`, t0, child),
    ]);
    const cpu = cpuMs(child.pid);
    console.info(
      `run ${run} (${run === 1 ? 'empty folder: database created and migrated' : 'existing database'}): first page ${Math.round(page)} ms, lobby API ${Math.round(lobby)} ms after start${cpu === null ? '' : `; the server had used ${cpu} ms of CPU (all threads) by then`}`,
    );
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
