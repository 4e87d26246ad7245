import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database.ts';
import {
  diffMigrationsToSchema,
  everyMigrationRecorded,
  listMigrations,
  migrationsDir,
} from '../src/db/schemaEngine.ts';
import { databaseKinds, freshPostgres } from './helpers/databases.ts';

describe('the database schema', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const c of cleanups) await c();
  });

  it('schema.prisma and prisma/migrations agree', async () => {
    const pglite = await PGlite.create();
    cleanups.push(() => pglite.close());
    const sql = await diffMigrationsToSchema(new PrismaPGlite(pglite));
    expect(sql.trim()).toMatch(/^(-- This is an empty migration\.)?$/);
  });

  it.each(databaseKinds)(
    'issue 14: an action’s update of its match can stay on its page (HOT) on $name: no index of matches holds a column a step changes, and pages keep room',
    async ({ fresh }) => {
      const database = await fresh();
      cleanups.push(() => database.drop());
      const db = await openDatabase(database.target);
      try {
        // What the append statements set on every step (status changes only when a match ends).
        const stepped = ['seq', 'turn', 'phase', 'to_act', 'outcome', 'clock', 'clock_since', 'deadline'];
        const indexed = await db.sql.query<{ index: string; column: string }>(
          `SELECT i.relname AS index, a.attname AS column
             FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid
             JOIN pg_attribute a ON a.attrelid = x.indrelid AND a.attnum = ANY (x.indkey)
            WHERE x.indrelid = 'matches'::regclass`,
          [],
        );
        expect(indexed.length).toBeGreaterThan(0);
        expect(indexed.filter((r) => [...stepped, 'updated_at', 'finished_at'].includes(r.column))).toEqual(
          [],
        );
        const [options] = await db.sql.query<{ reloptions: string[] | null }>(
          `SELECT reloptions FROM pg_class WHERE oid = 'matches'::regclass`,
          [],
        );
        expect(options?.reloptions).toContain('fillfactor=70');
      } finally {
        await db.close();
      }
    },
  );

  it('the migrations folder is in Prisma’s layout', async () => {
    const list = await listMigrations();
    expect(list.migrationDirectories.length).toBeGreaterThan(0);
    expect(list.lockfile.content).toContain('provider = "postgresql"');
    for (const dir of list.migrationDirectories) {
      expect(dir.path).toMatch(/^\d{14}_[a-z0-9_]+$/);
      const text = await readFile(path.join(migrationsDir, dir.path, 'migration.sql'), 'utf8');
      expect(text.length).toBeGreaterThan(0);
    }
  });

  it('applies the migrations on PostgreSQL once, recording them as prisma migrate deploy does', async () => {
    const database = await freshPostgres();
    cleanups.push(() => database.drop());
    const first = await openDatabase(database.target);
    expect(first.appliedMigrations.length).toBeGreaterThan(0);
    await first.close();
    expect(first.migrationCheck).toBe('engine');
    const second = await openDatabase(database.target);
    expect(second.appliedMigrations).toEqual([]);
    // Everything recorded: the schema engine was not even loaded.
    expect(second.migrationCheck).toBe('recorded');
    await second.close();
    if (database.target.kind !== 'postgres') throw new Error('expected postgres');
    const client = new pg.Client({ connectionString: database.target.url });
    await client.connect();
    const rows = await client.query('SELECT migration_name, finished_at FROM _prisma_migrations');
    await client.end();
    expect(rows.rows.map((r) => r.migration_name)).toEqual(first.appliedMigrations);
    expect(rows.rows.every((r) => r.finished_at !== null)).toBe(true);
    // The uniqueness of (match, seq) is what the protocol's durability rests on.
    expect(
      await readFile(
        path.join(migrationsDir, (await listMigrations()).migrationDirectories[0]!.path, 'migration.sql'),
        'utf8',
      ),
    ).toContain('CONSTRAINT "match_actions_pkey" PRIMARY KEY ("match_id","seq")');
  });

  it('skips the schema engine on PGlite only when every migration is recorded, unchanged and finished', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'salient-migrations-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const target = { kind: 'pglite' as const, dataDir };
    const first = await openDatabase(target);
    expect(first.migrationCheck).toBe('engine');
    expect(first.appliedMigrations.length).toBe((await listMigrations()).migrationDirectories.length);
    await first.close();
    const second = await openDatabase(target);
    expect(second.migrationCheck).toBe('recorded');
    // A recorded checksum that no longer matches its file, or a failed attempt: the engine decides.
    const [last] = await second.sql.query<{ migration_name: string }>(
      'SELECT migration_name FROM _prisma_migrations ORDER BY migration_name DESC LIMIT 1',
      [],
    );
    await second.sql.query('UPDATE _prisma_migrations SET checksum = $1 WHERE migration_name = $2', [
      'edited',
      last!.migration_name,
    ]);
    expect(await everyMigrationRecorded(second.sql.query)).toBe(false);
    await second.sql.query(
      'UPDATE _prisma_migrations SET checksum = $1, finished_at = NULL WHERE migration_name = $2',
      [
        createHash('sha256')
          .update(await readFile(path.join(migrationsDir, last!.migration_name, 'migration.sql')))
          .digest('hex'),
        last!.migration_name,
      ],
    );
    expect(await everyMigrationRecorded(second.sql.query)).toBe(false);
    // A migration not recorded at all (a newer release's): the engine applies it.
    await second.sql.query('DELETE FROM _prisma_migrations WHERE migration_name = $1', [
      last!.migration_name,
    ]);
    expect(await everyMigrationRecorded(second.sql.query)).toBe(false);
    await second.close();
  }, 120_000);
});
