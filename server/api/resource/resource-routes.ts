import { sessionRoute } from '../route-definition';
import { buildResourceTree } from './resource-tree';
import { ResourceApi } from '../../../sdk/contracts/kernel';

export const newListRoute = sessionRoute.of(ResourceApi.mine, {
  anyUser: true,
  handler: async ({ user, deps }) => {
    const [resources, platforms] = await Promise.all([deps.store.catalogue.roleResources(user.roleId), deps.store.catalogue.listPlatforms()]);
    return buildResourceTree(resources, deps.plugins.listed(platforms));
  },
});

export const listRoute = sessionRoute.of(ResourceApi.catalogue, {
  anyUser: true,
  handler: async ({ deps }) => {
    const [resources, platforms] = await Promise.all([deps.store.catalogue.listResources(), deps.store.catalogue.listPlatforms()]);
    return buildResourceTree(resources, deps.plugins.listed(platforms));
  },
});
