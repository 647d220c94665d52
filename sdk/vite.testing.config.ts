import { builtinModules } from 'node:module';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** What the plugin's project provides: its database (optional peer dependencies) and the SDK's own dependency. */
const PROVIDED = ['kysely', '@electric-sql/pglite', '@fastify/ajv-compiler'];
const builtins = new Set([...builtinModules, ...builtinModules.map((m) => `node:${m}`)]);

/**
 * Builds `@tianlu/sdk/server/testing` into one ES module for Node (`dist/node/server/testing/index.js`):
 * the platform's own checks and answers of a server part (server/plugin-parts, server/api) are compiled
 * in, since the package has no server/; the database and the schema compiler stay imports.
 */
export default defineConfig({
  root: here('.'),
  publicDir: false,
  build: {
    outDir: here('./dist/node/server/testing'),
    emptyOutDir: false,
    target: 'node20',
    minify: false,
    sourcemap: false,
    ssr: true,
    lib: { entry: here('./server/testing/index.ts'), formats: ['es'], fileName: () => 'index.js' },
    rolldownOptions: {
      external: (id) => builtins.has(id) || PROVIDED.some((p) => id === p || id.startsWith(`${p}/`)),
    },
  },
  ssr: { noExternal: true, target: 'node' },
});
