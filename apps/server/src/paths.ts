import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The workspace root, found from this file so the server runs from any working directory. */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
