#!/usr/bin/env node
/**
 * Creates a working 天路 plugin in an empty folder: its declaration, a page, a server part with its
 * own table and routes, their tests, the build and the manifest the platform reads. Shipped in @tianlu/sdk:
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
  const refreshButton = menuId * 100 + 1;
  const addButton = menuId * 100 + 2;
  const notesUrl = `/plugins/${id}/api/notes`;
  const menus = [{ id: menuId, title: '概览', path: `${basePath}overview`, icon: 'Board', buttons: [{ id: refreshButton, title: '刷新' }, { id: addButton, title: '添加' }] }];
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
 * \`npm run build\` writes dist/, the folder to copy into the platform's PLUGINS_DIR as ${id}/: the
 * pages (index.js) and the server part (server/index.js, named by dist/manifest.json's serverEntry).
 * \`npm run dev\` serves the sources and, with TIANLU_PLUGINS_DIR set to the running platform's
 * PLUGINS_DIR, installs a plugin that loads them from here: every saved change reloads the page.
 */
export default defineConfig({
  plugins: [tianlu({ entry: 'src/${id}-plugin.tsx', server: 'src/server/index.ts' })],
  server: { port: 5180 },
  // the server part's test starts a database: slow on a busy machine is not failed
  test: { environment: 'jsdom', testTimeout: 30_000, hookTimeout: 60_000 },
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
  pages: [{ path: '${basePath}overview', title: '概览', menuId: ${menuId}, icon: 'Board', main: true, buttons: ['刷新', '添加'] }],
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
    'src/pages/overview-page.tsx': `import { Button, Card, Input, Text } from '@fluentui/react-components';
import { expectOk, HttpService, KernelApi, Permission, usePlugin, useService, type User } from '@tianlu/sdk';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import type { Note } from '../server/index';

const NOTES = '${notesUrl}';

/**
 * 概览: who is logged in and the tenant's notes, read from the platform and from the plugin's own
 * server part through the platform's http service (session and tenant come with it).
 */
export default function OverviewPage() {
  const plugin = usePlugin();
  const http = useService(HttpService);
  const [user, setUser] = useState<User>();
  const [notes, setNotes] = useState<Note[]>();
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  const fail = (e: unknown) => setError(e instanceof Error ? e.message : '网络异常');

  const load = useCallback(() => {
    setError(undefined);
    http.call(KernelApi.user).then((res) => setUser(expectOk(res))).catch(fail);
    http.get<{ list: Note[] }>(NOTES).then((res) => setNotes(expectOk(res).list)).catch(fail);
  }, [http]);
  useEffect(load, [load]);

  const add = (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    http
      .postJson<Note>(NOTES, { text })
      .then((res) => {
        const note = expectOk(res);
        setNotes((list) => [note, ...(list ?? [])]);
        setText('');
      })
      .catch(fail);
  };

  return (
    <Card style={{ maxWidth: 480, padding: 24, gap: 12 }}>
      <Text as="h1" size={600} weight="semibold" style={{ margin: 0 }}>
        {plugin.title}
      </Text>
      {user && <Text>你好，{user.name}</Text>}
      {!user && !error && <Text>正在读取当前用户…</Text>}
      <Text as="h2" size={400} weight="semibold" style={{ margin: 0 }}>
        备注
      </Text>
      {notes === undefined && !error && <Text>正在读取备注…</Text>}
      {notes?.length === 0 && <Text>还没有备注</Text>}
      {notes && notes.length > 0 && (
        <ul aria-label="备注列表" style={{ margin: 0, paddingLeft: 20 }}>
          {notes.map((note) => (
            <li key={note.id}>{note.text}</li>
          ))}
        </ul>
      )}
      <Permission button={${addButton}}>
        <form onSubmit={add} style={{ display: 'flex', gap: 8 }}>
          <Input aria-label="备注" placeholder="写一条备注" value={text} onChange={(_, data) => setText(data.value)} style={{ flex: 1 }} />
          <Button type="submit" appearance="primary">
            添加
          </Button>
        </form>
      </Permission>
      {error && <Text role="alert">{error}</Text>}
      <Permission button={${refreshButton}}>
        <Button onClick={load}>刷新</Button>
      </Permission>
    </Card>
  );
}
`,
    'src/server/index.ts': `import { badInput, defineServerPart } from '@tianlu/sdk/server';

/** A note as the routes answer it. */
export interface Note {
  id: number;
  text: string;
  /** ISO time. */
  createdAt: string;
}

interface NoteRow {
  id: number;
  text: string;
  created_at: Date | string;
}

const noteOf = (row: NoteRow): Note => ({ id: row.id, text: row.text, createdAt: new Date(row.created_at).toISOString() });

/**
 * The server part of ${title}: a table of notes in the plugin's own schema, read and written per
 * tenant. \`npm run build\` bundles it into dist/server/index.js; the platform runs its migration
 * when it loads it and serves its routes under ${`/plugins/${id}/api/`}.
 */
export default defineServerPart({
  name: '${id}',
  migrations: {
    '0001-notes': {
      async up(db) {
        await db.schema
          .createTable('notes')
          .addColumn('id', 'serial', (c) => c.primaryKey())
          .addColumn('tenant_id', 'integer', (c) => c.notNull())
          .addColumn('text', 'text', (c) => c.notNull())
          .addColumn('created_at', 'timestamptz', (c) => c.notNull())
          .execute();
        await db.schema.createIndex('notes_tenant').on('notes').column('tenant_id').execute();
      },
    },
  },
  routes: [
    {
      method: 'GET',
      url: '${notesUrl}',
      summary: '本租户最近的备注',
      async handler({ user, plugin }): Promise<{ list: Note[] }> {
        const rows: NoteRow[] = await plugin.db
          .selectFrom('notes')
          .select(['id', 'text', 'created_at'])
          .where('tenant_id', '=', user.tenantId)
          .orderBy('id', 'desc')
          .limit(20)
          .execute();
        return { list: rows.map(noteOf) };
      },
    },
    {
      method: 'POST',
      url: '${notesUrl}',
      summary: '添加备注',
      // the page's 添加 button: only roles granted it may add
      resource: ${addButton},
      schema: { body: { type: 'object', required: ['text'], properties: { text: { type: 'string', title: '备注', minLength: 1, maxLength: 50 } } } },
      async handler({ body, user, plugin, audit }): Promise<Note> {
        const text = (body as { text: string }).text.trim();
        if (!text) throw badInput('备注不能只有空格');
        const row: NoteRow = await plugin.db
          .insertInto('notes')
          .values({ tenant_id: user.tenantId, text, created_at: plugin.clock.now() })
          .returning(['id', 'text', 'created_at'])
          .executeTakeFirstOrThrow();
        await audit({ action: '添加备注', target: text });
        return noteOf(row);
      },
    },
  ],
});
`,
    'src/server/server.test.ts': `// @vitest-environment node
import { createPartHarness, type PartHarness } from '@tianlu/sdk/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import manifest from '../../manifest.json';
import part, { type Note } from './index';

const NOTES = '${notesUrl}';
let harness: PartHarness<unknown>;

// the part as the platform runs it: its migration in an in-memory PostgreSQL, its routes answered as the platform answers
beforeAll(async () => {
  harness = await createPartHarness(part, { manifest });
}, 60_000);
afterAll(() => harness?.close());

const notesOf = async (tenantId: number) => (await harness.call<{ list: Note[] }>('GET', NOTES, { user: { tenantId } })).obj.list.map((n) => n.text);

describe('${title} 的服务端', () => {
  it('stores a note and answers it to its tenant', async () => {
    const added = await harness.call<Note>('POST', NOTES, { body: { text: '  检查冷机  ' }, user: { tenantId: 1 } });
    expect(added).toMatchObject({ flag: 1, obj: { text: '检查冷机' } });
    expect(await notesOf(1)).toEqual(['检查冷机']);
  });

  it('refuses a bad note with a Chinese message and stores nothing', async () => {
    const post = (body: unknown) => harness.call('POST', NOTES, { body, user: { tenantId: 2 } });
    expect(await post({})).toEqual({ flag: 400, msg: '备注不能为空', obj: null });
    expect(await post({ text: '   ' })).toEqual({ flag: 400, msg: '备注不能只有空格', obj: null });
    expect(await post({ text: '长'.repeat(51) })).toEqual({ flag: 400, msg: '备注长度不能超过 50 个字符', obj: null });
    expect(await notesOf(2)).toEqual([]);
  });

  it('shows another tenant nothing, and adds only for roles granted the 添加 button', async () => {
    await harness.call('POST', NOTES, { body: { text: '只属于租户三' }, user: { tenantId: 3 } });
    expect(await notesOf(4)).toEqual([]);
    expect(await harness.call('POST', NOTES, { body: { text: '无权添加' }, user: { tenantId: 4 }, resources: [${menuId}, ${refreshButton}] })).toEqual({ flag: 403, msg: '无权限访问', obj: null });
    expect(await notesOf(4)).toEqual([]);
  });
});
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
- \`npm test\` checks the plugin: valid definition, manifest and declaration agree, and the server
  part (\`src/server/\`) run as the platform runs it, on an in-memory database
  (\`createPartHarness\` of \`@tianlu/sdk/server/testing\`).
- \`npm run build\` writes \`dist/\`, the pages and the server part: copy it into the platform's PLUGINS_DIR as \`${id}/\`
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
