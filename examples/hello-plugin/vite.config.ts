import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * Builds 示例插件 the way a plugin built outside the console repository is built: library mode,
 * one ES module `index.js` (plus its lazy page chunks) and a copy of `manifest.json`, i.e. the
 * folder to drop into PLUGINS_DIR as `hello/`. The shared singletons stay bare imports; the
 * host's import map resolves them at runtime, so the plugin runs on the host's React, Fluent UI,
 * MobX and SDK (a second React would break hooks).
 */
const SHARED_SPECIFIERS = ['react', 'react-dom', 'react/jsx-runtime', 'mobx', 'mobx-react-lite', '@fluentui/react-components', '@tianlu/sdk'];

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** Puts manifest.json next to index.js. */
function copyManifest(): Plugin {
  return {
    name: 'hello-plugin-manifest',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'manifest.json', source: readFileSync(here('./manifest.json'), 'utf8') });
    },
  };
}

export default defineConfig({
  root: here('.'),
  publicDir: false,
  plugins: [react(), copyManifest()],
  // Library mode leaves process.env alone; bundled code must not see it in the browser.
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: {
    outDir: here('./dist'),
    emptyOutDir: true,
    lib: { entry: here('./hello-plugin.tsx'), formats: ['es'], fileName: () => 'index.js' },
    rolldownOptions: { external: SHARED_SPECIFIERS },
  },
});
