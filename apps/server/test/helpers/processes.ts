import { type ChildProcess, spawn } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { once } from 'node:events';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const entry = path.join(serverDir, 'test', 'fixtures', 'serve.ts');

/**
 * A port for a server a test starts. Picked at random below the kernel's ephemeral range
 * (32768-60999), not with listen(0): a port from that range is also what outgoing connections and
 * every other test file's listen(0) take, and a child server needs seconds to bind it, during which
 * another test could be handed the same port and then answer this one's health check.
 */
export async function freePort(): Promise<number> {
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

/** A server running in a process of its own, as in production (tsx, the real entry point). */
export class ServerProcess {
  readonly url: string;
  private child: ChildProcess | null = null;
  output = '';

  constructor(
    readonly port: number,
    readonly env: Record<string, string>,
  ) {
    this.url = `http://127.0.0.1:${port}`;
  }

  async start(timeoutMs = 60_000): Promise<void> {
    // SERVER_NODE_ARGS passes flags such as --cpu-prof to the server process, for profiling.
    const nodeArgs = process.env.SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
    // The young generation's size production runs with (Dockerfile, package.json's start).
    const child = spawn(
      process.execPath,
      ['--max-semi-space-size=32', ...nodeArgs, '--import', 'tsx', entry],
      {
        cwd: serverDir,
        env: {
          ...process.env,
          HOST: '127.0.0.1',
          LOG_LEVEL: 'warn',
          SCRYPT_COST: '1024',
          AUTH_RATE_PER_MINUTE: '10000',
          ACTION_RATE_PER_SECOND: '10000',
          // Every client of these tests and of the load test comes from 127.0.0.1.
          JOIN_RATE_PER_SECOND: '10000',
          SOCKETS_PER_ACCOUNT: '10000',
          SOCKETS_PER_ADDRESS: '10000',
          OPEN_MATCHES_PER_ACCOUNT: '10000',
          OPEN_MATCHES_PER_ADDRESS: '10000',
          UNFINISHED_MATCHES_PER_ACCOUNT: '10000',
          CREATES_PER_MINUTE_PER_ACCOUNT: '10000',
          CREATES_PER_MINUTE_PER_ADDRESS: '10000',
          IMPORTS_PER_HOUR_PER_ACCOUNT: '10000',
          IMPORTS_PER_HOUR_PER_ADDRESS: '10000',
          CHAT_PER_MINUTE: '10000',
          ...this.env,
          PORT: String(this.port),
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    child.stdout?.on('data', (c) => {
      this.output += c;
    });
    child.stderr?.on('data', (c) => {
      this.output += c;
    });
    this.child = child;
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${this.output}`);
      const up = await fetch(`${this.url}/healthz`).then(
        (r) => r.ok,
        () => false,
      );
      if (up) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`server did not come up within ${timeoutMs} ms:\n${this.output}`);
  }

  /** Kills the process the hard way: no shutdown code runs. */
  async kill(signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
    await this.signal(signal);
  }

  /** Sends a signal and resolves with how the process ended. */
  async signal(signal: NodeJS.Signals): Promise<{ code: number | null; signal: string | null }> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null)
      return { code: child?.exitCode ?? null, signal: child?.signalCode ?? null };
    const exited = once(child, 'exit') as Promise<[number | null, string | null]>;
    child.kill(signal);
    const [code, endedBy] = await exited;
    this.child = null;
    return { code, signal: endedBy };
  }

  /** The process id while it runs (for reading its CPU time and memory from /proc). */
  get pid(): number | null {
    return this.child?.pid ?? null;
  }

  get alive(): boolean {
    return this.child !== null && this.child.exitCode === null && this.child.signalCode === null;
  }
}

/**
 * A Redis server of the test's own, on a free port, that the test may stop and start again (the
 * machine's shared Redis is never touched). Nothing is persisted.
 */
export class RedisProcess {
  private child: ChildProcess | null = null;
  readonly url: string;

  private constructor(readonly port: number) {
    this.url = `redis://127.0.0.1:${port}`;
  }

  /** On the given port, or on a free one. */
  static async start(port?: number): Promise<RedisProcess> {
    const redis = new RedisProcess(port ?? (await freePort()));
    await redis.start();
    return redis;
  }

  async start(): Promise<void> {
    const child = spawn(
      '/usr/bin/redis-server',
      ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    this.child = child;
    let output = '';
    await new Promise<void>((resolve, reject) => {
      const onData = (chunk: Buffer) => {
        output += chunk;
        if (!output.includes('Ready to accept connections')) return;
        child.stdout?.off('data', onData);
        resolve();
      };
      child.stdout?.on('data', onData);
      child.once('exit', (code) => reject(new Error(`redis-server exited with ${code}:\n${output}`)));
    });
    child.stdout?.resume();
  }

  /** Freezes it (SIGSTOP): connections stay open but nothing answers, as in a network partition. */
  freeze(): void {
    this.child?.kill('SIGSTOP');
  }

  thaw(): void {
    this.child?.kill('SIGCONT');
  }

  /** Stops it the hard way, as a crash or a lost host would. */
  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = once(child, 'exit');
    child.kill('SIGKILL');
    await exited;
    this.child = null;
  }
}
