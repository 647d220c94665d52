/**
 * `@tianlu/sdk/server`: what the server part of an installed plugin is written against. A part is one
 * ES module whose default export is `defineServerPart({...})`; the platform loads it from the plugin's
 * folder in PLUGINS_DIR (`serverEntry` of manifest.json) and lends it the context below. The types are
 * the platform's contract with the part: the platform's own loader checks every definition against
 * the same rules (docs/plugin-guide/server-parts.md).
 *
 * Nothing here imports the platform: a part bundles this module's few functions and erases its types.
 */
import type { Kysely, Migration } from 'kysely';

/** A JSON Schema object (draft 7, as Ajv takes it); `title` names a field in the Chinese refusal. */
export type PartJsonSchema = Readonly<Record<string, unknown>>;

/** Methods a part's route answers. */
export type PartHttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Values of the plugin's settings for one tenant, by key (every declared field, defaults filled in). */
export type PartSettingValues = Readonly<Record<string, string | number | boolean>>;

/** Named readings of a position (`fuel`, `temperature`, …), raw items (`item.e1` → hex) and decoded ones (`<systemId>.<name>`). */
export type PartReadings = Readonly<Record<string, number | string | boolean>>;

/** What the part's services, jobs and routes may log: each line is tagged with the plugin. */
export interface PartLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** The platform's clock: use it rather than `new Date()`, so tests and replays move time. */
export interface PartClock {
  now(): Date;
}

/** An alarm a part opens, of a type its manifest.json contributes (`contributes.alarmTypes`). */
export interface PartAlarmInput {
  tenantId: number;
  terminalId: number;
  alarmType: string;
  time: Date;
  lon?: number | null;
  lat?: number | null;
  speed?: number | null;
  /** Shown with the alarm (告警中心's 详情) and kept with it. */
  detail?: Record<string, unknown>;
}

/** An alarm row the platform opened or ended for the part. */
export interface PartAlarmRow {
  id: number;
  tenantId: number;
  terminalId: number;
  terminalNo: string;
  alarmType: string;
  plateNo: string | null;
  startTime: Date;
  endTime: Date | null;
  detail: Record<string, unknown>;
}

/** An alarm as 告警中心 answers it: type, Chinese name, level, times in China time. */
export interface PartAlarmView {
  id: number;
  alarmType: string;
  alarmName: string;
  level: 'urgent' | 'normal' | 'info';
  terminalNo: string;
  plateNo: string | null;
  startTime: string;
  endTime: string | null;
  lon: number | null;
  lat: number | null;
  speed: number | null;
  detail: Record<string, unknown>;
  status: 0 | 1;
}

/** The platform's alarms as a part sees them. */
export interface PartAlarms {
  /**
   * Opens the alarm and announces it (告警中心, the alarm desk, 告警推送): the row, or undefined when one of
   * that type is already open on the terminal (one alarm per episode) or the tenant turned the type off.
   */
  raise(alarm: PartAlarmInput): Promise<PartAlarmRow | undefined>;
  /** Ends the open alarm of that type on the terminal and announces it: the row, undefined when none was open. */
  end(terminalId: number, alarmType: string, time: Date): Promise<PartAlarmRow | undefined>;
  /** The Chinese name of an alarm type, the platform's or a plugin's. */
  name(alarmType: string): string;
}

/** The plugin's settings (`settings` of its manifest.json) as each tenant saved them on 插件设置. */
export interface PartSettings {
  get(tenantId: number): Promise<PartSettingValues>;
}

/** What a cell of an export holds (null and undefined leave it empty). */
export type PartExportCell = string | number | boolean | Date | null | undefined;

/** A column of an export: its header and where its cells come from (`key` of a plain row, or `value`). */
export interface PartExportColumn<T> {
  header: string;
  /** In characters (default 16). */
  width?: number;
  key?: string;
  /** The cell of a row (wins over `key`). */
  value?: (row: T) => PartExportCell;
}

/** The rows of an export: a list, a generator, or a function (it may be async) answering either. */
export type PartExportRows<T> = Iterable<T> | AsyncIterable<T> | (() => Iterable<T> | AsyncIterable<T> | Promise<Iterable<T> | AsyncIterable<T>>);

/** An export into a user's 下载中心. */
export interface PartExportRequest<T> {
  /** Whose 下载中心 (the route's `user`). */
  user: { id: number; tenantId: number };
  /** The sheet's name and, after the plugin's title, the file's (1–31 characters, none of \ / ? * : [ ]). */
  title: string;
  columns: readonly PartExportColumn<T>[];
  /** Read after the answer went out, written as they come (at most 100,000 rows). */
  rows: PartExportRows<T>;
}

/** Spreadsheets into 下载中心. */
export interface PartExports {
  /** Records the export as 生成中 and answers at once; the file is written in the background (then 可下载, or 失败). */
  start<T>(request: PartExportRequest<T>): Promise<{ id: number; fileName: string }>;
}

/** What the platform lends a part: its services, jobs, subscriptions and routes (`plugin`) get it. */
export interface PartContext {
  /** Kysely bound to the plugin's own schema: the query builder reads and writes its tables by plain name. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  db: Kysely<any>;
  /** The schema's name (`plugin_<systemId>`): raw `sql` names the part's tables with `sql.id(schema, table)`. */
  schema: string;
  clock: PartClock;
  log: PartLogger;
  alarms: PartAlarms;
  settings: PartSettings;
  exports: PartExports;
}

/** A committed position as `subscriptions.positions` gets it (times as ISO strings). Frozen. */
export interface PartPosition {
  tenantId: number;
  terminalId: number;
  /** Normalised terminal number (without leading zeros). */
  terminalNo: string;
  deviceTime: string;
  receivedTime: string;
  /** WGS84 degrees. */
  lon: number;
  lat: number;
  altitude: number;
  /** km/h. */
  speed: number;
  course: number;
  alarmFlags: number;
  statusFlags: number;
  mileage: number | null;
  /** A blind-area upload (late data). */
  backfill: boolean;
  readings?: PartReadings;
}

/** An alarm raised or ended on the platform, as `subscriptions.alarms` gets it. */
export interface PartAlarmEvent {
  event: 'start' | 'end';
  tenantId: number;
  terminalId: number;
  alarm: PartAlarmView;
}

/** What a reading decoder reads: the position's terminal and readings, and its raw additional items by id. */
export interface PartReadingSource {
  tenantId: number;
  terminalId: number;
  readings: PartReadings;
  /** The hex payload (upper case) of the JT/T 808 additional item of that id (`0xE1`), undefined when the report had none. */
  item(id: number): string | undefined;
}

/** Gives one reading of a position (synchronously), undefined when the position has nothing for it. */
export type PartReadingDecoder = (position: PartReadingSource) => number | string | boolean | undefined;

/** How a contributed command type travels: 0x8300 text or 0x8900 passthrough. */
export type PartCommandCarrier =
  | { kind: 'text'; text: string; emergency?: boolean }
  | { kind: 'passthrough'; passthroughType: number; encoding: 'hex' | 'utf8'; payload: string };

/** The caller of a route. */
export interface PartUser {
  id: number;
  account: string;
  name: string;
  tenantId: number;
  tenantName: string;
  roleId: number;
}

/** What the caller may see: their tenant and those below it, narrowed to vehicle groups when their account is. */
export interface PartScope {
  userId: number;
  tenantId: number;
  /** The caller's tenant first, then every tenant below it. */
  tenantIds: readonly number[];
  /** null: no group restriction; otherwise the groups (with subgroups) the caller may see. */
  groupIds: readonly number[] | null;
}

/** An asset (with its terminal) the caller may see. */
export interface PartAsset {
  terminalId: number;
  /** Normalised terminal number, as positions carry it. */
  terminalNo: string;
  /** The terminal number as the console shows it (what a vehicle-info tab gets as `terminalNo`). */
  displayNo: string;
  /** Plate of a vehicle, name of a person, pet or e-bike; the terminal number when bound to nothing. */
  name: string;
  /** vehicle, person, pet, ebike; null when the terminal is bound to no asset. */
  assetKind: string | null;
  tenantId: number;
  groupId: number | null;
}

/** One entry of 操作日志. */
export interface PartAuditChange {
  action: string;
  target: string;
  before?: unknown;
  after?: unknown;
}

/** What a route's handler gets. */
export interface PartRouteContext<S, Q, B> {
  query: Q;
  body: B;
  /** `:name` segments of the url, and `*` for a trailing wildcard. */
  params: Readonly<Record<string, string>>;
  user: PartUser;
  scope(): Promise<PartScope>;
  /** The assets the caller may see (tenant subtree and vehicle groups), with their terminals. */
  assets(): Promise<PartAsset[]>;
  /** Writes one entry to 操作日志 as the caller. */
  audit(change: PartAuditChange): Promise<void>;
  /** What the part's `services` built. */
  services: S;
  plugin: PartContext;
  /** The underlying request and reply (Fastify's), for `raw` routes. */
  request: unknown;
  reply: unknown;
}

/** A route of the part, under `/plugins/<systemId>/api/`. */
export interface PartRoute<S = unknown> {
  method: PartHttpMethod | readonly PartHttpMethod[];
  url: string;
  /** One line for 接口文档 and the log. */
  summary?: string;
  /** A menu or button id of the plugin's manifest.json the caller's role must hold (without: the plugin's platform is enough). */
  resource?: number;
  /** Further ids, any one of which grants the route as well. */
  alsoResources?: readonly number[];
  schema?: { querystring?: PartJsonSchema; body?: PartJsonSchema };
  /** Answers through `reply` itself instead of `{flag: 1, msg: '成功', obj}`. */
  raw?: boolean;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  handler(ctx: PartRouteContext<S, any, any>): unknown;
}

/** A background task: started with the part, closed when the part stops or is replaced. */
export interface PartJob<S> {
  name: string;
  start(ctx: PartContext, services: S): { close(): unknown };
}

/** A server part as its author declares it. */
export interface ServerPartDefinition<S = undefined> {
  /** The plugin's systemId. */
  name: string;
  routes?: readonly (PartRoute<S> | { name: string; routes: readonly PartRoute<S>[] })[];
  /** Migrations run in the plugin's own schema, in name order, each once. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  migrations?: Readonly<Record<string, Migration | { up(db: Kysely<any>): Promise<void>; down?(db: Kysely<any>): Promise<void> }>>;
  /** Built once, before the routes answer; handlers get them as `services`. */
  services?(ctx: PartContext): S;
  jobs?: readonly PartJob<S>[];
  /** Committed positions (one tenant's batch at a time) and alarms, after commit, in order, of tenants that have the plugin. */
  subscriptions?: {
    positions?(batch: readonly PartPosition[], ctx: PartContext): unknown;
    alarms?(event: PartAlarmEvent, ctx: PartContext): unknown;
  };
  /** Readings it decodes from a position, by key `<systemId>.<name>`: they join the live channel, lists and tracks. */
  readings?: Readonly<Record<string, PartReadingDecoder>>;
  /** Encoders of the command types its manifest.json contributes, by code. */
  commands?: Readonly<Record<string, (params: Record<string, unknown>) => PartCommandCarrier>>;
}

/** What `defineServerPart` answers: the definition, marked for the platform's loader. */
export type ServerPart<S = undefined> = ServerPartDefinition<S> & { readonly kind: 'tianlu-server-module' };

/** Declares a server part: `export default defineServerPart({ name: '<systemId>', ... })`. */
export function defineServerPart<S = undefined>(definition: ServerPartDefinition<S>): ServerPart<S> {
  if (typeof definition.name !== 'string' || !/^[A-Za-z][A-Za-z0-9_-]{0,63}$/.test(definition.name)) {
    throw new Error(`服务端的 name（${String(definition.name)}）必须是插件的 systemId`);
  }
  return { ...definition, kind: 'tianlu-server-module' };
}

/** An error a handler throws to answer `{flag, msg}` instead of 服务器内部错误. */
export interface PartRefusal extends Error {
  flag: 400 | 403 | 404 | 429;
}

function refusal(flag: PartRefusal['flag'], message: string): PartRefusal {
  return Object.assign(new Error(message), { flag });
}

/** Refuses bad input: answers flag 400 with the message (say what is wrong, in Chinese). */
export function badInput(message: string): PartRefusal {
  return refusal(400, message);
}

/** Refuses the caller: flag 403. */
export function forbidden(message = '无权限访问'): PartRefusal {
  return refusal(403, message);
}

/** Answers flag 404 with the message. */
export function notFound(message = '数据不存在'): PartRefusal {
  return refusal(404, message);
}
