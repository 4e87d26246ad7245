import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { DatabaseTarget } from '../../src/db/database.ts';

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/test';
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

export interface TestDatabase {
  target: DatabaseTarget;
  drop(): Promise<void>;
}

async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A database of its own on the test PostgreSQL server, so test files never collide. */
export async function freshPostgres(): Promise<TestDatabase> {
  const name = `salient_t_${randomBytes(6).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  return {
    target: { kind: 'postgres', url: url.toString() },
    drop: () => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

/** An embedded PGlite database in a temporary directory. */
export async function freshPglite(): Promise<TestDatabase> {
  const dir = await mkdtemp(path.join(tmpdir(), 'salient-pglite-'));
  return { target: { kind: 'pglite', dataDir: dir }, drop: () => rm(dir, { recursive: true, force: true }) };
}

export const databaseKinds = [
  { name: 'PostgreSQL', fresh: freshPostgres },
  { name: 'PGlite', fresh: freshPglite },
] as const;
