import type { Kysely, Migration } from 'kysely';
import type { AppDeps } from '../api/app-deps';
import type { ApiArea } from '../api/route-registry';
import type { TextMessages } from '../notify/text-messages';
import type { AlarmRow } from '../store/alarm-queries';
import type { Clock } from '../clock';
import type { CommandRequest } from '../commands/command-service';
import type { CommandView } from '../commands/command-view';
import type { Store } from '../store/create-store';
import type { Database } from '../store/db-schema';
import type { Alarm, ModuleAlarmType } from '../../sdk/services/alarm-service';
import type { PartAlarmEvent, PartAlarmWriter, PartPosition, ReadingDecoder } from './part-data';
import type { CommandCarrier } from '../../sdk/command-carriers';
import type { PartExportCell, PartExportColumn, PartExportRequest, PartExportRows, PartExports, PartLogger, PartSettings } from '../../sdk/server';

/** What a module's services and jobs may log. */
export type ModuleLogger = PartLogger;

/**
 * The platform's alarms as a module sees them: a module that opens or ends an alarm row announces it
 * here; one that shows or exports alarms answers them as 告警中心 does.
 */
export interface ModuleAlarms {
  announceRaised(row: AlarmRow): void;
  announceEnded(row: AlarmRow): void;
  /** The Chinese name of an alarm type, the platform's or a module's. */
  name(alarmType: string): string;
  /** An alarm row as 告警中心 answers it: its type's name (the asset kind's own word) and level, times in China time. */
  view(row: AlarmRow): Alarm;
  /** An `alarmType` filter, `sos,overspeed`: the types it names (undefined when none); a type the catalogue does not know is refused (400 告警类型 … 不存在). */
  parseTypes(value: string | undefined): string[] | undefined;
  /** Where 告警中心's 实时告警 (the unprocessed alarms of the last 24 hours) starts at `now`. */
  realTimeSince(now: Date): Date;
}


/** The command queue as a module sees it (the same queue 指令下发 uses). */
export interface ModuleCommands {
  submit(req: CommandRequest): Promise<{ batchId: string; commands: CommandView[] }>;
}

/** What the server lends a module once its store and fleet are up. */
export interface ModuleContext {
  /** The shared queries (org, alarms, commands, audit, …) and the database. */
  store: Store;
  db: Kysely<Database>;
  clock: Clock;
  log: ModuleLogger;
  alarms: ModuleAlarms;
  commands: ModuleCommands;
  /** Text messages through the tenant's SMS channel (else the platform's, else SMS_PROVIDER), on record in 推送记录. */
  texts: TextMessages;
}

/** The plugin's settings (`settings` of its manifest.json) as a tenant saved them on 插件设置: `get(tenantId)`, every field present. */
export type ModuleSettings = PartSettings;

/** What a cell of an export holds (null and undefined leave it empty). */
export type ExportCell = PartExportCell;
/** A column of an export: its header and where its cells come from (`key` of a plain row, or `value`). */
export type ModuleExportColumn<T> = PartExportColumn<T>;
/** The rows of an export: a list, a generator, or a function (it may be async) answering either. */
export type ExportRows<T> = PartExportRows<T>;
/** An export to put in a user's 下载中心. */
export type ModuleExportRequest<T> = PartExportRequest<T>;

/** Most rows an installed part's export writes; past it the sheet ends with a row saying so. */
export const PART_EXPORT_ROW_LIMIT = 100_000;

/**
 * Spreadsheets into 下载中心, as the platform's own exports go there: `start` records the export as 生成中
 * in the user's 下载中心 and answers its id and file name at once; the .xlsx is written in the
 * background (then 可下载, or 失败 when the rows throw) and the user's open consoles are told. A request
 * of the wrong shape throws, with nothing recorded.
 */
export type ModuleExports = PartExports;

/**
 * What the platform lends the server part of a plugin installed in PLUGINS_DIR (jobs and `services`
 * get it instead of `ModuleContext`): a database handle bound to the plugin's own schema and the
 * narrow platform services. No `Store`: an installed part does not reach the platform's tables
 * through what it is given.
 */
export interface InstalledModuleContext {
  /** Bound to the plugin's schema (`withSchema`): the query builder reads and writes its own tables. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  db: Kysely<any>;
  /** The plugin's schema, `plugin_<systemId>`: raw `sql` names its tables with `sql.id(schema, table)`. */
  schema: string;
  clock: Clock;
  log: ModuleLogger;
  /** The platform's alarms, and opening and ending those of the types the plugin's manifest.json contributes. */
  alarms: ModuleAlarms & PartAlarmWriter;
  commands: ModuleCommands;
  texts: TextMessages;
  /** The plugin's settings per tenant (`settings` of its manifest.json, set on 系统中心 › 设置 › 插件设置). */
  settings: ModuleSettings;
  /** Exports into the user's 下载中心. */
  exports: ModuleExports;
}

/** A box of WGS84 degrees with its name. */
export interface DemoArea {
  name: string;
  minLon: number;
  maxLon: number;
  minLat: number;
  maxLat: number;
}

/** A demo terminal as the demo profile provisions it. */
export interface DemoAsset {
  /** Plate or name the asset was registered under. */
  name: string;
  assetKind: string;
  /** The fields of its kind as 系统管理 holds them (an e-bike's brand, model, frameNo, motorNo, color, …). */
  profile: Readonly<Record<string, string | number>>;
  /** Where the demo's simulator moves it (the industrial park the staff badges walk in, a pet's estate, an e-bike's district). */
  area: DemoArea;
}

/** What a module's demo seed gets: run once per start of the demo profile, after the demo assets exist. */
export interface DemoSeedContext {
  store: Store;
  db: Kysely<Database>;
  /** The demo tenant's name (demo data goes there). */
  demoTenant: string;
  now: Date;
  assets: readonly DemoAsset[];
}

/** Something started that the server closes when it stops. */
export interface Closable {
  close(): Promise<void> | void;
}

/** A background task of a module: started with the server, closed (in reverse order) when it stops. */
export interface ModuleJob<S> {
  name: string;
  start(ctx: ModuleContext, services: S): Closable;
}

/** A module's server half as it declares itself. */
export interface ServerModuleDefinition<S = undefined> {
  /** The folder name under plugins/ (e.g. 'elec-lease'); unique among the modules. */
  name: string;
  /** Its API areas, registered like the server's own. */
  routes?: readonly ApiArea[];
  /**
   * Its Kysely migrations by name. Names sort with the server's own (`0026-…`): a module keeps the
   * names its migrations were first run under, or databases that ran them refuse to migrate.
   */
  migrations?: Readonly<Record<string, Migration>>;
  /** Built once per server, before the routes answer; route handlers reach them with `moduleServices`. */
  services?(ctx: ModuleContext): S;
  /**
   * The alarm types it raises itself (platform alarms): the alarm catalogue lists them after the
   * platform's own, so 告警设置, 推送设置 and the alarm queries know them. Declare them in the
   * sub-application's shared SDK file so the console names them from the same declaration.
   */
  alarmTypes?: readonly ModuleAlarmType[];
  jobs?: readonly ModuleJob<S>[];
  /**
   * Installed plugins' parts: the committed positions (one tenant's batch at a time) and the alarms raised
   * or ended that it is handed, after commit, in order, off the platform's path, only of tenants that have
   * the plugin (docs/plugin-guide/server-parts.md, "Subscriptions").
   */
  subscriptions?: {
    positions?(batch: readonly PartPosition[], ctx: InstalledModuleContext): unknown;
    alarms?(event: PartAlarmEvent, ctx: InstalledModuleContext): unknown;
  };
  /**
   * Installed plugins' parts: readings it decodes from a position, by key `<systemId>.<name>`; they join
   * the position's readings in the live channel, list.json and the track (server-parts.md, "Decoded readings").
   */
  readings?: Readonly<Record<string, ReadingDecoder>>;
  /**
   * Encoders of the command types its plugin contributes (`contributes.commandTypes` of its
   * manifest.json), by code: given the checked parameters, the carrier the platform sends
   * (0x8300 text or 0x8900 passthrough). Used instead of the declared `carrier`; one that throws or
   * answers something unsendable fails that command with the reason. Installed plugins only.
   */
  commands?: Readonly<Record<string, (params: Record<string, unknown>) => CommandCarrier>>;
  /** Demo data of the demo profile; must add nothing when it already ran. */
  seedDemo?(ctx: DemoSeedContext): Promise<void>;
}

export interface ServerModule<S = undefined> extends ServerModuleDefinition<S> {
  readonly kind: 'tianlu-server-module';
}

/** Declares a module's server half: every built-in module and every third-party one uses it. */
export function defineServerModule<S = undefined>(definition: ServerModuleDefinition<S>): ServerModule<S> {
  if (!/^[a-z][a-z0-9-]*$/.test(definition.name)) throw new Error(`module name "${definition.name}" must be lower-case letters, digits and dashes`);
  return { ...definition, kind: 'tianlu-server-module' };
}

/**
 * The services a module built for this server, read from the route's deps: declare one reader per
 * module next to its services (`export const leaseOf = moduleServices<LeaseServices>('elec-lease')`).
 */
export function moduleServices<S>(name: string): (deps: Pick<AppDeps, 'modules'>) => S {
  return (deps) => {
    if (!deps.modules.has(name)) throw new Error(`module "${name}" has not started`);
    return deps.modules.get(name) as S;
  };
}
