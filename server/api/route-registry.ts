import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { UserRecord } from '../store/user-queries';
import type { AppDeps } from './app-deps';
import { badInput, forbidden, ok, sessionExpired } from './envelope';
import { rawInputProblem } from './input-guard';
import { nulField } from './nul-guard';
import type { RateLimitCheck } from './rate-limits';
import type { AuditChange, PublicContext, RouteDefinition, SessionContext } from './route-definition';
import type { AccessScope } from '../store/scope-queries';

/** A group of routes (one folder under server/api/), shown as one tag on the OpenAPI page. */
export interface ApiArea {
  name: string;
  routes: RouteDefinition[];
}

/** Every route the server serves; later milestones add areas and tools can enumerate them. */
export class RouteRegistry {
  private readonly areas: ApiArea[] = [];

  add(...areas: ApiArea[]): this {
    this.areas.push(...areas);
    return this;
  }

  list(): { area: string; route: RouteDefinition }[] {
    return this.areas.flatMap((a) => a.routes.map((route) => ({ area: a.name, route })));
  }
}

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

/** Who is calling: undefined for public routes; throws 4010 or 403 when the caller may not. */
async function authenticate(route: RouteDefinition, request: FastifyRequest, deps: AppDeps): Promise<UserRecord | undefined> {
  if (route.auth === 'public') return undefined;
  let user: UserRecord | undefined;
  const token = (request.query as Record<string, unknown> | undefined)?.downloadToken;
  if (route.auth === 'download' && typeof token === 'string' && token) {
    const userId = await deps.store.exports.consumeDownloadToken(token, deps.clock.now());
    const found = userId === undefined ? undefined : await deps.store.users.findById(userId);
    if (found && !found.disabled) user = found;
  } else {
    const check = await deps.sessions.check(header(request, 'sessionId'), header(request, 'userId'));
    if (check.ok) user = check.user;
  }
  if (!user) throw sessionExpired();
  if (!(await roleMayCall(deps, user.roleId, route))) throw forbidden();
  return user;
}

/** Whether a role's grants let it call the route (its resource or one of its alsoResources); the live channel asks the same. */
export async function roleMayCall(deps: Pick<AppDeps, 'store'>, roleId: number, route: Pick<RouteDefinition, 'resource' | 'alsoResources'>): Promise<boolean> {
  if (route.resource === undefined) return true;
  return deps.store.catalogue.roleHasAnyResource(roleId, [route.resource, ...(route.alsoResources ?? [])]);
}

function sessionContext<Q, B>(base: PublicContext<Q, B>, user: UserRecord): SessionContext<Q, B> {
  let scope: Promise<AccessScope> | undefined;
  const { deps, request } = base;
  return {
    ...base,
    user,
    scope: () => (scope ??= deps.store.scope.forUser(user)),
    audit: (change: AuditChange) =>
      deps.store.audit.record({
        tenantId: change.tenantId ?? user.tenantId,
        userId: user.id,
        account: user.account,
        action: change.action,
        target: change.target,
        before: change.before,
        after: change.after,
        ip: request.ip ?? null,
      }),
  };
}

export function registerRoutes(app: FastifyInstance, registry: RouteRegistry, deps: AppDeps, checkRateLimit: RateLimitCheck): void {
  const users = new WeakMap<FastifyRequest, UserRecord>();
  for (const { area, route } of registry.list()) {
    for (const url of [route.url, ...(route.aliases ?? [])]) {
      app.route({
        method: route.method,
        url,
        schema: {
          summary: route.summary,
          tags: [area],
          ...(route.auth === 'public' ? {} : { security: [{ sessionId: [] }] }),
          ...route.schema,
        },
        onRequest: async (request, reply) => {
          // before the session and the input: a flood costs one counter update each
          if (route.rateLimit) await checkRateLimit(route.rateLimit, request, reply);
          const user = await authenticate(route, request, deps);
          if (user) users.set(request, user);
        },
        preValidation: async (request) => {
          // lets a body schema with only optional fields accept an empty POST
          if (route.schema?.body && request.body == null) request.body = {};
          // before the schema, whose type coercion would take true as 1 and "Infinity" as a number
          const problem = rawInputProblem(request.query, route.schema?.querystring) ?? rawInputProblem(request.body, route.schema?.body);
          if (problem) throw badInput(problem);
        },
        // after the schema, so its messages come first for input that is wrong anyway
        preHandler: async (request) => {
          const field = nulField(request.query, route.schema?.querystring) ?? nulField(request.body, route.schema?.body);
          if (field) throw badInput(`${field}包含无效字符`);
        },
        handler: async (request, reply) => {
          const base = { query: request.query, body: request.body, deps, request, reply };
          const result = route.auth === 'public' ? await route.handler(base) : await route.handler(sessionContext(base, users.get(request)!));
          return route.raw ? reply : ok(result);
        },
      });
    }
  }
}
