import { sessionRoute } from '../route-definition';
import { object, text } from '../schema-helpers';
import { buildResourceTree } from './resource-tree';

export const newListRoute = sessionRoute<{ version?: string; from?: string }>({
  method: 'GET',
  url: '/car/v1/api/resource/newList.json',
  summary: '当前用户的菜单与按钮权限树（按平台分组）',
  anyUser: true,
  schema: { querystring: object({ version: text('版本', 16), from: text('来源', 32) }) },
  handler: async ({ user, deps }) => {
    const [resources, platforms] = await Promise.all([deps.store.catalogue.roleResources(user.roleId), deps.store.catalogue.listPlatforms()]);
    return buildResourceTree(resources, deps.plugins.listed(platforms));
  },
});

export const listRoute = sessionRoute({
  method: 'GET',
  url: '/car/v1/api/resource/list.json',
  summary: '完整的资源目录树（按平台分组）',
  anyUser: true,
  handler: async ({ deps }) => {
    const [resources, platforms] = await Promise.all([deps.store.catalogue.listResources(), deps.store.catalogue.listPlatforms()]);
    return buildResourceTree(resources, deps.plugins.listed(platforms));
  },
});
