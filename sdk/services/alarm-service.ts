import type { AssetKind } from '../asset-kinds';
import { serviceToken, type ServiceToken } from './service-token';

/**
 * 智能车联 alarms: the contract of docs/api-contract.md "Alarms, geofences and commands" and the
 * console's live alarm store (the global alarm tip reads it; pages process alarms through it).
 */

/** `Alarm.status`: 0 未处理, 1 已处理. */
export const AlarmStatus = { UNPROCESSED: 0, PROCESSED: 1 } as const;

/** Where an alarm comes from: a terminal's alarm bit or a platform rule. */
export type AlarmSource = 'terminal' | 'platform';

/** How urgent an alarm type is for the tenant (告警设置): 紧急, 一般 or 提示. */
export type AlarmLevel = 'urgent' | 'normal' | 'info';

/** The levels, most urgent first, with their Chinese names. */
export const ALARM_LEVELS: readonly { level: AlarmLevel; name: string }[] = [
  { level: 'urgent', name: '紧急' },
  { level: 'normal', name: '一般' },
  { level: 'info', name: '提示' },
];

/**
 * How long an alarm stays open on its asset (tree 报警 counters, cards, dashboards): an `event`
 * (SOS, 断电, 震动 …) until it is handled, whenever it ended; a `condition` (超速, 离线, 低电量 …)
 * while it lasts and is not handled.
 */
export type AlarmLifecycle = 'event' | 'condition';

/**
 * An alarm type a sub-application raises itself (a platform alarm): declared once in its declaration's
 * `contributes.alarmTypes` (see `AlarmTypeContribution`), registered by its server half
 * (`defineServerModule({ alarmTypes: alarmTypesOf(declaration.contributes) })`); the console names it
 * from the manifest.
 */
export interface ModuleAlarmType {
  alarmType: string;
  alarmName: string;
  /** On for a tenant that has not saved its own alarm control. */
  defaultEnabled: boolean;
  /** 紧急, 一般 or 提示 for a tenant that has not set its own (告警设置). */
  defaultLevel: AlarmLevel;
  lifecycle: AlarmLifecycle;
}

/** One alarm (times ISO 8601 with offset, lon/lat WGS84). */
export interface Alarm {
  id: number;
  alarmType: string;
  alarmName: string;
  source: AlarmSource;
  /** The type's level as the alarm's tenant set it (its default otherwise). */
  level: AlarmLevel;
  terminalNo: string;
  plateNo: string | null;
  /** The kind of the alarm's asset; null for a terminal bound to no asset. */
  assetKind?: AssetKind | null;
  /** Whom to call: a person's 手机号 or a pet's 主人手机号 (null for vehicles and e-bikes, or when not filled in). */
  contactPhone?: string | null;
  vehicleId: number | null;
  groupId: number | null;
  groupName: string | null;
  startTime: string;
  /**
   * When the alarm ended (the bit cleared, the condition passed); null while it lasts; enter/exit
   * alarms have endTime = startTime. Apart from handling: an ended event alarm stays open until processed.
   */
  endTime: string | null;
  lon: number | null;
  lat: number | null;
  speed: number | null;
  detail: Record<string, unknown>;
  status: 0 | 1;
  processNote: string | null;
  processUser: string | null;
  processTime: string | null;
  /** 补报: the report carrying it arrived late (a blind-area upload, or dated before what the platform had); `startTime` is the report's own time. */
  late?: boolean;
}

/** `{"type":"alarm","event","alarm"}` of the live channel. */
export interface AlarmLiveEvent {
  event: 'start' | 'end' | 'processed';
  alarm: Alarm;
}

/** One alarm type of the tenant's alarm control (告警设置). */
export interface AlarmControlItem {
  alarmType: string;
  alarmName: string;
  source: AlarmSource;
  enabled: boolean;
  /** The tenant's level of the type, and the catalogue's default. */
  level: AlarmLevel;
  defaultLevel: AlarmLevel;
  lifecycle: AlarmLifecycle;
  /** Numbers keyed by name, e.g. `{speedLimit, minDurationSeconds}` of 平台超速; `{}` when the type has none. */
  thresholds: Record<string, number>;
}

/**
 * The tenant's push settings (推送设置). Webhooks are channels of 推送渠道 (several per tenant, each
 * with its own secret); configAlarmPush still takes an older client's `webhook` field, switched off.
 */
export interface AlarmPushSettings {
  /** Show the alarm tip. */
  popup: boolean;
  /** Beep with the tip (the user's own alarm voice switch must be on too). */
  sound: boolean;
  /** The alarm types pushed (tip, channels, e-mail, SMS). */
  alarmTypes: string[];
  email: { enabled: boolean; to: string[] };
  sms: { enabled: boolean; phones: string[] };
}

/**
 * The platform's own alarm names by `alarmType` (the contract's list: terminal bits, then platform
 * rules). Those of sub-applications come with the manifest (`contributes.alarmTypes`): read every
 * name the user may meet with `useAlarmTypeNames()`.
 */
export const ALARM_TYPE_NAMES: Readonly<Record<string, string>> = {
  sos: '紧急报警',
  overspeed: '超速报警',
  fatigue: '疲劳驾驶',
  earlyWarning: '危险预警',
  gnssFault: 'GNSS模块故障',
  gnssAntennaCut: 'GNSS天线未接或被剪断',
  gnssAntennaShort: 'GNSS天线短路',
  lowVoltage: '终端主电源欠压',
  powerCut: '终端主电源掉电',
  displayFault: '终端LCD或显示器故障',
  ttsFault: 'TTS模块故障',
  cameraFault: '摄像头故障',
  drivingTimeout: '当天累计驾驶超时',
  parkingTimeout: '超时停车',
  areaInOut: '进出区域',
  routeInOut: '进出路线',
  vssFault: '车辆VSS故障',
  fuelAbnormal: '车辆油量异常',
  stolen: '车辆被盗',
  illegalIgnition: '车辆非法点火',
  illegalMove: '车辆非法位移',
  collision: '碰撞预警',
  rollover: '侧翻预警',
  vibration: '震动告警',
  fall: '跌倒报警',
  takeOff: '脱落报警',
  tamper: '防拆报警',
  deviceLowBattery: '低电报警',
  platformOverspeed: '平台超速',
  fenceEnter: '进入围栏',
  fenceExit: '离开围栏',
  leaveSafeZone: '离开安全区域',
  offline: '离线超时',
  parking: '停车超时',
  lowBattery: '低电量',
  heartRateAbnormal: '心率异常',
  temperatureHigh: '体温过高',
  temperatureLow: '体温过低',
  bloodPressureHigh: '血压过高',
  bloodPressureLow: '血压过低',
  spo2Low: '血氧过低',
  gbOverspeed: '超标车速',
  displacement: '位移告警',
  spoofSuspected: '设备冒用嫌疑',
};

/**
 * Where a routing rule sends by recipient: 邮件 (the tenant's SMTP channel) and 短信 (its SMS
 * channel) to the addresses and numbers the rule lists. Robots and webhooks are chosen one by one
 * (`channelIds`, channels of 推送渠道).
 */
export type NotifyRouteChannel = 'email' | 'sms';
export const NOTIFY_ROUTE_CHANNELS: readonly { channel: NotifyRouteChannel; name: string }[] = [
  { channel: 'email', name: '邮件' },
  { channel: 'sms', name: '短信' },
];
/** The kinds of 推送渠道 a rule or the escalation chooses by id. */
export const NOTIFY_ROUTED_KINDS = ['dingtalk', 'wecom', 'feishu', 'webhook'] as const;

/** One routing rule: the alarms it covers and where they go. */
export interface NotifyRule {
  name: string;
  /** Types covered; empty: every type 推送设置 pushes. */
  alarmTypes: string[];
  /** Levels covered; empty: every level. */
  levels: AlarmLevel[];
  channels: NotifyRouteChannel[];
  /** Robots and webhooks of 推送渠道 by id; a deleted or disabled one is skipped (推送记录 says so). */
  channelIds: number[];
  /** Recipients of 邮件 (required when it is chosen). */
  emails: string[];
  /** Recipients of 短信 (required when it is chosen). */
  phones: string[];
}

/**
 * 免打扰时段 (China time, HH:MM; start after end runs past midnight): alarms below `minLevel`
 * are held and go out when the quiet hours end (merged per recipient); the rest go out at once.
 */
export interface NotifyQuietHours {
  enabled: boolean;
  start: string;
  end: string;
  minLevel: AlarmLevel;
}

/** 告警升级: an alarm at or above `minLevel` still 未处理 after `afterMinutes` goes to a second list, once. */
export interface NotifyEscalation {
  enabled: boolean;
  afterMinutes: number;
  minLevel: AlarmLevel;
  channels: NotifyRouteChannel[];
  /** Robots and webhooks of 推送渠道 by id. */
  channelIds: number[];
  emails: string[];
  phones: string[];
}

/** A tenant's 推送规则: no rules, every alarm pushed goes to the 推送设置 recipients. */
export interface NotifyRouting {
  rules: NotifyRule[];
  quietHours: NotifyQuietHours;
  escalation: NotifyEscalation;
}

/** processAlarm's note: 1–200 characters. */
export const ALARM_NOTE_MAX = 200;
/** Menu 告警中心: the alarm queries and processAlarm need it. */
export const ALARM_CENTER_MENU_ID = 8300;

/** Repeats of one asset's alarm type within this many minutes of the last one are one desk entry. */
export const ALARM_MERGE_MINUTES = 10;
/** The desk keeps this many entries; beyond it the oldest of the lowest level leave it (告警中心 keeps them all). */
export const ALARM_DESK_MAX = 100;
/** The desk's width when open (px): a column of its own beside the page, never over it. */
export const ALARM_DESK_WIDTH = 320;

/** One entry of the alarm desk: an alarm and its repeats (same asset and type, within ALARM_MERGE_MINUTES). */
export interface AlarmDeskEntry {
  /** Stable while the entry lives: the first alarm's id. */
  readonly key: string;
  /** The alarms it holds, newest first; 处理 handles them all. */
  readonly ids: readonly number[];
  readonly level: AlarmLevel;
  readonly alarmType: string;
  readonly alarmName: string;
  readonly terminalNo: string;
  /** The asset's name or plate (the terminal number when bound to none). */
  readonly plateNo: string;
  readonly assetKind: AssetKind | null;
  /** Start of the first and of the newest alarm (ISO 8601). */
  readonly firstTime: string;
  readonly time: string;
  /** Where the newest happened (WGS84). */
  readonly lon: number | null;
  readonly lat: number | null;
  /** Whom to call (a person's or a pet owner's phone). */
  readonly phone: string | null;
  /** 补报: the newest alarm arrived late. */
  readonly late: boolean;
  /** Someone else handled every alarm of it while it was being handled here. */
  readonly processedElsewhere: boolean;
}

/** What the user wants of arriving alarms, per level (kept per user on this browser). */
export interface AlarmDeskPrefs {
  /** Levels that open the desk and flash its badge. */
  pop: AlarmLevel[];
  /** Levels that beep (the tenant's push sound and the header's alarm voice must be on too). */
  sound: AlarmLevel[];
  /** Levels read aloud (zh-CN speech). */
  speak: AlarmLevel[];
  /** Per sub-application (systemId): show only its own asset kinds' alarms; unset: on unless it watches vehicles. */
  ownKindsOnly: Record<string, boolean>;
}

export const DEFAULT_DESK_PREFS: AlarmDeskPrefs = { pop: ['urgent'], sound: ['urgent', 'normal'], speak: ['urgent'], ownKindsOnly: {} };

/** A new alarm (or a repeat) that reached the desk: the host beeps, speaks and pops for it as the prefs say. */
export interface AlarmArrival {
  readonly serial: number;
  readonly entry: AlarmDeskEntry;
  /** It merged into an entry already on the desk. */
  readonly repeat: boolean;
}

/**
 * The logged-in user's alarm desk. The host starts it after login: it reads the tenant's push
 * settings once, loads the unhandled alarms of the last 24 hours, listens to `alarm` events of the
 * live channel and keeps the desk's entries (merged, ordered by level then time; kept in storage as
 * `alarmRealTime`); a processed alarm leaves the desk unless it is being handled here.
 */
export interface AlarmService {
  /** The tenant's push settings; undefined until read. */
  readonly push: AlarmPushSettings | undefined;
  /** The desk, most urgent first, newest first within a level. */
  readonly desk: readonly AlarmDeskEntry[];
  /** How many entries left the desk because it was full. */
  readonly overflow: number;
  /** The latest arrival (undefined before the first). */
  readonly arrival: AlarmArrival | undefined;
  readonly prefs: AlarmDeskPrefs;
  setPrefs(prefs: Partial<AlarmDeskPrefs>): void;
  /** Whether the desk column is open. */
  readonly deskOpen: boolean;
  setDeskOpen(open: boolean): void;
  /** The note being typed for an entry; undefined when it is not being handled. */
  noteOf(key: string): string | undefined;
  /** Entries being handled, in the order their forms were opened (they keep their place whatever arrives). */
  readonly handling: readonly AlarmDeskEntry[];
  startHandling(key: string): void;
  setNote(key: string, note: string): void;
  cancelHandling(key: string): void;
  /** Processes every alarm of the entry with its note; the entry leaves the desk. */
  submitHandling(key: string): Promise<number>;
  /** Removes an entry from the desk (the alarms stay unhandled in 告警中心). */
  dismiss(key: string): void;
  /** Starts listening (reference counted); the returned function stops this user of it. */
  start(): () => void;
  /** Re-reads the push settings. */
  reloadPush(): Promise<void>;
  /** Uses settings just saved by the push page. */
  setPush(settings: AlarmPushSettings): void;
  /** processAlarm: marks alarms processed with a note (1–200 characters); resolves with how many changed. */
  process(ids: readonly number[], note: string): Promise<number>;
}

export const AlarmService: ServiceToken<AlarmService> = serviceToken('tianlu.alarms');
