import type { FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import type { AccessScope } from '../store/scope-queries';
import type { UserRecord } from '../store/user-queries';
import type { AppDeps } from './app-deps';
import type { RateLimitGroup } from './rate-limits';
import type { Endpoint } from '../../sdk/endpoint';
import type { JsonSchema } from '../../sdk/json-schema';

export type { JsonSchema };

/**
 * public: no session. session: a valid `sessionId` header. download: a session header or a
 * one-time `downloadToken` query parameter (hidden-frame downloads cannot send headers).
 */
export type AuthMode = 'public' | 'session' | 'download';

export interface RouteSchema {
  querystring?: JsonSchema;
  body?: JsonSchema;
}

export interface PublicContext<Q, B> {
  query: Q;
  body: B;
  deps: AppDeps;
  request: FastifyRequest;
  reply: FastifyReply;
}

export interface SessionContext<Q, B> extends PublicContext<Q, B> {
  user: UserRecord;
  /** The caller's tenant subtree and vehicle-group scope (read once per request, on first use). */
  scope(): Promise<AccessScope>;
  /** Writes one entry to the operation log as this caller (IP and time included). */
  audit(change: AuditChange): Promise<void>;
}

/** One change for the operation log; `tenantId` defaults to the caller's tenant. */
export interface AuditChange {
  action: string;
  target: string;
  before?: unknown;
  after?: unknown;
  tenantId?: number;
}

interface RouteBase {
  method: HTTPMethods | HTTPMethods[];
  url: string;
  /** Other paths served by the same handler (e.g. the legacy /oauthToken/ login). */
  aliases?: string[];
  /** One line for the OpenAPI page. */
  summary: string;
  /**
   * The resource (menu or button id) the caller's role must hold. Every session route declares
   * either a resource or `anyUser: true` (a route test enforces it).
   */
  resource?: number;
  /**
   * Further resources, any one of which grants the route as well (the same data shown on a page
   * of another sub-application, e.g. 告警明细 of 数据报表 reading the alarm history of 告警中心).
   */
  alsoResources?: number[];
  /** Any logged-in user may call it (own profile, own resource tree, centre pages…). */
  anyUser?: true;
  schema?: RouteSchema;
  /** Counted against this per-address budget (shared with the route's aliases and the rest of its group). */
  rateLimit?: RateLimitGroup;
  /** The handler answers through `reply` itself (files); otherwise its result becomes `obj`. */
  raw?: boolean;
  /** The sdk contract the route was built from (method, url, summary and schema come from it). */
  contract?: Endpoint;
}

export interface PublicRoute<Q = unknown, B = unknown> extends RouteBase {
  auth: 'public';
  handler(ctx: PublicContext<Q, B>): Promise<unknown>;
}

export interface SessionRoute<Q = unknown, B = unknown> extends RouteBase {
  auth: 'session' | 'download';
  handler(ctx: SessionContext<Q, B>): Promise<unknown>;
}

// Registry entries erase the per-route input types; each definition keeps them.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type RouteDefinition = PublicRoute<any, any> | SessionRoute<any, any>;

/** What a route built from a contract still declares itself; its handler answers the contract's answer type. */
type FromContract<R, Ctx, A> = Omit<R, 'auth' | 'method' | 'url' | 'summary' | 'schema' | 'contract' | 'handler'> & {
  /** Answers `A`, or (raw routes: files, images) the reply it sent itself. */
  handler(ctx: Ctx): Promise<A | FastifyReply>;
};

/** Method, url, summary and schema of a route as its contract declares them. */
export function contractRoute(contract: Endpoint): Pick<RouteBase, 'method' | 'url' | 'summary' | 'schema' | 'contract'> {
  const schema: RouteSchema = {
    ...(contract.query ? { querystring: contract.query } : {}),
    ...(contract.body ? { body: contract.body } : {}),
  };
  return {
    method: contract.method,
    url: contract.path,
    summary: contract.summary,
    ...(contract.query || contract.body ? { schema } : {}),
    contract,
  };
}

export function publicRoute<Q = Record<string, never>, B = undefined>(route: Omit<PublicRoute<Q, B>, 'auth'>): PublicRoute<Q, B> {
  return { ...route, auth: 'public' };
}

/** A public route serving a contract of sdk/contracts. */
publicRoute.of = function of<Q, B, A>(contract: Endpoint<Q, B, A>, route: FromContract<PublicRoute<Q, B>, PublicContext<Q, B>, A>): PublicRoute<Q, B> {
  return { ...contractRoute(contract), ...route, auth: 'public' };
};

export function sessionRoute<Q = Record<string, never>, B = undefined>(
  route: Omit<SessionRoute<Q, B>, 'auth'> & { auth?: 'session' | 'download' },
): SessionRoute<Q, B> {
  return { ...route, auth: route.auth ?? 'session' };
}

/** A session (or download) route serving a contract of sdk/contracts. */
sessionRoute.of = function of<Q, B, A>(
  contract: Endpoint<Q, B, A>,
  route: FromContract<SessionRoute<Q, B>, SessionContext<Q, B>, A> & { auth?: 'session' | 'download' },
): SessionRoute<Q, B> {
  return { ...contractRoute(contract), ...route, auth: route.auth ?? 'session' };
};
