import { describe, expect, it } from 'vitest';
import { declaredPlugin, type ManifestRecord, type MenuContribution, type PluginDeclaration, type PluginDefinition } from '@tianlu/sdk';
import manifest from '../../plugins.manifest.json';
import { bundledIconName } from '../../sdk/fluent-icon-lookup';
import { pluginLoadersFromGlob } from './create-app-container';

const loaders = pluginLoadersFromGlob(import.meta.glob('../../plugins/*/*-plugin.tsx'));
/** Each `*-declaration.ts` module's declaration (beside it, maybe the values it contributes). */
const declarations = Object.values(import.meta.glob<Record<string, unknown>>('../../plugins/*/*-declaration.ts', { eager: true })).map(
  (module) => Object.values(module).find((v): v is PluginDeclaration => typeof v === 'object' && v !== null && 'systemId' in v && 'pages' in v)!,
);
const flatten = (menus: readonly MenuContribution[]): MenuContribution[] => menus.flatMap((m) => [m, ...flatten(m.children ?? [])]);

describe('plugins against the manifest', () => {
  it('has a loader for every manifest entry, keyed by systemId', () => {
    expect(Object.keys(loaders).sort()).toEqual((manifest as ManifestRecord[]).map((m) => m.systemId).sort());
  });

  it.each(manifest as ManifestRecord[])('$systemId declares the manifest identity and real routes', async (record) => {
    const def: PluginDefinition = (await loaders[record.systemId]!()).default;
    expect({ platformId: def.platformId, systemId: def.systemId, title: def.title, basePath: def.basePath }).toEqual({
      platformId: record.platformId,
      systemId: record.systemId,
      title: record.title,
      basePath: record.path,
    });
    for (const r of def.routes) if (record.path !== '/') expect(r.path.startsWith(record.path)).toBe(true);
    if (record.systemId !== 'center') {
      const overview = def.routes.find((r) => r.path === `${record.path}overview`);
      expect(overview?.title).toBe('概览');
      expect(typeof overview?.menuId).toBe('number');
      expect(def.menus?.[0]).toMatchObject({ id: overview!.menuId, path: overview!.path });
    }
  });

  it('names 电动车卫士’s monitor 电动车监控 in its route and menu', async () => {
    const elecCar: PluginDefinition = (await loaders['elec-car']!()).default;
    expect(elecCar.routes.find((r) => r.path === '/elec-car/monitor')?.title).toBe('电动车监控');
    expect(elecCar.menus?.find((m) => m.id === 1802)?.title).toBe('电动车监控');
  });

  it.each(manifest as ManifestRecord[])('$systemId takes its identity, routes and menus from its declaration', async (record) => {
    const def: PluginDefinition = (await loaders[record.systemId]!()).default;
    const declaration = declarations.find((d) => d.systemId === record.systemId);
    expect(declaration?.platformId).toBe(record.platformId);
    const { routes, ...declared } = declaredPlugin(declaration!, {});
    // the code a route loads, and what it asks ahead, are the plugin's; the rest is its declaration's
    const withoutLoad = def.routes.map(({ load, prefetch, ...route }) => {
      expect(load !== undefined || route.redirect !== undefined, route.path).toBe(true);
      expect(prefetch === undefined || load !== undefined, route.path).toBe(true);
      return route;
    });
    const { platformId, systemId, title, icon, basePath, assetKinds, menus } = def;
    expect({ platformId, systemId, title, icon, basePath, assetKinds, menus, routes: withoutLoad }).toEqual({ assetKinds: undefined, ...declared, routes });
  });

  it('draws every icon the manifest and the menus name from the first load', () => {
    const names = [...(manifest as ManifestRecord[]).map((r) => r.icon), ...declarations.flatMap((d) => [d.icon, ...flatten(declaredPlugin(d, {}).menus!).flatMap((m) => m.icon ?? [])])];
    expect(names.filter((n) => bundledIconName(n) === undefined)).toEqual([]);
  });

  it('gives the centre the routes and meta of spec §2', async () => {
    const def: PluginDefinition = (await loaders.center!()).default;
    const meta = Object.fromEntries(def.routes.map((r) => [r.path, [r.menuId, r.ignoreAuth ?? false, r.redirect]]));
    expect(meta).toEqual({
      '/': [undefined, false, '/home'],
      '/home': [undefined, true, undefined],
      '/center': [undefined, true, '/center/notice'],
      '/center/notice': [4002, true, undefined],
      '/center/security': [4001, true, undefined],
      '/center/download': [1601, true, undefined],
      '/center/detail': [1601, true, undefined],
      '/center/alarmSetting': [400301, true, undefined],
      '/center/alarmPush': [400302, true, undefined],
      '/center/notifyChannel': [400305, true, undefined],
      '/center/notifyRecord': [400306, true, undefined],
      '/center/health': [400303, true, undefined],
      '/center/mapSetting': [400304, true, undefined],
      '/center/pluginSetting': [400307, true, undefined],
    });
    expect(def.routes.find((r) => r.path === '/center/detail')?.name).toBe('noticeDetail');
  });
});
