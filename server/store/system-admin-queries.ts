import type { Kysely } from 'kysely';
import type { Database } from './db-schema';
import { DictionaryAdminQueries } from './dictionary-admin-queries';
import { RoleQueries } from './role-queries';
import { TenantAdminQueries } from './tenant-admin-queries';
import { UserAdminQueries } from './user-admin-queries';

/** 系统管理: tenants, users, roles and the dictionary as administrators edit them. */
export class SystemAdminQueries {
  readonly tenants: TenantAdminQueries;
  readonly users: UserAdminQueries;
  readonly roles: RoleQueries;
  readonly dictionary: DictionaryAdminQueries;

  constructor(db: Kysely<Database>) {
    this.tenants = new TenantAdminQueries(db);
    this.users = new UserAdminQueries(db);
    this.roles = new RoleQueries(db);
    this.dictionary = new DictionaryAdminQueries(db);
  }
}
