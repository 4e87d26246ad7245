// The bot worker in development and tests: TypeScript loads through tsx's loader, registered here
// because a worker thread does not always inherit the parent's `--import tsx` (vitest's workers).
import { register } from 'tsx/esm/api';

register();
await import('./worker.ts');
