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

/** The tenant's push settings (推送设置). */
export interface AlarmPushSettings {
  /** Show the alarm tip. */
  popup: boolean;
  /** Beep with the tip (the user's own alarm voice switch must be on too). */
  sound: boolean;
  /** The alarm types pushed (tip, webhook, e-mail, SMS). */
  alarmTypes: string[];
  webhook: { enabled: boolean; url: string };
  email: { enabled: boolean; to: string[] };
  sms: { enabled: boolean; phones: string[] };
}

/** Alarm names by `alarmType` (the contract's list: terminal bits, then platform rules). */
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
  temperatureHigh: '体温异常',
  gbOverspeed: '超标车速',
  displacement: '位移告警',
  leaseOverdue: '租约逾期',
  spoofSuspected: '设备冒用嫌疑',
};

export const ALARM_HISTORY_PATH = '/car/v1/accelerate/report/alarm/newQueryAlarm';
export const ALARM_REALTIME_PATH = '/car/v1/accelerate/report/alarm/actualTimeAlarmQuery.json';
export const ALARM_REALTIME_COUNT_PATH = '/car/v1/accelerate/report/alarm/queryActualTimeAlarmNum.json';
export const ALARM_PROCESS_PATH = '/car/v1/api/monitor/processAlarm';
export const ALARM_CONTROL_LIST_PATH = '/car/v4/api/alarm/control/listAlarmControlInfo.json';
export const ALARM_CONTROL_SAVE_PATH = '/car/v4/api/alarm/control/configAlarmControl.json';
export const ALARM_PUSH_LIST_PATH = '/car/v4/api/alarm/push/listAlarmPushInfo.json';
export const ALARM_PUSH_SAVE_PATH = '/car/v4/api/alarm/push/configAlarmPush.json';
/** processAlarm's note: 1–200 characters. */
export const ALARM_NOTE_MAX = 200;
/** Menu 告警中心: the alarm queries and processAlarm need it. */
export const ALARM_CENTER_MENU_ID = 8300;

/**
 * The logged-in user's live alarms. The host starts it after login: it reads the tenant's push
 * settings once, listens to `alarm` events of the live channel and, when the settings ask for a
 * popup, puts new alarms on the global alarm tip (DialogService.alarmTip, kept in storage as
 * `alarmRealTime`); a processed alarm leaves the tip.
 */
export interface AlarmService {
  /** The tenant's push settings; undefined until read. */
  readonly push: AlarmPushSettings | undefined;
  /** Bumped whenever a new alarm should sound (push `sound` on); the host beeps when the user's voice is on. */
  readonly soundSerial: number;
  /** Starts listening (reference counted); the returned function stops this user of it. */
  start(): () => void;
  /** Re-reads the push settings. */
  reloadPush(): Promise<void>;
  /** Uses settings just saved by the push page. */
  setPush(settings: AlarmPushSettings): void;
  /** processAlarm: marks alarms processed with a note (1–200 characters); resolves with how many changed. */
  process(ids: readonly number[], note: string): Promise<number>;
}

/** The tip keeps this many alarms. */
export const ALARM_TIP_MAX = 20;

export const AlarmService = Symbol.for('tianlu.alarms');
