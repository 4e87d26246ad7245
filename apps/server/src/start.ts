/**
 * The production entry point, compiled to dist/server.js by scripts/build.ts: the bundle already
 * holds the generated Prisma client, so unlike src/main.ts it generates nothing.
 *
 * The embedded database is opened first, in its worker thread, and the rest of the server is loaded
 * meanwhile: run.ts is imported dynamically, and the build splits it into its own chunk, so its
 * dependencies load only after the worker has started (see docs/server.md, "Start-up").
 */
import { ConfigError, configFromEnv } from './config.ts';
import { PGliteInWorker } from './db/pgliteWorker.ts';

try {
  const config = configFromEnv();
  if (config.database.kind === 'pglite')
    PGliteInWorker.startEarly(config.database.dataDir, { sharedBuffers: config.database.sharedBuffers });
} catch (err) {
  // A bad configuration is reported by runFromEnv, as for any start.
  if (!(err instanceof ConfigError)) throw err;
}
const { runFromEnv } = await import('./run.ts');
await runFromEnv();
