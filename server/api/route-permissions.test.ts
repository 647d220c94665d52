import { describe, expect, it } from 'vitest';
import { RESOURCE_CATALOGUE } from '../store/catalogue/resource-catalogue';
import { createRouteRegistry } from './all-routes';
import type { RouteDefinition } from './route-definition';

/** What is wrong with a route's permission declaration, in words for its author; undefined when fine. */
function declarationProblem(route: RouteDefinition): string | undefined {
  const name = `${String(route.method)} ${route.url}`;
  if (route.auth === 'public') {
    if (route.resource !== undefined || route.anyUser) return `${name} is public but declares resource/anyUser: make it a sessionRoute or drop them`;
    return undefined;
  }
  if (route.resource === undefined && !route.anyUser) return `${name} declares neither resource (the menu or button id its caller needs) nor anyUser: true`;
  if (route.resource !== undefined && route.anyUser) return `${name} declares both resource and anyUser: pick one`;
  if (route.resource !== undefined && !RESOURCE_CATALOGUE.some((r) => r.id === route.resource)) {
    return `${name} needs resource ${route.resource}, which is not in server/store/catalogue/resource-catalogue.ts`;
  }
  const unknown = (route.alsoResources ?? []).filter((id) => !RESOURCE_CATALOGUE.some((r) => r.id === id));
  if (unknown.length) return `${name} is also granted by ${unknown.join(', ')}, not in server/store/catalogue/resource-catalogue.ts`;
  if (route.alsoResources?.length && route.resource === undefined) return `${name} declares alsoResources without a resource`;
  return undefined;
}

describe('route permission declarations', () => {
  it('has every session route declare the resource it needs or anyUser, and only catalogue resources', () => {
    const routes = createRouteRegistry().list();
    // the modules' routes are checked too
    expect(routes.filter((r) => r.area === 'elec-lease').map((r) => r.route.url)).toContain('/car/v4/api/lease/contract/list.json');
    const problems = routes.map(({ route }) => declarationProblem(route)).filter((p) => p !== undefined);
    expect(problems).toEqual([]);
  });

  it('catches a route that declares neither', () => {
    const route = { method: 'GET', url: '/car/v1/api/example.json', summary: 'x', auth: 'session', handler: async () => null } as const;
    expect(declarationProblem(route)).toContain('declares neither resource');
    expect(declarationProblem({ ...route, resource: 99_999_999 })).toContain('not in server/store/catalogue');
    expect(declarationProblem({ ...route, anyUser: true })).toBeUndefined();
  });
});
