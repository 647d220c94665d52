import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';

const sdk = fileURLToPath(new URL('./sdk/index.ts', import.meta.url));

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
          name: 'browser-side',
          environment: 'jsdom',
          include: ['sdk/**/*.test.{ts,tsx}', 'core/**/*.test.{ts,tsx}', 'host/**/*.test.{ts,tsx}', 'plugins/**/*.test.{ts,tsx}'],
          // a module's server half, the SDK's server part entry and its build run in Node (below)
          exclude: ['plugins/*/server/**', 'sdk/server/**', 'sdk/vite/**'],
          setupFiles: ['./host/test-setup.ts'],
          // a ceiling above the page waits of test-setup.ts (30 s each): slow is not failed
          testTimeout: 120_000,
          // a page test's beforeAll may start the real server on a fresh database
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['server/**/*.test.ts', 'plugins/*/server/**/*.test.ts', 'sdk/server/**/*.test.ts', 'sdk/vite/**/*.test.ts', 'bench/**/*.test.ts', 'tools/**/*.test.ts'],
          testTimeout: 30000,
          hookTimeout: 60000,
        },
      },
    ],
  },
});
