import { generatePrismaClient } from './db/generateClient.ts';

// The Prisma client is generated, not committed: make sure it exists before anything imports it,
// so `tsx src/main.ts` works on a fresh clone however it is started.
generatePrismaClient();
const { runFromEnv } = await import('./run.ts');
await runFromEnv();
