import type { ColumnType, Generated } from 'kysely';

/** Kysely types of the alarm and fence tables (migration 0004-alarms). */
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type Json = ColumnType<unknown, string | undefined, string>;

export interface AlarmTable {
  id: Generated<string>;
  tenant_id: number;
  terminal_id: number;
  alarm_type: string;
  /** terminal | platform */
  source: string;
  /** 0 when the alarm is not tied to a fence. */
  fence_id: ColumnType<number, number | undefined, number>;
  start_time: Timestamp;
  end_time: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  lon: number | null;
  lat: number | null;
  speed: number | null;
  detail: Json;
  /** 0 未处理, 1 已处理 */
  status: ColumnType<number, number | undefined, number>;
  process_note: ColumnType<string | null, string | null | undefined, string | null>;
  process_user: ColumnType<string | null, string | null | undefined, string | null>;
  process_time: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** 补报: recorded from a report that arrived late (migration 0020). */
  late: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: CreatedAt;
}

export interface AlarmControlTable {
  tenant_id: number;
  alarm_type: string;
  enabled: boolean;
  thresholds: Json;
  /** urgent | normal | info; null: the type's default (migration 0022). */
  level: ColumnType<string | null, string | null | undefined, string | null>;
  updated_at: Timestamp;
}

export interface AlarmPushTable {
  tenant_id: number;
  settings: Json;
  updated_at: Timestamp;
}

export interface FenceTable {
  id: Generated<number>;
  tenant_id: number;
  name: string;
  /** circle | polygon */
  shape: string;
  center_lon: number | null;
  center_lat: number | null;
  radius: number | null;
  points: ColumnType<unknown, string | null, string | null>;
  /** enter | exit | both */
  trigger: string;
  /** fence (电子围栏) | safeZone (宠物守护 安全区域, bound to one pet) */
  kind: ColumnType<string, string | undefined, string>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface FenceVehicleTable {
  fence_id: number;
  vehicle_id: number;
}

export interface FenceGroupTable {
  fence_id: number;
  group_id: number;
}

export interface FenceStateTable {
  fence_id: number;
  terminal_id: number;
  inside: boolean;
  changed_at: Timestamp;
}

/** The alarm and fence tables, merged into the Database interface. */
export interface AlarmTables {
  alarms: AlarmTable;
  alarm_controls: AlarmControlTable;
  alarm_push: AlarmPushTable;
  fences: FenceTable;
  fence_vehicles: FenceVehicleTable;
  fence_groups: FenceGroupTable;
  fence_states: FenceStateTable;
}
