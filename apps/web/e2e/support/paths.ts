import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const repoRoot = path.resolve(webDir, '..', '..');
/** Screenshots a person can look at after a run; the folder is git-ignored. */
export const resultsDir = path.join(webDir, 'test-results');

export function screenshotPath(name: string): string {
  mkdirSync(resultsDir, { recursive: true });
  return path.join(resultsDir, `${name}.png`);
}
