/**
 * ESLint rule `tianlu/layer-boundaries`: the dependency direction of DESIGN.md §1.
 *
 *   plugins -> sdk            a plugin imports '@tianlu/sdk', the shared singletons and its own files
 *   host -> core -> sdk       core never reaches up into host, plugins or server; host and core import
 *                             the SDK module that declares a name, not the SDK entry (which takes every
 *                             SDK component into what the login page downloads); their tests and
 *                             test/ helpers, and type-only imports, may use the entry
 *   server -> sdk (pure)      the server shares only plain types and pure functions with the browser
 *   plugins/<name>/….test.tsx -> testing/plugin-page-kit.tsx
 *                             a plugin's page tests run the page against the real server through the kit
 *   server -> plugins/<name>/<name>-declaration.ts
 *                             a sub-application's declaration (plain data, type-only imports) feeds the
 *                             server's platform and resource catalogues
 *   sdk/server/testing -> server/plugin-parts, server/api, server/store, …
 *                             the test harness of @tianlu/sdk/server/testing runs a plugin's server part
 *                             with the platform's own checks and answers, compiled into the SDK package
 *   plugins/<name>/server -> server/module (the module contract), sdk (pure), its own server files
 *                             a sub-application's server half; only server/modules/built-in-modules.ts
 *                             imports it (its *-module.ts), and the plugin's pages never do
 *
 * Paths are resolved against the repository root, so `../../core`, `core/x` (tsconfig baseUrl),
 * `@tianlu/sdk/geo` and `/abs/path` are all seen for what they are.
 */
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const LAYERS = new Set(['sdk', 'core', 'host', 'plugins', 'server']);
const SDK_ENTRY = '@tianlu/sdk';

/** Bare modules a plugin may import: the SDK entry and the singletons the host shares. */
const PLUGIN_PACKAGES = new Set(['@tianlu/sdk', 'react', 'react-dom', 'react/jsx-runtime', 'mobx', 'mobx-react-lite']);
const PLUGIN_PACKAGE_SCOPES = ['@fluentui/'];
/** Test tooling a plugin's own tests may use besides (never shipped; core, host and server stay off limits). */
const TEST_PACKAGES = ['vitest', '@testing-library/'];
const isTestFile = (file) => /\.(test|spec)\.[cm]?[jt]sx?$/.test(file);
/** The kit a plugin's page test renders the page with, in the real kernel against the real server. */
const PAGE_KIT = 'testing/plugin-page-kit.tsx';
/** A sub-application's declaration module: plain data the server reads too. */
const isDeclaration = (file) => /^plugins\/([^/]+)\/\1-declaration\.ts$/.test(file);
/** A file of a sub-application's server half. */
const isModuleServer = (file) => /^plugins\/[^/]+\/server\//.test(file);
/** The files of server/ a module's server half may import: the contract, and in tests its test barrel. */
const MODULE_CONTRACT = 'server/module/index.ts';
const MODULE_TESTING = 'server/module/testing/index.ts';
/** The SDK's server part harness: it bundles the platform's own checks of a part (and only it may reach into server/ from sdk/). */
const PART_HARNESS = 'sdk/server/testing/';
/** The one file of server/ that lists (imports) the modules' server halves. */
const MODULE_LIST = 'server/modules/built-in-modules.ts';

/** Layers each layer must not import (plugins are handled separately: they may import nothing but the above). */
const FORBIDDEN = {
  sdk: ['core', 'host', 'server', 'plugins'],
  core: ['host', 'plugins', 'server'],
  host: ['server'],
  server: ['core', 'host', 'plugins'],
};

const toPosix = (p) => p.split(path.sep).join('/');

/** Repo-relative posix path of an absolute path, or undefined when it lies outside the repo. */
function repoPath(abs) {
  const rel = toPosix(path.relative(ROOT, abs));
  return rel.startsWith('../') || rel === '..' || path.isAbsolute(rel) ? undefined : rel;
}

/** The file a module path points at (tries TS/JS extensions and index files); the path itself otherwise. */
function resolveFile(rel) {
  const abs = path.join(ROOT, rel);
  const candidates = [abs, ...['.ts', '.tsx', '.js', '.mjs', '.jsx'].map((e) => abs + e)];
  for (const c of candidates) if (existsSync(c) && statSync(c).isFile()) return toPosix(path.relative(ROOT, c));
  for (const e of ['index.ts', 'index.tsx', 'index.js']) {
    const c = path.join(abs, e);
    if (existsSync(c)) return toPosix(path.relative(ROOT, c));
  }
  return rel;
}

/**
 * Where an import points: {kind:'project', rel} for a file of this repo (rel is repo-relative),
 * {kind:'package', name} for a package, {kind:'outside'} for a path outside the repo.
 */
function classify(source, fromFile) {
  if (source === SDK_ENTRY) return { kind: 'project', rel: 'sdk/index.ts', viaAlias: true };
  if (source.startsWith(SDK_ENTRY + '/')) return { kind: 'project', rel: 'sdk/' + source.slice(SDK_ENTRY.length + 1), deepSdk: true };
  if (source.startsWith('.') || path.isAbsolute(source)) {
    const rel = repoPath(path.resolve(path.dirname(fromFile), source));
    return rel === undefined ? { kind: 'outside' } : { kind: 'project', rel };
  }
  const first = source.split('/')[0];
  if (LAYERS.has(first)) return { kind: 'project', rel: source }; // tsconfig baseUrl '.'
  return { kind: 'package', name: source };
}

const layerOf = (rel) => rel.split('/')[0];

function pluginPackageAllowed(name, inTest) {
  if (PLUGIN_PACKAGES.has(name) || PLUGIN_PACKAGE_SCOPES.some((s) => name.startsWith(s))) return true;
  return inTest && TEST_PACKAGES.some((t) => name === t || (t.endsWith('/') ? name.startsWith(t) : name.startsWith(t + '/')));
}

/** A pure SDK module: no React, no DOM components; what the server may share. */
function isPureSdkModule(rel) {
  const file = resolveFile(rel);
  return !(file === 'sdk/index.ts' || file.endsWith('.tsx') || /^sdk\/(react|components)\//.test(file));
}

function isTypeOnly(node) {
  if (node.importKind === 'type' || node.exportKind === 'type') return true;
  const specs = node.specifiers ?? [];
  return specs.length > 0 && specs.every((s) => s.importKind === 'type' || s.exportKind === 'type');
}

/** @type {import('eslint').Rule.RuleModule} */
export const layerBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Keep the layer boundaries of DESIGN.md: plugins import only the SDK and shared singletons' },
    schema: [],
    messages: {
      pluginOutside: "Plugin '{{plugin}}' may not import '{{source}}': it leaves the plugin folder ({{target}}). Plugins import only '@tianlu/sdk', the shared packages and their own files.",
      pluginLayer: "Plugin '{{plugin}}' may not import '{{source}}' ({{layer}}/). Plugins reach the platform only through '@tianlu/sdk'.",
      pluginOtherPlugin: "Plugin '{{plugin}}' may not import another plugin ('{{source}}'). Talk through the message bus or the SDK.",
      pluginDeepSdk: "Plugin '{{plugin}}' may not import the deep SDK path '{{source}}'. Import from '@tianlu/sdk'.",
      pluginPackage: "Plugin '{{plugin}}' may not import the package '{{source}}'. Allowed: @tianlu/sdk, react, react-dom, react/jsx-runtime, mobx, mobx-react-lite, @fluentui/*; other shared pieces come through the SDK (tests may also use vitest and @testing-library/*).",
      shellSdkEntry: "{{from}}/ imports the SDK module that declares a name (e.g. '../../sdk/services/session-service'), not the SDK entry '{{source}}': the entry takes every SDK component into the console's start, which the login page downloads.",
      layer: "{{from}}/ must not import {{layer}}/ ('{{source}}'): the dependency direction is plugins -> sdk, host -> core -> sdk, server -> sdk (pure modules).",
      serverImpureSdk: "server/ may import only pure SDK modules (no React, no components, not the SDK entry); '{{source}}' is not one. Import the module itself, e.g. '@tianlu/sdk/geo'.",
      declarationImport: "A declaration module is plain data the server reads: it may import types only ('{{source}}').",
      moduleServerImport: "The server half of plugin '{{plugin}}' may import only 'server/module' (the module contract), pure SDK modules and its own server/ files, not '{{source}}'{{hint}}.",
      moduleServerFromPages: "The pages of plugin '{{plugin}}' may not import its server half ('{{source}}'): it runs in the server only.",
      moduleListOnly: "Only {{list}} imports a plugin's server half ('{{source}}'): the server reads the modules from that list.",
    },
  },
  create(context) {
    const file = repoPath(context.filename);
    if (!file) return {};
    const segments = file.split('/');
    const layer = segments[0];
    // examples/<name>/ are plugins built outside the console: the same rule, except their build config.
    const isExamplePlugin = layer === 'examples' && segments.length > 2 && !/^vite\.config\.[cm]?[jt]s$/.test(segments.at(-1));
    if (!LAYERS.has(layer) && !isExamplePlugin) return {};
    const isPlugin = layer === 'plugins' || isExamplePlugin;
    const plugin = isPlugin && segments.length > 2 ? segments[1] : undefined;

    function check(node, sourceNode) {
      if (!sourceNode || sourceNode.type !== 'Literal' || typeof sourceNode.value !== 'string') return;
      const source = sourceNode.value;
      const target = classify(source, context.filename);
      const report = (messageId, data = {}) => context.report({ node: sourceNode, messageId, data: { source, ...data } });

      if (layer === 'plugins' && plugin && isModuleServer(file)) {
        const fail = (hint = '') => report('moduleServerImport', { plugin, hint });
        if (target.kind === 'package') {
          const testTooling = isTestFile(file) && TEST_PACKAGES.some((t) => target.name === t || target.name.startsWith(t.endsWith('/') ? t : t + '/'));
          return testTooling ? undefined : fail(' (packages come through the contract, e.g. sql and the Kysely types)');
        }
        if (target.kind === 'outside' || target.viaAlias) return fail();
        const to = resolveFile(target.rel);
        if (to.startsWith(`plugins/${plugin}/server/`) || to === `plugins/${plugin}/${plugin}-declaration.ts`) return;
        if (to === MODULE_CONTRACT || (isTestFile(file) && to === MODULE_TESTING)) return;
        if (layerOf(to) === 'sdk' && isPureSdkModule(to)) return;
        return fail(layerOf(to) === 'server' ? " (export what modules need from server/module/index.ts)" : '');
      }

      if (isPlugin) {
        const name = plugin ?? '(top level)';
        if (isDeclaration(file) && !isTypeOnly(node)) return report('declarationImport');
        if (plugin && target.kind === 'project' && isModuleServer(resolveFile(target.rel))) return report('moduleServerFromPages', { plugin });
        if (target.kind === 'package') {
          if (!pluginPackageAllowed(target.name, isTestFile(file))) report('pluginPackage', { plugin: name });
          return;
        }
        if (target.kind === 'outside') return report('pluginOutside', { plugin: name, target: 'outside the repository' });
        if (target.viaAlias) return;
        if (target.deepSdk) return report('pluginDeepSdk', { plugin: name });
        const own = plugin ? `${layer}/${plugin}/` : undefined;
        if (own && (target.rel + '/').startsWith(own)) return;
        if (isTestFile(file) && resolveFile(target.rel) === PAGE_KIT) return;
        const tLayer = layerOf(target.rel);
        if (tLayer === 'plugins') return report('pluginOtherPlugin', { plugin: name });
        if (tLayer === 'sdk') return report('pluginDeepSdk', { plugin: name });
        if (LAYERS.has(tLayer)) return report('pluginLayer', { plugin: name, layer: tLayer });
        return report('pluginOutside', { plugin: name, target: target.rel });
      }

      if (target.kind !== 'project') return;
      if ((layer === 'host' || layer === 'core') && target.viaAlias && !isTypeOnly(node) && !isTestFile(file) && segments[1] !== 'test') return report('shellSdkEntry', { from: layer });
      const tLayer = layerOf(target.rel);
      if (tLayer === layer) return;
      if (layer === 'server' && isDeclaration(resolveFile(target.rel))) return;
      if (layer === 'server' && isModuleServer(resolveFile(target.rel))) {
        if (file === MODULE_LIST && /^plugins\/([^/]+)\/server\/\1-module\.ts$/.test(resolveFile(target.rel))) return;
        return report('moduleListOnly', { list: MODULE_LIST });
      }
      if (file.startsWith(PART_HARNESS) && tLayer === 'server' && !isModuleServer(resolveFile(target.rel))) return;
      if (FORBIDDEN[layer]?.includes(tLayer)) return report('layer', { from: layer, layer: tLayer });
      if (layer === 'server' && tLayer === 'sdk' && !isTypeOnly(node) && !isPureSdkModule(target.rel)) report('serverImpureSdk');
    }

    return {
      ImportDeclaration: (node) => check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source),
      ImportExpression: (node) => check(node, node.source),
    };
  },
};

/** The local plugin that carries the rule. */
export default { meta: { name: 'tianlu' }, rules: { 'layer-boundaries': layerBoundaries } };
