import AjvCompiler from '@fastify/ajv-compiler';
import type { PartRoute } from './server-part-shape';

/** A compiled schema check; fills `errors` the way Fastify's validation does. */
export interface InputCheck {
  (data: unknown): boolean;
  errors?: unknown[] | null;
}

/** A route of the table: its path split into literal and `:name` segments, a trailing `*` taking the rest. */
export interface TableRoute {
  route: PartRoute;
  segments: string[];
  query?: InputCheck;
  body?: InputCheck;
}

export interface RouteMatch {
  entry: TableRoute;
  params: Record<string, string>;
}

// the same Ajv options as the server's own routes (Fastify's defaults plus verbose, whose `title` names a field in Chinese)
const buildCompiler = AjvCompiler();
const compile = buildCompiler({}, { customOptions: { verbose: true } });

function segmentsMatch(pattern: readonly string[], path: readonly string[]): Record<string, string> | undefined {
  const params: Record<string, string> = {};
  for (let i = 0; i < pattern.length; i++) {
    const p = pattern[i]!;
    if (p === '*') {
      params['*'] = path.slice(i).join('/');
      return params;
    }
    const s = path[i];
    if (s === undefined) return undefined;
    if (p.startsWith(':')) params[p.slice(1)] = s;
    else if (p !== s) return undefined;
  }
  return pattern.length === path.length ? params : undefined;
}

/**
 * A server part's routes, matched per request: installed plugins appear and go while the server
 * runs, and Fastify takes no routes once it listens, so one route of the server dispatches here.
 */
export class PartRouteTable {
  readonly entries: TableRoute[];

  /** Compiles each route's input schemas; a schema Ajv refuses throws with the route named. */
  constructor(routes: readonly PartRoute[]) {
    this.entries = routes.map((route) => {
      const entry: TableRoute = { route, segments: route.url.split('/').slice(1) };
      try {
        if (route.schema?.querystring) entry.query = compile({ schema: route.schema.querystring, method: route.methods[0]!, url: route.url, httpPart: 'querystring' }) as InputCheck;
        if (route.schema?.body) entry.body = compile({ schema: route.schema.body, method: route.methods[0]!, url: route.url, httpPart: 'body' }) as InputCheck;
      } catch (err) {
        throw new Error(`接口 ${route.url} 的 schema 无效：${err instanceof Error ? err.message : String(err)}`);
      }
      return entry;
    });
  }

  /** The route of `method` at `path` (literal segments win over parameters); undefined when none. */
  match(method: string, path: string): RouteMatch | undefined {
    let decoded: string[];
    try {
      decoded = path.split('/').slice(1).map((s) => decodeURIComponent(s));
    } catch {
      return undefined;
    }
    const wanted = method === 'HEAD' ? ['HEAD', 'GET'] : [method];
    let best: RouteMatch | undefined;
    let bestScore = -1;
    for (const entry of this.entries) {
      if (!entry.route.methods.some((m) => wanted.includes(m))) continue;
      const params = segmentsMatch(entry.segments, decoded);
      if (!params) continue;
      const score = entry.segments.filter((s) => s !== '*' && !s.startsWith(':')).length;
      if (score > bestScore) {
        best = { entry, params };
        bestScore = score;
      }
    }
    return best;
  }
}
