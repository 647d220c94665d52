/**
 * A plugin author's first hour, in a folder outside the repository: `tianlu-create-plugin` from the
 * packed SDK, `npm install` of the tarball, the plugin's own tests (its server part's on the SDK's
 * harness) and build, then its dist/ dropped into PLUGINS_DIR of a platform that is already running.
 * The platform serves it without a rebuild or restart: the demo admin opens its page, which adds and
 * lists notes through the plugin's own server routes; the other tenant sees nothing of it. Then the plugin's
 * own dev server (`npm run dev`) installs itself into the running platform, and a saved change to a
 * page reloads the console's page with the change.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject } from 'vitest';
import { sh, shellEnv } from '../tools/plugins/outside-build';
import { test } from './browser';
import { ADMIN, OTHER, login, pathOf } from './console-app';
import { reaches, shows } from './expect-ui';
import { screenshot } from './screenshot';
import { freePorts } from '../server/testing/free-ports';
import { startServer, type RunningServer } from './server';
import { offeredSubApps } from './shell-ui';

const TITLE = '冷链监控';

let server: RunningServer;
let pluginsDir: string;
let outside: string;
let folder: string;
let testOutput: string;
let devPort: number;
let dev: ChildProcess | undefined;

beforeAll(async () => {
  [pluginsDir, outside] = await Promise.all([mkdtemp(path.join(tmpdir(), 'tianlu-e2e-plugins-')), mkdtemp(path.join(tmpdir(), 'tianlu-author-'))]);
  [devPort] = await freePorts(1);
  const starting = startServer({ name: 'e2e-create-plugin-server', env: { PLUGINS_DIR: pluginsDir, PLUGIN_DEV_ORIGINS: `http://localhost:${devPort}` } });
  const tarball = inject('sdkTarball');
  await sh('npx', ['--yes', '--package', tarball, 'tianlu-create-plugin', 'cold-chain', '--id', 'coldChain', '--title', TITLE, '--platform', '40'], outside);
  folder = path.join(outside, 'cold-chain');
  await sh('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', tarball], folder);
  testOutput = await sh('npm', ['test'], folder);
  // the plugin compiles against the package's declarations, as in an author's editor
  await sh('npm', ['run', 'typecheck'], folder);
  await sh('npm', ['run', 'build'], folder);
  server = await starting;
  // dropped into the running platform: no rebuild, no restart
  await cp(path.join(folder, 'dist'), path.join(pluginsDir, 'coldChain'), { recursive: true });
}, 900_000);

afterAll(async () => {
  if (dev?.pid) process.kill(-dev.pid, 'SIGTERM');
  await server?.stop();
  for (const dir of [pluginsDir, outside]) if (dir) await rm(dir, { recursive: true, force: true });
});

describe('a plugin created with tianlu-create-plugin', () => {
  test('passes its own test and builds into the folder PLUGINS_DIR takes', async () => {
    expect(testOutput).toMatch(/Tests\s+6 passed/);
    expect(testOutput).toContain('src/server/server.test.ts');
    expect((await readdir(path.join(pluginsDir, 'coldChain'))).sort()).toEqual(expect.arrayContaining(['index.js', 'manifest.json', 'server']));
    expect(JSON.parse(await readFile(path.join(pluginsDir, 'coldChain', 'manifest.json'), 'utf8'))).toMatchObject({ serverEntry: 'server/index.js' });
  });

  test('the running platform serves it to the demo admin, and not to the other tenant', async ({ newContext }) => {
    const context = await newContext({ baseURL: server.baseUrl });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await login(page, ADMIN);
    expect(await offeredSubApps(page)).toContain(TITLE);
    await page.goto('/coldChain/overview');
    const main = page.getByRole('main');
    await shows(main.getByRole('heading', { name: TITLE }), 'the page’s heading, the plugin’s title');
    await shows(main.getByText('你好，演示管理员'), 'the user read through the host’s http service');
    await shows(main.getByRole('button', { name: '刷新' }), 'the 刷新 button its role is granted');
    await shows(page.getByRole('navigation', { name: '菜单' }).getByText('概览', { exact: true }), 'its menu entry 概览');
    // the plugin's own server part: its migrated table, read and written through its routes
    await shows(main.getByText('还没有备注'), 'the empty list its GET route answers');
    await main.getByRole('textbox', { name: '备注' }).fill('   ');
    await main.getByRole('button', { name: '添加' }).click();
    await shows(main.getByRole('alert').filter({ hasText: '备注不能只有空格' }), 'the part’s own refusal, in Chinese');
    await main.getByRole('textbox', { name: '备注' }).fill('检查冷机');
    await main.getByRole('button', { name: '添加' }).click();
    await shows(main.getByRole('list', { name: '备注列表' }).getByText('检查冷机'), 'the note its POST route stored');
    await page.reload();
    await shows(main.getByRole('list', { name: '备注列表' }).getByText('检查冷机'), 'the note read back from the server after a reload');
    await screenshot(page, 'create-plugin-notes.png');
    expect(errors).toEqual([]);

    const other = await (await newContext({ baseURL: server.baseUrl })).newPage();
    const session = await login(other, OTHER);
    // the route itself refuses a tenant whose roles lack the plugin's platform
    const answer = await (await fetch(new URL('/plugins/coldChain/api/notes', server.baseUrl), { headers: { sessionId: session.sessionId, userId: session.userId } })).json();
    expect(answer).toMatchObject({ flag: 403 });
    expect(await offeredSubApps(other)).not.toContain(TITLE);
    await other.goto('/coldChain/overview');
    await reaches(other, (p) => p === '/404', 'the 404 page for a sub-application the role is not granted');
    expect(pathOf(other)).toBe('/404');
  });

  test('npm run dev installs it into the running platform from its dev server, and a saved change reloads the page', async ({ newContext }) => {
    let output = '';
    dev = spawn('npm', ['run', 'dev', '--', '--port', String(devPort), '--strictPort'], {
      cwd: folder,
      env: shellEnv({ TIANLU_PLUGINS_DIR: pluginsDir }),
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    const installed = new Promise<void>((resolve, reject) => {
      const read = (d: Buffer) => {
        output += d.toString();
        if (output.includes('已安装到')) resolve();
      };
      dev!.stdout!.on('data', read);
      dev!.stderr!.on('data', read);
      dev!.once('exit', (code) => reject(new Error(`npm run dev exited with ${code}:\n${output}`)));
    });
    await installed;
    expect(await readFile(path.join(pluginsDir, 'coldChain', 'index.js'), 'utf8')).toContain(`from 'http://localhost:${devPort}/src/coldChain-plugin.tsx'`);

    const context = await newContext({ baseURL: server.baseUrl });
    const page = await context.newPage();
    const fromDevServer: string[] = [];
    page.on('response', (r) => {
      if (r.url().startsWith(`http://localhost:${devPort}/src/`)) fromDevServer.push(new URL(r.url()).pathname);
    });
    await login(page, ADMIN);
    await page.goto('/coldChain/overview');
    const main = page.getByRole('main');
    await shows(main.getByText('你好，演示管理员'), 'the page served by the plugin’s dev server');
    expect(fromDevServer).toEqual(expect.arrayContaining(['/src/coldChain-plugin.tsx', '/src/pages/overview-page.tsx']));

    // the author saves a change: the console's page reloads with it, nothing else to do
    const pageFile = path.join(folder, 'src', 'pages', 'overview-page.tsx');
    await writeFile(pageFile, (await readFile(pageFile, 'utf8')).replace('你好，', '欢迎回来，'));
    await shows(main.getByText('欢迎回来，演示管理员'), 'the changed greeting after the automatic reload');
    expect(pathOf(page)).toBe('/coldChain/overview');

    process.kill(-dev.pid!, 'SIGTERM');
    await new Promise((resolve) => dev!.once('exit', resolve));
    dev = undefined;
  });
});
