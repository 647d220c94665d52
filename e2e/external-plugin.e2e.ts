/**
 * A plugin built outside the console (examples/hello-plugin, built on its own in library mode)
 * installed by dropping its folder into PLUGINS_DIR of a running server's data: it appears for the
 * demo admin, renders on the host's React, Fluent UI and SDK, stays hidden from the other tenant;
 * a plugin whose module throws is reported as failed while the console keeps working, and so is a
 * plugin built for another SDK version, with both versions named, and a plugin whose server part
 * fails to load, with the server's reason.
 */
import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { SDK_VERSION } from '../sdk/version';
import { test } from './browser';
import { ADMIN, OTHER, OTHER_TITLES, login, pathOf } from './console-app';
import { reaches, shows } from './expect-ui';
import { buildExample } from './example-plugin';
import { REPO_ROOT, startServer, type RunningServer } from './server';
import { offeredSubApps, openSwitcher, switchSubApp } from './shell-ui';

const HELLO_TITLE = '示例插件';
const BROKEN_TITLE = '故障插件';
const FUTURE_TITLE = '新版插件';
const COLD_TITLE = '冷链插件';

/**
 * Installs a one-file plugin `<systemId>/` (its manifest record with one menu, and `index.js`) as a
 * plugin built elsewhere would be installed.
 */
async function installPlugin(
  pluginsDir: string,
  plugin: { systemId: string; platformId: number; title: string; indexJs: string; sdk?: string; icon?: string; serverJs?: string },
): Promise<void> {
  const { systemId, platformId, title, indexJs, sdk, icon = 'Apps', serverJs } = plugin;
  const dir = path.join(pluginsDir, systemId);
  await mkdir(dir, { recursive: true });
  const record = {
    platformId,
    systemId,
    name: systemId,
    productionEntry: `/child/${systemId}/index.js`,
    developmentEntry: `/child/${systemId}/index.js`,
    title,
    icon,
    path: `/${systemId}/`,
    created: '2026-11-21',
    iconfont: `icon-${systemId}`,
    enabled: true,
    ...(sdk ? { sdk } : {}),
    ...(serverJs ? { serverEntry: 'server/index.js' } : {}),
    menus: [{ id: platformId * 100 + 1, title: '首页', path: `/${systemId}/home` }],
  };
  await writeFile(path.join(dir, 'manifest.json'), JSON.stringify(record));
  await writeFile(path.join(dir, 'index.js'), indexJs);
  if (serverJs) {
    await mkdir(path.join(dir, 'server'), { recursive: true });
    await writeFile(path.join(dir, 'server', 'index.js'), serverJs);
  }
}

/** The path an icon of @fluentui/react-icons draws: its module (`apps-list`) and export (`AppsListRegular`). */
function fluentIconPath(module: string, exportName: string): string {
  const text = readFileSync(path.join(REPO_ROOT, 'node_modules/@fluentui/react-icons/lib/atoms/svg', `${module}.js`), 'utf8');
  const d = new RegExp(`export const ${exportName} = .*?\\["([^"]+)"`).exec(text)?.[1];
  if (!d) throw new Error(`no ${exportName} in ${module}.js`);
  return d;
}

let server: RunningServer;
let pluginsDir: string;

beforeAll(async () => {
  pluginsDir = await mkdtemp(path.join(tmpdir(), 'tianlu-e2e-plugins-'));
  await buildExample(path.join(pluginsDir, 'hello'));
  // a module that throws as soon as it is imported
  await installPlugin(pluginsDir, { systemId: 'broken', platformId: 91, title: BROKEN_TITLE, indexJs: "throw new Error('故障插件初始化失败');\nexport default {};\n" });
  // a working module whose manifest says it needs an SDK far newer than the platform's
  // … and names an icon that is no Fluent UI icon
  await installPlugin(pluginsDir, { systemId: 'future', platformId: 92, title: FUTURE_TITLE, sdk: '^99.0.0', icon: 'NoSuchIcon', indexJs: 'window.__futureRan = true;\nexport default {};\n' });
  // a working console module whose server part throws when the server imports it
  await installPlugin(pluginsDir, {
    systemId: 'coldfail', platformId: 93, title: COLD_TITLE,
    indexJs: 'window.__coldRan = true;\nexport default {};\n', serverJs: "throw new Error('冷链服务初始化失败');\nexport default {};\n",
  });
  server = await startServer({ name: 'e2e-external-plugin-server', env: { PLUGINS_DIR: pluginsDir } });
}, 600_000);

afterAll(async () => {
  await server?.stop();
  if (pluginsDir) await rm(pluginsDir, { recursive: true, force: true });
});

/** A page of a fresh context on the server with the installed plugins, collecting uncaught errors. */
async function openPage(newContext: (o?: object) => Promise<BrowserContext>): Promise<{ page: Page; errors: string[] }> {
  const context = await newContext({ baseURL: server.baseUrl });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return { page, errors };
}

describe('a plugin built outside the repository', () => {
  test('the demo admin sees it, opens it, and it runs on the host’s React, Fluent UI and SDK', async ({ newContext }) => {
    const { page, errors } = await openPage(newContext);
    const modules: string[] = [];
    page.on('response', (r) => {
      const p = new URL(r.url()).pathname;
      if (p.startsWith('/child/hello/')) modules.push(`${r.status()} ${r.headers()['content-type']} ${p}`);
    });
    await login(page, ADMIN);
    const main = page.getByRole('main');
    await shows(main.getByText(HELLO_TITLE, { exact: true }), `the card ${HELLO_TITLE} on /home`);
    expect(await offeredSubApps(page)).toContain(HELLO_TITLE);

    await main.getByText(HELLO_TITLE, { exact: true }).click();
    await reaches(page, (p) => p === '/hello/overview', 'the plugin’s page /hello/overview');
    // the user's name read through the host's http service (session headers included)
    await shows(page.getByText('你好，演示管理员'), 'the greeting with the user’s name');
    // hooks and a Fluent UI button: a second React or Fluent instance would crash here
    const button = await shows(page.getByRole('button', { name: '点击了 0 次' }), 'the plugin’s Fluent UI button');
    expect(await button.getAttribute('class')).toContain('fui-Button');
    await button.click();
    await shows(page.getByRole('button', { name: '点击了 1 次' }), 'the button after one click');
    // its menu entry, granted through the menu id the manifest declares
    await shows(page.getByRole('navigation', { name: '菜单' }).getByText('示例', { exact: true }), 'the plugin’s menu entry 示例');

    expect(modules.some((m) => m.startsWith('200 text/javascript') && m.endsWith('/child/hello/index.js')), modules.join('\n')).toBe(true);
    expect(errors).toEqual([]);
  });

  test('its icon, a Fluent UI icon outside the console’s bundled set, is drawn once loaded; an unknown name draws AppsList with a warning', async ({ newContext }) => {
    const { page, errors } = await openPage(newContext);
    const warnings: string[] = [];
    page.on('console', (m) => void (m.type() === 'warning' && warnings.push(m.text())));
    const iconModules: string[] = [];
    page.on('response', (r) => void (new URL(r.url()).pathname.startsWith('/assets/icons/') && iconModules.push(`${r.status()} ${new URL(r.url()).pathname}`)));
    const [apps, appsList] = [fluentIconPath('apps', 'AppsRegular'), fluentIconPath('apps-list', 'AppsListRegular')];
    await login(page, ADMIN);
    const card = (title: string, d: string) => page.getByRole('main').locator('.fui-Card').filter({ hasText: title }).locator(`svg path[d="${d}"]`);
    await shows(card(HELLO_TITLE, apps), `Fluent’s Apps icon (the manifest’s "Apps") on the card ${HELLO_TITLE} of 首页`);
    await shows(card(FUTURE_TITLE, appsList), `the AppsList icon on the card ${FUTURE_TITLE}, whose manifest names NoSuchIcon`);
    const menu = await openSwitcher(page);
    const entry = (title: string, d: string) => menu.getByRole('menuitemradio', { name: title, exact: true }).locator(`svg path[d="${d}"]`);
    await shows(entry(HELLO_TITLE, apps), `Fluent’s Apps icon beside ${HELLO_TITLE} in the switcher`);
    await shows(entry(FUTURE_TITLE, appsList), `the AppsList icon beside ${FUTURE_TITLE} in the switcher`);
    expect(iconModules).toEqual([expect.stringMatching(/^200 \/assets\/icons\/apps-[\w-]{8}\.js$/)]);
    expect(warnings.filter((w) => w.includes('"NoSuchIcon"'))).toEqual([expect.stringContaining('AppsList')]);
    expect(await readFile(server.logFile, 'utf8')).toContain('插件 future（' + path.join(pluginsDir, 'future') + '）的图标名不是 Fluent UI 图标，显示为 AppsList 图标：icon「NoSuchIcon」');
    expect(errors).toEqual([]);
  });

  test('a plugin whose module throws is reported as failed and the console keeps working', async ({ newContext }) => {
    const { page } = await openPage(newContext);
    await login(page, ADMIN);
    await switchSubApp(page, BROKEN_TITLE);
    await shows(page.getByText('插件加载失败', { exact: true }), 'the notice 插件加载失败');
    await shows(page.getByText(/子应用「故障插件」未能加载/), 'which sub-application failed');

    await switchSubApp(page, '智能车联');
    await reaches(page, (p) => p.startsWith('/car/'), 'a page under /car/ after the failure');
    await switchSubApp(page, HELLO_TITLE);
    await shows(page.getByText('你好，演示管理员'), 'the working plugin after the failed one');
  });

  test('a plugin built for another SDK is refused with both versions named, and never runs', async ({ newContext }) => {
    const { page } = await openPage(newContext);
    await login(page, ADMIN);
    await switchSubApp(page, FUTURE_TITLE);
    await shows(page.getByText('插件加载失败', { exact: true }), 'the notice 插件加载失败');
    await shows(page.getByText(`插件需要天路 SDK ^99.0.0，本平台的 SDK 版本是 ${SDK_VERSION}`, { exact: false }), 'the range it needs and the platform’s version');
    expect(await page.evaluate(() => (window as { __futureRan?: boolean }).__futureRan)).toBeUndefined();

    await switchSubApp(page, HELLO_TITLE);
    await shows(page.getByText('你好，演示管理员'), 'the working plugin after the refused one');
  });

  test('a plugin whose server part fails to load is reported as failed with the server’s reason, and never runs', async ({ newContext }) => {
    const { page } = await openPage(newContext);
    await login(page, ADMIN);
    await switchSubApp(page, COLD_TITLE);
    await shows(page.getByText('插件加载失败', { exact: true }), 'the notice 插件加载失败');
    await shows(page.getByText('插件 coldfail 的服务端加载失败：导入 server/index.js 时出错：冷链服务初始化失败', { exact: false }), 'the server’s reason');
    expect(await page.evaluate(() => (window as { __coldRan?: boolean }).__coldRan)).toBeUndefined();

    await switchSubApp(page, HELLO_TITLE);
    await shows(page.getByText('你好，演示管理员'), 'the working plugin after the failed one');
  });

  test('the other tenant is not granted it', async ({ newContext }) => {
    const { page } = await openPage(newContext);
    await login(page, OTHER);
    await shows(page.getByRole('main').getByText(OTHER_TITLES[0], { exact: true }), 'the home cards of other');
    expect([...(await offeredSubApps(page))].sort()).toEqual([...OTHER_TITLES].sort());
    expect(await page.getByText(HELLO_TITLE, { exact: true }).count()).toBe(0);

    await page.goto('/hello/overview');
    await shows(page.getByText('页面不存在'), 'the 404 page for a plugin the role does not grant');
    expect(pathOf(page)).toBe('/404');
    expect(await page.getByText(/你好，/).count()).toBe(0);
  });
});
