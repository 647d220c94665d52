import { CENTRE_PLATFORM_ID, CENTRE_TITLE } from '../../store/catalogue/platform-catalogue';
import { forbidden } from '../envelope';
import { sessionRoute } from '../route-definition';
import { int, object } from '../schema-helpers';
import { freshSince } from '../monitor/monitor-routes';
import { nestResources } from '../resource/resource-tree';

export const getPlatformByRoleIdRoute = sessionRoute<{ roleId: number }>({
  method: 'GET',
  url: '/car/v1/api/platform/getPlatformByRoleId.json',
  summary: '角色可进入的子系统（只能查询自己的角色）',
  anyUser: true,
  schema: { querystring: object({ roleId: int('角色', 1) }, ['roleId']) },
  handler: async ({ query, user, deps }) => {
    if (query.roleId !== user.roleId) throw forbidden();
    await deps.plugins.refresh();
    return deps.plugins.listed(await deps.store.catalogue.rolePlatforms(user.roleId));
  },
});

export const overviewRoute = sessionRoute<{ platformId: number }>({
  method: 'GET',
  url: '/car/v1/api/platform/overview.json',
  summary: '子系统概览：标题、可见资产统计与菜单（需要该子系统）',
  anyUser: true,
  schema: { querystring: object({ platformId: int('平台', 0) }, ['platformId']) },
  handler: async ({ query, user, deps, scope }) => {
    const { platformId } = query;
    if (!(await deps.store.catalogue.roleHasPlatform(user.roleId, platformId))) throw forbidden();
    const platforms = deps.plugins.listed(await deps.store.catalogue.listPlatforms());
    const title = platformId === CENTRE_PLATFORM_ID ? CENTRE_TITLE : platforms.find((p) => p.platformId === platformId)?.title;
    if (!title) throw forbidden();
    const resources = (await deps.store.catalogue.roleResources(user.roleId)).filter((r) => r.platformId === platformId);
    const counts = await deps.store.monitor.groupCounts(await scope(), freshSince(deps));
    const assets = { total: 0, online: 0, offline: 0, alarm: 0 };
    for (const c of counts) {
      assets.total += c.all;
      assets.online += c.online;
      assets.alarm += c.alarm;
    }
    assets.offline = assets.total - assets.online;
    return { title, assets, menus: nestResources(resources) };
  },
});
