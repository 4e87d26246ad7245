import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'web',
    environment: 'node',
    include: ['test/**/*.test.ts', 'e2e/**/*.e2e.test.ts'],
    // The browser tests start a server and Chromium; their own hooks set longer limits.
    testTimeout: 20_000,
    // Run after the other projects, two files at a time, so Chromium and the spawned server do not
    // compete with the rest of the suite for a 2-core machine's time.
    maxWorkers: 2,
    sequence: { groupOrder: 9 },
  },
});
