import { AuditQueries } from './audit-queries';
import { CatalogueQueries } from './catalogue-queries';
import { DictionaryQueries } from './dictionary-queries';
import { ExportQueries } from './export-queries';
import { FleetQueries } from './fleet-queries';
import { HealthQueries } from './health-queries';
import { LoginQueries } from './login-queries';
import { MonitorQueries } from './monitor-queries';
import { NoticeQueries } from './notice-queries';
import { openDatabase, type DatabaseOptions, type OpenDatabase } from './open-database';
import { OrgQueries } from './org-queries';
import { PositionQueries } from './position-queries';
import { ScopeQueries } from './scope-queries';
import { SessionQueries } from './session-queries';
import { SiteQueries } from './site-queries';
import { UserQueries } from './user-queries';

/** Everything the API may ask of the database; the only door to SQL. */
export interface Store {
  readonly db: OpenDatabase['db'];
  readonly kind: OpenDatabase['kind'];
  readonly catalogue: CatalogueQueries;
  readonly org: OrgQueries;
  readonly users: UserQueries;
  readonly sessions: SessionQueries;
  readonly login: LoginQueries;
  readonly sites: SiteQueries;
  readonly dictionary: DictionaryQueries;
  readonly notices: NoticeQueries;
  readonly health: HealthQueries;
  readonly exports: ExportQueries;
  readonly fleet: FleetQueries;
  readonly positions: PositionQueries;
  readonly monitor: MonitorQueries;
  /** Who may see what: tenant subtree and vehicle-group scope of a user. */
  readonly scope: ScopeQueries;
  /** The operation log. */
  readonly audit: AuditQueries;
  close(): Promise<void>;
}

/** Opens the database, migrates it and makes sure the resource catalogue is current. */
export async function createStore(opts: DatabaseOptions): Promise<Store> {
  const opened = await openDatabase(opts);
  const { db } = opened;
  const store: Store = {
    db,
    kind: opened.kind,
    catalogue: new CatalogueQueries(db),
    org: new OrgQueries(db),
    users: new UserQueries(db),
    sessions: new SessionQueries(db),
    login: new LoginQueries(db),
    sites: new SiteQueries(db),
    dictionary: new DictionaryQueries(db),
    notices: new NoticeQueries(db),
    health: new HealthQueries(db),
    exports: new ExportQueries(db),
    fleet: new FleetQueries(db),
    positions: new PositionQueries(db),
    monitor: new MonitorQueries(db),
    scope: new ScopeQueries(db),
    audit: new AuditQueries(db),
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
