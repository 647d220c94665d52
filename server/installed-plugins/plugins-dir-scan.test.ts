import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SDK_VERSION } from '../../sdk/version';
import { scanPluginsDir, type BuiltIns } from './plugins-dir-scan';

const BUILT_INS: BuiltIns = {
  platforms: new Map([
    [0, '系统中心'],
    [8, '智能车联'],
  ]),
  systemIds: new Map([
    ['center', '系统中心'],
    ['car', '智能车联'],
  ]),
  paths: new Set(['/', '/car/']),
  resourceIds: new Set([8001]),
};

let dir: string;

function record(systemId: string, extra: Record<string, unknown> = {}) {
  return {
    platformId: 90,
    systemId,
    name: systemId,
    productionEntry: `/child/${systemId}/index.js`,
    developmentEntry: '',
    title: '示例',
    icon: '',
    path: `/${systemId}/`,
    created: '2026-01-01',
    iconfont: '',
    enabled: true,
    ...extra,
  };
}

async function folder(name: string, manifest: unknown, entry = true) {
  await mkdir(join(dir, name), { recursive: true });
  if (manifest !== undefined) await writeFile(join(dir, name, 'manifest.json'), typeof manifest === 'string' ? manifest : JSON.stringify(manifest));
  if (entry) await writeFile(join(dir, name, 'index.js'), 'export default {}');
}

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'tianlu-scan-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('scanPluginsDir', () => {
  it('treats a missing directory as no plugins', async () => {
    expect(await scanPluginsDir(join(dir, 'absent'), BUILT_INS)).toEqual({ plugins: [], problems: [] });
  });

  it('accepts a valid record with menus and buttons', async () => {
    await folder('hello', record('hello', { menus: [{ id: 9001, title: '示例', path: '/hello/a', buttons: [{ id: 900101, title: '刷新' }] }] }));
    const { plugins, problems } = await scanPluginsDir(dir, BUILT_INS);
    expect(problems).toEqual([]);
    expect(plugins).toHaveLength(1);
    expect(plugins[0]!.record).toEqual(record('hello'));
    expect(plugins[0]!.menus).toEqual([{ id: 9001, title: '示例', path: '/hello/a', buttons: [{ id: 900101, title: '刷新' }] }]);
  });

  it('reads the settings a plugin declares', async () => {
    const settings = [{ key: 'limit', title: '上限', kind: 'number', default: 5, min: 1, max: 10 }];
    await folder('hello', record('hello', { settings }));
    const { plugins, problems } = await scanPluginsDir(dir, BUILT_INS);
    expect(problems).toEqual([]);
    expect(plugins[0]!.settings).toEqual(settings);
    // the console's record stays the spec's
    expect(plugins[0]!.record).toEqual(record('hello'));
  });

  it('explains in Chinese why a folder is skipped', async () => {
    await folder('a-no-manifest', undefined);
    await folder('b-json', '{');
    await folder('c-array', [record('c-array')]);
    await folder('d-fields', { ...record('d-fields'), platformId: 1.5, title: ' ', path: '/x', enabled: 1, productionEntry: '/child/other/index.js' });
    await folder('e-name', record('elsewhere'));
    await folder('f-entry', record('f-entry'), false);
    await folder('car', record('car', { platformId: 95 }));
    await folder('h-platform', record('h-platform', { platformId: 8 }));
    await folder('i-path', record('i-path', { path: '/car/' }));
    await folder('j-reserved', record('j-reserved', { path: '/home/' }));
    await folder('k-menu', record('k-menu', { menus: [{ id: 8001, title: '概览' }] }));
    await folder('l-menu-path', record('l-menu-path', { menus: [{ id: 9100, title: '页', path: '/elsewhere/x' }] }));
    await folder('m-settings', record('m-settings', { settings: [{ key: 'limit', title: '上限', kind: 'number', min: 10, max: 1 }, { key: 'mode', title: '模式', kind: 'choice' }] }));
    const { plugins, problems } = await scanPluginsDir(dir, BUILT_INS);
    expect(plugins).toEqual([]);
    const byFolder = (name: string) => problems.find((p) => p.startsWith(`插件 ${name}（`)) ?? '';
    expect(byFolder('a-no-manifest')).toContain('缺少 manifest.json');
    expect(byFolder('b-json')).toContain('不是有效的 JSON');
    expect(byFolder('c-array')).toContain('必须是一个 JSON 对象');
    expect(byFolder('d-fields')).toMatch(/platformId 必须是正整数.*title 不能为空.*productionEntry 必须是 \/child\/d-fields\/ 下的 \.js 文件.*path 必须形如.*enabled 必须是/);
    expect(byFolder('e-name')).toContain('必须与目录名（e-name）相同');
    expect(byFolder('f-entry')).toContain('index.js 不存在');
    expect(byFolder('car')).toContain('systemId car 已被内置子应用「智能车联」占用，不能覆盖');
    expect(byFolder('h-platform')).toContain('platformId 8 已被内置子应用「智能车联」占用');
    expect(byFolder('i-path')).toContain('path /car/ 已被平台占用');
    expect(byFolder('j-reserved')).toContain('path /home/ 已被平台占用');
    expect(byFolder('k-menu')).toContain('菜单编号 8001 已被内置资源占用');
    expect(byFolder('l-menu-path')).toContain('menus[0].path 必须以 /l-menu-path/ 开头');
    expect(byFolder('m-settings')).toMatch(/settings\[0\]\.min 不能大于 max.*settings\[1\]\.options 必须是 1～50 个选项的数组/);
    expect(problems.every((p) => p.includes('已跳过'))).toBe(true);
  });

  it('lets the first folder (by name) keep an id two installed plugins claim', async () => {
    await folder('alpha', record('alpha', { menus: [{ id: 9001, title: 'A' }] }));
    await folder('beta', record('beta', { platformId: 91, menus: [{ id: 9001, title: 'B' }] }));
    await folder('gamma', record('gamma'));
    const { plugins, problems } = await scanPluginsDir(dir, BUILT_INS);
    expect(plugins.map((p) => p.record.systemId)).toEqual(['alpha']);
    expect(problems.join('\n')).toContain('菜单编号 9001 已被已安装的插件「alpha」占用');
    expect(problems.join('\n')).toContain('platformId 90 已被已安装的插件「alpha」占用');
  });

  it('lists a plugin built for another SDK but says in Chinese, naming both versions, that it will not run', async () => {
    await folder('fits', record('fits', { platformId: 91, sdk: `^${SDK_VERSION}` }));
    await folder('future', record('future', { platformId: 92, sdk: '^99.0.0' }));
    const { plugins, problems } = await scanPluginsDir(dir, BUILT_INS);
    expect(plugins.map((p) => [p.record.systemId, p.sdk, p.refusal])).toEqual([
      ['fits', `^${SDK_VERSION}`, undefined],
      ['future', '^99.0.0', `插件需要天路 SDK ^99.0.0，本平台的 SDK 版本是 ${SDK_VERSION}，请安装与平台版本相符的插件`],
    ]);
    expect(problems).toEqual([expect.stringContaining('插件 future')]);
    expect(problems[0]).toContain('不兼容，未运行');
  });

  it('installs a plugin whose icon names draw no Fluent UI icon, saying in Chinese which and what is drawn instead', async () => {
    const menus = [
      { id: 9001, title: '温度', path: '/odd-icons/a', icon: 'Temperature' },
      { id: 9002, title: '分组', icon: 'NoSuchIcon', children: [{ id: 9003, title: '页', path: '/odd-icons/b', icon: 'Tempreature' }] },
      { id: 9004, title: '车辆', path: '/odd-icons/c', icon: 'VehicleCarFilled' },
    ];
    await folder('good-icons', record('good-icons', { platformId: 91, icon: 'WeatherSnowflake', menus: [{ id: 9101, title: '页', path: '/good-icons/a', icon: 'Battery' }] }));
    await folder('odd-icons', record('odd-icons', { icon: 'Snowflake', menus }));
    const { plugins, problems } = await scanPluginsDir(dir, BUILT_INS);
    expect(plugins.map((p) => p.record.systemId)).toEqual(['good-icons', 'odd-icons']);
    expect(plugins[1]!.menus[1]!.icon).toBe('NoSuchIcon');
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(`插件 odd-icons（${join(dir, 'odd-icons')}）的图标名不是 Fluent UI 图标，显示为 AppsList 图标`);
    expect(problems[0]).toContain('icon「Snowflake」、menus[1].icon「NoSuchIcon」、menus[1].children[0].icon「Tempreature」');
    expect(problems[0]).toContain('https://react.fluentui.dev/?path=/docs/icons-catalog--docs');
    expect(problems[0]).not.toMatch(/Temperature」|VehicleCarFilled/);
  });

  it('skips a folder whose sdk is not a version range', async () => {
    await folder('odd', record('odd', { sdk: 'latest please' }));
    const { plugins, problems } = await scanPluginsDir(dir, BUILT_INS);
    expect(plugins).toEqual([]);
    expect(problems.join('\n')).toContain('sdk 必须是天路 SDK 的版本范围，例如 ^1.0.0');
  });
});
