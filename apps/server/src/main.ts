import pino from 'pino';
import { ConfigError, configFromEnv } from './config.ts';
import { startServer } from './server.ts';

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
const log = pino({ level: config.logLevel, base: { service: 'salient' } });
const server = await startServer(config, { logger: log }).catch((err) => {
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
