import { assetInScope, sql, tenantInScope, type AccessScope, type Database, type Kysely } from '../../../server/module';
import type { HolidayKind } from '../../../sdk/attendance';
import type { TenantHoliday } from './attendance/holiday-calendar';
import type { CardDatabase, CardTables } from './card-tables';

const DATE = (column: string) => sql<string>`to_char(${sql.ref(column)}, 'YYYY-MM-DD')`;

/** A tenant's own calendar entry. */
export interface TenantHolidayRecord extends TenantHoliday {
  tenantId: number;
}

/** 请假 of a person over whole days. */
export interface LeaveRecord {
  id: number;
  tenantId: number;
  vehicleId: number;
  personName: string;
  kind: string;
  startDay: string;
  endDay: string;
  reason: string;
  createdBy: string | null;
  createdAt: Date;
}

/** 补卡: a punch for a person's attendance day, `minute` after that day's midnight. */
export interface PunchRecord {
  id: number;
  tenantId: number;
  vehicleId: number;
  personName: string;
  day: string;
  punch: 'in' | 'out';
  minute: number;
  reason: string;
  createdBy: string | null;
  createdAt: Date;
}

export type LeaveInput = Pick<LeaveRecord, 'vehicleId' | 'kind' | 'startDay' | 'endDay' | 'reason'>;
export type PunchInput = Pick<PunchRecord, 'vehicleId' | 'day' | 'punch' | 'minute' | 'reason'>;

/** Filters of the 请假 and 补卡 lists: a person, and the days the record touches. */
export interface RecordFilter {
  vehicleId?: number;
  from?: string;
  to?: string;
}

/** 考勤 records an administrator keeps: the tenant's holiday calendar, 请假 and 补卡. */
export class AttendanceRecordQueries {
  private readonly db: Kysely<CardDatabase>;

  constructor(db: Kysely<Database>) {
    this.db = db.withTables<CardTables>();
  }

  /** The tenants' own calendar entries with first ≤ day ≤ last. */
  async holidays(tenantIds: readonly number[], first: string, last: string): Promise<TenantHolidayRecord[]> {
    if (tenantIds.length === 0) return [];
    return this.db
      .selectFrom('attendance_holidays')
      .select(['tenant_id as tenantId', DATE('day').as('day'), 'kind', 'name'])
      .where('tenant_id', 'in', [...tenantIds])
      .where('day', '>=', first)
      .where('day', '<=', last)
      .orderBy('day')
      .execute();
  }

  async saveHoliday(tenantId: number, day: string, kind: HolidayKind, name: string, userId: number): Promise<void> {
    await this.db
      .insertInto('attendance_holidays')
      .values({ tenant_id: tenantId, day, kind, name, updated_by: userId })
      .onConflict((oc) => oc.columns(['tenant_id', 'day']).doUpdateSet({ kind, name, updated_by: userId, updated_at: new Date() }))
      .execute();
  }

  /** Removes the tenant's own entry of the day (the official schedule, if any, applies again). */
  async deleteHoliday(tenantId: number, day: string): Promise<number> {
    const r = await this.db.deleteFrom('attendance_holidays').where('tenant_id', '=', tenantId).where('day', '=', day).executeTakeFirst();
    return Number(r.numDeletedRows);
  }

  private leaves(scope: AccessScope) {
    return this.db
      .selectFrom('attendance_leaves as l')
      .innerJoin('vehicles as v', 'v.id', 'l.vehicle_id')
      .leftJoin('users as u', 'u.id', 'l.created_by')
      .select([
        'l.id', 'l.tenant_id as tenantId', 'l.vehicle_id as vehicleId', 'v.plate_no as personName', 'l.kind', DATE('l.start_day').as('startDay'),
        DATE('l.end_day').as('endDay'), 'l.reason', 'u.name as createdBy', 'l.created_at as createdAt',
      ])
      .where(tenantInScope(scope, 'l.tenant_id'))
      .where(assetInScope(scope, 'v.tenant_id', 'v.group_id'));
  }

  async listLeaves(scope: AccessScope, filter: RecordFilter): Promise<LeaveRecord[]> {
    let q = this.leaves(scope);
    if (filter.vehicleId !== undefined) q = q.where('l.vehicle_id', '=', filter.vehicleId);
    if (filter.to !== undefined) q = q.where('l.start_day', '<=', filter.to);
    if (filter.from !== undefined) q = q.where('l.end_day', '>=', filter.from);
    return q.orderBy('l.start_day', 'desc').orderBy('l.id', 'desc').execute();
  }

  async findLeave(scope: AccessScope, id: number): Promise<LeaveRecord | undefined> {
    return this.leaves(scope).where('l.id', '=', id).executeTakeFirst();
  }

  /** Leaves of the person touching first … last, other than `exceptId`. */
  async overlappingLeave(vehicleId: number, first: string, last: string, exceptId?: number): Promise<boolean> {
    let q = this.db.selectFrom('attendance_leaves').select('id').where('vehicle_id', '=', vehicleId).where('start_day', '<=', last).where('end_day', '>=', first);
    if (exceptId !== undefined) q = q.where('id', '<>', exceptId);
    return (await q.executeTakeFirst()) !== undefined;
  }

  async createLeave(tenantId: number, input: LeaveInput, userId: number): Promise<number> {
    const row = await this.db
      .insertInto('attendance_leaves')
      .values({ tenant_id: tenantId, vehicle_id: input.vehicleId, kind: input.kind, start_day: input.startDay, end_day: input.endDay, reason: input.reason, created_by: userId })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async deleteLeave(id: number): Promise<void> {
    await this.db.deleteFrom('attendance_leaves').where('id', '=', id).execute();
  }

  private punches(scope: AccessScope) {
    return this.db
      .selectFrom('attendance_punches as p')
      .innerJoin('vehicles as v', 'v.id', 'p.vehicle_id')
      .leftJoin('users as u', 'u.id', 'p.created_by')
      .select([
        'p.id', 'p.tenant_id as tenantId', 'p.vehicle_id as vehicleId', 'v.plate_no as personName', DATE('p.day').as('day'), 'p.punch', 'p.minute',
        'p.reason', 'u.name as createdBy', 'p.created_at as createdAt',
      ])
      .where(tenantInScope(scope, 'p.tenant_id'))
      .where(assetInScope(scope, 'v.tenant_id', 'v.group_id'));
  }

  async listPunches(scope: AccessScope, filter: RecordFilter): Promise<PunchRecord[]> {
    let q = this.punches(scope);
    if (filter.vehicleId !== undefined) q = q.where('p.vehicle_id', '=', filter.vehicleId);
    if (filter.from !== undefined) q = q.where('p.day', '>=', filter.from);
    if (filter.to !== undefined) q = q.where('p.day', '<=', filter.to);
    return q.orderBy('p.day', 'desc').orderBy('p.id', 'desc').execute();
  }

  async findPunch(scope: AccessScope, id: number): Promise<PunchRecord | undefined> {
    return this.punches(scope).where('p.id', '=', id).executeTakeFirst();
  }

  async createPunch(tenantId: number, input: PunchInput, userId: number): Promise<number> {
    const row = await this.db
      .insertInto('attendance_punches')
      .values({ tenant_id: tenantId, vehicle_id: input.vehicleId, day: input.day, punch: input.punch, minute: input.minute, reason: input.reason, created_by: userId })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async deletePunch(id: number): Promise<void> {
    await this.db.deleteFrom('attendance_punches').where('id', '=', id).execute();
  }

  /** Leaves of these people touching first … last (for the reports). */
  async leavesOf(vehicleIds: readonly number[], first: string, last: string): Promise<Pick<LeaveRecord, 'vehicleId' | 'kind' | 'startDay' | 'endDay'>[]> {
    if (vehicleIds.length === 0) return [];
    return this.db
      .selectFrom('attendance_leaves')
      .select(['vehicle_id as vehicleId', 'kind', DATE('start_day').as('startDay'), DATE('end_day').as('endDay')])
      .where('vehicle_id', 'in', [...vehicleIds])
      .where('start_day', '<=', last)
      .where('end_day', '>=', first)
      .execute();
  }

  /** 补卡 of these people on first … last (for the reports). */
  async punchesOf(vehicleIds: readonly number[], first: string, last: string): Promise<Pick<PunchRecord, 'vehicleId' | 'day' | 'minute'>[]> {
    if (vehicleIds.length === 0) return [];
    return this.db
      .selectFrom('attendance_punches')
      .select(['vehicle_id as vehicleId', DATE('day').as('day'), 'minute'])
      .where('vehicle_id', 'in', [...vehicleIds])
      .where('day', '>=', first)
      .where('day', '<=', last)
      .execute();
  }
}
