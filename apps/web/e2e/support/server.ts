import { type ChildProcess, spawn } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { repoRoot } from './paths.ts';

export interface RunningApp {
  url: string;
  /** The server's output, for a failing test's message. */
  output(): string;
  stop(): Promise<void>;
}

/**
 * A port for the server under test, picked at random below the kernel's ephemeral range: a port
 * from listen(0) is what outgoing connections and other test files' servers take too, and the
 * server needs seconds to bind it (see apps/server/test/helpers/processes.ts).
 */
async function freePort(): Promise<number> {
  for (;;) {
    const port = 20_000 + randomInt(12_000);
    const probe = createServer();
    const free = await new Promise<boolean>((resolve) => {
      probe.once('error', () => resolve(false));
      probe.listen(port, '127.0.0.1', () => resolve(true));
    });
    if (!free) continue;
    await new Promise((resolve) => probe.close(resolve));
    return port;
  }
}

/**
 * Starts the real server (apps/server/src/main.ts through tsx) on a free port with an embedded
 * PGlite database in a fresh folder and the given built client, and waits for /healthz.
 */
export async function startApp(webDist: string, extraEnv: Record<string, string> = {}): Promise<RunningApp> {
  // SALIENT_E2E_PORT pins the port, for a shared machine whose users each keep to a range of their own.
  const port = process.env.SALIENT_E2E_PORT ? Number(process.env.SALIENT_E2E_PORT) : await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'salient-e2e-db-'));
  const entry = process.env.SALIENT_SERVER_ENTRY ?? path.join('apps', 'server', 'src', 'main.ts');
  const tsx = path.join(repoRoot, 'node_modules', '.bin', 'tsx');
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    WEB_DIST: webDist,
    LOG_LEVEL: 'warn',
    AUTH_RATE_PER_MINUTE: '1000',
    SCRYPT_COST: '1024',
    // This machine resolves no public names: the settings test saves a webhook it never calls.
    WEBHOOK_ALLOW_PRIVATE: 'true',
    ...extraEnv,
  };
  // PGlite in the fresh folder, and no Redis: the test must not touch shared services.
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  const child: ChildProcess = spawn(tsx, [entry], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => {
    output += d.toString();
  });
  child.stderr?.on('data', (d: Buffer) => {
    output += d.toString();
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.pid !== undefined) {
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      process.kill(-child.pid, 'SIGTERM');
      const timer = setTimeout(() => child.pid !== undefined && process.kill(-child.pid, 'SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) return { url, output: () => output, stop };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  await stop();
  throw new Error(`the server did not become healthy:\n${output}`);
}
