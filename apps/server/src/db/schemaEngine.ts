import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import {
  bindMigrationAwareSqlAdapterFactory,
  type SqlMigrationAwareDriverAdapterFactory,
} from '@prisma/driver-adapter-utils';
import type { MigrationList, SchemaEngine } from '@prisma/schema-engine-wasm';
import * as runtime from '@prisma/schema-engine-wasm/schema_engine_bg';
import { repoRoot } from '../paths.ts';

// Node has WebAssembly; the workspace's `lib` (ES2023, no DOM) does not declare it.
declare const WebAssembly: {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: Record<string, unknown>) => { exports: Record<string, unknown> };
};

/**
 * Prisma's WebAssembly schema engine, loaded from its own package. The CLI's native engine would be
 * downloaded on first use, which cannot happen offline; `@prisma/internals` looks for this wasm in a
 * folder it does not ship, so we instantiate it here ourselves.
 */
let engineClass: typeof SchemaEngine | undefined;

async function loadEngineClass(): Promise<typeof SchemaEngine> {
  if (engineClass) return engineClass;
  const require = createRequire(import.meta.url);
  const wasmPath = path.join(
    path.dirname(require.resolve('@prisma/schema-engine-wasm')),
    'schema_engine_bg.wasm',
  );
  const module = new WebAssembly.Module(await readFile(wasmPath));
  const instance = new WebAssembly.Instance(module, {
    './schema_engine_bg.js': runtime,
  });
  runtime.__wbg_set_wasm(instance.exports);
  (instance.exports.__wbindgen_start as () => void)();
  engineClass = runtime.SchemaEngine;
  return engineClass;
}

export const schemaPath = path.join(repoRoot, 'prisma', 'schema.prisma');
export const migrationsDir = path.join(repoRoot, 'prisma', 'migrations');
const noFilters = { externalTables: [], externalEnums: [] };

export async function openSchemaEngine(
  adapter: SqlMigrationAwareDriverAdapterFactory,
): Promise<SchemaEngine> {
  const Engine = await loadEngineClass();
  const schema = await readFile(schemaPath, 'utf8');
  return Engine.new(
    { datamodels: [[schemaPath, schema]] },
    () => {},
    bindMigrationAwareSqlAdapterFactory(adapter),
  );
}

/** The migrations folder in the shape the engine takes (what `prisma migrate deploy` reads). */
export async function listMigrations(): Promise<MigrationList> {
  const lockfile = await readFile(path.join(migrationsDir, 'migration_lock.toml'), 'utf8').catch(() => null);
  const entries = await readdir(migrationsDir, { withFileTypes: true }).catch(() => []);
  const dirs = entries.filter((e) => e.isDirectory()).map((e) => e.name);
  dirs.sort();
  const migrationDirectories = await Promise.all(
    dirs.map(async (name) => ({
      path: name,
      migrationFile: {
        path: 'migration.sql',
        content: await readFile(path.join(migrationsDir, name, 'migration.sql'), 'utf8').then(
          (value) => ({ tag: 'ok' as const, value }),
          (err: Error) => ({ tag: 'error' as const, value: err.message }),
        ),
      },
    })),
  );
  return {
    baseDir: migrationsDir,
    lockfile: { path: 'migration_lock.toml', content: lockfile },
    migrationDirectories,
    shadowDbInitScript: '',
  };
}

/**
 * Whether `_prisma_migrations` records every migration of the folder as applied, unchanged (the
 * checksum Prisma records is the SHA-256 of the file), and no attempt left failed. Then the engine
 * would have nothing to do, and loading it (WebAssembly, about a second of a start) is skipped.
 * Anything else, including a database without the table, is left to the engine to apply or report.
 */
export async function everyMigrationRecorded(
  query: <R>(sql: string, params: unknown[]) => Promise<R[]>,
): Promise<boolean> {
  type Row = { migration_name: string; checksum: string; finished_at: unknown; rolled_back_at: unknown };
  let rows: Row[];
  try {
    rows = await query<Row>(
      'SELECT migration_name, checksum, finished_at, rolled_back_at FROM _prisma_migrations',
      [],
    );
  } catch {
    return false;
  }
  if (rows.some((r) => r.finished_at === null && r.rolled_back_at === null)) return false;
  const done = new Map(
    rows.filter((r) => r.finished_at !== null && r.rolled_back_at === null).map((r) => [r.migration_name, r]),
  );
  const { migrationDirectories } = await listMigrations();
  if (migrationDirectories.length === 0) return false;
  for (const dir of migrationDirectories) {
    const row = done.get(dir.path);
    const file = dir.migrationFile.content;
    if (!row || file.tag !== 'ok') return false;
    if (createHash('sha256').update(file.value).digest('hex') !== row.checksum) return false;
  }
  return true;
}

/** Applies every migration not yet applied, recording them in `_prisma_migrations`. */
export async function applyMigrations(adapter: SqlMigrationAwareDriverAdapterFactory): Promise<string[]> {
  const engine = await openSchemaEngine(adapter);
  try {
    const result = await engine.applyMigrations({
      migrationsList: await listMigrations(),
      filters: noFilters,
    });
    return result.appliedMigrationNames;
  } finally {
    engine.free();
  }
}

/** The SQL that would take the migrations' schema to schema.prisma's: empty when they agree. */
export async function diffMigrationsToSchema(
  adapter: SqlMigrationAwareDriverAdapterFactory,
): Promise<string> {
  const engine = await openSchemaEngine(adapter);
  try {
    const schema = await readFile(schemaPath, 'utf8');
    const result = await engine.diff({
      from: { tag: 'migrations', ...(await listMigrations()) },
      to: { tag: 'schemaDatamodel', files: [{ path: schemaPath, content: schema }] },
      script: true,
      exitCode: null,
      filters: noFilters,
    });
    return result.stdout ?? '';
  } finally {
    engine.free();
  }
}
