import type { Kysely } from 'kysely';
import type { Database } from './db-schema';
import { AssetImportQueries } from './asset-import-queries';
import { GroupAdminQueries } from './group-admin-queries';
import { TerminalAdminQueries } from './terminal-admin-queries';
import { VehicleAdminQueries } from './vehicle-admin-queries';

/**
 * 系统管理 of assets: vehicles, terminals, vehicle groups and bulk imports. `transaction` runs
 * several changes as one (all or nothing) with the same queries bound to the transaction.
 */
export class AssetAdminQueries {
  readonly vehicles: VehicleAdminQueries;
  readonly terminals: TerminalAdminQueries;
  readonly groups: GroupAdminQueries;
  readonly imports: AssetImportQueries;

  constructor(private readonly db: Kysely<Database>) {
    this.vehicles = new VehicleAdminQueries(db);
    this.terminals = new TerminalAdminQueries(db);
    this.groups = new GroupAdminQueries(db);
    this.imports = new AssetImportQueries(db);
  }

  transaction<T>(work: (tx: AssetAdminQueries) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => work(new AssetAdminQueries(trx)));
  }
}
