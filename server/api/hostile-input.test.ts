import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TENANT } from '../store/seed-demo';
import { ApiClient } from '../testing/api-client';
import { addScopedUser } from '../testing/scoped-users';
import { fillObject, fillPath, pathKind, type SweepIds } from '../testing/sweep-filler';
import { createTestServer, type TestServer } from '../testing/test-server';
import type { JsonSchema, RouteDefinition } from './route-definition';

/*
 * Every route of the registry, called as the demo administrator (whose role holds every resource,
 * so each call reaches its handler) with hostile input: each field of its schema given values of
 * the wrong type, out-of-range numbers and a 1 MB string; every free-text field given SQL, HTML,
 * JSON-operator, path and NUL injection strings; path parameters the same; bodies missing, not
 * JSON, of the wrong shape or kind. No answer may be a 5xx or flag 500, show a stack trace, an
 * `Error:` or a file of the server, and every refusal says why in Chinese. Number fields and ids
 * given "Infinity", "-Infinity", "1e999" or true, and bodies nested 10,000 deep, must be refused
 * with 400 naming the field and change nothing. A new route is fuzzed as soon as it is registered.
 */
let server: TestServer;
let admin: ApiClient;
let ids: SweepIds;
const ADMIN = { account: 'admin', password: 'Admin@123' };
const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));

const MEGA = 'x'.repeat(1_000_000);
const INJECTIONS = ["' or 1=1 --", '<script>alert(1)</script>', '{"$gt":""}', '../../etc/passwd', 'a\u0000b'];
const INT4_OVERFLOW = 2 ** 31;
/** What the schema's type coercion used to take as ±Infinity or as 1. */
const NOT_A_NUMBER: unknown[] = ['Infinity', '-Infinity', '1e999', true];
const DEEP = 10_000;
const DEEP_BODIES = [`${'{"a":'.repeat(DEEP)}1${'}'.repeat(DEEP)}`, `${'['.repeat(DEEP)}${']'.repeat(DEEP)}`];
/** Tables a refused request still touches: the caller's session and sign-in bookkeeping. */
const BOOKKEEPING = new Set(['sessions', 'login_pages', 'login_history', 'login_failures', 'sms_codes', 'download_tokens']);

/** Values of the wrong type or out of range for a field of this schema. */
function hostileValues(schema: JsonSchema): unknown[] {
  switch (schema.type) {
    case 'integer':
    case 'number':
      return ['abc', INT4_OVERFLOW, -INT4_OVERFLOW - 1, 1e300, 1.5, '9'.repeat(400)];
    case 'boolean':
      return ['maybe', { a: 1 }];
    case 'array':
      return [{ a: 1 }, [{ $gt: '' }], Array.from({ length: 5000 }, (_, i) => i)];
    case 'object':
      return ['x', [1, 2]];
    case 'string':
      // the 1 MB string goes where text is expected: that is where a size check can be missing
      return [{ $gt: '' }, ['a', 'b'], MEGA];
    default:
      return [{ $gt: '' }, MEGA, INT4_OVERFLOW];
  }
}

/** Whether a string field takes any text (no pattern, format or enum that refuses it first). */
const freeText = (schema: JsonSchema) => schema.type === 'string' && schema.pattern === undefined && schema.format === undefined && schema.enum === undefined;

interface Field {
  path: string[];
  schema: JsonSchema;
}

/** Every field of a schema, nested objects (and objects in lists) included. */
function fieldsOf(schema: JsonSchema | undefined, prefix: string[] = []): Field[] {
  const properties = (schema?.properties ?? {}) as Record<string, JsonSchema>;
  return Object.entries(properties).flatMap(([name, child]) => {
    const path = [...prefix, name];
    const items = child.items as JsonSchema | undefined;
    const inner = child.type === 'object' ? fieldsOf(child, path) : child.type === 'array' && items?.type === 'object' ? fieldsOf(items, [...path, '0']) : [];
    return [{ path, schema: child }, ...inner];
  });
}

/** A copy of `base` with the value at `path` replaced (missing objects and lists on the way are made). */
function withValue(base: Record<string, unknown>, path: string[], value: unknown): Record<string, unknown> {
  const copy = structuredClone(base);
  let node: Record<string, unknown> = copy;
  path.slice(0, -1).forEach((key, i) => {
    if (node[key] === null || typeof node[key] !== 'object') node[key] = /^\d+$/.test(path[i + 1]!) ? [] : {};
    node = node[key] as Record<string, unknown>;
  });
  node[path.at(-1)!] = value;
  return copy;
}

const typesOf = (schema: JsonSchema | undefined): unknown[] => (Array.isArray(schema?.type) ? schema.type : [schema?.type]);
const numeric = (schema: JsonSchema | undefined) => {
  const types = typesOf(schema);
  return (types.includes('integer') || types.includes('number')) && !types.includes('string') && !types.includes('boolean');
};

/** For a number field or a list of numbers (ids and id lists): the Chinese name its refusal must give. */
function numberTarget(field: Field): { label: string; list: boolean } | undefined {
  const name = String(field.schema.title ?? field.path.at(-1));
  if (numeric(field.schema)) return { label: name, list: false };
  const items = field.schema.items as JsonSchema | undefined;
  if (typesOf(field.schema).includes('array') && numeric(items)) return { label: String(items?.title ?? name), list: true };
  return undefined;
}

/** Tables the server rewrites on its own while the fuzz runs: the report caches refreshed in the background. */
const BACKGROUND = new Set(['report_days', 'report_event_days']);
let digestQuery: ReturnType<typeof sql<{ name: string; h: string }>> | undefined;

/**
 * A digest per table of the whole database, bookkeeping and background caches aside; of export
 * records only which exist, as earlier exports finish in the background.
 */
async function databaseDigest(): Promise<Map<string, string>> {
  if (!digestQuery) {
    const tables = await sql<{ name: string }>`
      select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = current_schema() and c.relkind = 'r' order by c.relname`.execute(server.store.db);
    const parts = tables.rows
      .filter(({ name }) => !BOOKKEEPING.has(name) && !BACKGROUND.has(name))
      .map(({ name }) => {
        const row = name === 'export_records' ? sql`x.id::text` : sql`x::text`;
        return sql`select ${name}::text as name, md5(coalesce(string_agg(${row}, '|' order by ${row}), '')) as h from ${sql.table(name)} x`;
      });
    digestQuery = sql<{ name: string; h: string }>`${sql.join(parts, sql` union all `)}`;
  }
  const rows = await digestQuery.execute(server.store.db);
  return new Map(rows.rows.map((r) => [r.name, r.h]));
}

function changedTables(before: Map<string, string>, after: Map<string, string>): string[] {
  return [...new Set([...before.keys(), ...after.keys()])].filter((k) => before.get(k) !== after.get(k));
}

/** What a query string can carry: text, or a repeated key for a list. */
function asQuery(values: Record<string, unknown>): Record<string, string | string[]> {
  const text = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));
  return Object.fromEntries(Object.entries(values).map(([k, v]) => [k, Array.isArray(v) ? v.map(text) : text(v)]));
}

interface Attempt {
  what: string;
  /** Must be refused with flag 400 and a message holding this text, changing nothing. */
  refusedWith?: string;
  query?: Record<string, unknown>;
  body?: unknown;
  /** A raw payload with its content type (malformed JSON, plain text); `null` sends no body at all. */
  raw?: { payload: string; type: string } | null;
  url?: string;
}

function attemptsFor(route: RouteDefinition, url: string, posts: boolean): Attempt[] {
  let n = 0;
  const kind = pathKind(route.url);
  const query = fillObject(route.schema?.querystring, kind, ids, () => ++n);
  const body = route.schema?.body ? fillObject(route.schema.body, kind, ids, () => ++n) : {};
  const attempts: Attempt[] = [{ what: 'filled', query, body }];
  const spots: { where: 'query' | 'body'; fields: Field[] }[] = [
    { where: 'query', fields: fieldsOf(route.schema?.querystring) },
    ...(posts ? [{ where: 'body' as const, fields: fieldsOf(route.schema?.body) }] : []),
  ];
  for (const { where, fields } of spots) {
    const base = where === 'query' ? query : body;
    for (const field of fields) {
      for (const value of hostileValues(field.schema)) {
        const changed = withValue(base, field.path, value);
        const shown = typeof value === 'string' && value.length > 40 ? `${value.length} characters` : JSON.stringify(value)?.slice(0, 40);
        attempts.push({ what: `${where} ${field.path.join('.')} = ${shown}`, query: where === 'query' ? changed : query, body: where === 'body' ? changed : body });
      }
    }
    for (const field of fields) {
      const target = numberTarget(field);
      if (!target) continue;
      const values = target.list ? [...NOT_A_NUMBER, ...NOT_A_NUMBER.map((v) => [v])] : NOT_A_NUMBER;
      for (const value of values) {
        const changed = withValue(base, field.path, value);
        attempts.push({
          what: `${where} ${field.path.join('.')} = ${JSON.stringify(value)}`, refusedWith: target.label,
          query: where === 'query' ? changed : query, body: where === 'body' ? changed : body,
        });
      }
    }
    // every free-text field at once: what slips past one check reaches the next
    const texts = fields.filter((f) => freeText(f.schema));
    if (texts.length === 0) continue;
    for (const injection of INJECTIONS) {
      const changed = texts.reduce((acc, f) => withValue(acc, f.path, injection), base);
      attempts.push({ what: `${where} text fields = ${JSON.stringify(injection)}`, query: where === 'query' ? changed : query, body: where === 'body' ? changed : body });
    }
  }
  if (/[:*]/.test(route.url)) {
    const inPath = (text: string) => route.url.replace(/:\w+/g, text).replace(/\*$/, text);
    for (const injection of [...INJECTIONS, MEGA.slice(0, 5000)]) {
      attempts.push({ what: `path ${JSON.stringify(injection.slice(0, 40))}`, url: inPath(encodeURIComponent(injection)), query, body });
    }
    attempts.push({ what: 'path with broken percent-encoding', url: inPath('%E0%A4%A'), query, body });
  }
  if (posts) {
    attempts.push(
      { what: 'no body', query, raw: null },
      { what: 'malformed JSON', query, raw: { payload: '{"a":', type: 'application/json' } },
      { what: 'plain text', query, raw: { payload: "' or 1=1 --", type: 'text/plain' } },
      { what: 'form with a 1 MB field', query, raw: { payload: `a=${MEGA}`, type: 'application/x-www-form-urlencoded' } },
      { what: 'prototype keys', query, raw: { payload: '{"__proto__":{"admin":true},"constructor":{"prototype":{"admin":true}}}', type: 'application/json' } },
      { what: 'body a list', query, body: [body] },
      { what: 'body a string', query, body: 'x' },
      { what: 'body null', query, raw: { payload: 'null', type: 'application/json' } },
      ...DEEP_BODIES.map((payload, i) => ({ what: `body nested ${DEEP} deep (${i ? 'lists' : 'objects'})`, refusedWith: '请求内容嵌套过深', query, raw: { payload, type: 'application/json' } })),
    );
  }
  return attempts.map((a) => ({ ...a, url: a.url ?? url }));
}

async function send(method: string, attempt: Attempt): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { sessionId: admin.sessionId!, userId: String(admin.userId) };
  const options: InjectOptions = { method: method as 'GET', url: attempt.url!, query: asQuery(attempt.query ?? {}), headers };
  if (method !== 'GET') {
    if (attempt.raw) Object.assign(options, { payload: attempt.raw.payload, headers: { ...headers, 'content-type': attempt.raw.type } });
    else if (attempt.raw === undefined) options.payload = JSON.stringify(attempt.body ?? {});
    if (attempt.raw === undefined) options.headers = { ...headers, 'content-type': 'application/json' };
  }
  return server.app.inject(options);
}

const CJK = /[\u4e00-\u9fff]/;
const LEAKS: [RegExp, string][] = [
  [/\bError:/, 'an Error: text'],
  [/\bat [^\s]+ \(?[^)\s]*:\d+:\d+\)?/, 'a stack trace'],
  [/node_modules|\.(ts|js):\d+/, 'a source file'],
  [new RegExp(REPO_ROOT.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')), 'the server directory'],
];

/** What is wrong with one answer (nothing when it is a proper refusal or a success). */
function problemsOf(res: LightMyRequestResponse): string[] {
  const problems: string[] = [];
  if (res.statusCode >= 500) problems.push(`HTTP ${res.statusCode}`);
  const type = String(res.headers['content-type'] ?? '');
  if (!/json|text|html/.test(type)) return problems;
  for (const [pattern, what] of LEAKS) if (pattern.test(res.payload)) problems.push(`shows ${what}: ${res.payload.slice(0, 160)}`);
  if (!type.includes('json')) return problems;
  let answer: { flag?: unknown; msg?: unknown };
  try {
    answer = JSON.parse(res.payload) as typeof answer;
  } catch {
    return [...problems, `not JSON: ${res.payload.slice(0, 80)}`];
  }
  if (answer === null || typeof answer !== 'object' || !('flag' in answer)) {
    return res.statusCode >= 400 ? [...problems, `HTTP ${res.statusCode} without an envelope: ${res.payload.slice(0, 80)}`] : problems;
  }
  if (answer.flag === 500) problems.push('flag 500');
  if (answer.flag !== 1 && !(typeof answer.msg === 'string' && CJK.test(answer.msg))) problems.push(`flag ${String(answer.flag)} without a Chinese message: ${String(answer.msg)}`);
  return problems;
}

async function ensureSession(): Promise<void> {
  if (admin.sessionId && (await admin.get('/car/v1/api/user/getUser.json')).flag === 1) return;
  const res = await admin.login(ADMIN.account, ADMIN.password);
  if (res.flag !== 1) throw new Error(`admin cannot log in again: ${res.msg}`);
}

beforeAll(async () => {
  // no login or SMS budget: every attempt must reach the route, not the limiter
  server = await createTestServer({ demo: true, simulate: false, config: { simDevices: 3, loginRateLimit: 0, smsRateLimit: 0 } });
  const store = server.store;
  const tenantId = (await store.org.findTenantByName(DEMO_TENANT))!.id;
  // users, roles and customers the calls may change or delete in place of the administrator's own
  const subTenant = await store.org.createTenant('模糊测试客户', tenantId);
  const target = await addScopedUser(store, { tenantId, account: 'fuzz_target', password: 'Fuzz12345', role: '模糊测试角色' });
  const terminal = await store.db.selectFrom('terminals').selectAll().where('tenant_id', '=', tenantId).orderBy('id').executeTakeFirstOrThrow();
  const vehicle = await store.db.selectFrom('vehicles').selectAll().where('tenant_id', '=', tenantId).orderBy('id').executeTakeFirstOrThrow();
  ids = {
    ids: new Map([
      ['tenant', subTenant.id],
      ['user', target.userId],
      ['role', target.roleId],
      ['vehicle', vehicle.id],
      ['terminal', terminal.id],
      ['group', (await store.db.selectFrom('vehicle_groups').select('id').where('tenant_id', '=', tenantId).orderBy('id').executeTakeFirstOrThrow()).id],
    ]),
    terminalNo: terminal.display_no,
    plateNo: vehicle.plate_no,
    batchId: undefined,
  };
  admin = new ApiClient(server.app);
  await ensureSession();
}, 120_000);

afterAll(() => server.close());

describe('hostile input on every registered route', () => {
  it('answers wrong types, 1 MB strings, injections, non-finite numbers, boolean ids and 10,000-deep bodies with a Chinese refusal, never a 5xx or internals', async () => {
    const routes = server.routes.list();
    expect(routes.length).toBeGreaterThan(100);
    const problems: string[] = [];
    let calls = 0;
    for (const { route } of routes) {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      const method = methods.includes('GET') ? 'GET' : methods[0]!;
      await ensureSession();
      const attempts = attemptsFor(route, fillPath(route.url, pathKind(route.url), ids), method !== 'GET');
      // the refusals first, between two digests of the database: none of them may change a row
      const refusals = attempts.filter((a) => a.refusedWith !== undefined);
      const before = refusals.length ? await databaseDigest() : undefined;
      for (const attempt of refusals) {
        calls++;
        const res = await send(method, attempt);
        let answer: { flag?: unknown; msg?: unknown } = {};
        try {
          answer = res.json();
        } catch {
          // a file or a page: no refusal
        }
        if (answer.flag !== 400 || typeof answer.msg !== 'string' || !answer.msg.includes(attempt.refusedWith!)) {
          problems.push(`${method} ${route.url} (${attempt.what}): expected a 400 naming ${attempt.refusedWith}, got ${res.payload.slice(0, 120)}`);
        }
      }
      if (before) {
        const changed = changedTables(before, await databaseDigest());
        if (changed.length) problems.push(`${method} ${route.url}: refused input changed ${changed.join(', ')}`);
      }
      for (const attempt of attempts.filter((a) => a.refusedWith === undefined)) {
        calls++;
        const res = await send(method, attempt);
        for (const p of problemsOf(res)) problems.push(`${method} ${route.url} (${attempt.what}): ${p}`);
      }
    }
    expect(calls).toBeGreaterThan(routes.length * 5);
    expect(problems).toEqual([]);
  }, 300_000);
});
