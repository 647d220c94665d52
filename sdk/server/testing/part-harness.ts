import { Kysely } from 'kysely';
import { forbidden, notFound, ok } from '../../../server/api/envelope';
import { errorAnswer } from '../../../server/api/error-envelope';
import { menuResourceIds, parseInstalledRecord } from '../../../server/installed-plugins/installed-plugin-record';
import { decodeReadings, readingSource } from '../../../server/plugin-parts/part-data-taps';
import { PartRouteTable } from '../../../server/plugin-parts/part-route-table';
import { checkPartInput, partRefusal } from '../../../server/api/plugin-part/part-route-input';
import { pluginApiPrefix, readServerPart } from '../../../server/plugin-parts/server-part-shape';
import { migratePluginSchema, pluginSchemaName } from '../../../server/store/plugin-part-schema';
import { PGliteDialect } from '../../../server/store/pglite-dialect';
import { createPGlite } from '../../../server/store/pglite-image';
import type { PartAlarmEvent, PartAsset, PartCommandCarrier, PartContext, PartPosition, PartScope } from '../index.js';
import type {
  HarnessAnswer,
  HarnessAssetInput,
  HarnessAssets,
  HarnessAudit,
  HarnessCallOptions,
  HarnessLogLine,
  HarnessPositionInput,
  HarnessUser,
  PartHarness,
  PartHarnessOptions,
} from './harness-types.js';
import { StandInAlarms, StandInClock, StandInExports, StandInSettings, standInLog } from './stand-ins.js';

const reasonOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** PostgreSQL's type id of bigint. */
const INT8 = 20;

/** The methods the platform's route for installed parts answers. */
const METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);

function assetOf(input: HarnessAssetInput): PartAsset {
  const terminalNo = input.terminalNo ?? String(input.terminalId);
  const displayNo = input.displayNo ?? terminalNo;
  return {
    terminalId: input.terminalId,
    terminalNo,
    displayNo,
    name: input.name ?? displayNo,
    assetKind: input.assetKind === undefined ? 'vehicle' : input.assetKind,
    tenantId: input.tenantId,
    groupId: input.groupId ?? null,
  };
}

/** The query as a route gets it from a URL: texts, a list where a key repeats. */
function queryOf(url: string, extra: HarnessCallOptions['query']): Record<string, string | string[]> {
  const search = new URLSearchParams(url.includes('?') ? url.slice(url.indexOf('?') + 1) : '');
  for (const [key, value] of Object.entries(extra ?? {})) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) search.append(key, String(one));
  }
  const query: Record<string, string | string[]> = {};
  for (const [key, value] of search) {
    const had = query[key];
    query[key] = had === undefined ? value : Array.isArray(had) ? [...had, value] : [had, value];
  }
  return query;
}

/**
 * Runs a plugin's server part as the platform runs an installed one, for the plugin's own tests:
 * the definition and manifest checked with the platform's rules (what the platform refuses, this
 * refuses with the same Chinese reasons), its migrations run in `plugin_<systemId>` of an in-memory
 * PostgreSQL (PGlite), its services built and jobs started with a context whose alarms, exports,
 * settings, log and clock are recorded stand-ins. Close it after the test (`await harness.close()`).
 *
 * ```ts
 * import part from './index';
 * import manifest from '../../manifest.json';
 * const harness = await createPartHarness(part, { manifest });
 * const res = await harness.call('POST', '/plugins/cold-chain/api/notes', { body: { text: '检查' } });
 * ```
 */
export async function createPartHarness<S = unknown>(part: unknown, options: PartHarnessOptions): Promise<PartHarness<S>> {
  const manifest = options.manifest as { systemId?: unknown };
  const folder = typeof manifest?.systemId === 'string' ? manifest.systemId : '';
  const parsed = parseInstalledRecord(options.manifest, folder, '.');
  if ('errors' in parsed) throw new Error(`manifest.json 不符合平台的要求：${parsed.errors.join('；')}`);
  const { plugin } = parsed;
  if (plugin.refusal) throw new Error(plugin.refusal);
  const { systemId, contributes } = plugin.record;
  const resourceIds = menuResourceIds(plugin.menus);
  const commandTypes = new Set((contributes?.commandTypes ?? []).map((t) => t.code));
  const read = readServerPart(part, { systemId, resourceIds: new Set(resourceIds), commandTypes });
  if ('errors' in read) throw new Error(`服务端不符合平台的要求：${read.errors.join('；')}`);
  const definition = read.part;
  const routes = new PartRouteTable(definition.routes);
  const schema = pluginSchemaName(systemId);

  const logs: HarnessLogLine[] = [];
  const audits: HarnessAudit[] = [];
  const log = standInLog(logs, systemId);
  if (definition.ignored.length) log.warn({}, `插件 ${systemId} 的服务端声明了已安装插件不支持的内容，已忽略：${definition.ignored.join('、')}`);
  const clock = new StandInClock(options.now);
  let assetList = (options.assets ?? []).map(assetOf);
  const assets: HarnessAssets = {
    get all() {
      return assetList;
    },
    set(list) {
      assetList = list.map(assetOf);
    },
  };
  const alarms = new StandInAlarms(systemId, contributes, () => assetList);
  const settings = new StandInSettings(plugin.settings ?? []);
  const exports = new StandInExports(plugin.record.title, clock);

  // bigint (count(*), int8 columns) as text, as the platform's PostgreSQL driver (pg) answers it, not as PGlite's number
  const pglite = await createPGlite('memory://', { parsers: { [INT8]: (value: string) => value } });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const root = new Kysely<any>({ dialect: new PGliteDialect(pglite) });
  const started: { name: string; close(): unknown }[] = [];
  const close = async () => {
    for (const job of started.splice(0).reverse()) {
      try {
        await job.close();
      } catch (err) {
        log.error({ err, job: job.name }, `插件任务 ${job.name} 未能正常停止`);
      }
    }
    await exports.settled();
    await root.destroy();
    if (!pglite.closed) await pglite.close();
  };

  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  let db: Kysely<any>;
  let context: PartContext;
  let services: S;
  try {
    await migratePluginSchema(root, schema, definition.migrations);
    db = root.withSchema(schema);
    context = { db, schema, clock, log, alarms: alarms.forPart(), settings: settings.forPart(), exports: exports.forPart() };
    try {
      services = definition.services?.(context as never) as S;
    } catch (err) {
      throw new Error(`services 出错：${reasonOf(err)}`);
    }
    if (options.jobs !== false) {
      for (const job of definition.jobs) {
        try {
          const handle = job.start(context as never, services);
          started.push({ name: job.name, close: () => handle.close() });
        } catch (err) {
          throw new Error(`任务 ${job.name} 启动失败：${reasonOf(err)}`);
        }
      }
    }
  } catch (err) {
    await close();
    throw err;
  }

  const defaultUser: HarnessUser = { id: 1, account: 'tester', name: '测试用户', tenantId: 1, tenantName: '测试租户', roleId: 1, ...options.user };
  const prefix = pluginApiPrefix(systemId);

  async function answer(method: string, url: string, call: HarnessCallOptions): Promise<unknown> {
    const path = url.split('?')[0]!;
    if (!METHODS.has(method) || !path.startsWith(prefix)) throw notFound('接口不存在');
    // every route of a plugin needs its platform, whether or not it names one of the plugin's menus or buttons
    if (call.platform === false) throw forbidden();
    const match = routes.match(method, path);
    const held = new Set(call.resources ?? resourceIds);
    if (match) {
      const { resource, alsoResources } = match.entry.route;
      if (resource !== undefined && ![resource, ...(alsoResources ?? [])].some((id) => held.has(id))) throw forbidden();
    }
    if (!match) throw notFound('接口不存在');
    const { route } = match.entry;
    if (route.raw) throw new Error(`接口 ${route.url} 是 raw 接口（自己写回复），测试台只调用回答 JSON 的接口`);
    const wire = call.body === undefined ? undefined : (JSON.parse(JSON.stringify(call.body)) as unknown);
    const input = checkPartInput(match.entry, queryOf(url, call.query), wire);
    const caller: HarnessUser = { ...defaultUser, ...call.user };
    const { tenantIds, groupIds, ...user } = caller;
    const scope: PartScope = { userId: user.id, tenantId: user.tenantId, tenantIds: tenantIds ?? [user.tenantId], groupIds: groupIds ?? null };
    const ctx = {
      request: { method, url, headers: {}, query: input.query, body: input.body, params: match.params },
      reply: undefined,
      user,
      scope: async () => scope,
      assets: async () =>
        assetList
          .filter((a) => scope.tenantIds.includes(a.tenantId) && (scope.groupIds === null || (a.groupId !== null && scope.groupIds.includes(a.groupId))))
          .sort((a, b) => a.name.localeCompare(b.name) || a.terminalId - b.terminalId)
          .map((a) => ({ ...a })),
      audit: async ({ action, target, before, after }: { action: string; target: string; before?: unknown; after?: unknown }) =>
        void audits.push({ userId: user.id, tenantId: user.tenantId, action, target, before, after }),
      query: input.query,
      body: input.body,
      params: match.params,
      services,
      plugin: context,
    };
    try {
      return await route.handler(ctx);
    } catch (err) {
      throw partRefusal(err);
    }
  }

  const harness: PartHarness<S> = {
    services,
    context,
    db,
    schema,
    async call<T>(method: string, url: string, call: HarnessCallOptions = {}): Promise<HarnessAnswer<T>> {
      let envelope: unknown;
      try {
        envelope = ok(await answer(method.toUpperCase(), url, call));
      } catch (err) {
        const answered = errorAnswer(err);
        if (answered.log) log[answered.log]({ err, url }, answered.log === 'error' ? `接口 ${method} ${url} 出错：${reasonOf(err)}` : `数据库拒绝了接口 ${method} ${url} 的输入`);
        envelope = answered.envelope;
      }
      // as it arrives over HTTP: times as ISO texts, undefined fields left out
      let wire: string;
      try {
        wire = JSON.stringify(envelope);
      } catch (err) {
        log.error({ err, url }, `接口 ${method} ${url} 的回答无法序列化为 JSON：${reasonOf(err)}`);
        wire = JSON.stringify(errorAnswer(err).envelope);
      }
      return JSON.parse(wire) as HarnessAnswer<T>;
    },
    decode(tenantId, terminalId, readings) {
      const decoders = definition.data.readings;
      if (!decoders) return readings;
      const out: Record<string, string | number | boolean> = { ...readings };
      decodeReadings(decoders, readingSource(tenantId, terminalId, readings), (fn) => fn(), (key, value) => (out[key] = value));
      return out;
    },
    async positions(batch) {
      const now = clock.now().toISOString();
      const positions = batch.map((p: HarnessPositionInput): PartPosition => {
        const asset = assetList.find((a) => a.terminalId === p.terminalId);
        const readings = p.readings ? harness.decode(p.tenantId, p.terminalId, p.readings) : undefined;
        return Object.freeze({
          terminalNo: asset?.terminalNo ?? String(p.terminalId),
          deviceTime: now,
          receivedTime: now,
          lon: 0,
          lat: 0,
          altitude: 0,
          speed: 0,
          course: 0,
          alarmFlags: 0,
          statusFlags: 0,
          mileage: null,
          backfill: false,
          ...p,
          ...(readings && { readings: Object.freeze({ ...readings }) }),
        });
      });
      const handler = definition.data.subscriptions?.positions;
      if (handler) {
        // one tenant's batch at a time, in the order they came
        const tenants = [...new Set(positions.map((p) => p.tenantId))];
        for (const tenantId of tenants) await handler(positions.filter((p) => p.tenantId === tenantId), context as never);
      }
      return positions;
    },
    async alarm(event: PartAlarmEvent) {
      const handler = definition.data.subscriptions?.alarms;
      if (handler) await handler(Object.freeze({ ...event, alarm: Object.freeze({ ...event.alarm }) }) as never, context as never);
    },
    command(code, params) {
      const encode = definition.commands[code];
      if (!encode) throw new Error(`服务端没有指令类型 ${code} 的编码函数（commands.${code}）`);
      return encode(params) as PartCommandCarrier;
    },
    alarms,
    exports,
    settings,
    assets,
    clock,
    logs,
    audits,
    close,
  };
  return harness;
}

