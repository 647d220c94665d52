import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

/** Fault tests: crashes, restarts and hostile input against real servers (`npm run test:faults`). */
export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    name: 'faults',
    environment: 'node',
    include: ['faults/**/*.fault.ts'],
    fileParallelism: false,
    testTimeout: 300_000,
    hookTimeout: 120_000,
  },
});
