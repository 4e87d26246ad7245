/**
 * The production entry point, compiled to dist/server.js by scripts/build.ts: the bundle already
 * holds the generated Prisma client, so unlike src/main.ts it generates nothing.
 */
import { runFromEnv } from './run.ts';

await runFromEnv();
