import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configFromEnv } from '../src/config.ts';
import { type Database, openDatabase } from '../src/db/database.ts';
import { PGliteInWorker } from '../src/db/pgliteWorker.ts';
import type { RunningServer } from '../src/server.ts';
import { freshPglite, type TestDatabase } from './helpers/databases.ts';
import { startTestServer, TestUser } from './helpers/harness.ts';

describe('issue 14 PGlite in a worker thread', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await freshPglite();
  });

  afterAll(async () => {
    await database?.drop();
  });

  it('hands the worker started early (start.ts, before the server loads) to the open of that folder', async () => {
    if (database.target.kind !== 'pglite') throw new Error('expected PGlite');
    const { dataDir } = database.target;
    PGliteInWorker.startEarly(dataDir);
    const db: Database = await openDatabase(database.target);
    try {
      expect(db.appliedMigrations.length).toBeGreaterThan(0);
      expect(await db.sql.query<{ one: number }>('SELECT 1 AS one', [])).toEqual([{ one: 1 }]);
    } finally {
      await db.close();
    }
  });

  it('keeps the event loop turning while a statement runs', async () => {
    const db: Database = await openDatabase(database.target);
    try {
      let turns = 0;
      let running = true;
      const spin = () => {
        turns++;
        if (running) setImmediate(spin);
      };
      setImmediate(spin);
      // On the event loop's own thread, WebAssembly would hold it for the whole 300 ms.
      await db.sql.query('SELECT pg_sleep(0.3)', []);
      running = false;
      expect(turns).toBeGreaterThan(10);
    } finally {
      await db.close();
    }
  });

  it('issue 14: runs a named statement prepared once per session, with the same rows and errors as a plain query', async () => {
    const db: Database = await openDatabase(database.target);
    try {
      const text =
        'SELECT $1::int AS n, $2::text AS s, $3::boolean AS b, $4::json AS j, 1 / $1::int AS inverse';
      const params = [2, 'two', true, '{"k":[1,2]}'];
      const plain = await db.sql.query(text, params);
      expect(await db.sql.query(text, params, 'salient_test_prepared')).toEqual(plain);
      expect(plain).toEqual([{ n: 2, s: 'two', b: true, j: { k: [1, 2] }, inverse: 0 }]);
      // A failed run leaves the statement prepared and usable: the error is PostgreSQL's own.
      await expect(db.sql.query(text, [0, null, null, null], 'salient_test_prepared')).rejects.toMatchObject({
        code: '22012',
      });
      expect(await db.sql.query(text, [1, null, false, null], 'salient_test_prepared')).toEqual([
        { n: 1, s: null, b: false, j: null, inverse: 1 },
      ]);
      const prepared = await db.sql.query<{ name: string }>(
        'SELECT name FROM pg_prepared_statements WHERE name = $1',
        ['salient_test_prepared'],
      );
      expect(prepared).toEqual([{ name: 'salient_test_prepared' }]);
    } finally {
      await db.close();
    }
  });

  it('brings database errors back as PGlite errors, so Prisma maps them (a taken name is a conflict)', async () => {
    const server: RunningServer = await startTestServer(database.target);
    try {
      await TestUser.signUp(server.url, 'foch');
      const again = await fetch(`${server.url}/api/auth/signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'foch', password: 'correct horse battery' }),
      });
      expect(again.status).toBe(409);
      expect(((await again.json()) as { error: { code: string } }).error.code).toBe('USERNAME_TAKEN');
    } finally {
      await server.close();
    }
  });

  it('issue 14: runs PostgreSQL with the buffer pool PGLITE_SHARED_BUFFERS sets (32MB unless set)', async () => {
    const setting = async (db: Database) =>
      (await db.sql.query<{ v: string }>(`SELECT current_setting('shared_buffers') AS v`, []))[0]!.v;
    const dataDir = (database.target as { dataDir: string }).dataDir;
    expect(configFromEnv({}).database).toMatchObject({ kind: 'pglite', sharedBuffers: '32MB' });
    const small = configFromEnv({ DATA_DIR: dataDir, PGLITE_SHARED_BUFFERS: '16MB' }).database;
    const db = await openDatabase(small);
    try {
      expect(await setting(db)).toBe('16MB');
    } finally {
      await db.close();
    }
    const byDefault = await openDatabase(database.target);
    try {
      expect(await setting(byDefault)).toBe('32MB');
    } finally {
      await byDefault.close();
    }
    expect(() => configFromEnv({ PGLITE_SHARED_BUFFERS: 'lots' })).toThrow(/PGLITE_SHARED_BUFFERS/);
  });
});
