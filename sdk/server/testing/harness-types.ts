/**
 * What `@tianlu/sdk/server/testing` offers a plugin's own tests: the types of its test harness.
 * They name only the SDK's server contract (`@tianlu/sdk/server`), never the platform's code.
 */
import type { Kysely } from 'kysely';
import type {
  PartAlarmEvent,
  PartAlarmRow,
  PartAsset,
  PartAuditChange,
  PartCommandCarrier,
  PartContext,
  PartExportCell,
  PartPosition,
  PartReadings,
  PartSettingValues,
  PartUser,
} from '../index.js';

/** The caller of a route: a user of the platform and what their account may see. */
export interface HarnessUser extends PartUser {
  /** The tenants the caller may see: their own first, then those below it (default: their own only). */
  tenantIds?: readonly number[];
  /** null: no vehicle-group restriction (default); otherwise the groups the caller may see. */
  groupIds?: readonly number[] | null;
}

/** How the harness is set up. */
export interface PartHarnessOptions {
  /** The plugin's manifest.json (`import manifest from '../../manifest.json'`): its menus, buttons, settings and contributions. */
  manifest: object;
  /** Who calls the routes unless a call names another (default: user 1 of tenant 1, holding every menu and button of the plugin). */
  user?: Partial<HarnessUser>;
  /** The assets `assets()` knows (settable later with `harness.assets.set`). */
  assets?: readonly HarnessAssetInput[];
  /** Where the clock starts (default: the real time until `clock.set`). */
  now?: Date | string;
  /** Start the part's jobs as the platform does (default true); `close()` stops them. */
  jobs?: boolean;
}

/** An asset the harness knows: its terminal and tenant, the rest filled in (number, name, kind vehicle, no group). */
export type HarnessAssetInput = Partial<PartAsset> & { terminalId: number; tenantId: number };

/** A query value as a test gives it; it reaches the route as the text a URL carries. */
export type HarnessQueryValue = string | number | boolean | readonly (string | number | boolean)[];

/** One call of a route. */
export interface HarnessCallOptions {
  /** The query (added to any `?…` of the url); values travel as text, as over HTTP. */
  query?: Readonly<Record<string, HarnessQueryValue | undefined>>;
  /** The JSON body (sent through JSON, as over HTTP). */
  body?: unknown;
  /** The caller, over the harness's user (e.g. `{ tenantId: 2 }` for another tenant). */
  user?: Partial<HarnessUser>;
  /** The menu and button ids the caller's role holds (default: every one the manifest declares). */
  resources?: readonly number[];
  /** Whether the caller's role is granted the plugin's platform (default true; false answers 403 to every route). */
  platform?: boolean;
}

/** The answer of a route, as the platform sends it: flag 1 with `obj`, or the refusal's flag with its Chinese message. */
export interface HarnessAnswer<T = unknown> {
  flag: number;
  msg: string;
  obj: T;
}

/** A position as a test gives it: tenant and terminal, the rest filled in (times: the harness clock). */
export type HarnessPositionInput = Partial<Omit<PartPosition, 'readings'>> & {
  tenantId: number;
  terminalId: number;
  /** Named readings and raw additional items, `item.e1` → hex payload (the part's decoded readings are added). */
  readings?: PartReadings;
};

/** An entry of 操作日志 a route wrote. */
export interface HarnessAudit extends PartAuditChange {
  userId: number;
  tenantId: number;
}

/** A line the part logged. */
export interface HarnessLogLine {
  level: 'info' | 'warn' | 'error';
  obj: object;
  msg: string;
}

/** The alarms the part opened and ended, as the platform would have kept them. */
export interface HarnessAlarms {
  /** Every alarm `raise` opened, in order. */
  readonly raised: readonly PartAlarmRow[];
  /** Every alarm `end` ended, in order. */
  readonly ended: readonly PartAlarmRow[];
  /** The alarms open now. */
  open(): PartAlarmRow[];
  /** What the tenant set on 告警设置 for the type (by default the manifest's `defaultEnabled`); `raise` answers undefined while it is off. */
  setEnabled(tenantId: number, alarmType: string, enabled: boolean): void;
}

/** An export the part started into a user's 下载中心. */
export interface HarnessExport {
  id: number;
  /** `<plugin title>-<title>-<China day>.xlsx`, as 下载中心 lists it. */
  fileName: string;
  user: { id: number; tenantId: number };
  title: string;
  headers: string[];
  /** The rows written so far (cells as they would go into the sheet; empty cells as ''). */
  rows: PartExportCell[][];
  status: '生成中' | '可下载' | '失败';
  /** Why it failed. */
  error?: string;
}

export interface HarnessExports {
  /** Every export started, in order. */
  readonly started: readonly HarnessExport[];
  /** Waits until every started export has written its rows (or failed), and answers them. */
  settled(): Promise<readonly HarnessExport[]>;
}

export interface HarnessSettings {
  /** Saves a tenant's values as 插件设置 would: checked against the manifest's `settings`, refused in Chinese. */
  set(tenantId: number, values: Readonly<Record<string, unknown>>): void;
  /** The tenant's values as the part reads them (defaults filled in). */
  get(tenantId: number): PartSettingValues;
}

export interface HarnessAssets {
  /** Every asset the harness knows (`assets()` of a route answers those the caller may see). */
  readonly all: readonly PartAsset[];
  set(assets: readonly HarnessAssetInput[]): void;
}

export interface HarnessClock {
  now(): Date;
  /** Stops the clock at that time. */
  set(time: Date | string): void;
  /** Moves the stopped clock on. */
  advance(ms: number): void;
}

/** A server part running as the platform runs it, on an in-memory PostgreSQL (PGlite). */
export interface PartHarness<S> {
  /** What the part's `services` built. */
  services: S;
  /** What the part's services, jobs, subscriptions and routes get as `plugin`. */
  context: PartContext;
  /** The part's database, bound to its schema (to look at or prepare its tables). */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  db: Kysely<any>;
  /** Its schema, `plugin_<systemId>`. */
  schema: string;
  /** Calls a route as the platform does (`/plugins/<systemId>/api/…`): grants, schema, handler, the answer's envelope. */
  call<T = unknown>(method: string, url: string, options?: HarnessCallOptions): Promise<HarnessAnswer<T>>;
  /** Feeds committed positions to `subscriptions.positions` (one batch per tenant, decoded readings added); answers what the part got. */
  positions(batch: readonly HarnessPositionInput[]): Promise<PartPosition[]>;
  /** The readings of a position with the part's decoded readings added, as lists, tracks and the live channel show them. */
  decode(tenantId: number, terminalId: number, readings: PartReadings): PartReadings;
  /** Feeds an alarm raised or ended on the platform to `subscriptions.alarms`. */
  alarm(event: PartAlarmEvent): Promise<void>;
  /** The carrier the part's encoder makes of a command type its manifest contributes. */
  command(code: string, params: Record<string, unknown>): PartCommandCarrier;
  alarms: HarnessAlarms;
  exports: HarnessExports;
  settings: HarnessSettings;
  assets: HarnessAssets;
  clock: HarnessClock;
  /** What the part logged (and the errors its routes answered with 服务器内部错误). */
  readonly logs: readonly HarnessLogLine[];
  /** What its routes wrote to 操作日志. */
  readonly audits: readonly HarnessAudit[];
  /** Stops its jobs and the database. */
  close(): Promise<void>;
}
