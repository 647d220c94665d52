import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';

const sdk = fileURLToPath(new URL('./sdk/index.ts', import.meta.url));

/**
 * Page and kernel tests that are about a module's first use (a load done once per page life, a
 * stand-in replaced on first focus) or replace a module with `vi.mock`: each runs with modules of
 * its own. The others share a worker's modules, file after file (see `isolate` below).
 */
const FRESH_MODULES = ['sdk/components/echart/echarts-parts.test.ts', 'sdk/components/textarea-handover.test.tsx', 'core/live/worker-prepare.test.ts'];

const BROWSER_SIDE = {
  environment: 'jsdom' as const,
  setupFiles: ['./host/test-setup.ts'],
  // a ceiling above the page waits of test-setup.ts (30 s each): slow is not failed
  testTimeout: 120_000,
  // a page test's beforeAll may start the real server on a fresh database
  hookTimeout: 120_000,
};

export default defineConfig({
  plugins: [react()],
  resolve: { alias: [{ find: /^@tianlu\/sdk$/, replacement: sdk }] },
  test: {
    // every core: most files wait on a database, a server or a socket far more than they compute,
    // so one worker per core keeps a two-core machine busy (vitest's default leaves one core idle)
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      {
        extends: true,
        test: {
          ...BROWSER_SIDE,
          name: 'browser-side',
          include: ['sdk/**/*.test.{ts,tsx}', 'core/**/*.test.{ts,tsx}', 'host/**/*.test.{ts,tsx}', 'plugins/**/*.test.{ts,tsx}'],
          // a module's server half, the SDK's server part entry and its build run in Node (below)
          exclude: ['plugins/*/server/**', 'sdk/server/**', 'sdk/vite/**', ...FRESH_MODULES],
          // a worker keeps the modules it loaded (Fluent UI, React, the server a page test starts) for
          // its next file: loading them again for each file took more time than the tests themselves.
          // The test setup runs again for each file and clears what a page leaves behind.
          isolate: false,
        },
      },
      {
        extends: true,
        test: { ...BROWSER_SIDE, name: 'browser-side-fresh', include: FRESH_MODULES },
      },
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          // as above: the server's modules are loaded once per worker; no server test replaces a module
          isolate: false,
          include: ['server/**/*.test.ts', 'plugins/*/server/**/*.test.ts', 'sdk/server/**/*.test.ts', 'sdk/vite/**/*.test.ts', 'bench/**/*.test.ts', 'tools/**/*.test.ts'],
          testTimeout: 30000,
          hookTimeout: 60000,
        },
      },
    ],
  },
});
