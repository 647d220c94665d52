import type { ColumnType, Generated } from 'kysely';
import type { AlarmTables } from './alarm-tables';
import type { NotifyTables } from './notify-tables';
import type { ReportTables } from './report-tables';

/** Kysely table types; they mirror migrations/ exactly. */
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type Timestamp = ColumnType<Date, Date | string, Date | string>;

export interface TenantTable {
  id: Generated<number>;
  parent_id: number | null;
  name: string;
  /** platform | agent | customer */
  kind: ColumnType<string, string | undefined, string>;
  contact: ColumnType<string, string | undefined, string>;
  phone: ColumnType<string, string | undefined, string>;
  remark: ColumnType<string, string | undefined, string>;
  created_at: CreatedAt;
}

export interface RoleTable {
  id: Generated<number>;
  tenant_id: number;
  name: string;
  remark: ColumnType<string, string | undefined, string>;
  created_at: CreatedAt;
}

export interface UserTable {
  id: Generated<number>;
  account: string;
  password_hash: string;
  name: string;
  phone: string | null;
  tenant_id: number;
  role_id: number;
  disabled: ColumnType<boolean, boolean | undefined, boolean>;
  chat_logo: string | null;
  password_changed_at: Timestamp;
  email: ColumnType<string, string | undefined, string>;
  remark: ColumnType<string, string | undefined, string>;
  phone_verified: ColumnType<boolean, boolean | undefined, boolean>;
  privacy: ColumnType<unknown, string | undefined, string>;
  wx_open_id: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: CreatedAt;
}

/** A user's vehicle-group scope; no rows = every group of the user's tenant subtree. */
export interface UserGroupTable {
  user_id: number;
  group_id: number;
}

export interface OperationLogTable {
  id: Generated<string>;
  tenant_id: number;
  user_id: number | null;
  account: string;
  action: string;
  target: ColumnType<string, string | undefined, string>;
  before: ColumnType<unknown, string | null | undefined, string | null>;
  after: ColumnType<unknown, string | null | undefined, string | null>;
  ip: string | null;
  at: CreatedAt;
}

export interface LoginHistoryTable {
  id: Generated<string>;
  user_id: number | null;
  tenant_id: number | null;
  account: string;
  ip: string | null;
  /** success | failure | locked */
  result: string;
  /** password | sms */
  method: ColumnType<string, string | undefined, string>;
  at: CreatedAt;
}

export interface PlatformTable {
  platform_id: number;
  system_id: string;
  title: string;
  path: string;
  sort: number;
}

export interface ResourceTable {
  id: number;
  parent_id: number | null;
  name: string;
  type: number;
  path: string | null;
  icon: string | null;
  platform_id: number;
  sort: number;
}

export interface RoleResourceTable {
  role_id: number;
  resource_id: number;
}

export interface RolePlatformTable {
  role_id: number;
  platform_id: number;
}

export interface SessionTable {
  id: string;
  user_id: number;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  ip: string | null;
}

export interface LoginPageTable {
  page_id: string;
  key: string;
  code_answer: string | null;
  expires_at: Timestamp;
}

export interface LoginFailureTable {
  id: Generated<number>;
  account: string;
  /** The source address; null for failures stored before it was kept. */
  ip: string | null;
  at: Timestamp;
}

export interface SmsCodeTable {
  phone: string;
  code: string;
  sent_at: Timestamp;
  expires_at: Timestamp;
  attempts: ColumnType<number, number | undefined, number>;
}

export interface SiteTable {
  host: string;
  title: string;
  description: string;
  keyword: string;
  icon_url: string;
  tenant_id: number | null;
}

export interface DictionaryTable {
  id: Generated<number>;
  type: string;
  code: string;
  name: string;
  sort: number;
}

export interface NoticeTable {
  id: Generated<number>;
  /** null: visible to every tenant. */
  tenant_id: number | null;
  /** Set: only this user (of tenant_id) sees it. */
  user_id: number | null;
  title: string;
  summary: string;
  content: string;
  category: string;
  publish_time: Timestamp;
}

export interface NoticeReadTable {
  notice_id: number;
  user_id: number;
  read_at: Timestamp;
}

export interface HealthThresholdTable {
  tenant_id: number;
  heart_rate_min: number;
  heart_rate_max: number;
  temperature_max: number;
  step_goal: number;
  updated_at: Timestamp;
  /** Null in rows saved before these limits existed: the defaults apply. */
  systolic_min: number | null;
  systolic_max: number | null;
  diastolic_min: number | null;
  diastolic_max: number | null;
  spo2_min: number | null;
  temperature_min: number | null;
}

/** A department's (profile 部门) or a person's own 健康设置; a null limit is inherited. */
export interface HealthLimitOverrideTable {
  id: Generated<number>;
  tenant_id: number;
  department: string | null;
  vehicle_id: number | null;
  heart_rate_min: number | null;
  heart_rate_max: number | null;
  systolic_min: number | null;
  systolic_max: number | null;
  diastolic_min: number | null;
  diastolic_max: number | null;
  spo2_min: number | null;
  temperature_min: number | null;
  temperature_max: number | null;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
  updated_by: number | null;
}

export interface ExportRecordTable {
  id: Generated<number>;
  user_id: number;
  tenant_id: number;
  file_name: string;
  /** 0 running, 1 ready, 2 failed. */
  status: number;
  size: ColumnType<number, number, number>;
  /** File name under DATA_DIR/exports; null until ready. */
  storage_key: string | null;
  created_at: Timestamp;
}

export interface DownloadTokenTable {
  token: string;
  user_id: number;
  expires_at: Timestamp;
}

export interface VehicleGroupTable {
  id: Generated<number>;
  tenant_id: number;
  parent_id: number | null;
  name: string;
  sort: ColumnType<number, number | undefined, number>;
}

type DateOnly = ColumnType<string | null, string | null | undefined, string | null>;

export interface VehicleTable {
  id: Generated<number>;
  tenant_id: number;
  group_id: number | null;
  plate_no: string;
  plate_color: ColumnType<number, number | undefined, number>;
  vehicle_type: ColumnType<string, string | undefined, string>;
  vin: ColumnType<string, string | undefined, string>;
  driver: ColumnType<string, string | undefined, string>;
  expiry_date: DateOnly;
  asset_kind: ColumnType<string, string | undefined, string>;
  /** km/h; platform overspeed falls back to the tenant's threshold when null. */
  speed_limit: ColumnType<number | null, number | null | undefined, number | null>;
  /** The fields of the asset's kind (AssetProfile), written as JSON text. */
  profile: ColumnType<Record<string, string | number>, string | undefined, string>;
  /** 维修中: 电动车租赁 counts it apart from the idle e-bikes. */
  in_repair: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: CreatedAt;
}

/** Uploaded images (asset photos), served by their unguessable name. */
export interface MediaFileTable {
  id: Generated<number>;
  name: string;
  tenant_id: number;
  content_type: string;
  size: number;
  data: Uint8Array;
  created_by: number | null;
  created_at: CreatedAt;
}

export interface TerminalTable {
  id: Generated<number>;
  tenant_id: number;
  terminal_no: string;
  display_no: string;
  auth_code: string;
  imei: ColumnType<string, string | undefined, string>;
  model: ColumnType<string, string | undefined, string>;
  sim: ColumnType<string, string | undefined, string>;
  edition: ColumnType<string, string | undefined, string>;
  /** jt808 | gt06 | watch: the protocol the terminal speaks (terminal_no is its IMEI for gt06 and watch). */
  protocol: ColumnType<string, string | undefined, string>;
  install_date: DateOnly;
  vehicle_id: number | null;
  connected: ColumnType<boolean, boolean | undefined, boolean>;
  connected_changed_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  created_at: CreatedAt;
}

/** A device's 防盗设置 (migration 0023): 震动灵敏度 and 告警间隔; no row: the defaults apply. */
export interface TenantMapSettingsTable {
  tenant_id: number;
  /** auto amap tencent baidu tianditu osm offline */
  provider: string;
  amap_key: string | null;
  tencent_key: string | null;
  baidu_key: string | null;
  tianditu_key: string | null;
  updated_at: ColumnType<Date, Date | undefined, Date>;
  updated_by: number | null;
}

/** 插件设置: a tenant's values of one sub-application's declared settings. */
export interface PluginSettingsTable {
  tenant_id: number;
  system_id: string;
  /** jsonb: the values by key (written as JSON text). */
  values: ColumnType<unknown, string, string>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
  updated_by: number | null;
}

export interface DeviceGuardSettingsTable {
  terminal_id: number;
  /** 1 低, 2 中, 3 高 */
  vibration_sensitivity: number;
  vibration_window_seconds: number;
  updated_at: Timestamp;
  updated_by: number | null;
  /** The command batch that last told the device its 震动灵敏度 (GT06 guards). */
  push_batch_id: ColumnType<string | null, string | null | undefined, string | null>;
}

/** Columns shared by positions and latest_positions (bigint flags arrive as strings from pg). */
interface PositionColumns {
  terminal_id: number;
  tenant_id: number;
  device_time: Timestamp;
  received_time: Timestamp;
  lon: number;
  lat: number;
  altitude: number;
  speed: number;
  course: number;
  alarm_flags: ColumnType<string | number, number, number>;
  status_flags: ColumnType<string | number, number, number>;
  mileage: number | null;
  extras: ColumnType<unknown, string, string>;
}

export interface PositionTable extends PositionColumns {
  backfill: boolean;
}

export type LatestPositionTable = PositionColumns;

export interface CommandTable {
  id: Generated<string>;
  batch_id: string;
  tenant_id: number;
  terminal_id: number;
  terminal_no: string;
  display_no: string;
  plate_no: string | null;
  command_type: string;
  msg_id: number;
  params: ColumnType<unknown, string, string>;
  status: ColumnType<number, number | undefined, number>;
  serial: ColumnType<number | null, number | null | undefined, number | null>;
  /** GT06 / watch: what the device's answer carries to name this command. */
  match_key: ColumnType<string | null, string | null | undefined, string | null>;
  result: ColumnType<unknown, string | null | undefined, string | null>;
  user_id: number | null;
  account: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  send_time: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  result_time: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface Database extends AlarmTables, NotifyTables, ReportTables {
  tenants: TenantTable;
  roles: RoleTable;
  users: UserTable;
  user_groups: UserGroupTable;
  operation_logs: OperationLogTable;
  login_history: LoginHistoryTable;
  platforms: PlatformTable;
  resources: ResourceTable;
  role_resources: RoleResourceTable;
  role_platforms: RolePlatformTable;
  sessions: SessionTable;
  login_pages: LoginPageTable;
  login_failures: LoginFailureTable;
  sms_codes: SmsCodeTable;
  sites: SiteTable;
  dictionary: DictionaryTable;
  notices: NoticeTable;
  notice_reads: NoticeReadTable;
  health_thresholds: HealthThresholdTable;
  health_limit_overrides: HealthLimitOverrideTable;
  export_records: ExportRecordTable;
  download_tokens: DownloadTokenTable;
  vehicle_groups: VehicleGroupTable;
  vehicles: VehicleTable;
  terminals: TerminalTable;
  device_guard_settings: DeviceGuardSettingsTable;
  tenant_map_settings: TenantMapSettingsTable;
  plugin_settings: PluginSettingsTable;
  media_files: MediaFileTable;
  positions: PositionTable;
  latest_positions: LatestPositionTable;
  commands: CommandTable;
}
