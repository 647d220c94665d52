import { tenantInScope, type AccessScope, type Database, type Kysely } from '../../../server/module';
import type { CardDatabase, CardTables } from './card-tables';

export interface WorkAreaRecord {
  id: number;
  tenantId: number;
  name: string;
  lon: number;
  lat: number;
  radius: number;
  createdAt: Date;
}

export type WorkAreaInput = Pick<WorkAreaRecord, 'name' | 'lon' | 'lat' | 'radius'>;

export interface WorkShiftRecord {
  id: number;
  tenantId: number;
  workAreaId: number;
  name: string;
  startMinute: number;
  endMinute: number;
  graceMinutes: number;
  weekdays: number[];
  vehicleIds: number[];
  departments: string[];
  /** The day each binding starts to apply: `v:<vehicle id>` or `d:<department>` → YYYY-MM-DD. */
  memberStarts: Record<string, string>;
  createdAt: Date;
}

export type WorkShiftInput = Omit<WorkShiftRecord, 'id' | 'tenantId' | 'createdAt'>;

export interface AreaPoint {
  terminalId: number;
  time: Date;
  lon: number;
  lat: number;
}

const jsonArray = (v: unknown): unknown[] => (Array.isArray(v) ? v : typeof v === 'string' ? (JSON.parse(v) as unknown[]) : []);
const jsonObject = (v: unknown): Record<string, string> => {
  const o: unknown = typeof v === 'string' ? JSON.parse(v) : v;
  return o && typeof o === 'object' && !Array.isArray(o) ? Object.fromEntries(Object.entries(o).map(([k, d]) => [k, String(d)])) : {};
};

/** 考勤: work areas, shifts and the positions attendance is computed from. */
export class AttendanceQueries {
  private readonly db: Kysely<CardDatabase>;

  constructor(db: Kysely<Database>) {
    this.db = db.withTables<CardTables>();
  }

  private areas(scope: AccessScope) {
    return this.db
      .selectFrom('work_areas')
      .select(['id', 'tenant_id as tenantId', 'name', 'lon', 'lat', 'radius', 'created_at as createdAt'])
      .where(tenantInScope(scope, 'work_areas.tenant_id'));
  }

  async listAreas(scope: AccessScope): Promise<WorkAreaRecord[]> {
    return (await this.areas(scope).orderBy('id').execute()).map((r) => ({ ...r, lon: Number(r.lon), lat: Number(r.lat), radius: Number(r.radius) }));
  }

  async findArea(scope: AccessScope, id: number): Promise<WorkAreaRecord | undefined> {
    const r = await this.areas(scope).where('id', '=', id).executeTakeFirst();
    return r && { ...r, lon: Number(r.lon), lat: Number(r.lat), radius: Number(r.radius) };
  }

  async areaNameTaken(tenantId: number, name: string, exceptId?: number): Promise<boolean> {
    let q = this.db.selectFrom('work_areas').select('id').where('tenant_id', '=', tenantId).where('name', '=', name);
    if (exceptId !== undefined) q = q.where('id', '<>', exceptId);
    return (await q.executeTakeFirst()) !== undefined;
  }

  async createArea(tenantId: number, input: WorkAreaInput): Promise<number> {
    const row = await this.db.insertInto('work_areas').values({ tenant_id: tenantId, ...input }).returning('id').executeTakeFirstOrThrow();
    return row.id;
  }

  async updateArea(id: number, input: WorkAreaInput): Promise<void> {
    await this.db.updateTable('work_areas').set(input).where('id', '=', id).execute();
  }

  /** Deletes the area with its shifts. */
  async deleteArea(id: number): Promise<void> {
    await this.db.deleteFrom('work_areas').where('id', '=', id).execute();
  }

  private shifts(scope: AccessScope) {
    return this.db
      .selectFrom('work_shifts')
      .select([
        'id', 'tenant_id as tenantId', 'work_area_id as workAreaId', 'name', 'start_minute as startMinute', 'end_minute as endMinute',
        'grace_minutes as graceMinutes', 'weekdays', 'vehicle_ids as vehicleIds', 'departments', 'member_starts as memberStarts', 'created_at as createdAt',
      ])
      .where(tenantInScope(scope, 'work_shifts.tenant_id'));
  }

  private static toShift(
    r: Omit<WorkShiftRecord, 'weekdays' | 'vehicleIds' | 'departments' | 'memberStarts'> & { weekdays: unknown; vehicleIds: unknown; departments: unknown; memberStarts: unknown },
  ): WorkShiftRecord {
    return {
      ...r,
      memberStarts: jsonObject(r.memberStarts),
      weekdays: jsonArray(r.weekdays).map(Number),
      vehicleIds: jsonArray(r.vehicleIds).map(Number),
      departments: jsonArray(r.departments).map(String),
    };
  }

  async listShifts(scope: AccessScope): Promise<WorkShiftRecord[]> {
    return (await this.shifts(scope).orderBy('id').execute()).map(AttendanceQueries.toShift);
  }

  async findShift(scope: AccessScope, id: number): Promise<WorkShiftRecord | undefined> {
    const r = await this.shifts(scope).where('id', '=', id).executeTakeFirst();
    return r && AttendanceQueries.toShift(r);
  }

  async shiftNameTaken(tenantId: number, name: string, exceptId?: number): Promise<boolean> {
    let q = this.db.selectFrom('work_shifts').select('id').where('tenant_id', '=', tenantId).where('name', '=', name);
    if (exceptId !== undefined) q = q.where('id', '<>', exceptId);
    return (await q.executeTakeFirst()) !== undefined;
  }

  private static shiftColumns(input: WorkShiftInput) {
    return {
      work_area_id: input.workAreaId,
      name: input.name,
      start_minute: input.startMinute,
      end_minute: input.endMinute,
      grace_minutes: input.graceMinutes,
      weekdays: JSON.stringify(input.weekdays),
      vehicle_ids: JSON.stringify(input.vehicleIds),
      departments: JSON.stringify(input.departments),
      member_starts: JSON.stringify(input.memberStarts),
    };
  }

  async createShift(tenantId: number, input: WorkShiftInput): Promise<number> {
    const row = await this.db
      .insertInto('work_shifts')
      .values({ tenant_id: tenantId, ...AttendanceQueries.shiftColumns(input) })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async updateShift(id: number, input: WorkShiftInput): Promise<void> {
    await this.db.updateTable('work_shifts').set(AttendanceQueries.shiftColumns(input)).where('id', '=', id).execute();
  }

  async deleteShift(id: number): Promise<void> {
    await this.db.deleteFrom('work_shifts').where('id', '=', id).execute();
  }

  /** Positions of these terminals with start ≤ time < end, oldest first (only what attendance needs). */
  async points(terminalIds: readonly number[], start: Date, end: Date): Promise<AreaPoint[]> {
    if (terminalIds.length === 0) return [];
    const rows = await this.db
      .selectFrom('positions')
      .select(['terminal_id as terminalId', 'device_time as time', 'lon', 'lat'])
      .where('terminal_id', 'in', [...terminalIds])
      .where('device_time', '>=', start)
      .where('device_time', '<', end)
      .orderBy('terminal_id')
      .orderBy('device_time')
      .execute();
    return rows.map((r) => ({ ...r, lon: Number(r.lon), lat: Number(r.lat) }));
  }
}
