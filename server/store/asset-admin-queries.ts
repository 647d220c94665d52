import type { Kysely, Transaction } from 'kysely';
import type { Database } from './db-schema';
import { GroupAdminQueries } from './group-admin-queries';
import { TerminalAdminQueries } from './terminal-admin-queries';
import { VehicleAdminQueries } from './vehicle-admin-queries';

/**
 * 系统管理 of assets: vehicles, terminals and vehicle groups. `transaction` runs several changes as
 * one (all or nothing) with the same queries bound to the transaction, which it lends too: a module's
 * own queries built on it change their rows in the same transaction.
 */
export class AssetAdminQueries {
  readonly vehicles: VehicleAdminQueries;
  readonly terminals: TerminalAdminQueries;
  readonly groups: GroupAdminQueries;

  constructor(private readonly db: Kysely<Database>) {
    this.vehicles = new VehicleAdminQueries(db);
    this.terminals = new TerminalAdminQueries(db);
    this.groups = new GroupAdminQueries(db);
  }

  transaction<T>(work: (tx: AssetAdminQueries, trx: Transaction<Database>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => work(new AssetAdminQueries(trx), trx));
  }
}
