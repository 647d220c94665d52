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
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 120_000,
    teardownTimeout: 30_000,
  },
});
