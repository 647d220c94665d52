import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import {
  ContributedView,
  Extensions,
  type Extensions as ExtensionsService,
  PluginRegistry,
  ServiceProvider,
  usePlugin,
  type ManifestRecord,
  type PluginContributions,
  type PluginDefinition,
} from '@tianlu/sdk';
import type { PluginLoader } from '../kernel-tokens';
import { createTestKernel, ok, storeUser } from '../test/fake-server';
import type { PluginRegistryImpl } from './plugin-registry-impl';

function record(platformId: number, systemId: string, contributes?: PluginContributions): ManifestRecord {
  return {
    platformId,
    systemId,
    name: systemId,
    productionEntry: `/child/${systemId}/index.js`,
    developmentEntry: '',
    title: systemId === 'cold' ? '冷链监控' : systemId,
    icon: 'Apps',
    path: `/${systemId}/`,
    created: '2026-11-27',
    iconfont: '',
    enabled: true,
    ...(contributes && { contributes }),
  };
}

const COLD: PluginContributions = {
  monitorColumns: [{ id: 't1', title: '温度1', reading: 'coldChain.t1', unit: '℃' }],
  vehicleTabs: [
    { id: 'temps', title: '温度', component: 'TemperatureTab' },
    { id: 'broken', title: '坏标签', component: 'Throws' },
    { id: 'missing', title: '缺组件', component: 'Nowhere' },
  ],
};
const MANIFEST = [record(0, 'center'), record(8, 'car', { monitorColumns: [{ id: 'fuel', title: '油量', reading: 'fuel', unit: 'L' }] }), record(40, 'cold', COLD), record(41, 'hidden', COLD)];

function TemperatureTab(props: { terminalNo: string }) {
  return (
    <p>
      {usePlugin().title} 的温度：{props.terminalNo}
    </p>
  );
}
function Throws(): never {
  throw new Error('读数格式不对');
}

const cold: PluginDefinition = {
  platformId: 40,
  systemId: 'cold',
  title: '冷链监控',
  basePath: '/cold/',
  routes: [],
  components: { TemperatureTab: async () => ({ default: TemperatureTab }), Throws: async () => ({ default: Throws }) },
};

async function setup(loaders: Record<string, PluginLoader> = { cold: async () => ({ default: cold }) }) {
  storeUser({ userId: 2, roleId: 5 });
  const k = createTestKernel({ pluginLoaders: loaders, manifest: MANIFEST });
  k.server.on('GET', '/car/v1/api/platform/getPlatformByRoleId.json', ok([{ platformId: 8 }, { platformId: 40 }]));
  const registry = k.get<PluginRegistryImpl>(PluginRegistry);
  await registry.loadSystems();
  return { ...k, registry, extensions: k.get<ExtensionsService>(Extensions) };
}

const quietErrors = () => vi.spyOn(console, 'error').mockImplementation(() => undefined);

describe('extension points', () => {
  it('lists the contributions of the granted sub-applications only, each with where it came from', async () => {
    const { extensions } = await setup();
    expect(extensions.list('monitorColumns').map((c) => [c.systemId, c.title])).toEqual([
      ['car', '油量'],
      ['cold', '温度1'],
    ]);
    expect(extensions.list('vehicleTabs').every((c) => c.systemId === 'cold' && c.platformId === 40)).toBe(true);
    expect(extensions.list('dashboardCards')).toEqual([]);
    expect(extensions.list('monitorColumns')).toBe(extensions.list('monitorColumns'));
  });

  it('draws a lent component in its own plugin’s scope, loading the plugin once', async () => {
    const load = vi.fn(async () => ({ default: cold }));
    const { extensions, container } = await setup({ cold: load });
    const [tab] = extensions.list('vehicleTabs');
    render(
      <ServiceProvider container={container}>
        <ContributedView contribution={tab!} props={{ terminalNo: '013800000001' }} />
        <ContributedView contribution={tab!} props={{ terminalNo: '013800000002' }} />
      </ServiceProvider>,
    );
    expect(await screen.findByText('冷链监控 的温度：013800000001')).toBeTruthy();
    expect(await screen.findByText('冷链监控 的温度：013800000002')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('shows 插件加载失败 in place of a component that throws, is missing, or whose plugin fails, and the rest draws', async () => {
    const error = quietErrors();
    const { extensions, container } = await setup();
    const tabs = extensions.list('vehicleTabs');
    render(
      <ServiceProvider container={container}>
        {tabs.map((tab) => (
          <ContributedView key={tab.id} contribution={tab} props={{ terminalNo: '013800000001' }} />
        ))}
      </ServiceProvider>,
    );
    expect(await screen.findByText('插件加载失败：坏标签（读数格式不对）')).toBeTruthy();
    expect(await screen.findByText('插件加载失败：缺组件（插件 cold 没有名为 Nowhere 的组件）')).toBeTruthy();
    expect(screen.getByText('冷链监控 的温度：013800000001')).toBeTruthy();

    const broken = await setup({ cold: async () => Promise.reject(new Error('网络中断')) });
    await expect(broken.extensions.component('cold', 'TemperatureTab')).rejects.toThrow('网络中断');
    await expect(broken.extensions.component('hidden', 'TemperatureTab')).rejects.toThrow('当前角色无权使用子应用 hidden');
    error.mockRestore();
  });
});
