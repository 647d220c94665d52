/** Where an alarm comes from: a JT/T 808 alarm bit the terminal set, or a rule the platform evaluates. */
export type AlarmSource = 'terminal' | 'platform';

/** One threshold of a platform rule: its key in `thresholds`, Chinese name and allowed range. */
export interface ThresholdSpec {
  key: string;
  title: string;
  min: number;
  max: number;
  /** Whole numbers only. */
  integer: boolean;
}

export interface AlarmTypeInfo {
  alarmType: string;
  alarmName: string;
  source: AlarmSource;
  /** Bit of the 0x0200 alarm word (terminal types). */
  bit?: number;
  /** The alarm a GT06 / watch device reports that has no JT/T 808 bit (terminal types). */
  deviceAlarm?: string;
  /** On for a tenant that has not saved its own alarm control. */
  defaultEnabled: boolean;
  defaultThresholds: Record<string, number>;
  thresholds: readonly ThresholdSpec[];
}

const terminal = (alarmType: string, alarmName: string, bit: number): AlarmTypeInfo => ({
  alarmType, alarmName, source: 'terminal', bit, defaultEnabled: true, defaultThresholds: {}, thresholds: [],
});

const device = (alarmType: string, alarmName: string, deviceAlarm: string): AlarmTypeInfo => ({
  alarmType, alarmName, source: 'terminal', deviceAlarm, defaultEnabled: true, defaultThresholds: {}, thresholds: [],
});

const platform = (alarmType: string, alarmName: string, defaultEnabled: boolean, thresholds: readonly (ThresholdSpec & { value: number })[] = []): AlarmTypeInfo => ({
  alarmType,
  alarmName,
  source: 'platform',
  defaultEnabled,
  defaultThresholds: Object.fromEntries(thresholds.map((t) => [t.key, t.value])),
  thresholds: thresholds.map(({ value: _v, ...spec }) => spec),
});

/** Every alarm type, in the order the console lists them (docs/api-contract.md). */
export const ALARM_TYPES: readonly AlarmTypeInfo[] = [
  terminal('sos', '紧急报警', 0),
  terminal('overspeed', '超速报警', 1),
  terminal('fatigue', '疲劳驾驶', 2),
  terminal('earlyWarning', '危险预警', 3),
  terminal('gnssFault', 'GNSS模块故障', 4),
  terminal('gnssAntennaCut', 'GNSS天线未接或被剪断', 5),
  terminal('gnssAntennaShort', 'GNSS天线短路', 6),
  terminal('lowVoltage', '终端主电源欠压', 7),
  terminal('powerCut', '终端主电源掉电', 8),
  terminal('displayFault', '终端LCD或显示器故障', 9),
  terminal('ttsFault', 'TTS模块故障', 10),
  terminal('cameraFault', '摄像头故障', 11),
  terminal('drivingTimeout', '当天累计驾驶超时', 18),
  terminal('parkingTimeout', '超时停车', 19),
  terminal('areaInOut', '进出区域', 20),
  terminal('routeInOut', '进出路线', 21),
  terminal('vssFault', '车辆VSS故障', 24),
  terminal('fuelAbnormal', '车辆油量异常', 25),
  terminal('stolen', '车辆被盗', 26),
  terminal('illegalIgnition', '车辆非法点火', 27),
  terminal('illegalMove', '车辆非法位移', 28),
  terminal('collision', '碰撞预警', 29),
  terminal('rollover', '侧翻预警', 30),
  device('vibration', '震动告警', 'vibration'),
  device('fall', '跌倒报警', 'fall'),
  device('takeOff', '脱落报警', 'takeOff'),
  device('tamper', '防拆报警', 'tamper'),
  device('deviceLowBattery', '低电报警', 'lowBattery'),
  platform('platformOverspeed', '平台超速', true, [
    { key: 'speedLimit', title: '限速', min: 1, max: 300, integer: true, value: 100 },
    { key: 'minDurationSeconds', title: '持续时间', min: 0, max: 3600, integer: true, value: 10 },
  ]),
  platform('fenceEnter', '进入围栏', true),
  platform('fenceExit', '离开围栏', true),
  // 宠物守护: a pet outside every one of its 安全区域
  platform('leaveSafeZone', '离开安全区域', true),
  platform('offline', '离线超时', true, [{ key: 'minutes', title: '离线时长', min: 1, max: 10080, integer: true, value: 30 }]),
  platform('parking', '停车超时', false, [{ key: 'minutes', title: '停车时长', min: 1, max: 1440, integer: true, value: 60 }]),
  platform('lowBattery', '低电量', true, [{ key: 'percent', title: '电量阈值', min: 1, max: 99, integer: true, value: 20 }]),
  // 健康告警: badges' readings against the tenant's 健康设置 (heart rate range, body temperature ceiling)
  platform('heartRateAbnormal', '心率异常', true),
  platform('temperatureHigh', '体温异常', true),
  // e-bikes only: GB 17761-2018 caps an electric bicycle's speed at 25 km/h
  platform('gbOverspeed', '超标车速', true, [
    { key: 'speedLimit', title: '限速', min: 1, max: 100, integer: true, value: 25 },
    { key: 'minDurationSeconds', title: '持续时间', min: 0, max: 3600, integer: true, value: 10 },
  ]),
  // 电动车租赁: a contract past its end day without the e-bike returned
  platform('leaseOverdue', '租约逾期', true),
  // a login from another address while the terminal's live connection still reports (GT06 and watch frames carry no secret)
  platform('spoofSuspected', '设备冒用嫌疑', true),
];

const BY_TYPE = new Map(ALARM_TYPES.map((t) => [t.alarmType, t]));

export function alarmTypeInfo(alarmType: string): AlarmTypeInfo | undefined {
  return BY_TYPE.get(alarmType);
}

/** The Chinese name of a type (the type itself for one the catalogue does not know). */
export function alarmName(alarmType: string): string {
  return BY_TYPE.get(alarmType)?.alarmName ?? alarmType;
}

/** The terminal types GT06 / watch devices report by name (no JT/T 808 bit). */
export const DEVICE_ALARM_TYPES: readonly { alarmType: string; deviceAlarm: string }[] = ALARM_TYPES
  .filter((t) => t.deviceAlarm !== undefined)
  .map((t) => ({ alarmType: t.alarmType, deviceAlarm: t.deviceAlarm! }));

/** The terminal types with their bit, for decoding an alarm word. */
export const TERMINAL_ALARM_BITS: readonly { alarmType: string; bit: number }[] = ALARM_TYPES.filter((t) => t.bit !== undefined).map((t) => ({
  alarmType: t.alarmType,
  bit: t.bit!,
}));

/** One tenant's switch and thresholds for one type. */
export interface AlarmControl {
  alarmType: string;
  enabled: boolean;
  thresholds: Record<string, number>;
}

/** The tenant's controls by type: the saved ones over the defaults. */
export type AlarmControls = ReadonlyMap<string, AlarmControl>;

/** Merges saved controls over the catalogue's defaults (unknown saved types are ignored). */
export function mergeControls(saved: readonly AlarmControl[]): Map<string, AlarmControl> {
  const byType = new Map(saved.map((c) => [c.alarmType, c]));
  return new Map(
    ALARM_TYPES.map((t) => {
      const own = byType.get(t.alarmType);
      return [t.alarmType, {
        alarmType: t.alarmType,
        enabled: own?.enabled ?? t.defaultEnabled,
        thresholds: { ...t.defaultThresholds, ...pickThresholds(t, own?.thresholds) },
      }];
    }),
  );
}

function pickThresholds(info: AlarmTypeInfo, values: Record<string, number> | undefined): Record<string, number> {
  if (!values) return {};
  const out: Record<string, number> = {};
  for (const spec of info.thresholds) if (typeof values[spec.key] === 'number') out[spec.key] = values[spec.key]!;
  return out;
}
