import { games } from '@salient/games';
import { afterAll, beforeAll } from 'vitest';
import type { RunningServer } from '../../src/server.ts';
import { freshPglite, type TestDatabase } from './databases.ts';
import { startTestServer } from './harness.ts';

/**
 * Registers, in the calling describe block, a server hosting every game on a database of its own,
 * started before the block's tests and stopped (its database dropped) after them: what each game's
 * test through the server starts with. Read `url` inside the tests.
 */
export function serveEveryGame(
  fresh: () => Promise<TestDatabase> = freshPglite,
  startTimeout?: number,
): { readonly url: string } {
  let database: TestDatabase | undefined;
  let server: RunningServer | undefined;

  beforeAll(async () => {
    database = await fresh();
    server = await startTestServer(database.target, {}, Object.values(games));
  }, startTimeout);

  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  return {
    get url() {
      if (!server) throw new Error('the server has not started yet (read url inside a test)');
      return server.url;
    },
  };
}
