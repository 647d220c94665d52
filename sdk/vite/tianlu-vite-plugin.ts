import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { build, type Plugin, type ViteDevServer } from 'vite';
import { SHARED_MODULES } from '../shared-modules.js';

/** What `tianlu()` needs to know about the plugin it builds and serves. */
export interface TianluPluginOptions {
  /** The plugin's entry module (default-exports `definePlugin(...)`), relative to the project root. */
  entry: string;
  /** Its manifest record for PLUGINS_DIR, relative to the project root (default `manifest.json`). */
  manifest?: string;
  /**
   * The running platform's PLUGINS_DIR, into which the dev server installs the plugin (default: the
   * `TIANLU_PLUGINS_DIR` environment variable). Without it `vite` serves the plugin but installs nothing.
   */
  pluginsDir?: string;
  /**
   * The plugin's server part (default-exports `defineServerPart(...)` of `@tianlu/sdk/server`), relative
   * to the project root. `vite build` bundles it with everything it imports into one ES module for Node,
   * `dist/server/index.js`, and names it as `serverEntry` in dist/manifest.json.
   */
  server?: string;
}

/** Where the built server part goes in dist/, and what manifest.json's `serverEntry` says. */
const SERVER_ENTRY = 'server/index.js';

/** The server part as one ES module for Node: its dependencies bundled, Node's own modules left as imports. */
async function buildServerPart(root: string, entry: string, outDir: string): Promise<void> {
  await build({
    configFile: false,
    root,
    logLevel: 'warn',
    publicDir: false,
    ssr: { noExternal: true, target: 'node' },
    build: {
      ssr: resolve(root, entry),
      outDir: join(outDir, 'server'),
      emptyOutDir: false,
      copyPublicDir: false,
      target: 'node20',
      minify: false,
      sourcemap: false,
      rolldownOptions: { output: { format: 'es', entryFileNames: 'index.js', codeSplitting: false } },
    },
  });
  // plain Node reads a .js file as an ES module only with "type": "module" beside it
  writeFileSync(join(outDir, 'server', 'package.json'), `${JSON.stringify({ type: 'module' })}\n`);
}

/** Where the dev server answers a shared package: a module re-exporting it through the page's import map. */
const SHARED_PREFIX = '/@tianlu-shared/';
const SPECIFIERS = Object.keys(SHARED_MODULES);

/** The module the dev server answers for a shared package: the bare specifier, which the console's import map resolves. */
function sharedModuleSource(specifier: string): string {
  const shared = SHARED_MODULES[specifier]!;
  return `export * from '${specifier}';\n${shared.hasDefault ? `export { default } from '${specifier}';\n` : ''}`;
}

function readManifest(root: string, file: string): { text: string; systemId: string } {
  const path = resolve(root, file);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    throw new Error(`找不到插件的 manifest.json：${path}`);
  }
  const systemId = (JSON.parse(text) as { systemId?: unknown }).systemId;
  if (typeof systemId !== 'string' || !systemId) throw new Error(`${path} 缺少 systemId`);
  return { text, systemId };
}

/**
 * A 天路 plugin's build and dev server, for its `vite.config.ts`: `plugins: [tianlu({ entry: 'src/x-plugin.tsx' })]`.
 *
 * `vite build` writes dist/: one ES module `index.js` (lazy pages as chunks) and `manifest.json`, the
 * folder PLUGINS_DIR takes. The shared packages (React, Fluent UI, MobX, the SDK) stay bare imports,
 * which the console's import map resolves to its own copies.
 *
 * `vite` serves the plugin's sources and, given the platform's PLUGINS_DIR, installs into the running
 * platform a plugin whose entry loads them from this server: open the plugin in the console and every
 * saved change reloads the page. The platform must list this server's origin in PLUGIN_DEV_ORIGINS.
 */
export function tianlu(options: TianluPluginOptions): Plugin {
  let root = process.cwd();
  let origin = '';
  let installed: string | undefined;
  const manifestFile = options.manifest ?? 'manifest.json';

  const uninstall = () => {
    if (installed) rmSync(installed, { recursive: true, force: true });
    installed = undefined;
  };

  /**
   * Builds the server part into the development install, and again whenever a file of its folder is
   * saved: the platform loads a server entry again when the file changes.
   */
  const watchServerPart = (server: ViteDevServer, dir: string) => {
    const folder = dirname(resolve(root, options.server!));
    const logger = server.config.logger;
    let running: Promise<void> | undefined;
    let again = false;
    const rebuild = () => {
      if (running) {
        again = true;
        return;
      }
      running = buildServerPart(root, options.server!, dir)
        .then(() => logger.info(`天路插件开发服务：服务端已构建到 ${join(dir, SERVER_ENTRY)}，平台会重新加载它`))
        .catch((err: unknown) => logger.error(`天路插件开发服务：服务端构建失败：${err instanceof Error ? err.message : String(err)}`))
        .finally(() => {
          running = undefined;
          if (again) {
            again = false;
            rebuild();
          }
        });
    };
    rebuild();
    server.watcher.add(folder);
    server.watcher.on('change', (file) => {
      if (resolve(file).startsWith(folder + sep)) rebuild();
    });
  };

  const install = (server: ViteDevServer) => {
    const pluginsDir = options.pluginsDir ?? process.env.TIANLU_PLUGINS_DIR;
    const address = server.httpServer?.address();
    if (!address || typeof address !== 'object') return;
    const { host, https, origin: configured } = server.config.server;
    const name = typeof host === 'string' && host !== '0.0.0.0' && host !== '::' ? host : 'localhost';
    origin = configured ?? `${https ? 'https' : 'http'}://${name}:${address.port}`;
    if (!pluginsDir) {
      server.config.logger.info(`天路插件开发服务：${origin}（未设置 TIANLU_PLUGINS_DIR，没有安装到平台）`);
      return;
    }
    const { text, systemId } = readManifest(root, manifestFile);
    const dir = join(resolve(pluginsDir), systemId);
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'manifest.json'), options.server ? JSON.stringify({ ...(JSON.parse(text) as object), serverEntry: SERVER_ENTRY }, null, 2) : text);
    if (options.server) watchServerPart(server, dir);
    const entryPath = relative(root, resolve(root, options.entry)).split(sep).join('/');
    writeFileSync(join(dir, 'index.js'), `// 开发中：从 ${origin} 加载，保存即刷新\nexport { default } from '${origin}/${entryPath}';\n`);
    installed = dir;
    // whichever comes first: the server closing, the process ending, or Ctrl+C / SIGTERM (which end it without 'exit')
    process.once('exit', uninstall);
    for (const signal of ['SIGINT', 'SIGTERM'] as const) {
      process.once(signal, () => {
        uninstall();
        // nobody else (Vite) takes the signal: end as it would have
        if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
      });
    }
    server.config.logger.info(`天路插件开发服务：${origin}，已安装到 ${dir}（在平台中打开插件，保存即刷新）`);
  };

  return {
    name: 'tianlu-plugin',
    // before Vite's own resolution, which would pre-bundle a second copy of the shared packages
    enforce: 'pre',
    config(config, env) {
      root = resolve(config.root ?? process.cwd());
      // JSX through react/jsx-runtime, which the console shares (its development runtime is not shared)
      const jsx = { oxc: { jsx: { runtime: 'automatic' as const, development: false } } };
      if (env.command === 'serve') return { ...jsx, optimizeDeps: { exclude: SPECIFIERS } };
      return {
        ...jsx,
        publicDir: false,
        define: { 'process.env.NODE_ENV': JSON.stringify('production') },
        build: {
          emptyOutDir: true,
          lib: { entry: resolve(root, options.entry), formats: ['es'], fileName: () => 'index.js' },
          rolldownOptions: { external: SPECIFIERS },
        },
      };
    },
    generateBundle() {
      const { text } = readManifest(root, manifestFile);
      const source = options.server ? `${JSON.stringify({ ...(JSON.parse(text) as object), serverEntry: SERVER_ENTRY }, null, 2)}\n` : text;
      this.emitFile({ type: 'asset', fileName: 'manifest.json', source });
    },
    async writeBundle(output) {
      if (options.server && output.dir) await buildServerPart(root, options.server, output.dir);
    },
    resolveId(id) {
      const shared = SHARED_MODULES[id];
      // an absolute URL stays as written: the browser asks this server, whose answer imports the bare specifier
      if (shared && origin) return { id: `${origin}${SHARED_PREFIX}${shared.name}.js`, external: true };
      return undefined;
    },
    transform(code, id) {
      // the entry brings Vite's client, which reloads the console's page when a file changes
      if (origin && id === resolve(root, options.entry)) return { code: `import '/@vite/client';\n${code}`, map: null };
      return undefined;
    },
    configureServer(server) {
      const byName = new Map(SPECIFIERS.map((s) => [`${SHARED_PREFIX}${SHARED_MODULES[s]!.name}.js`, s]));
      server.middlewares.use((req, res, next) => {
        const specifier = byName.get((req.url ?? '').split('?')[0]!);
        if (!specifier) return next();
        res.setHeader('content-type', 'text/javascript; charset=utf-8');
        res.setHeader('access-control-allow-origin', '*');
        res.setHeader('cache-control', 'no-cache');
        res.end(sharedModuleSource(specifier));
      });
      server.httpServer?.once('listening', () => install(server));
    },
    // the dev server closing runs this too: the development install goes with it
    closeBundle: uninstall,
  };
}
