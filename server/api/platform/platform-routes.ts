import { ASSET_KIND_CODES, type AssetKind } from '../../../sdk/asset-kinds';
import { PlatformApi } from '../../../sdk/contracts/platform';
import { CENTRE_PLATFORM_ID, CENTRE_TITLE } from '../../store/catalogue/platform-catalogue';
import { badInput, forbidden } from '../envelope';
import { KernelApi } from '../../../sdk/contracts/kernel';
import { sessionRoute } from '../route-definition';
import { freshSince } from '../monitor/monitor-routes';
import { nestResources } from '../resource/resource-tree';

export const getPlatformByRoleIdRoute = sessionRoute.of(KernelApi.rolePlatforms, {
  anyUser: true,
  handler: async ({ query, user, deps }) => {
    if (query.roleId !== user.roleId) throw forbidden();
    await deps.plugins.refresh();
    return deps.plugins.listed(await deps.store.catalogue.rolePlatforms(user.roleId));
  },
});

/** `vehicle,ebike` → those kinds; empty → undefined (every kind); an unknown kind is refused by name. */
function parseAssetKinds(value: string | undefined): AssetKind[] | undefined {
  const kinds = (value ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  if (kinds.length === 0) return undefined;
  for (const k of kinds) if (!ASSET_KIND_CODES.includes(k as AssetKind)) throw badInput(`资产类型 ${k} 不存在`);
  return kinds as AssetKind[];
}

export const overviewRoute = sessionRoute.of(PlatformApi.overview, {
  anyUser: true,
  handler: async ({ query, user, deps, scope }) => {
    const { platformId } = query;
    const kinds = parseAssetKinds(query.assetKinds);
    if (!(await deps.store.catalogue.roleHasPlatform(user.roleId, platformId))) throw forbidden();
    const platforms = deps.plugins.listed(await deps.store.catalogue.listPlatforms());
    const title = platformId === CENTRE_PLATFORM_ID ? CENTRE_TITLE : platforms.find((p) => p.platformId === platformId)?.title;
    if (!title) throw forbidden();
    const resources = (await deps.store.catalogue.roleResources(user.roleId)).filter((r) => r.platformId === platformId);
    const counts = await deps.store.monitor.groupCounts(await scope(), freshSince(deps));
    const assets = { total: 0, online: 0, offline: 0, alarm: 0 };
    for (const c of counts) {
      if (kinds && !kinds.includes((c.assetKind ?? 'vehicle') as AssetKind)) continue;
      assets.total += c.all;
      assets.online += c.online;
      assets.alarm += c.alarm;
    }
    assets.offline = assets.total - assets.online;
    return { title, assets, menus: nestResources(resources) };
  },
});
