/**
 * Writes `.vite/route-pages.json` beside the build manifest: each console path a plugin of this
 * build declares a page for (`'/car/monitor': () => import('./pages/monitor-page')` in its
 * `*-plugin.tsx`), and that page's source as the build manifest names it. The server uses it to
 * preload the first page's code with index.html, instead of after the plugin has run.
 */
import { relative } from 'node:path';
import type { Plugin } from 'vite';

export const ROUTE_PAGES_FILE = '.vite/route-pages.json';

const PLUGIN_MODULE = /[\\/]plugins[\\/][a-z0-9-]+[\\/][a-z0-9-]+-plugin\.tsx$/;
const PAGE_ENTRY = /['"](\/[^'"\s]*)['"]\s*:\s*\(\)\s*=>\s*import\(\s*['"]([^'"]+)['"]\s*\)/g;

/** The `path → import specifier` pairs of a plugin module's page table. */
export function pageImports(code: string): Array<[path: string, specifier: string]> {
  return [...code.matchAll(PAGE_ENTRY)].map((m) => [m[1]!, m[2]!]);
}

export function routePagesPlugin(root: string): Plugin {
  const pages = new Map<string, string>();
  return {
    name: 'tianlu-route-pages',
    apply: 'build',
    buildStart() {
      pages.clear();
    },
    async transform(code, id) {
      if (!PLUGIN_MODULE.test(id)) return undefined;
      for (const [path, specifier] of pageImports(code)) {
        const resolved = await this.resolve(specifier, id);
        if (resolved && !resolved.external) pages.set(path, relative(root, resolved.id).split('\\').join('/'));
      }
      return undefined;
    },
    generateBundle() {
      const sorted = Object.fromEntries([...pages].sort(([a], [b]) => a.localeCompare(b)));
      this.emitFile({ type: 'asset', fileName: ROUTE_PAGES_FILE, source: `${JSON.stringify(sorted, null, 2)}\n` });
    },
  };
}
