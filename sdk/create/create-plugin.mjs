#!/usr/bin/env node
/**
 * Creates a working 天路 plugin in an empty folder: its declaration, a page, a test, the build and
 * the manifest the platform reads. Shipped in @tianlu/sdk:
 *
 *   npx --package /path/to/tianlu-sdk-<version>.tgz tianlu-create-plugin <folder> [--id coldChain] [--title 冷链监控] [--platform 40]
 *
 * then, in the folder: `npm install /path/to/tianlu-sdk-<version>.tgz`, `npm test`, `npm run build`,
 * and copy `dist/` into the platform's PLUGINS_DIR as `<id>/`.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const sdkPackage = JSON.parse(readFileSync(join(here, '..', 'package.json'), 'utf8'));
/** The versions the platform itself builds with (written when the SDK is built; in a checkout, its package.json). */
function readToolchain() {
  const built = join(here, '..', 'dist', 'toolchain.json');
  if (existsSync(built)) return JSON.parse(readFileSync(built, 'utf8'));
  const checkout = JSON.parse(readFileSync(join(here, '..', '..', 'package.json'), 'utf8'));
  return { ...checkout.dependencies, ...checkout.devDependencies };
}
const toolchain = readToolchain();

const USAGE = `用法：tianlu-create-plugin <目录> [--id 插件标识] [--title 中文名称] [--platform 平台编号]
  <目录>        新插件的目录（不存在或为空）
  --id          插件标识（systemId），字母开头，只含字母、数字、- 和 _；默认取目录名
  --title       子应用的中文名称；默认“新插件”
  --platform    平台编号（正整数，不与平台上已有的子应用重复）；默认 100`;

function fail(message) {
  console.error(`创建失败：${message}\n\n${USAGE}`);
  process.exit(1);
}

function parseArgs(argv) {
  const options = { folder: undefined, id: undefined, title: '新插件', platform: 100 };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = () => {
      const v = argv[++i];
      if (v === undefined || v.startsWith('--')) fail(`${arg} 缺少取值`);
      return v;
    };
    if (arg === '--help' || arg === '-h') {
      console.log(USAGE);
      process.exit(0);
    } else if (arg === '--id') options.id = value();
    else if (arg === '--title') options.title = value();
    else if (arg === '--platform') options.platform = Number(value());
    else if (arg.startsWith('--')) fail(`不认识的选项 ${arg}`);
    else if (options.folder === undefined) options.folder = arg;
    else fail(`多余的参数 ${arg}`);
  }
  if (!options.folder) fail('请给出新插件的目录');
  options.id ??= basename(resolve(options.folder));
  if (!/^[A-Za-z][A-Za-z0-9_-]{0,63}$/.test(options.id)) fail(`插件标识“${options.id}”只能包含字母、数字、- 和 _，并以字母开头（用 --id 指定）`);
  if (!Number.isInteger(options.platform) || options.platform <= 0 || options.platform > 200_000) fail('平台编号必须是 1～200000 的整数');
  if (!options.title.trim() || options.title.length > 40) fail('中文名称必须是 1～40 个字符');
  return options;
}

const json = (value) => `${JSON.stringify(value, null, 2)}\n`;
/** A name for code: `cold-chain` → `coldChain`. */
const camel = (id) => id.replace(/[-_]+([A-Za-z0-9])/g, (_, c) => c.toUpperCase());

function files({ id, title, platform }) {
  const basePath = `/${id}/`;
  const menuId = platform * 1000 + 1;
  const name = camel(id);
  const sdkRange = `^${sdkPackage.version}`;
  const v = (pkg) => toolchain[pkg] ?? sdkPackage.peerDependencies?.[pkg] ?? 'latest';
  const menus = [{ id: menuId, title: '概览', path: `${basePath}overview`, icon: 'Board', buttons: [{ id: menuId * 100 + 1, title: '刷新' }] }];
  return {
    'package.json': json({
      name: id.toLowerCase(),
      version: '0.1.0',
      private: true,
      type: 'module',
      description: `${title}：天路的子应用`,
      scripts: { dev: 'vite', build: 'vite build', test: 'vitest run', typecheck: 'tsc --noEmit' },
      devDependencies: Object.fromEntries(
        [
          'vite',
          'typescript',
          'vitest',
          'jsdom',
          '@testing-library/react',
          '@types/react',
          '@types/react-dom',
          '@types/node',
          ...Object.keys(sdkPackage.peerDependencies ?? {}),
        ].map((pkg) => [pkg, v(pkg)]),
      ),
    }),
    'manifest.json': json({
      platformId: platform,
      systemId: id,
      name: id,
      productionEntry: `/child/${id}/index.js`,
      developmentEntry: `/child/${id}/index.js`,
      title,
      icon: 'Apps',
      path: basePath,
      created: new Date().toISOString().slice(0, 10),
      iconfont: `icon-${id}`,
      enabled: true,
      sdk: sdkRange,
      menus,
    }),
    'tsconfig.json': json({
      compilerOptions: {
        target: 'ES2022',
        module: 'ESNext',
        moduleResolution: 'bundler',
        jsx: 'react-jsx',
        strict: true,
        noEmit: true,
        skipLibCheck: true,
        isolatedModules: true,
        resolveJsonModule: true,
        types: ['node', 'vite/client'],
      },
      include: ['src', 'vite.config.ts', 'manifest.json'],
    }),
    '.gitignore': 'node_modules/\ndist/\n',
    'vite.config.ts': `import { tianlu } from '@tianlu/sdk/vite';
import { defineConfig } from 'vitest/config';

/**
 * \`npm run build\` writes dist/, the folder to copy into the platform's PLUGINS_DIR as ${id}/.
 * \`npm run dev\` serves the sources and, with TIANLU_PLUGINS_DIR set to the running platform's
 * PLUGINS_DIR, installs a plugin that loads them from here: every saved change reloads the page.
 */
export default defineConfig({
  plugins: [tianlu({ entry: 'src/${id}-plugin.tsx' })],
  server: { port: 5180 },
  test: { environment: 'jsdom' },
});
`,
    [`src/${id}-declaration.ts`]: `import type { PluginDeclaration } from '@tianlu/sdk';

/**
 * ${title} as plain data: its platform, pages, menus and buttons. The menu and button ids are the
 * resource ids roles grant; manifest.json declares the same menus for the platform's role editor
 * (the test checks that the two agree).
 */
export const ${name}Declaration: PluginDeclaration = {
  platformId: ${platform},
  systemId: '${id}',
  title: '${title}',
  icon: 'Apps',
  basePath: '${basePath}',
  pages: [{ path: '${basePath}overview', title: '概览', menuId: ${menuId}, icon: 'Board', main: true, buttons: ['刷新'] }],
};
`,
    [`src/${id}-plugin.tsx`]: `import { declaredPlugin, definePlugin } from '@tianlu/sdk';
import { ${name}Declaration } from './${id}-declaration';

/** ${title}: the plugin the platform loads from PLUGINS_DIR (default export of index.js). */
export default definePlugin({
  ...declaredPlugin(${name}Declaration, {
    '${basePath}overview': () => import('./pages/overview-page'),
  }),
});
`,
    'src/pages/overview-page.tsx': `import { Button, Card, Text } from '@fluentui/react-components';
import { expectOk, HttpService, KernelApi, Permission, usePlugin, useService, type User } from '@tianlu/sdk';
import { useCallback, useEffect, useState } from 'react';

/** 概览: who is logged in, read through the platform's http service (session and tenant come with it). */
export default function OverviewPage() {
  const plugin = usePlugin();
  const http = useService(HttpService);
  const [user, setUser] = useState<User>();
  const [error, setError] = useState<string>();

  const load = useCallback(() => {
    setError(undefined);
    http
      .call(KernelApi.user)
      .then((res) => setUser(expectOk(res)))
      .catch((e: unknown) => setError(e instanceof Error ? e.message : '网络异常'));
  }, [http]);
  useEffect(load, [load]);

  return (
    <Card style={{ maxWidth: 480, padding: 24, gap: 12 }}>
      <Text as="h1" size={600} weight="semibold" style={{ margin: 0 }}>
        {plugin.title}
      </Text>
      {user && <Text>你好，{user.name}</Text>}
      {error && <Text role="alert">{error}</Text>}
      {!user && !error && <Text>正在读取当前用户…</Text>}
      <Permission button={${menuId * 100 + 1}}>
        <Button onClick={load}>刷新</Button>
      </Permission>
    </Card>
  );
}
`,
    [`src/${id}.test.ts`]: `import { pagesOf, validatePlugin } from '@tianlu/sdk';
import { describe, expect, it } from 'vitest';
import plugin from './${id}-plugin';
import { ${name}Declaration } from './${id}-declaration';
import manifest from '../manifest.json';

describe('${title}', () => {
  it('is a valid plugin whose identity is the manifest’s', () => {
    expect(validatePlugin(plugin)).toEqual([]);
    expect({ platformId: plugin.platformId, systemId: plugin.systemId, title: plugin.title, basePath: plugin.basePath }).toEqual({
      platformId: manifest.platformId,
      systemId: manifest.systemId,
      title: manifest.title,
      basePath: manifest.path,
    });
  });

  it('declares in manifest.json the menus and buttons its pages are granted by', () => {
    const declared = pagesOf(${name}Declaration).flatMap((p) => ('menuId' in p ? [[p.menuId, p.title, p.buttons.map((b) => b.id)]] : []));
    const listed = manifest.menus.map((m: { id: number; title: string; buttons?: { id: number }[] }) => [m.id, m.title, (m.buttons ?? []).map((b) => b.id)]);
    expect(listed).toEqual(declared);
  });

  it('loads every page it declares', async () => {
    for (const route of plugin.routes) if (route.load) expect(typeof (await route.load()).default).toBe('function');
  });
});
`,
    'README.md': `# ${title}

A sub-application of 天路 (Tianlu), built outside the platform against the packed \`@tianlu/sdk\`.

- \`npm install /path/to/tianlu-sdk-<version>.tgz\` once (the SDK is not on a registry).
- \`npm test\` checks the plugin: valid definition, manifest and declaration agree, SDK range.
- \`npm run build\` writes \`dist/\`: copy it into the platform's PLUGINS_DIR as \`${id}/\`
  (\`cp -r dist $PLUGINS_DIR/${id}\`). The running platform picks it up without a restart; grant
  platform ${platform} (${title}) to a role in 系统管理 → 角色管理 to see it.
`,
  };
}

const options = parseArgs(process.argv.slice(2));
const folder = resolve(options.folder);
if (existsSync(folder) && readdirSync(folder).length) fail(`目录 ${folder} 不是空的`);
for (const [path, text] of Object.entries(files(options))) {
  const target = join(folder, path);
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, text);
}
console.log(`已创建 ${options.title}（${options.id}，平台 ${options.platform}）：${folder}
下一步：
  cd ${options.folder}
  npm install /path/to/tianlu-sdk-${sdkPackage.version}.tgz
  npm test
  npm run build
  cp -r dist "$PLUGINS_DIR/${options.id}"`);
