import type { JsonSchema, RouteDefinition } from '../api/route-definition';

/**
 * What a route's parameters are filled with in the authorization sweep: the first tenant's ids
 * (by field name, and for a bare `id` by what the route's path is about), neutral values for free
 * text (so whatever a caller creates in its own tenant never looks like the first tenant's data).
 */
export interface SweepIds {
  /** Row ids of the first tenant per kind of record (tenant, user, role, vehicle, terminal, group, notice, export, fence, alarm, command, log…). */
  ids: Map<string, number>;
  terminalNo: string;
  plateNo: string;
  batchId: string | undefined;
}

/** Kinds a path speaks of, most specific first; a path that names none is tried with every kind. */
const PATH_KINDS: readonly [RegExp, string][] = [
  [/fence/i, 'fence'],
  [/alarm/i, 'alarm'],
  [/command/i, 'command'],
  [/helpMessage|notice/i, 'notice'],
  [/export\/download|exportRecord/i, 'export'],
  [/\/tenant\/|customer/i, 'tenant'],
  [/\/role\//i, 'role'],
  [/\/user\//i, 'user'],
  [/\/group\//i, 'group'],
  [/\/terminal\//i, 'terminal'],
  [/\/vehicle\//i, 'vehicle'],
  [/\/log\//i, 'log'],
  [/dictionary/i, 'dictionary'],
];

export function pathKind(url: string): string | undefined {
  return PATH_KINDS.find(([pattern]) => pattern.test(url))?.[1];
}

/** Field names (lower case, without a trailing s for lists) that carry an id of a kind. */
const ID_FIELDS: Record<string, string> = {
  vehicleid: 'vehicle',
  terminalid: 'terminal',
  groupid: 'group',
  userid: 'user',
  roleid: 'role',
  tenantid: 'tenant',
  customerid: 'tenant',
  fenceid: 'fence',
  alarmid: 'alarm',
  commandid: 'command',
  noticeid: 'notice',
  exportid: 'export',
  logid: 'log',
};

const DAY_MS = 86_400_000;

function props(schema: JsonSchema | undefined): Record<string, JsonSchema> {
  return (schema?.properties as Record<string, JsonSchema> | undefined) ?? {};
}

/** A value of the schema's type when nothing better is known (only for required fields). */
function byType(schema: JsonSchema, counter: () => number): unknown {
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  switch (schema.type) {
    case 'integer':
    case 'number':
      return typeof schema.minimum === 'number' ? schema.minimum : 1;
    case 'boolean':
      return false;
    case 'array': {
      const n = typeof schema.minItems === 'number' ? schema.minItems : 1;
      return Array.from({ length: n }, () => byType((schema.items as JsonSchema | undefined) ?? { type: 'string' }, counter));
    }
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const name of (schema.required as string[] | undefined) ?? []) out[name] = byType(props(schema)[name] ?? {}, counter);
      return out;
    }
    default: {
      if (typeof schema.pattern === 'string' && schema.pattern.includes('1[3-9]')) return '13600000000';
      const min = typeof schema.minLength === 'number' ? schema.minLength : 1;
      return `sw${counter()}`.padEnd(min, 'x');
    }
  }
}

function coerce(value: unknown, schema: JsonSchema): unknown {
  if (schema.type === 'string' && typeof value === 'number') return String(value);
  if (schema.type === 'array' && !Array.isArray(value)) return [value];
  return value;
}

/** One field's value by its name, or undefined when the name says nothing (required fields then fall back to the type). */
function byName(name: string, schema: JsonSchema, kind: string | undefined, ids: SweepIds): unknown {
  const key = name.toLowerCase();
  const list = schema.type === 'array';
  const single = list && key.endsWith('s') ? key.slice(0, -1) : key;
  const idOf = (k: string | undefined) => (k === undefined ? undefined : ids.ids.get(k));
  const wrap = (v: unknown) => (v === undefined ? undefined : list ? [v] : v);
  if (single === 'id' || single === 'parentid') return wrap(idOf(kind) ?? 1);
  if (ID_FIELDS[single]) return wrap(idOf(ID_FIELDS[single]) ?? 1);
  if (single === 'terminalno') return wrap(ids.terminalNo);
  if (key === 'batchid') return ids.batchId ?? 'sweep-batch';
  if (key === 'keyword') return ids.plateNo;
  if (key === 'current') return 1;
  if (key === 'pagesize') return 10;
  if (key === 'platformid') return 8;
  if (key === 'platformids') return [8];
  if (key === 'resourceids') return [8100];
  if (/^(start|starttime|begin|from)$/.test(key)) return new Date(Date.now() - DAY_MS).toISOString();
  if (/^(end|endtime|to)$/.test(key)) return new Date().toISOString();
  if (key === 'url') return 'localhost';
  if (key.includes('password')) return 'Sweep1234x';
  if (key === 'phone') return '13600000000';
  return undefined;
}

/** Fills an object schema: every field whose name is known, and every required field. */
export function fillObject(schema: JsonSchema | undefined, kind: string | undefined, ids: SweepIds, counter: () => number): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const required = new Set((schema?.required as string[] | undefined) ?? []);
  for (const [name, prop] of Object.entries(props(schema))) {
    const named = byName(name, prop, kind, ids);
    if (named !== undefined) out[name] = coerce(named, prop);
    else if (required.has(name)) out[name] = byType(prop, counter);
  }
  return out;
}

/** The kinds to try a route with: the one its path names, or every kind that has an id when it takes ids but names none. */
export function kindsFor(route: RouteDefinition, ids: SweepIds): (string | undefined)[] {
  const names = [...Object.keys(props(route.schema?.querystring)), ...Object.keys(props(route.schema?.body)), ...[...route.url.matchAll(/:(\w+)/g)].map((m) => m[1]!)];
  const takesBareId = names.some((n) => /^(id|ids|parentId)$/.test(n));
  if (!takesBareId) return [undefined];
  const kind = pathKind(route.url);
  return kind ? [kind] : [...ids.ids.keys()];
}

/** The path with its parameters filled (`:id` → an id of the kind, `*` → a file name). */
export function fillPath(url: string, kind: string | undefined, ids: SweepIds): string {
  return url
    .replace(/:(\w+)/g, (_m, name: string) => {
      if (name === 'systemId') return 'car';
      const v = byName(name, { type: 'string' }, kind, ids);
      return encodeURIComponent(String(v ?? 'x'));
    })
    .replace(/\*$/, 'index.js');
}
