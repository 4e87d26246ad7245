/**
 * Writes prisma/migrations/<timestamp>_<name>/migration.sql with the SQL that takes the existing
 * migrations to schema.prisma, using the WebAssembly schema engine against a throw-away PGlite
 * (the CLI's `prisma migrate dev` needs a native engine it cannot download offline).
 * Usage: pnpm --filter @salient/server migration:new <name>
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import { diffMigrationsToSchema, migrationsDir } from '../src/db/schemaEngine.ts';

const name = (process.argv[2] ?? 'change').replace(/[^a-z0-9_]/gi, '_');
const pglite = await PGlite.create();
const sql = await diffMigrationsToSchema(new PrismaPGlite(pglite));
await pglite.close();
if (sql.trim() === '' || /^-- This is an empty migration\.?\s*$/.test(sql.trim())) {
  console.log('schema.prisma and the migrations agree: nothing to write');
} else {
  const stamp = new Date().toISOString().replace(/\D/g, '').slice(0, 14);
  const dir = path.join(migrationsDir, `${stamp}_${name}`);
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, 'migration.sql'), sql);
  console.log(`wrote ${path.relative(process.cwd(), dir)}`);
}
