import { mkdir } from 'node:fs/promises';
import { PrismaPg } from '@prisma/adapter-pg';
import type { SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils';
import pg from 'pg';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import { PrismaClient } from '../generated/prisma/client.ts';
import { PGliteInWorker } from './pgliteWorker.ts';
import { applyMigrations, everyMigrationRecorded } from './schemaEngine.ts';

export type Db = PrismaClient;

/** Where the data lives: a PostgreSQL server, or an embedded PGlite database in a directory. */
export type DatabaseTarget =
  | { kind: 'postgres'; url: string }
  | { kind: 'pglite'; dataDir: string; sharedBuffers?: string };

/**
 * Plain parameterised SQL on the same connections Prisma uses, for the one statement on the hot
 * path (appending an action), where Prisma's own overhead was a third of an action's cost.
 */
export interface SqlRunner {
  /**
   * `name` makes it a prepared statement: parsed and planned once per connection (PostgreSQL) or
   * per session (PGlite), then only executed. A name must always go with the same text.
   */
  query<R>(sql: string, params: unknown[], name?: string): Promise<R[]>;
}

export interface Database {
  db: Db;
  sql: SqlRunner;
  target: DatabaseTarget;
  appliedMigrations: string[];
  /** `recorded`: every migration was already recorded as applied, so the schema engine was not loaded. */
  migrationCheck: 'recorded' | 'engine';
  close(): Promise<void>;
}

interface Adapters {
  /** For the schema engine. */
  migrations: SqlMigrationAwareDriverAdapterFactory;
  /** For Prisma Client. */
  client: SqlMigrationAwareDriverAdapterFactory;
  sql: SqlRunner;
  migrationsDone(): Promise<void>;
  close(): Promise<void>;
}

async function adaptersFor(target: DatabaseTarget, onIdleError: (err: Error) => void): Promise<Adapters> {
  if (target.kind === 'postgres') {
    // The schema engine holds a session-level advisory lock while it migrates: with a pool it could
    // unlock on another connection and leave the lock held, so it gets one connection of its own.
    const migrations = disposing(new PrismaPg({ connectionString: target.url, max: 1 }));
    // Connections stay open through quiet spells (pg's default closes them after 10 s idle): a new
    // one costs a backend's start and the appends' prepared statements again, under the next burst.
    const pool = new pg.Pool({ connectionString: target.url, max: 10, idleTimeoutMillis: 300_000 });
    // A connection PostgreSQL ends while it sits idle in the pool (a restart, a failover, an
    // administrator) is an 'error' on the pool: unheard, it would end the process. The pool drops
    // that connection and opens another when next needed.
    pool.on('error', onIdleError);
    return {
      migrations,
      migrationsDone: () => migrations.disposeAll(),
      client: new PrismaPg(pool),
      sql: {
        query: async <R>(text: string, values: unknown[], name?: string) =>
          (await pool.query(name ? { name, text, values } : { text, values })).rows as R[],
      },
      close: () => pool.end(),
    };
  }
  await mkdir(target.dataDir, { recursive: true });
  // In a worker thread: PGlite runs queries synchronously on its thread, which must not be the
  // event loop serving players.
  const pglite = await PGliteInWorker.create(target.dataDir, { sharedBuffers: target.sharedBuffers });
  const adapter = new PrismaPGlite(pglite.asPGlite());
  return {
    migrations: adapter,
    client: adapter,
    sql: {
      query: async <R>(text: string, params: unknown[], name?: string) =>
        name ? pglite.queryPrepared<R>(name, text, params) : (await pglite.query<R>(text, params)).rows,
    },
    migrationsDone: async () => {},
    close: () => pglite.close(),
  };
}

/** A factory whose connections are remembered, so they can be closed once migrations are done. */
function disposing(factory: SqlMigrationAwareDriverAdapterFactory): SqlMigrationAwareDriverAdapterFactory & {
  disposeAll(): Promise<void>;
} {
  const opened: { dispose(): Promise<void> }[] = [];
  const remember = <T extends { dispose(): Promise<void> }>(adapter: T) => {
    opened.push(adapter);
    return adapter;
  };
  return {
    provider: factory.provider,
    adapterName: factory.adapterName,
    connect: async () => remember(await factory.connect()),
    connectToShadowDb: async () => remember(await factory.connectToShadowDb()),
    disposeAll: async () => {
      await Promise.all(opened.splice(0).map((a) => a.dispose().catch(() => undefined)));
    },
  };
}

/**
 * Opens the database, brings its schema up to date and returns a Prisma client on it.
 * `onIdleError` hears of pooled connections the server closed while they were idle.
 */
export async function openDatabase(
  target: DatabaseTarget,
  onIdleError: (err: Error) => void = () => {},
): Promise<Database> {
  const adapters = await adaptersFor(target, onIdleError);
  // The usual start finds the schema current: a look at _prisma_migrations says so without the engine.
  const recorded = await everyMigrationRecorded(adapters.sql.query);
  const appliedMigrations = recorded ? [] : await applyMigrations(adapters.migrations);
  await adapters.migrationsDone();
  const db = new PrismaClient({ adapter: adapters.client });
  await db.$connect();
  return {
    db,
    sql: adapters.sql,
    target,
    appliedMigrations,
    migrationCheck: recorded ? 'recorded' : 'engine',
    async close() {
      await db.$disconnect();
      await adapters.close();
    },
  };
}
