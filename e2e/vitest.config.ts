import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

/** Browser scenarios: the real server (started once by global-setup) driven by Debian's Chromium. */
export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/global-setup.ts'],
    // two scenarios at a time: each starts its own server on its own ports and database (the few that
    // share the global server use accounts of their own), and most of a scenario is waiting on a page
    fileParallelism: true,
    maxWorkers: 2,
    testTimeout: 120_000,
    hookTimeout: 120_000,
    teardownTimeout: 30_000,
  },
});
