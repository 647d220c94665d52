/**
 * Writes `.vite/route-pages.json` beside the build manifest: each console path a plugin of this
 * build declares a page for (`'/car/overview': () => import('./pages/overview-page')`, or
 * `'/car/monitor': { load: () => import('./pages/monitor-page'), prefetch }` in its `*-plugin.tsx`), that page's source as the build manifest names it, and the code of the SDK's
 * on-demand views the page draws (the monitor's tree, map and table, a chart). The server uses it
 * to preload the first page's code with index.html, instead of after the plugin has run, and the
 * views' code beside it, instead of after the page has been drawn.
 *
 * A page's views are found through its imports: the names a module of its plugin folder imports from
 * `@tianlu/sdk`, the SDK module under `sdk/components/` exporting each, and every module that one and
 * the `sdk/components/` modules it imports load with `import()` — code only: data (the offline
 * basemap's JSON) is loaded where it is needed.
 */
import { readFileSync } from 'node:fs';
import { relative, resolve, sep } from 'node:path';
import type { Plugin } from 'vite';

export const ROUTE_PAGES_FILE = '.vite/route-pages.json';

/** What the file holds for one console path (sources relative to the build's root, as the build manifest names them). */
export interface RoutePage {
  page: string;
  views: string[];
}

const PLUGIN_MODULE = /[\\/]plugins[\\/][a-z0-9-]+[\\/][a-z0-9-]+-plugin\.tsx$/;
const PAGE_ENTRY = /['"](\/[^'"\s]*)['"]\s*:\s*(?:\{\s*load\s*:\s*)?\(\)\s*=>\s*import\(\s*['"]([^'"]+)['"]\s*\)/g;
const SDK_IMPORT = /(?:import|export)\s*\{([^}]*)\}\s*from\s*['"]@tianlu\/sdk['"]/g;
const CODE_MODULE = /\.(tsx?|jsx?|mjs)$/;

/** The `path → import specifier` pairs of a plugin module's page table. */
export function pageImports(code: string): Array<[path: string, specifier: string]> {
  return [...code.matchAll(PAGE_ENTRY)].map((m) => [m[1]!, m[2]!]);
}

/** The value names a module imports or passes on from `@tianlu/sdk` (`import { AssetMonitor, type Alarm as A } …`, `export { TenantSelect } …` → AssetMonitor, TenantSelect). */
export function sdkNames(code: string): string[] {
  const names = new Set<string>();
  for (const m of code.matchAll(SDK_IMPORT)) {
    if (/^\s*(?:import|export)\s+type\b/.test(m[0])) continue;
    for (const part of m[1]!.split(',')) {
      const item = part.trim();
      if (!item || item.startsWith('type ')) continue;
      names.add(item.split(/\s+as\s+/)[0]!.trim());
    }
  }
  return [...names];
}

/** The folder of a plugin (`…/plugins/car/`) holding `id`, if any. */
function pluginFolderOf(id: string): string | undefined {
  const m = /^(.*[\\/]plugins[\\/][a-z0-9-]+[\\/])/.exec(id);
  return m && !id.includes('node_modules') ? m[1] : undefined;
}

export function routePagesPlugin(root: string): Plugin {
  const pages = new Map<string, string>();
  const sdkComponents = resolve(root, '..', 'sdk', 'components') + sep;
  const inComponents = (id: string) => id.startsWith(sdkComponents) && !id.includes('node_modules');
  const source = (id: string) => relative(root, id).split('\\').join('/');
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
        if (resolved && !resolved.external) pages.set(path, resolved.id);
      }
      return undefined;
    },
    generateBundle() {
      // an SDK export's name → the sdk/components module defining it
      const owner = new Map<string, string>();
      for (const id of this.getModuleIds()) {
        if (!inComponents(id)) continue;
        for (const name of this.getModuleInfo(id)?.exports ?? []) if (!owner.has(name)) owner.set(name, id);
      }
      /** `start` and the modules it reaches through static imports that `follow` accepts. */
      const closure = (start: string, follow: (id: string) => boolean): string[] => {
        const seen = new Set<string>([start]);
        const queue = [start];
        while (queue.length) {
          for (const imported of this.getModuleInfo(queue.pop()!)?.importedIds ?? []) {
            if (!follow(imported) || seen.has(imported)) continue;
            seen.add(imported);
            queue.push(imported);
          }
        }
        return [...seen];
      };
      // the code an SDK component loads on demand: its own import()s and those of the sdk/components modules it imports
      const viewsOf = new Map<string, string[]>();
      const lazyCode = (id: string): string[] => {
        let views = viewsOf.get(id);
        if (!views) {
          views = closure(id, inComponents).flatMap((m) => (this.getModuleInfo(m)?.dynamicallyImportedIds ?? []).filter((d) => CODE_MODULE.test(d)));
          viewsOf.set(id, views);
        }
        return views;
      };
      const routes: Record<string, RoutePage> = {};
      for (const [path, pageId] of [...pages].sort(([a], [b]) => a.localeCompare(b))) {
        const folder = pluginFolderOf(pageId);
        const views = new Set<string>();
        // the page and the modules of its own plugin it imports
        for (const id of closure(pageId, (m) => folder !== undefined && m.startsWith(folder))) {
          let code: string;
          try {
            code = readFileSync(id, 'utf8');
          } catch {
            continue;
          }
          for (const name of sdkNames(code)) {
            const component = owner.get(name);
            if (component) for (const view of lazyCode(component)) views.add(source(view));
          }
        }
        routes[path] = { page: source(pageId), views: [...views].sort() };
      }
      this.emitFile({ type: 'asset', fileName: ROUTE_PAGES_FILE, source: `${JSON.stringify(routes, null, 2)}\n` });
    },
  };
}
