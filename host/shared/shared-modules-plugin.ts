import { createRequire } from 'node:module';
import type { Plugin } from 'vite';
import { SHARED_MODULES } from '../../sdk/shared-modules';

const VIRTUAL_PREFIX = '\0tianlu-shared:';
const entryName = (name: string) => `shared-${name}`;

/** Build entries (entry name → module id) for the shared modules. */
export function sharedEntries(): Record<string, string> {
  return Object.fromEntries(Object.values(SHARED_MODULES).map(({ name }) => [entryName(name), `tianlu-shared:${name}`]));
}

function moduleSource(specifier: string, cjs: boolean | undefined): string {
  if (!cjs) return `export * from '${specifier}';\n`;
  const require = createRequire(import.meta.url);
  const names = Object.keys(require(specifier) as object).filter((k) => /^[A-Za-z_$][\w$]*$/.test(k) && k !== 'default');
  const hasDefault = SHARED_MODULES[specifier]?.hasDefault === true;
  return `export { ${names.join(', ')} } from '${specifier}';\n${hasDefault ? `export { default } from '${specifier}';\n` : ''}`;
}

/**
 * Emits the shared entries and writes the import map that resolves the shared specifiers to them.
 * The host's own code imports the same modules, so the bundler places them in chunks both sides
 * load: the page downloads a shared entry's extra exports (all of Fluent UI) only when a plugin asks.
 */
export function sharedModulesPlugin(): Plugin {
  const byName = new Map(Object.entries(SHARED_MODULES).map(([spec, m]) => [m.name, { spec, cjs: m.cjs }]));
  return {
    name: 'tianlu-shared-modules',
    apply: 'build',
    resolveId(id) {
      return id.startsWith('tianlu-shared:') ? VIRTUAL_PREFIX + id.slice('tianlu-shared:'.length) : undefined;
    },
    load(id) {
      if (!id.startsWith(VIRTUAL_PREFIX)) return undefined;
      const entry = byName.get(id.slice(VIRTUAL_PREFIX.length));
      return entry ? moduleSource(entry.spec, entry.cjs) : undefined;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const imports: Record<string, string> = {};
        for (const [specifier, { name }] of Object.entries(SHARED_MODULES)) {
          const chunk = Object.values(ctx.bundle ?? {}).find((c) => c.type === 'chunk' && c.isEntry && c.name === entryName(name));
          if (!chunk) throw new Error(`shared module ${specifier} was not built`);
          imports[specifier] = `/${chunk.fileName}`;
        }
        return [{ tag: 'script', attrs: { type: 'importmap' }, children: JSON.stringify({ imports }), injectTo: 'head-prepend' }];
      },
    },
  };
}

/** Where the development server serves a shared module, e.g. `/@tianlu-shared/react.js`. */
const DEV_PREFIX = '/@tianlu-shared/';

/**
 * The development server's import map (`npm run dev`): each shared specifier resolves to a small
 * module that re-exports the package through Vite, so an installed plugin gets the very module
 * instances the console's own code imports (Vite serves one URL per pre-bundled package, and one
 * per SDK file), and a plugin from PLUGINS_DIR runs while the console is being developed.
 */
export function sharedModulesDevPlugin(): Plugin {
  const byName = new Map(Object.entries(SHARED_MODULES).map(([spec, m]) => [m.name, { spec, cjs: m.cjs }]));
  const nameOf = (id: string) => (id.startsWith(DEV_PREFIX) && id.endsWith('.js') ? id.slice(DEV_PREFIX.length, -'.js'.length) : undefined);
  return {
    name: 'tianlu-shared-modules-dev',
    apply: 'serve',
    resolveId(id) {
      const name = nameOf(id);
      return name !== undefined && byName.has(name) ? id : undefined;
    },
    load(id) {
      const entry = byName.get(nameOf(id) ?? '');
      return entry ? moduleSource(entry.spec, entry.cjs) : undefined;
    },
    transformIndexHtml() {
      const imports = Object.fromEntries(Object.entries(SHARED_MODULES).map(([specifier, { name }]) => [specifier, `${DEV_PREFIX}${name}.js`]));
      return [{ tag: 'script', attrs: { type: 'importmap' }, children: JSON.stringify({ imports }), injectTo: 'head-prepend' }];
    },
  };
}
