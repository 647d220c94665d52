import { describe, expect, it, vi } from 'vitest';
import { autorun } from 'mobx';
import {
  MessageBus,
  PluginRegistry,
  SessionService,
  type Disposable,
  type ManifestRecord,
  type MessageBus as MessageBusType,
  type PluginDefinition,
  type SessionService as SessionServiceType,
  serviceToken,
} from '@tianlu/sdk';
import manifestJson from '../../plugins.manifest.json';
import type { PluginLoader } from '../kernel-tokens';
import { createTestKernel, ok, storeUser } from '../test/fake-server';
import type { PluginRegistryImpl } from './plugin-registry-impl';

const MANIFEST = manifestJson as ManifestRecord[];
const Page = () => null;

function plugin(systemId: string, extra: Partial<PluginDefinition> = {}): PluginDefinition {
  const record = MANIFEST.find((r) => r.systemId === systemId);
  const base = record?.path ?? `/${systemId}/`;
  return {
    platformId: record?.platformId ?? 99,
    systemId,
    title: record?.title ?? systemId,
    basePath: base,
    routes: [{ path: `${base}overview`, title: '概览', menuId: 1, load: async () => ({ default: Page }) }],
    menus: [{ id: 1, title: '概览', path: `${base}overview` }],
    ...extra,
  };
}

function setup(loaders: Record<string, PluginLoader> = {}, manifest: ManifestRecord[] | undefined = MANIFEST) {
  const k = createTestKernel({ pluginLoaders: loaders, manifest });
  return { ...k, registry: k.get<PluginRegistryImpl>(PluginRegistry), bus: k.get<MessageBusType>(MessageBus) };
}

const quietErrors = () => vi.spyOn(console, 'error').mockImplementation(() => undefined);

describe('PluginRegistryImpl systems', () => {
  it('lists the enabled manifest entries the role grants, plus the centre marked as such', async () => {
    storeUser({ userId: 2, roleId: 5 });
    const disabled = MANIFEST.map((r) => (r.systemId === 'system' ? { ...r, enabled: false } : r));
    const { registry, server } = setup({}, disabled);
    server.on('GET', '/car/v1/api/platform/getPlatformByRoleId.json', ok([{ platformId: 8 }, { platformId: 12 }, { platformId: 20 }, { platformId: 77 }]));
    await registry.loadSystems();
    expect(server.requests[0]!.query.get('roleId')).toBe('5');
    expect(registry.systems.map((s) => s.systemId)).toEqual(['center', 'car', 'data-report']);
    expect(registry.systems[0]).toMatchObject({ platformId: 0, center: true });
    expect(registry.systems[1]).toEqual({ platformId: 8, systemId: 'car', title: '智能车联', path: '/car/', icon: 'VehicleCar' });
    expect(registry.subApplications.map((s) => s.systemId)).toEqual(['car', 'data-report']);
    expect(registry.center?.systemId).toBe('center');
  });

  it('grants only the centre without a user, and when the role call fails', async () => {
    const { registry, server } = setup();
    await registry.loadSystems();
    expect(registry.systems.map((s) => s.systemId)).toEqual(['center']);
    expect(server.requests).toHaveLength(0);

    storeUser({ userId: 2, roleId: 5 });
    const failing = setup();
    failing.server.on('GET', '/car/v1/api/platform/getPlatformByRoleId.json', { error: 'network' });
    const error = quietErrors();
    await failing.registry.loadSystems();
    error.mockRestore();
    expect(failing.registry.systems.map((s) => s.systemId)).toEqual(['center']);
  });

  it('fetches the manifest from manifestUrl when none is given inline', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify(MANIFEST.slice(0, 2)), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    const k = createTestKernel({ manifestUrl: '/custom/manifest.json' });
    const registry = k.get<PluginRegistryImpl>(PluginRegistry);
    await registry.loadSystems();
    vi.unstubAllGlobals();
    expect(fetchMock).toHaveBeenCalledWith('/custom/manifest.json', expect.anything());
    expect(registry.manifest.map((r) => r.systemId)).toEqual(['center', 'car']);
  });

  it('finds the system of a path by the longest base path', async () => {
    storeUser({ userId: 2, roleId: 5 });
    const { registry, server } = setup();
    server.on('GET', '/car/v1/api/platform/getPlatformByRoleId.json', ok(MANIFEST.map((r) => ({ platformId: r.platformId }))));
    await registry.loadSystems();
    expect(registry.systemForPath('/car/monitor')?.systemId).toBe('car');
    expect(registry.systemForPath('/car')?.systemId).toBe('car');
    expect(registry.systemForPath('/data-report/dataReport/alarmInfo')?.systemId).toBe('data-report');
    expect(registry.systemForPath('/carx/y')?.systemId).toBe('center');
    expect(registry.systemForPath('/home')?.systemId).toBe('center');
  });
});

describe('PluginRegistryImpl loading', () => {
  it('loads once through the given loader and publishes routes, menus and the definition', async () => {
    const loader = vi.fn(async () => ({ default: plugin('car') }));
    const { registry } = setup({ car: loader });
    const [a, b] = await Promise.all([registry.load('car'), registry.load('car')]);
    expect([a, b]).toEqual([true, true]);
    await registry.load('car');
    expect(loader).toHaveBeenCalledTimes(1);
    expect(registry.status('car')).toBe('active');
    expect(registry.routes.map((r) => r.path)).toEqual(['/car/overview']);
    expect(registry.menus.get('car')).toEqual([{ id: 1, title: '概览', path: '/car/overview' }]);
    expect(registry.plugins.get('car')?.title).toBe('智能车联');
  });

  it('wires handlers to the message bus, runs activate(ctx) in a container of the plugin’s own, and keeps the disposables', async () => {
    const CarStore = serviceToken<{ name: string }>('test.carStore');
    const onGoPage = vi.fn();
    const disposed = vi.fn();
    const seenInActivate: unknown[] = [];
    const def = plugin('car', {
      handlers: { goPage: onGoPage },
      activate: (ctx) => {
        ctx.provide(CarStore, { name: 'car-store' });
        seenInActivate.push(ctx.plugin, ctx.get(CarStore), ctx.get(SessionService).isLoggedIn);
        return [{ dispose: disposed } satisfies Disposable];
      },
    });
    const { registry, bus, container } = setup({ car: async () => ({ default: def }) });
    await registry.load('car');
    expect(seenInActivate).toEqual([{ platformId: 8, systemId: 'car', title: '智能车联', basePath: '/car/' }, { name: 'car-store' }, false]);
    expect(bus.emit('goPage', { path: '/car/monitor' })).toBe(1);
    expect(onGoPage).toHaveBeenCalledWith({ path: '/car/monitor' });
    // the plugin's pages find its service; the platform and the other plugins do not
    const scope = registry.scopeOf(registry.routes[0]!);
    expect(scope?.plugin.systemId).toBe('car');
    expect(scope?.container.get(CarStore)).toEqual({ name: 'car-store' });
    expect(scope?.container.get(SessionService)).toBe(container.get(SessionService));
    expect(container.isBound(CarStore)).toBe(false);

    registry.unload('car');
    expect(disposed).toHaveBeenCalledTimes(1);
    expect(bus.emit('goPage', { path: '/x' })).toBe(0);
    expect(scope?.container.isBound(CarStore)).toBe(false);
    expect(registry.routes).toEqual([]);
    expect(registry.status('car')).toBe('idle');
  });

  it('refuses a plugin that tries to replace a service of the platform, which keeps its own', async () => {
    const error = quietErrors();
    const { registry, container } = setup({
      car: async () => ({
        default: plugin('car', { activate: (ctx) => ctx.provide(SessionService, {} as SessionServiceType) }),
      }),
    });
    const before = container.get(SessionService);
    await expect(registry.load('car')).resolves.toBe(false);
    expect(registry.error('car')).toBe('插件「智能车联」不能替换平台的服务 tianlu.session');
    expect(container.get(SessionService)).toBe(before);
    error.mockRestore();
  });

  it('marks a malformed plugin failed with its error and keeps loading others', async () => {
    const error = quietErrors();
    const { registry } = setup({
      car: async () => ({ default: { systemId: 'car' } as unknown as PluginDefinition }),
      pet: async () => ({ default: plugin('pet') }),
    });
    await expect(registry.load('car')).resolves.toBe(false);
    expect(registry.status('car')).toBe('failed');
    expect(registry.error('car')).toMatch(/platformId must be a number/);
    expect(error).toHaveBeenCalled();
    await expect(registry.load('car')).resolves.toBe(false);
    await expect(registry.load('pet')).resolves.toBe(true);
    expect(registry.routes.map((r) => r.path)).toEqual(['/pet/overview']);
    error.mockRestore();
  });

  it('marks a plugin whose activate throws failed and undoes its handlers and services', async () => {
    const error = quietErrors();
    const Broken = serviceToken<number>('test.broken');
    const { registry, bus } = setup({
      car: async () => ({
        default: plugin('car', {
          handlers: { showImage: () => undefined },
          activate: (ctx) => {
            ctx.provide(Broken, 1);
            throw new Error('activate exploded');
          },
        }),
      }),
    });
    await expect(registry.load('car')).resolves.toBe(false);
    expect(registry.error('car')).toBe('activate exploded');
    expect(bus.emit('showImage', { urls: [] })).toBe(0);
    expect(registry.routes).toEqual([]);
    expect(registry.plugins.has('car')).toBe(false);
    expect(registry.scopeOf(plugin('car').routes[0]!)).toBeUndefined();
    error.mockRestore();
  });

  it('marks a plugin failed when its module cannot be imported, its systemId differs, or it is unknown', async () => {
    const error = quietErrors();
    const { registry } = setup({
      car: () => Promise.reject(new Error('Failed to fetch dynamically imported module')),
      pet: async () => ({ default: plugin('card') }),
    });
    expect(await registry.load('car')).toBe(false);
    expect(registry.error('car')).toMatch(/Failed to fetch/);
    expect(await registry.load('pet')).toBe(false);
    expect(registry.error('pet')).toMatch(/does not match pet/);
    expect(await registry.load('nowhere')).toBe(false);
    expect(registry.error('nowhere')).toMatch(/no manifest entry/);
    error.mockRestore();
  });

  it('marks an installed plugin failed with the server’s reason when its server part did not load, without importing it', async () => {
    const error = quietErrors();
    const serverError = '插件 cold-chain 的服务端加载失败：导入 server/index.js 时出错：boom';
    const record: ManifestRecord = { ...MANIFEST[1]!, platformId: 92, systemId: 'cold-chain', path: '/cold-chain/', productionEntry: '/child/cold-chain/index.js', serverError };
    const { registry } = setup({}, [...MANIFEST, record]);
    expect(await registry.load('cold-chain')).toBe(false);
    expect(registry.status('cold-chain')).toBe('failed');
    expect(registry.error('cold-chain')).toBe(serverError);
    error.mockRestore();
  });

  it('register() adds an imported definition and observers see late plugins', () => {
    const { registry } = setup();
    const counts: number[] = [];
    const stop = autorun(() => counts.push(registry.routes.length));
    registry.register(plugin('car'));
    registry.register(plugin('car'));
    registry.register(plugin('pet'));
    stop();
    expect(counts).toEqual([0, 1, 2]);
    expect(registry.status('pet')).toBe('active');
  });
});
