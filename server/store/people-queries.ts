import { sql, type Kysely } from 'kysely';
import type { Database } from './db-schema';
import { assetInScope, type AccessScope } from './scope-queries';

/** A person (asset kind person, 系统管理 › 人员管理) with the fields of their profile and their badge. */
export interface PersonRecord {
  vehicleId: number;
  tenantId: number;
  name: string;
  employeeNo: string;
  department: string;
  phone: string;
  /** The uploaded photo's address ('' without one). */
  photo: string;
  /** The bound terminal, when there is one, and its number. */
  terminalId: number | null;
  terminalNo: string | null;
}

/** The people of an access scope: what 健康设置 binds limits to and what 智能工牌 lists. */
export class PeopleQueries {
  constructor(private readonly db: Kysely<Database>) {}

  /** People (asset kind person) in the scope with their employee number, department and badge, by id. */
  async list(scope: AccessScope): Promise<PersonRecord[]> {
    const rows = await this.db
      .selectFrom('vehicles as v')
      .leftJoin('terminals as t', 't.vehicle_id', 'v.id')
      .select([
        'v.id as vehicleId', 'v.tenant_id as tenantId', 'v.plate_no as name', 't.id as terminalId', 't.terminal_no as terminalNo',
        sql<string | null>`v.profile->>'employeeNo'`.as('employeeNo'), sql<string | null>`v.profile->>'department'`.as('department'),
        sql<string | null>`v.profile->>'phone'`.as('phone'), sql<string | null>`v.profile->>'photo'`.as('photo'),
      ])
      .where('v.asset_kind', '=', 'person')
      .where(assetInScope(scope, 'v.tenant_id', 'v.group_id'))
      .orderBy('v.id')
      .execute();
    const seen = new Set<number>();
    return rows
      .filter((r) => !seen.has(r.vehicleId) && seen.add(r.vehicleId))
      .map((r) => ({ ...r, employeeNo: r.employeeNo ?? '', department: r.department ?? '', phone: r.phone ?? '', photo: r.photo ?? '', terminalId: r.terminalId ?? null, terminalNo: r.terminalNo ?? null }));
  }

  /** Departments the scope's people belong to, sorted. */
  async departments(scope: AccessScope): Promise<string[]> {
    return [...new Set((await this.list(scope)).map((p) => p.department).filter(Boolean))].sort();
  }
}
