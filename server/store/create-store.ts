import { AssetAdminQueries } from './asset-admin-queries';
import { AlarmQueries } from './alarm-queries';
import { AuditQueries } from './audit-queries';
import { CatalogueQueries } from './catalogue-queries';
import { CommandQueries } from './command-queries';
import { DictionaryQueries } from './dictionary-queries';
import { ExportQueries } from './export-queries';
import { FenceQueries } from './fence-queries';
import { FleetQueries } from './fleet-queries';
import { HealthQueries } from './health-queries';
import { MapSettingsQueries } from './map-settings-queries';
import { LoginQueries } from './login-queries';
import { MediaQueries } from './media-queries';
import { MonitorQueries } from './monitor-queries';
import { NoticeQueries } from './notice-queries';
import { NotifyQueries } from './notify-queries';
import { openDatabase, type DatabaseOptions, type OpenDatabase } from './open-database';
import { OrgQueries } from './org-queries';
import { PeopleQueries } from './people-queries';
import { PluginSettingsQueries } from './plugin-settings-queries';
import { PositionQueries } from './position-queries';
import { ReportEventQueries } from './report-event-queries';
import { ReportQueries } from './report-queries';
import { ScopeQueries } from './scope-queries';
import { SecurityQueries } from './security-queries';
import { SessionQueries } from './session-queries';
import { SiteQueries } from './site-queries';
import { SystemAdminQueries } from './system-admin-queries';
import { TrackQueries } from './track-queries';
import { UserQueries } from './user-queries';

/** Everything the API may ask of the database; the only door to SQL. */
export interface Store {
  readonly db: OpenDatabase['db'];
  readonly kind: OpenDatabase['kind'];
  /** PostgreSQL: the schema in use (search_path), for processes that open their own pool on it (gateway workers). */
  readonly schema: string | undefined;
  readonly catalogue: CatalogueQueries;
  readonly org: OrgQueries;
  readonly users: UserQueries;
  readonly sessions: SessionQueries;
  readonly login: LoginQueries;
  readonly sites: SiteQueries;
  readonly dictionary: DictionaryQueries;
  readonly notices: NoticeQueries;
  readonly health: HealthQueries;
  /** 地图设置 per tenant. */
  readonly mapSettings: MapSettingsQueries;
  /** 插件设置: each tenant's values of the settings sub-applications declare. */
  readonly pluginSettings: PluginSettingsQueries;
  readonly exports: ExportQueries;
  readonly fleet: FleetQueries;
  readonly positions: PositionQueries;
  /** 轨迹回放: positions of a time range, paged. */
  readonly tracks: TrackQueries;
  readonly monitor: MonitorQueries;
  /** Who may see what: tenant subtree and vehicle-group scope of a user. */
  readonly scope: ScopeQueries;
  /** The operation log. */
  readonly audit: AuditQueries;
  /** 安全中心: own password, phone, privacy, WeChat binding, sessions. */
  readonly security: SecurityQueries;
  /** Alarms, alarm controls and push settings. */
  readonly alarms: AlarmQueries;
  /** 告警推送: channels and the delivery outbox. */
  readonly notify: NotifyQueries;
  /** Fences, their bindings and the side each terminal was last seen on. */
  readonly fences: FenceQueries;
  /** 系统管理: vehicles, terminals, vehicle groups and their bulk imports, within an access scope. */
  readonly assets: AssetAdminQueries;
  /** Uploaded images (asset photos). */
  readonly media: MediaQueries;
  /** People (人员管理) with their profile fields and badges. */
  readonly people: PeopleQueries;
  /** Commands to terminals (queue and history). */
  readonly commands: CommandQueries;
  /** 系统管理: tenants, users, roles and dictionary entries as administrators edit them. */
  readonly system: SystemAdminQueries;
  /** Every terminal's mileage and online figures per China day, kept by the platform: 数据报表's reports and 数据中心's dashboard read them. */
  readonly reports: ReportQueries;
  /** Every terminal's trips, stops, overspeed stretches and fuel per China day, kept by the platform (数据报表 reads them). */
  readonly reportEvents: ReportEventQueries;
  close(): Promise<void>;
}

/** Opens the database, migrates it and makes sure the resource catalogue is current. */
export async function createStore(opts: DatabaseOptions): Promise<Store> {
  const opened = await openDatabase(opts);
  const { db } = opened;
  const reports = new ReportQueries(db);
  const alarms = new AlarmQueries(db);
  const store: Store = {
    db,
    kind: opened.kind,
    schema: opened.kind === 'postgres' ? opts.schema : undefined,
    catalogue: new CatalogueQueries(db),
    org: new OrgQueries(db),
    users: new UserQueries(db),
    sessions: new SessionQueries(db),
    login: new LoginQueries(db),
    sites: new SiteQueries(db),
    dictionary: new DictionaryQueries(db),
    notices: new NoticeQueries(db),
    health: new HealthQueries(db),
    mapSettings: new MapSettingsQueries(db),
    pluginSettings: new PluginSettingsQueries(db),
    exports: new ExportQueries(db),
    fleet: new FleetQueries(db),
    positions: new PositionQueries(db),
    tracks: new TrackQueries(db),
    monitor: new MonitorQueries(db),
    scope: new ScopeQueries(db),
    audit: new AuditQueries(db),
    security: new SecurityQueries(db),
    alarms,
    notify: new NotifyQueries(db),
    fences: new FenceQueries(db),
    assets: new AssetAdminQueries(db),
    media: new MediaQueries(db),
    people: new PeopleQueries(db),
    commands: new CommandQueries(db),
    system: new SystemAdminQueries(db),
    reports,
    reportEvents: new ReportEventQueries(db, reports),
    close: () => opened.close(),
  };
  try {
    await store.catalogue.ensureCatalogue();
  } catch (err) {
    await opened.close();
    throw err;
  }
  return store;
}
