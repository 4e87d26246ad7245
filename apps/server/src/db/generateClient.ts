/**
 * Generates the Prisma client into src/generated (git-ignored) when schema.prisma is newer than it.
 * Run by `start`, `typecheck` and the tests' global setup, so a fresh clone needs no postinstall.
 * `prisma generate` never runs the schema engine, but the CLI insists on having one before it
 * starts; pointing it at any existing file stops it downloading one (impossible offline).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const schema = path.resolve(here, '../../../../prisma/schema.prisma');
const marker = path.resolve(here, '../generated/prisma/client.ts');

export function generatePrismaClient(): void {
  if (existsSync(marker) && statSync(marker).mtimeMs >= statSync(schema).mtimeMs) return;
  const cli = createRequire(import.meta.url).resolve('prisma/build/index.js');
  const result = spawnSync(process.execPath, [cli, 'generate', '--schema', schema], {
    env: { ...process.env, PRISMA_SCHEMA_ENGINE_BINARY: process.execPath, PRISMA_HIDE_UPDATE_MESSAGE: '1' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (result.status !== 0) throw new Error(`prisma generate failed (exit ${result.status})`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url))
  generatePrismaClient();
