import pino from 'pino';
import { ConfigError, configFromEnv } from './config.ts';
import { type RunningServer, type StartOptions, startServer } from './server.ts';

/** After the grace period, how long closing the database and the log may still take. */
const LAST_RESORT_MS = 5_000;

/**
 * Starts the server from the environment and stops it cleanly on SIGTERM/SIGINT: new actions are
 * refused, the ones being applied are committed and broadcast, then connections close; whatever
 * is still open when SHUTDOWN_GRACE_MS ends is cut, and the process exits 0.
 *
 * Nothing ends the process silently. A promise rejection nobody handled is logged as an error
 * and counted (salient_unhandled_rejections_total), and the process goes on: it is an
 * asynchronous failure that already happened, with no state half-changed on this stack, and
 * every acknowledged action is in the database anyway. An uncaught exception is different: it
 * unwound a stack midway, so in-memory state may be inconsistent; it is logged as fatal, the
 * process shuts down as on SIGTERM and exits 1, for the supervisor to restart it.
 */
export async function runFromEnv(options: Omit<StartOptions, 'logger'> = {}): Promise<void> {
  let config: ReturnType<typeof configFromEnv>;
  try {
    config = configFromEnv();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(2);
    }
    throw err;
  }
  const log = pino({ level: config.logLevel, base: { service: 'salient', pid: process.pid } });
  let server: RunningServer | null = null;
  let stopping = false;

  const stop = (exitCode: 0 | 1, why: Record<string, unknown>) => {
    if (stopping) return;
    stopping = true;
    log.info(why, 'shutting down');
    const force = setTimeout(() => {
      log.fatal({ graceMs: config.shutdownGraceMs }, 'shutdown did not finish: exiting anyway');
      process.exit(1);
    }, config.shutdownGraceMs + LAST_RESORT_MS);
    force.unref();
    (server ? server.close() : Promise.resolve()).then(
      () => process.exit(exitCode),
      (err) => {
        log.fatal({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };

  process.on('unhandledRejection', (reason) => {
    if (server) server.metrics.unhandledRejections++;
    log.error({ err: reason }, 'unhandled promise rejection (the process carries on)');
  });
  process.on('uncaughtException', (err, origin) => {
    log.fatal({ err, origin }, 'uncaught exception: restarting the process');
    stop(1, { reason: 'uncaught exception' });
  });

  server = await startServer(config, { ...options, logger: log }).catch((err) => {
    log.fatal({ err }, 'the server could not start');
    process.exit(1);
  });
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => stop(0, { signal }));
}
