import type { ColumnType, Database, Generated } from '../../../server/module';

/** Kysely types of the tables 智能工牌's migrations create (migrations/); they mirror them exactly. */
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;

/** 考勤 work areas: circles where people work (WGS84 centre, radius in metres). */
export interface WorkAreaTable {
  id: Generated<number>;
  tenant_id: number;
  name: string;
  lon: number;
  lat: number;
  radius: number;
  created_at: CreatedAt;
}

/** 考勤 shifts at a work area, bound to people (vehicle ids) and departments. */
export interface WorkShiftTable {
  id: Generated<number>;
  tenant_id: number;
  work_area_id: number;
  name: string;
  /** Minutes after midnight, China time. */
  start_minute: number;
  end_minute: number;
  grace_minutes: number;
  /** ISO weekdays 1 (Monday) … 7, written as JSON text. */
  weekdays: ColumnType<number[], string, string>;
  vehicle_ids: ColumnType<number[], string, string>;
  departments: ColumnType<string[], string, string>;
  /** The day each binding starts to apply: `v:<vehicle id>` or `d:<department>` → YYYY-MM-DD, as JSON text. */
  member_starts: ColumnType<Record<string, string>, string | undefined, string>;
  created_at: CreatedAt;
}

/** A tenant's own 节假日 entries over the official schedule. */
export interface AttendanceHolidayTable {
  tenant_id: number;
  day: ColumnType<string, string, string>;
  kind: 'holiday' | 'workday' | 'normal';
  name: string;
  updated_by: number | null;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** 请假: whole days of leave of a person. */
export interface AttendanceLeaveTable {
  id: Generated<number>;
  tenant_id: number;
  vehicle_id: number;
  kind: string;
  start_day: ColumnType<string, string, string>;
  end_day: ColumnType<string, string, string>;
  reason: string;
  created_by: number | null;
  created_at: CreatedAt;
}

/** 补卡: a punch recorded by an administrator for a person's attendance day (minute after that day's midnight). */
export interface AttendancePunchTable {
  id: Generated<number>;
  tenant_id: number;
  vehicle_id: number;
  day: ColumnType<string, string, string>;
  punch: 'in' | 'out';
  minute: number;
  reason: string;
  created_by: number | null;
  created_at: CreatedAt;
}

/** 智能工牌's own tables (a type, not an interface: `withTables` wants an index signature). */
export type CardTables = {
  work_areas: WorkAreaTable;
  work_shifts: WorkShiftTable;
  attendance_holidays: AttendanceHolidayTable;
  attendance_leaves: AttendanceLeaveTable;
  attendance_punches: AttendancePunchTable;
};

/** The shared tables (vehicles, terminals, positions, …) and 智能工牌's. */
export type CardDatabase = Database & CardTables;
