import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestUser } from './helpers/harness.ts';
import { freePort } from './helpers/processes.ts';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

describe('the production build (issue 14): compiled JavaScript run by plain node', () => {
  let dataDir: string;
  let child: ChildProcess;
  let url: string;
  let output = '';

  beforeAll(async () => {
    const tsx = path.join(serverDir, 'node_modules', '.bin', 'tsx');
    const built = spawnSync(tsx, ['scripts/build.ts'], { cwd: serverDir, encoding: 'utf8' });
    expect(built.status, built.stderr).toBe(0);
    dataDir = await mkdtemp(path.join(tmpdir(), 'salient-prod-'));
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    // No loader flag and no tsx: what a container runs (the Dockerfile's CMD).
    child = spawn(process.execPath, ['--max-semi-space-size=32', 'dist/server.js'], {
      cwd: serverDir,
      env: {
        PATH: process.env.PATH,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        WEB_DIST: path.join(tmpdir(), 'salient-no-web-client-here'),
        LOG_LEVEL: 'warn',
        SCRYPT_COST: '1024',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (c) => {
      output += c;
    });
    child.stderr?.on('data', (c) => {
      output += c;
    });
    const deadline = Date.now() + 60_000;
    while (
      !(await fetch(`${url}/healthz`).then(
        (r) => r.ok,
        () => false,
      ))
    ) {
      if (child.exitCode !== null) throw new Error(`the built server exited:\n${output}`);
      if (Date.now() > deadline) throw new Error(`the built server did not come up:\n${output}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }, 120_000);

  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    }
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('migrates its embedded database, hosts every game and plays, with no TypeScript loader', async () => {
    const games = (await (await fetch(`${url}/api/games`)).json()) as { games: { id: string }[] };
    expect(games.games.map((g) => g.id)).toEqual(expect.arrayContaining(['loos', 'belle-epoque']));
    const haig = await TestUser.signUp(url, 'haig');
    const created = await haig.request('POST', '/api/matches', {
      game: 'loos',
      scenario: 'loos-1915',
      seat: 'british',
    });
    expect(created.status).toBe(201);
    expect(child.spawnargs).toEqual([process.execPath, '--max-semi-space-size=32', 'dist/server.js']);
  });

  it('stops cleanly on SIGTERM with exit code 0', async () => {
    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    const [code] = await exited;
    expect(code, output).toBe(0);
  });
});
