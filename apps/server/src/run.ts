import pino from 'pino';
import { ConfigError, configFromEnv } from './config.ts';
import { type StartOptions, startServer } from './server.ts';

/**
 * Starts the server from the environment and stops it cleanly on SIGTERM/SIGINT: new actions are
 * refused, the ones being applied are committed and broadcast, then connections close.
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
  const server = await startServer(config, { ...options, logger: log }).catch((err) => {
    log.fatal({ err }, 'the server could not start');
    process.exit(1);
  });

  let stopping = false;
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      log.info({ signal }, 'shutting down');
      const force = setTimeout(() => process.exit(1), 15_000);
      force.unref();
      server.close().then(
        () => process.exit(0),
        (err) => {
          log.error({ err }, 'shutdown failed');
          process.exit(1);
        },
      );
    });
  }
}
