import { defineConfig } from 'vite';
import { sharedModulesDevPlugin, sharedModulesPlugin, sharedEntries } from './host/shared/shared-modules-plugin.ts';
import react from '@vitejs/plugin-react';
import { precompressPlugin } from './tools/build/precompress-plugin.ts';
import { routePagesPlugin } from './tools/build/route-pages-plugin.ts';
import { bootChunkPlugin } from './tools/build/boot-chunk-plugin.ts';
import { griffelAotPlugin } from './tools/build/griffel-aot-plugin.ts';
import { axiosXhrOnlyPlugin } from './tools/build/axios-xhr-only-plugin.ts';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('./host', import.meta.url));
const sdk = fileURLToPath(new URL('./sdk/index.ts', import.meta.url));
const outDir = fileURLToPath(new URL('./dist', import.meta.url));
const server = 'http://localhost:8080';
const boot = bootChunkPlugin({
  entry: '/host/main.tsx',
  console: '/host/console-main.tsx',
  loginDocument: '/host/login-document/login-document.tsx',
  login: ['/host/pages/login/login-page.tsx', '/host/pages/login/new-login-page.tsx', '/host/pages/login/legacy-login-page.tsx'],
  visitor: ['/host/dialogs/toast-host.tsx', '/host/pages/check-login-page.tsx'],
  // with the parts every logged-in page loads at once (server/console-index.ts SHELL_CHUNKS): one file, not seven
  shell: [
    '/host/layout/main-layout.tsx',
    '/host/dialogs/global-dialogs.tsx',
    '/sdk/index.ts',
    '/core/live/live-connection.ts',
    '/sdk/components/textarea-view.tsx',
    '/sdk/components/data-table/data-table-view.tsx',
    '/sdk/components/pagination-bar/pagination-bar-view.tsx',
  ],
});

/** Plugin folder name -> systemId where they differ (the manifest is the source of truth). */
const SYSTEM_ID_BY_FOLDER: Record<string, string> = { 'data-center': 'dataCenter' };

/** A per-icon module of @fluentui/react-icons (core/icons/fluent-icon-atoms.ts loads them). */
const FLUENT_ICON_MODULE = /[\\/]@fluentui[\\/]react-icons[\\/]lib[\\/]atoms[\\/]svg[\\/]/;

/** Where the build writes those modules, one file each. */
const FLUENT_ICON_FILE = /[\\/]assets[\\/]icons[\\/]/;

/** The systemId of the plugin a chunk belongs to, from the modules it holds. */
function pluginOf(moduleIds: readonly string[]): string | undefined {
  for (const id of moduleIds) {
    const m = /[\\/]plugins[\\/]([a-z0-9-]+)[\\/]/.exec(id);
    if (m && !id.includes('node_modules')) return SYSTEM_ID_BY_FOLDER[m[1]] ?? m[1];
  }
  return undefined;
}

export default defineConfig({
  root,
  // host/public: files served as they are at the site root (/favicon.ico)
  publicDir: 'public',
  plugins: [griffelAotPlugin(), axiosXhrOnlyPlugin(), react(), sharedModulesPlugin(), sharedModulesDevPlugin(), routePagesPlugin(root), boot.plugin, precompressPlugin({ quick: FLUENT_ICON_FILE })],
  resolve: { alias: [{ find: /^@tianlu\/sdk$/, replacement: sdk }] },
  // The dev dependency scan starts from the page only; the shared-module entries exist at build time.
  optimizeDeps: { entries: ['index.html'] },
  server: {
    // /car/ alone is also a console route prefix (/car/overview); only the versioned /car/vN/ paths are API.
    proxy: {
      '/oauth': server,
      '/oauthToken': server,
      '^/car/v\\d+/': server,
      '/docs': server,
      '/plugins.manifest.json': server,
      '/ws': { target: server, ws: true },
    },
    fs: { allow: [fileURLToPath(new URL('.', import.meta.url))] },
  },
  build: {
    outDir,
    emptyOutDir: true,
    manifest: true,
    chunkSizeWarningLimit: 800,
    modulePreload: {
      // The SDK's lazy map, tree and table views fetch their own imports when first shown; listing
      // those for preload would put every file name into the shell chunk every logged-in page downloads.
      // Their CSS stays listed: the preload helper is what loads a lazy chunk's CSS.
      // An icon module imports only the boot chunk, loaded already: no preload list for any of the thousands
      // (each would name its files once more in the lazy table of icon modules).
      resolveDependencies: (filename, deps) =>
        filename.startsWith('assets/icons/') ? [] : /(asset-map|asset-tree|data-table|pagination-bar)-view-/.test(filename) ? deps.filter((d) => d.endsWith('.css')) : deps,
    },
    rolldownOptions: {
      // The shared singletons are extra entries whose exports must survive for plugins built elsewhere.
      input: { index: fileURLToPath(new URL('./host/index.html', import.meta.url)), ...sharedEntries() },
      preserveEntrySignatures: 'exports-only',
      output: {
        // What the entry and the login page run, and what every logged-in page runs besides: two files rather than dozens.
        codeSplitting: { groups: boot.groups },
        entryFileNames: (chunk) => (chunk.name.startsWith('shared-') ? 'shared/[name]-[hash].js' : 'assets/[name]-[hash].js'),
        // Each plugin (and its lazy pages) is emitted under child/{systemId}/, everything else under assets/.
        chunkFileNames: (chunk) => {
          // one small file per Fluent icon module, loaded when a menu names an icon outside the bundled set
          if (chunk.facadeModuleId && FLUENT_ICON_MODULE.test(chunk.facadeModuleId)) return 'assets/icons/[name]-[hash].js';
          const systemId = pluginOf(chunk.facadeModuleId ? [chunk.facadeModuleId] : chunk.moduleIds);
          return systemId ? `child/${systemId}/[name]-[hash].js` : 'assets/[name]-[hash].js';
        },
      },
    },
  },
});
