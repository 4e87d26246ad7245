import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'web',
    environment: 'node',
    include: ['test/**/*.test.ts', 'e2e/**/*.e2e.test.ts'],
    // The browser tests start a server and Chromium; their own hooks set longer limits.
    testTimeout: 20_000,
  },
});
