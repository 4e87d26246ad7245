import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { PrismaPg } from '@prisma/adapter-pg';
import type { SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import { PrismaClient } from '../generated/prisma/client.ts';
import { applyMigrations } from './schemaEngine.ts';

export type Db = PrismaClient;

/** Where the data lives: a PostgreSQL server, or an embedded PGlite database in a directory. */
export type DatabaseTarget = { kind: 'postgres'; url: string } | { kind: 'pglite'; dataDir: string };

export interface Database {
  db: Db;
  target: DatabaseTarget;
  appliedMigrations: string[];
  close(): Promise<void>;
}

async function adapterFor(
  target: DatabaseTarget,
): Promise<{ adapter: SqlMigrationAwareDriverAdapterFactory; close: () => Promise<void> }> {
  if (target.kind === 'postgres') {
    return { adapter: new PrismaPg({ connectionString: target.url, max: 10 }), close: async () => {} };
  }
  await mkdir(target.dataDir, { recursive: true });
  const pglite = await PGlite.create(target.dataDir);
  return { adapter: new PrismaPGlite(pglite), close: () => pglite.close() };
}

/** Opens the database, brings its schema up to date and returns a Prisma client on it. */
export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  const { adapter, close } = await adapterFor(target);
  const appliedMigrations = await applyMigrations(adapter);
  const db = new PrismaClient({ adapter });
  await db.$connect();
  return {
    db,
    target,
    appliedMigrations,
    async close() {
      await db.$disconnect();
      await close();
    },
  };
}
