import { tianlu } from '@tianlu/sdk/vite';
import { defineConfig } from 'vitest/config';

/**
 * `npm run build` writes dist/, the folder to copy into the platform's PLUGINS_DIR as cold-chain/:
 * the console entry (index.js) and the server part bundled into one file (server/index.js, named by
 * `serverEntry` in dist/manifest.json).
 * `npm run dev` serves the console sources and, with TIANLU_PLUGINS_DIR set to the running platform's
 * PLUGINS_DIR, installs a plugin that loads them from here: every saved change reloads the page.
 */
export default defineConfig({
  plugins: [tianlu({ entry: 'src/cold-chain-plugin.tsx', server: 'src/server/index.ts' })],
  server: { port: 5181 },
  test: {
    environment: 'jsdom',
    // a page waits on its answers and the part on its database, which take a while on a busy machine: slow is not failed
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // the server part runs in Node
    projects: [
      { extends: true, test: { name: 'console', environment: 'jsdom', include: ['src/**/*.test.{ts,tsx}'], exclude: ['src/server/**'] } },
      { extends: true, test: { name: 'server', environment: 'node', include: ['src/server/**/*.test.ts'] } },
    ],
  },
});
