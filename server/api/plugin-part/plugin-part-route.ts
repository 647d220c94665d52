import type { FastifyRequest } from 'fastify';
import type { LoadedPart } from '../../plugin-parts/server-part-loader';
import type { RouteMatch } from '../../plugin-parts/part-route-table';
import { checkPartInput, partRefusal } from './part-route-input';
import type { UserRecord } from '../../store/user-queries';
import { pathOf } from '../api-paths';
import type { AppDeps } from '../app-deps';
import { ApiError, Flag, forbidden, notFound, ok } from '../envelope';
import { sessionRoute, type AuditChange } from '../route-definition';
import { roleMayCall } from '../route-registry';

/** The running part of that plugin and the route of the request, once the caller proved the plugin's platform and the route's grant. */
async function routeFor(deps: AppDeps, systemId: string, request: FastifyRequest, user: UserRecord): Promise<{ part: LoadedPart; match: RouteMatch }> {
  const parts = deps.serverParts;
  let plugin = deps.plugins.find(systemId);
  let state = parts?.find(systemId);
  // a plugin dropped into PLUGINS_DIR since the last read answers at once
  if (!plugin || !state) {
    await deps.plugins.refresh();
    plugin = deps.plugins.find(systemId);
    state = parts?.find(systemId);
  }
  if (!plugin || !state) throw notFound('接口不存在');
  // every route of a plugin needs its platform, whether or not it names one of the plugin's menus or buttons
  if (!(await deps.store.catalogue.roleHasPlatform(user.roleId, plugin.record.platformId))) throw forbidden();
  if (state.status === 'failed') throw new ApiError(Flag.INTERNAL, `${state.error}。请联系管理员`);
  if (state.status === 'off') throw notFound(`插件 ${systemId} 的服务端未运行：${state.reason}`);
  const match = state.part.routes.match(request.method, pathOf(request.url));
  if (match && !(await roleMayCall(deps, user.roleId, match.entry.route))) throw forbidden();
  if (!match) throw notFound('接口不存在');
  return { part: state.part, match };
}

/**
 * The API of the server parts of installed plugins: `/plugins/<systemId>/api/…` goes to that
 * plugin's part, whose routes come and go with PLUGINS_DIR (Fastify takes no routes after it
 * listens). Any session reaches this route; the platform then checks the plugin's platform and the
 * route's own menu or button grant, and the input against the route's schema, as for its own routes.
 */
export const pluginPartRoute = sessionRoute({
  method: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
  url: '/plugins/:systemId/api/*',
  // the plugin's platform and the route's own resource are checked per route of the part
  anyUser: true,
  raw: true,
  summary: '已安装插件的服务端接口：/plugins/<systemId>/api/… 交给该插件的服务端处理（须被授权该插件的平台及接口声明的菜单或按钮）',
  handler: async (session) => {
    const { deps, request, reply, user } = session;
    const { systemId } = request.params as { systemId: string };
    const { part, match } = await routeFor(deps, systemId, request, user);
    const { route } = match.entry;
    request.body = checkPartInput(match.entry, request.query, request.body).body;
    // its own services and the platform's narrow services; never the platform's deps and store
    // the caller without what a part has no business with (the password hash, the role's internals)
    const { id, account, name, tenantId, tenantName, roleId } = user;
    const ctx = {
      request,
      reply,
      user: { id, account, name, tenantId, tenantName, roleId },
      scope: session.scope,
      // always in the caller's own tenant
      audit: ({ action, target, before, after }: AuditChange) => session.audit({ action, target, before, after }),
      assets: async () => deps.store.scope.assets(await session.scope()),
      query: request.query,
      body: request.body,
      deps: { modules: new Map([[systemId, part.services]]), clock: deps.clock },
      params: match.params,
      services: part.services,
      plugin: part.context,
    };
    let result: unknown;
    try {
      result = await deps.serverParts!.run(systemId, () => route.handler(ctx));
    } catch (err) {
      throw partRefusal(err);
    }
    if (!route.raw) return reply.send(ok(result));
    return reply;
  },
});
