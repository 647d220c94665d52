import { EVERY_ROLE_RESOURCES } from '../store/catalogue/resource-catalogue';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../testing/api-client';
import { addScopedUser } from '../testing/scoped-users';
import { fillObject, fillPath, kindsFor, type SweepIds } from '../testing/sweep-filler';
import { createTestServer, type TestServer } from '../testing/test-server';
import { DEMO_TENANT } from '../store/seed-demo';
import type { JsonSchema, RouteDefinition } from './route-definition';

/*
 * Every route of the server's own registry, called (a) as the administrator of another tenant
 * whose role holds every resource and (b) as a user of the first tenant whose role holds every
 * resource except the route's own, with ids of the first tenant's data. (a) must answer 400, 403,
 * 404, or 1 without any of the first tenant's data; (b) must answer 403 when the route needs a
 * resource; neither may change a row of the first tenant. Public routes are called without a
 * session and must not leak either. Every route is also called with its numbers and ids set to
 * "Infinity", "-Infinity", "1e999" or true (once taken as id 1, a first-tenant row) and with a
 * body nested 10,000 deep: each must answer 400 and change nothing. A new route is swept as soon
 * as it is registered.
 */
let server: TestServer;
let ids: SweepIds;
let tenantA: number;
let subtreeA: number[];
let needles: string[];
let outsider: ApiClient;
let limited: ApiClient;
let limitedRoleId: number;
let universal: Set<number>;
const OUTSIDER = { account: 'sweepb', password: 'SweepB1234' };
const LIMITED = { account: 'sweepa_limited', password: 'SweepA1234' };

interface Answer {
  status: number;
  flag: number | undefined;
  /** Parsed JSON (envelope or other), or the text of a file. */
  json: unknown;
  text: string;
  /** The strings of the request. */
  sent: string[];
}

/** Tables that hold a tenant's data (any table with a tenant_id, discovered, so later tables count too), minus pure logs of attempts. */
async function tenantTables(): Promise<string[]> {
  const rows = await sql<{ table: string }>`
    select c.relname as table from pg_class c
    join pg_namespace n on n.oid = c.relnamespace
    join pg_attribute a on a.attrelid = c.oid and a.attname = 'tenant_id' and not a.attisdropped
    where n.nspname = current_schema() and c.relkind in ('r', 'p') and not c.relispartition
    order by c.relname`.execute(server.store.db);
  // an attempt to log in as a first-tenant account is recorded by design
  return rows.rows.map((r) => r.table).filter((t) => t !== 'login_history');
}

let tables: string[] = [];

/** A digest per table of the first tenant's rows (its subtree), with role grants and user scopes. */
async function fingerprint(): Promise<Map<string, string>> {
  const db = server.store.db;
  const list = sql.join(subtreeA);
  const digest = async (name: string, query: ReturnType<typeof sql<{ h: string }>>) => [name, (await query.execute(db)).rows[0]?.h ?? ''] as const;
  const parts = await Promise.all([
    ...tables.map((t) => digest(t, sql<{ h: string }>`select md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as h from ${sql.table(t)} x where x.tenant_id in (${list})`)),
    digest('tenants', sql<{ h: string }>`select md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as h from tenants x where x.id in (${list})`),
    digest('role_resources', sql<{ h: string }>`select md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as h from role_resources x join roles r on r.id = x.role_id where r.tenant_id in (${list})`),
    digest('role_platforms', sql<{ h: string }>`select md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as h from role_platforms x join roles r on r.id = x.role_id where r.tenant_id in (${list})`),
    digest('user_groups', sql<{ h: string }>`select md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as h from user_groups x join users u on u.id = x.user_id where u.tenant_id in (${list})`),
  ]);
  return new Map(parts);
}

function changedTables(before: Map<string, string>, after: Map<string, string>): string[] {
  return [...new Set([...before.keys(), ...after.keys()])].filter((k) => before.get(k) !== after.get(k));
}

/** Every string in a value (what a caller sent, what it got). */
function strings(value: unknown, into: string[] = []): string[] {
  if (typeof value === 'string') into.push(value);
  else if (Array.isArray(value)) value.forEach((v) => strings(v, into));
  else if (value && typeof value === 'object') Object.values(value).forEach((v) => strings(v, into));
  return into;
}

/**
 * Strings of the first tenant's data found in an answer (exact values; containment for longer
 * ones), except those the caller sent itself: echoing a terminal number back reveals nothing.
 */
function leaks(answer: Answer): string[] {
  const found = new Set<string>();
  const candidates = needles.filter((n) => !answer.sent.some((s) => s.includes(n)));
  const visit = (v: unknown): void => {
    if (typeof v === 'string') {
      for (const n of candidates) if (v === n || (n.length >= 4 && v.includes(n))) found.add(n);
    } else if (Array.isArray(v)) v.forEach(visit);
    else if (v && typeof v === 'object') Object.values(v).forEach(visit);
  };
  visit(answer.json ?? answer.text);
  return [...found];
}

async function spreadsheetText(payload: Buffer): Promise<string> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(payload as unknown as ArrayBuffer);
  const cells: string[] = [];
  book.eachSheet((sheet) => sheet.eachRow((row) => row.eachCell((cell) => cells.push(String(cell.text)))));
  return cells.join('\n');
}

/** A change to a call's filled input: other values, or a raw JSON body. */
interface Variant {
  numbers?: unknown;
  raw?: string;
}

const numeric = (schema: JsonSchema | undefined) => {
  const types = Array.isArray(schema?.type) ? schema.type : [schema?.type];
  return (types.includes('integer') || types.includes('number')) && !types.includes('string') && !types.includes('boolean');
};

/** `values` with every number field and id (lists of them too) of `schema` set to `value`, at any depth. */
function withNumbers(values: Record<string, unknown>, schema: JsonSchema | undefined, value: unknown): Record<string, unknown> {
  const out = { ...values };
  for (const [name, child] of Object.entries((schema?.properties ?? {}) as Record<string, JsonSchema>)) {
    const items = child.items as JsonSchema | undefined;
    if (numeric(child)) out[name] = value;
    else if (child.type === 'array' && numeric(items)) out[name] = [value];
    else if (child.type === 'object') out[name] = withNumbers((out[name] ?? {}) as Record<string, unknown>, child, value);
  }
  return out;
}

/** Whether a schema holds a number field or id anywhere. */
const holdsNumbers = (schema: JsonSchema | undefined): boolean =>
  Object.values((schema?.properties ?? {}) as Record<string, JsonSchema>).some(
    (child) => numeric(child) || (child.type === 'array' && numeric(child.items as JsonSchema | undefined)) || (child.type === 'object' && holdsNumbers(child)),
  );

async function call(route: RouteDefinition, kind: string | undefined, client: ApiClient | undefined, variant: Variant = {}): Promise<Answer> {
  let n = 0;
  const counter = () => ++n;
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  const method = methods.includes('GET') ? 'GET' : methods[0]!;
  let query = fillObject(route.schema?.querystring, kind, ids, counter);
  let body = route.schema?.body ? fillObject(route.schema.body, kind, ids, counter) : undefined;
  if ('numbers' in variant) {
    query = withNumbers(query, route.schema?.querystring, variant.numbers);
    body = body && withNumbers(body, route.schema?.body, variant.numbers);
  }
  const headers: Record<string, string> = {};
  if (client?.sessionId) headers.sessionId = client.sessionId;
  if (client?.userId !== undefined) headers.userId = String(client.userId);
  const url = fillPath(route.url, kind, ids);
  const sent = strings([query, body, decodeURIComponent(url)]);
  const res = await server.app.inject({
    method: method as 'GET',
    url,
    query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, Array.isArray(v) ? v.map(String) : String(v)])),
    headers,
    ...(method === 'GET' ? {} : variant.raw !== undefined ? { payload: variant.raw, headers: { ...headers, 'content-type': 'application/json' } } : { payload: (body ?? {}) as object }),
  });
  const type = String(res.headers['content-type'] ?? '');
  let json: unknown;
  let text = '';
  if (type.includes('spreadsheetml')) text = await spreadsheetText(res.rawPayload);
  else {
    text = res.payload;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
  }
  const flag = json && typeof json === 'object' && 'flag' in json ? Number((json as { flag: unknown }).flag) : undefined;
  return { status: res.statusCode, flag, json, text, sent };
}

async function ensureSession(client: ApiClient, who: { account: string; password: string }): Promise<void> {
  const me = await client.get('/car/v1/api/user/getUser.json');
  if (me.flag === 1) return;
  const res = await client.login(who.account, who.password);
  if (res.flag !== 1) throw new Error(`${who.account} cannot log in again after the sweep's last call: ${res.msg}`);
}

/** Bumps every sequence so the outsider's rows never share an id with the first tenant's. */
async function separateIds(): Promise<void> {
  const seqs = await sql<{ name: string }>`select sequence_name as name from information_schema.sequences where sequence_schema = current_schema()`.execute(server.store.db);
  for (const s of seqs.rows) await sql`select setval(${s.name}::regclass, greatest(1000000, (select last_value from ${sql.table(s.name)})))`.execute(server.store.db);
}

/** A row for a tenant table that holds none of the first tenant's rows yet (alarms, fences, commands… as they appear). */
async function insertGenericRow(table: string, known: Map<string, number>): Promise<number | undefined> {
  const cols = await sql<{ name: string; type: string; nullable: string; dflt: string | null }>`
    select column_name as name, data_type as type, is_nullable as nullable, column_default as dflt
    from information_schema.columns where table_schema = current_schema() and table_name = ${table} order by ordinal_position`.execute(server.store.db);
  const values: Record<string, unknown> = {};
  for (const c of cols.rows) {
    if (c.nullable === 'YES' && c.name !== 'tenant_id' && !c.name.endsWith('_id')) continue;
    if (c.dflt !== null && c.name !== 'tenant_id') continue;
    const ref = c.name.replace(/_id$/, '');
    if (c.name === 'tenant_id') values[c.name] = tenantA;
    else if (c.name.endsWith('_id') && known.has(ref)) values[c.name] = known.get(ref);
    else if (c.nullable === 'YES') continue;
    else if (/int|numeric|double|real/.test(c.type)) values[c.name] = 0;
    else if (c.type === 'boolean') values[c.name] = false;
    else if (c.type.startsWith('timestamp') || c.type === 'date') values[c.name] = /expire|until|deadline/.test(c.name) ? new Date(Date.now() + 365 * 86_400_000) : new Date();
    else if (c.type.startsWith('json')) values[c.name] = '{}';
    else if (c.type === 'ARRAY') values[c.name] = '{}';
    else values[c.name] = `甲${table}.${c.name}`;
  }
  try {
    const names = Object.keys(values);
    const row = await sql<{ id: number }>`insert into ${sql.table(table)} (${sql.join(names.map((n) => sql.ref(n)))}) values (${sql.join(names.map((n) => values[n]))}) returning id`.execute(server.store.db);
    return Number(row.rows[0]!.id);
  } catch {
    return undefined;
  }
}

async function firstId(table: string): Promise<number | undefined> {
  const row = await sql<{ id: number }>`select id from ${sql.table(table)} where tenant_id in (${sql.join(subtreeA)}) order by id limit 1`.execute(server.store.db);
  return row.rows[0] ? Number(row.rows[0].id) : undefined;
}

/** Table of a kind of record, for kinds found by table name. */
const TABLE_KINDS: Record<string, string> = { alarms: 'alarm', fences: 'fence', commands: 'command', operation_logs: 'log', export_records: 'export', notices: 'notice' };

beforeAll(async () => {
  server = await createTestServer({ demo: true, simulate: false, config: { simDevices: 3 } });
  const store = server.store;
  tenantA = (await store.org.findTenantByName(DEMO_TENANT))!.id;
  await store.org.createTenant('甲方扫描子公司', tenantA);
  subtreeA = await store.scope.tenantSubtree(tenantA);
  // the first tenant's names and numbers made unmistakable, so product text (template examples,
  // help notes) that happens to use demo-like values never reads as a leak
  const list = sql.join(subtreeA);
  await sql`update vehicle_groups set name = name || '·甲' where tenant_id in (${list})`.execute(store.db);
  await sql`update vehicles set plate_no = plate_no || '甲' where tenant_id in (${list})`.execute(store.db);
  await sql`update terminals set display_no = '0197' || right(display_no, 8), terminal_no = '197' || right(display_no, 8) where tenant_id in (${list})`.execute(store.db);
  await sql`update users set account = 'jia_' || account, name = name || '·甲' where tenant_id in (${list})`.execute(store.db);

  // the first tenant's data the sweep aims at, completed where the demo has none
  const subUser = await addScopedUser(store, { tenantId: tenantA, account: 'sweepa_user', password: 'SweepA1234', role: '甲方普通角色', phone: '13611112222' });
  await store.notices.create({ tenantId: tenantA, title: '甲方内部公告甲方', summary: '甲方', content: '甲方内部', category: '通知', publishTime: new Date() });
  const exportFile = 'sweep-a.xlsx';
  await mkdir(join(server.dataDir, 'exports'), { recursive: true });
  await writeFile(join(server.dataDir, 'exports', exportFile), 'first tenant file');
  await store.exports.create({ userId: subUser.userId, tenantId: tenantA, fileName: '甲方导出.xlsx', status: 1, size: 17, storageKey: exportFile, createdAt: new Date() });
  const terminal = await store.db.selectFrom('terminals').selectAll().where('tenant_id', '=', tenantA).orderBy('id').executeTakeFirstOrThrow();
  const vehicle = await store.db.selectFrom('vehicles').selectAll().where('tenant_id', '=', tenantA).orderBy('id').executeTakeFirstOrThrow();
  const group = await store.db.selectFrom('vehicle_groups').selectAll().where('tenant_id', '=', tenantA).orderBy('id').executeTakeFirstOrThrow();
  const known = new Map<string, number>([
    ['tenant', tenantA], ['user', subUser.userId], ['role', subUser.roleId], ['vehicle', vehicle.id], ['terminal', terminal.id], ['group', group.id],
  ]);
  tables = await tenantTables();
  for (const table of tables) {
    const kind = TABLE_KINDS[table];
    if (!kind || known.has(kind)) continue;
    const id = (await firstId(table)) ?? (await insertGenericRow(table, known));
    if (id !== undefined) known.set(kind, id);
  }
  if (!known.has('log')) {
    await store.audit.record({ tenantId: tenantA, userId: subUser.userId, account: 'sweepa_user', action: '甲方操作', target: '甲方目标', ip: null });
    known.set('log', (await firstId('operation_logs'))!);
  }
  const batch = tables.includes('commands')
    ? (await sql<{ b: string }>`select batch_id as b from commands where tenant_id = ${tenantA} limit 1`.execute(store.db)).rows[0]?.b
    : undefined;
  ids = { ids: known, terminalNo: terminal.display_no, plateNo: vehicle.plate_no, batchId: batch };

  // the strings that must never reach the outsider
  const text = async (q: ReturnType<typeof sql<{ v: string | null }>>) => (await q.execute(store.db)).rows.map((r) => r.v).filter((v): v is string => !!v);
  needles = [
    ...(await text(sql`select plate_no as v from vehicles where tenant_id in (${list})`)),
    ...(await text(sql`select display_no as v from terminals where tenant_id in (${list})`)),
    ...(await text(sql`select account as v from users where tenant_id in (${list})`)),
    ...(await text(sql`select name as v from users where tenant_id in (${list})`)),
    ...(await text(sql`select phone as v from users where tenant_id in (${list})`)),
    ...(await text(sql`select name as v from tenants where id in (${list})`)),
    ...(await text(sql`select name as v from vehicle_groups where tenant_id in (${list})`)),
    '甲方内部公告甲方', '甲方导出.xlsx', '甲方普通角色', '甲方操作',
  ];
  if (batch) needles.push(batch);

  // the outsider: another tenant, ids far from the first tenant's, a role with everything
  await separateIds();
  const tenantB = await store.org.createTenant('乙方扫描公司');
  await addScopedUser(store, {
    tenantId: tenantB.id, ...OUTSIDER, role: '乙方全权',
    platformIds: (await store.catalogue.listPlatforms()).map((p) => p.platformId),
    resourceIds: (await store.catalogue.listResources()).map((r) => r.id),
  });
  outsider = new ApiClient(server.app);
  await ensureSession(outsider, OUTSIDER);

  // the first tenant's own user whose role lacks, route by route, the route's resource
  ({ roleId: limitedRoleId } = await addScopedUser(store, {
    tenantId: tenantA, ...LIMITED, role: '甲方受限角色',
    platformIds: (await store.catalogue.listPlatforms()).map((p) => p.platformId),
    resourceIds: (await store.catalogue.listResources()).map((r) => r.id),
  }));
  limited = new ApiClient(server.app);
  await ensureSession(limited, LIMITED);
  // the centre's own pages belong to every role: nobody can lack them
  universal = new Set(EVERY_ROLE_RESOURCES);
}, 120_000);

afterAll(() => server.close());

const OK_FOR_OUTSIDER = new Set([1, 400, 403, 404]);
/** What the schema's type coercion used to take as ±Infinity or as id 1. */
const NOT_A_NUMBER: unknown[] = ['Infinity', '-Infinity', '1e999', true];
const DEEP = 10_000;
const DEEP_BODY = `${'{"a":'.repeat(DEEP)}1${'}'.repeat(DEEP)}`;

/**
 * The route called as `client` with its numbers and ids not numbers, and with a body nested
 * 10,000 deep: every call answers 400 and the first tenant's rows stay as they were.
 */
async function sweepHostile(route: RouteDefinition, name: string, client: ApiClient | undefined): Promise<string[]> {
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  const variants: { what: string; variant: Variant }[] = [];
  if (holdsNumbers(route.schema?.querystring) || (!methods.includes('GET') && holdsNumbers(route.schema?.body))) {
    variants.push(...NOT_A_NUMBER.map((numbers) => ({ what: `numbers and ids ${JSON.stringify(numbers)}`, variant: { numbers } })));
  }
  if (!methods.includes('GET')) variants.push({ what: `a body nested ${DEEP} deep`, variant: { raw: DEEP_BODY } });
  if (variants.length === 0) return [];
  const problems: string[] = [];
  const before = await fingerprint();
  for (const { what, variant } of variants) {
    const kind = kindsFor(route, ids)[0];
    const answer = await call(route, kind, client, variant);
    if (answer.flag !== 400) problems.push(`${name} with ${what}: got ${answer.flag ?? `HTTP ${answer.status}`} (${answer.text.slice(0, 80)}) instead of flag 400`);
  }
  const changed = changedTables(before, await fingerprint());
  if (changed.length) problems.push(`${name} with numbers that are none or a deep body changed the first tenant's ${changed.join(', ')}`);
  return problems;
}

async function sweepRoute(route: RouteDefinition): Promise<string[]> {
  const name = `${Array.isArray(route.method) ? route.method.join('/') : route.method} ${route.url}`;
  const problems: string[] = [];
  if (route.auth !== 'public' && route.resource === undefined && !route.anyUser) {
    return [`${name}: declares neither resource (the menu or button id its caller needs) nor anyUser: true`];
  }
  if (route.auth !== 'public') await ensureSession(outsider, OUTSIDER);
  problems.push(...(await sweepHostile(route, name, route.auth === 'public' ? undefined : outsider)));
  for (const kind of kindsFor(route, ids)) {
    const label = kind ? `${name} (ids of the first tenant's ${kind})` : name;
    if (route.auth === 'public') {
      const before = await fingerprint();
      const answer = await call(route, kind, undefined);
      const changed = changedTables(before, await fingerprint());
      if (answer.flag === 500 || answer.status >= 500) problems.push(`${label}: public call failed with ${answer.flag ?? answer.status}`);
      if (leaks(answer).length) problems.push(`${label}: answers anonymous callers with the first tenant's data: ${leaks(answer).join(', ')}`);
      if (changed.length) problems.push(`${label}: an anonymous call changed the first tenant's ${changed.join(', ')}`);
      continue;
    }

    // (a) the outsider
    await ensureSession(outsider, OUTSIDER);
    let before = await fingerprint();
    const answer = await call(route, kind, outsider);
    let changed = changedTables(before, await fingerprint());
    const file = answer.flag === undefined && route.raw && answer.status === 200;
    if (!file && !OK_FOR_OUTSIDER.has(answer.flag ?? -1)) {
      problems.push(`${label}: another tenant's administrator got flag ${answer.flag ?? `HTTP ${answer.status}`} (${(answer.json as { msg?: string })?.msg ?? answer.text.slice(0, 80)}); expected 400/403/404 or 1 without the first tenant's data`);
    }
    const leaked = leaks(answer);
    if (leaked.length) problems.push(`${label}: another tenant's administrator sees the first tenant's data: ${leaked.slice(0, 5).join(', ')}`);
    if (changed.length) problems.push(`${label}: another tenant's administrator changed the first tenant's ${changed.join(', ')}`);

    // (b) the first tenant's user without the route's resource
    if (route.resource === undefined || universal.has(route.resource)) continue;
    await ensureSession(limited, LIMITED);
    const granting = [route.resource, ...(route.alsoResources ?? [])];
    await server.store.db.deleteFrom('role_resources').where('role_id', '=', limitedRoleId).where('resource_id', 'in', granting).execute();
    try {
      before = await fingerprint();
      const denied = await call(route, kind, limited);
      changed = changedTables(before, await fingerprint());
      if (denied.flag !== 403) problems.push(`${label}: a user without resource ${route.resource} got ${denied.flag ?? `HTTP ${denied.status}`} instead of flag 403`);
      if (changed.length) problems.push(`${label}: a user without resource ${route.resource} changed the first tenant's ${changed.join(', ')}`);
    } finally {
      await server.store.org.grantResources(limitedRoleId, granting);
    }
  }
  return problems;
}

describe('authorization sweep over every registered route', () => {
  it('keeps every route closed to other tenants and to users without its resource', async () => {
    const routes = server.routes.list();
    expect(routes.length).toBeGreaterThan(20);
    const problems: string[] = [];
    for (const { route } of routes) problems.push(...(await sweepRoute(route)));
    expect(problems).toEqual([]);
  }, 600_000);

  it('aims at real first-tenant data', () => {
    // the sweep is only as strong as its ids: they must be the first tenant's rows
    for (const kind of ['tenant', 'user', 'role', 'vehicle', 'terminal', 'group', 'notice', 'export', 'log']) expect(ids.ids.get(kind), kind).toBeLessThan(1_000_000);
    expect(needles).toEqual(expect.arrayContaining(['jia_admin', '天路演示', ids.plateNo, ids.terminalNo]));
  });
});
