import type { HTTPMethods } from 'fastify';
import type { Migration } from 'kysely';
import type { JsonSchema } from '../../sdk/json-schema';
import type { ModuleJob } from '../module/server-module';
import { readPartData, type PartData } from './part-data-shape';

/** Where every route of an installed plugin's server part lives: `/plugins/<systemId>/api/…`. */
export function pluginApiPrefix(systemId: string): string {
  return `/plugins/${systemId}/api/`;
}

const METHODS = new Set<string>(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS']);

/** One route of a server part as the platform serves it (a session route of the plugin's own API). */
export interface PartRoute {
  methods: string[];
  url: string;
  summary: string;
  auth: 'session';
  /** A menu or button id of the plugin the caller's role must hold; without it the plugin's platform is enough. */
  resource?: number;
  alsoResources?: number[];
  schema?: { querystring?: JsonSchema; body?: JsonSchema };
  raw?: boolean;
  handler(ctx: unknown): Promise<unknown>;
}

/** A server part that passed the checks: the module contract's fields the platform runs for installed plugins. */
export interface PartDefinition {
  name: string;
  routes: PartRoute[];
  migrations: Record<string, Migration>;
  services?: (ctx: never) => unknown;
  jobs: ModuleJob<unknown>[];
  /** Its encoders of the command types its plugin contributes, by code. */
  commands: Record<string, (params: Record<string, unknown>) => unknown>;
  /** Its subscriptions (positions, alarms) and reading decoders. */
  data: PartData;
  /** Fields of the contract an installed part may not use, each named in Chinese (logged, then left aside). */
  ignored: string[];
}

/** Who the part belongs to: its plugin's systemId and the menu and button ids its manifest.json declares. */
export interface PartOwner {
  systemId: string;
  resourceIds: ReadonlySet<number>;
  /** The codes of its manifest.json's `contributes.commandTypes` (what `commands` may encode). */
  commandTypes?: ReadonlySet<string>;
}

type Raw = Record<string, unknown>;
const isObject = (v: unknown): v is Raw => typeof v === 'object' && v !== null && !Array.isArray(v);

function readRoute(raw: unknown, where: string, owner: PartOwner, errors: string[]): PartRoute | undefined {
  if (!isObject(raw)) {
    errors.push(`${where} 必须是对象`);
    return undefined;
  }
  const before = errors.length;
  const prefix = pluginApiPrefix(owner.systemId);
  const methods = (Array.isArray(raw.method) ? raw.method : [raw.method]).map((m) => (typeof m === 'string' ? m.toUpperCase() : m));
  if (methods.length === 0 || methods.some((m) => typeof m !== 'string' || !METHODS.has(m))) errors.push(`${where}.method 必须是 GET、POST、PUT、PATCH、DELETE 之一（或它们的列表）`);
  const url = raw.url;
  if (typeof url !== 'string' || !url.startsWith(prefix) || url.length === prefix.length) {
    errors.push(`${where}.url（${String(url)}）必须以插件自己的接口前缀 ${prefix} 开头`);
  } else if (url.split('/').slice(1).some((s) => s === '' || s === '.' || s === '..') || /[?#\s\\]/.test(url)) {
    errors.push(`${where}.url（${url}）不是有效的接口路径`);
  }
  if (typeof raw.handler !== 'function') errors.push(`${where}.handler 必须是函数`);
  const auth = raw.auth ?? 'session';
  if (auth === 'public') errors.push(`${where} 不能是公开接口：已安装插件的接口都要求登录并授权插件的平台`);
  else if (auth !== 'session') errors.push(`${where}.auth 只能是 session（已安装插件的接口凭 sessionId 请求头访问）`);
  const resources = [raw.resource, ...(Array.isArray(raw.alsoResources) ? raw.alsoResources : raw.alsoResources === undefined ? [] : [raw.alsoResources])];
  if (raw.alsoResources !== undefined && !Array.isArray(raw.alsoResources)) errors.push(`${where}.alsoResources 必须是列表`);
  for (const id of resources) {
    if (id === undefined) continue;
    if (typeof id !== 'number' || !owner.resourceIds.has(id)) errors.push(`${where} 的权限资源 ${String(id)} 不是本插件 manifest.json 的 menus 中声明的菜单或按钮编号`);
  }
  if (raw.schema !== undefined && (!isObject(raw.schema) || Object.keys(raw.schema).some((k) => k !== 'querystring' && k !== 'body') || Object.values(raw.schema).some((s) => !isObject(s)))) {
    errors.push(`${where}.schema 只能包含 querystring 和 body 两个 JSON Schema 对象`);
  }
  if (errors.length > before) return undefined;
  const route: PartRoute = {
    methods: methods as HTTPMethods[],
    url: url as string,
    summary: typeof raw.summary === 'string' ? raw.summary : (url as string),
    auth: auth as PartRoute['auth'],
    raw: raw.raw === true,
    handler: raw.handler as PartRoute['handler'],
  };
  if (typeof raw.resource === 'number') route.resource = raw.resource;
  if (Array.isArray(raw.alsoResources)) route.alsoResources = raw.alsoResources as number[];
  if (isObject(raw.schema)) route.schema = raw.schema as PartRoute['schema'];
  return route;
}

/** Routes given as the contract's API areas (`{ name, routes: [...] }`) or as plain routes. */
function readRoutes(raw: unknown, owner: PartOwner, errors: string[]): PartRoute[] {
  if (raw === undefined) return [];
  if (!Array.isArray(raw)) {
    errors.push('routes 必须是列表（接口分组 { name, routes } 或接口）');
    return [];
  }
  const routes = raw.flatMap((item, i) => {
    if (isObject(item) && Array.isArray(item.routes)) return item.routes.map((r, j) => readRoute(r, `routes[${i}].routes[${j}]`, owner, errors));
    return [readRoute(item, `routes[${i}]`, owner, errors)];
  }).filter((r): r is PartRoute => r !== undefined);
  const seen = new Set<string>();
  for (const r of routes) {
    for (const m of r.methods) {
      const key = `${m} ${r.url}`;
      if (seen.has(key)) errors.push(`接口 ${key} 重复声明`);
      seen.add(key);
    }
  }
  return routes;
}

/**
 * Checks what a server part's file default-exports: a `defineServerModule(...)` result (kind
 * 'tianlu-server-module') or a plain object with the same fields. Answers the problems in Chinese,
 * or the definition the platform runs.
 */
export function readServerPart(def: unknown, owner: PartOwner): { part: PartDefinition } | { errors: string[] } {
  if (!isObject(def)) return { errors: ['服务端入口必须默认导出一个对象（defineServerModule(...) 的结果）'] };
  const errors: string[] = [];
  if (def.kind !== undefined && def.kind !== 'tianlu-server-module') errors.push(`kind 必须是 tianlu-server-module，实际是 ${String(def.kind)}`);
  if (def.name !== owner.systemId) errors.push(`name（${String(def.name)}）必须与插件的 systemId（${owner.systemId}）相同`);
  const routes = readRoutes(def.routes, owner, errors);
  const migrations = def.migrations ?? {};
  if (!isObject(migrations) || Object.values(migrations).some((m) => !isObject(m) || typeof m.up !== 'function')) errors.push('migrations 必须是 { 名称: { up, down? } } 形式的对象');
  if (def.services !== undefined && typeof def.services !== 'function') errors.push('services 必须是函数');
  const jobs = def.jobs ?? [];
  if (!Array.isArray(jobs) || jobs.some((j) => !isObject(j) || typeof j.name !== 'string' || typeof j.start !== 'function')) errors.push('jobs 必须是 { name, start } 的列表');
  const commands = def.commands ?? {};
  if (!isObject(commands)) errors.push('commands 必须是 { 指令类型代码: (params) => 载体 } 形式的对象');
  else {
    for (const [code, encode] of Object.entries(commands)) {
      if (typeof encode !== 'function') errors.push(`commands.${code} 必须是函数`);
      else if (!owner.commandTypes?.has(code)) errors.push(`commands.${code} 不是本插件 manifest.json 的 contributes.commandTypes 中声明的指令类型`);
    }
  }
  const data = readPartData(def, owner.systemId, errors);
  if (errors.length) return { errors };
  const ignored: string[] = [];
  if (def.alarmTypes !== undefined) ignored.push('alarmTypes（已安装插件不能向告警目录添加告警类型）');
  if (def.seedDemo !== undefined) ignored.push('seedDemo（演示数据只属于内置子应用）');
  return {
    part: {
      name: owner.systemId,
      routes,
      migrations: migrations as Record<string, Migration>,
      ...(typeof def.services === 'function' ? { services: def.services as PartDefinition['services'] } : {}),
      jobs: jobs as ModuleJob<unknown>[],
      commands: commands as PartDefinition['commands'],
      data,
      ignored,
    },
  };
}
