import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { longestFirst } from './tools/test/longest-first.ts';

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

/**
 * The files that take longest (seconds, as a run measured them: a sweep of every route, pages that
 * start the real server), started first so that no worker runs one of them alone at the end.
 */
const LONGEST_FIRST = longestFirst({
  'server/api/authorization-sweep.test.ts': 26,
  'host/desk/alarm-desk.test.tsx': 25,
  'server/api/hostile-input.test.ts': 25,
  'plugins/center/pages/alarm-setting-page.test.tsx': 24,
  'server/store/pglite-image.test.ts': 24,
  'plugins/card/attendance/work-area-dialog.test.tsx': 15,
  'plugins/center/pages/notify-pages.test.tsx': 14,
  'plugins/card/pages/attendance-report-page.test.tsx': 12,
  'plugins/car/pages/alarm-page.test.tsx': 11,
  'plugins/data-center/pages/dashboard-pages.test.tsx': 11,
  'server/sim/fleet-simulator.test.ts': 10,
  'server/api/alarm/notify-routes.test.ts': 10,
  'server/fleet-live.test.ts': 10,
  'plugins/data-center/server/dashboard-reports.test.ts': 10,
});

export default defineConfig({
  plugins: [react()],
  resolve: { alias: [{ find: /^@tianlu\/sdk$/, replacement: sdk }] },
  test: {
    sequence: { sequencer: LONGEST_FIRST },
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
