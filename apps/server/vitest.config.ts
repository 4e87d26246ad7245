import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/globalSetup.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Each file makes its own database; a few at a time keeps a 2-core machine responsive.
    maxWorkers: 2,
    // Projects with their own worker limit run as a group of their own: after the rules packages,
    // before the browser tests.
    sequence: { groupOrder: 1 },
  },
});
