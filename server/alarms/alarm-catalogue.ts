import type { AlarmLevel, AlarmLifecycle, AlarmSource, ModuleAlarmType } from '../../sdk/services/alarm-service';
import type { AnyServerModule } from '../module/module-host';
import { BUILT_IN_MODULES } from '../modules/built-in-modules';
import { BUILT_IN_DECLARATIONS } from '../store/catalogue/built-in-declarations';

export type { AlarmLevel, AlarmLifecycle, AlarmSource };

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
  /** 紧急, 一般 or 提示 for a tenant that has not set its own (告警设置). */
  defaultLevel: AlarmLevel;
  /**
   * event: stays open on its asset until handled, whenever it ended (SOS, 断电, 震动 …);
   * condition: open while the condition lasts and it is not handled (超速, 离线, 低电量 …).
   */
  lifecycle: AlarmLifecycle;
  defaultThresholds: Record<string, number>;
  thresholds: readonly ThresholdSpec[];
  /**
   * The sub-application that contributes it (its `contributes.alarmTypes`): only tenants granted that
   * platform see it in 告警设置. Absent: the platform's own, every tenant's.
   */
  platformId?: number;
  /** That sub-application's title (a refused clash names it). */
  contributedBy?: string;
}

/** A type's default level and lifecycle, written beside it in the list below. */
type Kind = `${AlarmLevel}/${AlarmLifecycle}`;

function split(kind: Kind): { defaultLevel: AlarmLevel; lifecycle: AlarmLifecycle } {
  const [defaultLevel, lifecycle] = kind.split('/') as [AlarmLevel, AlarmLifecycle];
  return { defaultLevel, lifecycle };
}

const terminal = (alarmType: string, alarmName: string, bit: number, kind: Kind): AlarmTypeInfo => ({
  alarmType, alarmName, source: 'terminal', bit, defaultEnabled: true, ...split(kind), defaultThresholds: {}, thresholds: [],
});

const device = (alarmType: string, alarmName: string, deviceAlarm: string, kind: Kind): AlarmTypeInfo => ({
  alarmType, alarmName, source: 'terminal', deviceAlarm, defaultEnabled: true, ...split(kind), defaultThresholds: {}, thresholds: [],
});

const platform = (alarmType: string, alarmName: string, defaultEnabled: boolean, kind: Kind, thresholds: readonly (ThresholdSpec & { value: number })[] = []): AlarmTypeInfo => ({
  alarmType,
  alarmName,
  source: 'platform',
  defaultEnabled,
  ...split(kind),
  defaultThresholds: Object.fromEntries(thresholds.map((t) => [t.key, t.value])),
  thresholds: thresholds.map(({ value: _v, ...spec }) => spec),
});

/** The platform's own alarm types, in the order the console lists them (docs/api-contract.md). */
const PLATFORM_ALARM_TYPES: readonly AlarmTypeInfo[] = [
  terminal('sos', '紧急报警', 0, 'urgent/event'),
  terminal('overspeed', '超速报警', 1, 'normal/condition'),
  terminal('fatigue', '疲劳驾驶', 2, 'normal/condition'),
  terminal('earlyWarning', '危险预警', 3, 'normal/event'),
  terminal('gnssFault', 'GNSS模块故障', 4, 'info/condition'),
  terminal('gnssAntennaCut', 'GNSS天线未接或被剪断', 5, 'info/condition'),
  terminal('gnssAntennaShort', 'GNSS天线短路', 6, 'info/condition'),
  terminal('lowVoltage', '终端主电源欠压', 7, 'info/condition'),
  terminal('powerCut', '终端主电源掉电', 8, 'urgent/event'),
  terminal('displayFault', '终端LCD或显示器故障', 9, 'info/condition'),
  terminal('ttsFault', 'TTS模块故障', 10, 'info/condition'),
  terminal('cameraFault', '摄像头故障', 11, 'info/condition'),
  terminal('drivingTimeout', '当天累计驾驶超时', 18, 'normal/condition'),
  terminal('parkingTimeout', '超时停车', 19, 'normal/condition'),
  terminal('areaInOut', '进出区域', 20, 'normal/event'),
  terminal('routeInOut', '进出路线', 21, 'normal/event'),
  terminal('vssFault', '车辆VSS故障', 24, 'info/condition'),
  terminal('fuelAbnormal', '车辆油量异常', 25, 'normal/condition'),
  terminal('stolen', '车辆被盗', 26, 'urgent/event'),
  terminal('illegalIgnition', '车辆非法点火', 27, 'normal/event'),
  terminal('illegalMove', '车辆非法位移', 28, 'normal/event'),
  terminal('collision', '碰撞预警', 29, 'urgent/event'),
  terminal('rollover', '侧翻预警', 30, 'urgent/event'),
  device('vibration', '震动告警', 'vibration', 'normal/event'),
  device('fall', '跌倒报警', 'fall', 'urgent/event'),
  device('takeOff', '脱落报警', 'takeOff', 'normal/event'),
  device('tamper', '防拆报警', 'tamper', 'normal/event'),
  device('deviceLowBattery', '低电报警', 'lowBattery', 'info/condition'),
  platform('platformOverspeed', '平台超速', true, 'normal/condition', [
    { key: 'speedLimit', title: '限速', min: 1, max: 300, integer: true, value: 100 },
    { key: 'minDurationSeconds', title: '持续时间', min: 0, max: 3600, integer: true, value: 10 },
  ]),
  platform('fenceEnter', '进入围栏', true, 'normal/event'),
  platform('fenceExit', '离开围栏', true, 'normal/event'),
  // 宠物守护: a pet outside every one of its 安全区域
  platform('leaveSafeZone', '离开安全区域', true, 'urgent/condition'),
  platform('offline', '离线超时', true, 'info/condition', [{ key: 'minutes', title: '离线时长', min: 1, max: 10080, integer: true, value: 30 }]),
  platform('parking', '停车超时', false, 'info/condition', [{ key: 'minutes', title: '停车时长', min: 1, max: 1440, integer: true, value: 60 }]),
  platform('lowBattery', '低电量', true, 'info/condition', [{ key: 'percent', title: '电量阈值', min: 1, max: 99, integer: true, value: 20 }]),
  // 健康告警: badges' readings against their 健康设置 (the tenant's, a department's or the person's own limits)
  platform('heartRateAbnormal', '心率异常', true, 'urgent/condition'),
  platform('temperatureHigh', '体温过高', true, 'urgent/condition'),
  platform('temperatureLow', '体温过低', true, 'urgent/condition'),
  platform('bloodPressureHigh', '血压过高', true, 'urgent/condition'),
  platform('bloodPressureLow', '血压过低', true, 'normal/condition'),
  platform('spo2Low', '血氧过低', true, 'urgent/condition'),
  // e-bikes only: GB 17761-2018 caps an electric bicycle's speed at 25 km/h
  platform('gbOverspeed', '超标车速', true, 'normal/condition', [
    { key: 'speedLimit', title: '限速', min: 1, max: 100, integer: true, value: 25 },
    { key: 'minDurationSeconds', title: '持续时间', min: 0, max: 3600, integer: true, value: 10 },
  ]),
  // an armed e-bike that actually moves: consecutive fixes beyond `distance` metres of where it stood, or riding (guard-rules.ts)
  platform('displacement', '位移告警', true, 'urgent/event', [{ key: 'distance', title: '位移距离', min: 20, max: 2000, integer: true, value: 50 }]),
  // a login from another address while the terminal's live connection still reports (GT06 and watch frames carry no secret)
  platform('spoofSuspected', '设备冒用嫌疑', true, 'urgent/event'),
];

/** A module's sub-application (its declaration's systemId is the module's name), whose platform grants its types. */
const declarationOf = (m: AnyServerModule) => BUILT_IN_DECLARATIONS.find((d) => d.systemId === m.name);

const contributedType = (t: ModuleAlarmType, platformId: number | undefined, title: string | undefined): AlarmTypeInfo => ({
  ...t,
  source: 'platform',
  defaultThresholds: {},
  thresholds: [],
  ...(platformId !== undefined && { platformId }),
  ...(title !== undefined && { contributedBy: title }),
});

/** The platform's alarm types, then those each module declares (a type already known is refused). */
export function withModuleAlarmTypes(own: readonly AlarmTypeInfo[], modules: readonly AnyServerModule[]): AlarmTypeInfo[] {
  const all = [...own];
  const known = new Set(own.map((t) => t.alarmType));
  for (const m of modules) {
    const declaration = declarationOf(m);
    for (const t of (m.alarmTypes ?? []) as readonly ModuleAlarmType[]) {
      if (known.has(t.alarmType)) throw new Error(`alarm type "${t.alarmType}" of module ${m.name} is already defined`);
      known.add(t.alarmType);
      all.push(contributedType(t, declaration?.platformId, declaration?.title));
    }
  }
  return all;
}

/**
 * The alarm types the repository ships: the platform's, then the built-in modules' (the console lists
 * them in this order). Installed plugins' come after them: see {@link alarmTypes}.
 */
export const ALARM_TYPES: readonly AlarmTypeInfo[] = withModuleAlarmTypes(PLATFORM_ALARM_TYPES, BUILT_IN_MODULES);

/** An alarm type an installed plugin (PLUGINS_DIR) contributes, with its defaults filled in. */
export interface InstalledAlarmType {
  type: ModuleAlarmType;
  platformId: number;
  /** The plugin's title. */
  title: string;
}

let catalogue: readonly AlarmTypeInfo[] = ALARM_TYPES;
let byType = new Map(catalogue.map((t) => [t.alarmType, t]));
let eventTypes: readonly string[] = catalogue.filter((t) => t.lifecycle === 'event').map((t) => t.alarmType);

/**
 * Every alarm type now: those the repository ships, then the installed plugins' as of the last read
 * of PLUGINS_DIR (the same array until that changes). 告警设置, 推送设置, 告警中心, the alarm desk
 * and alarm delivery name and rank alarms from it.
 */
export function alarmTypes(): readonly AlarmTypeInfo[] {
  return catalogue;
}

/**
 * Puts the installed plugins' alarm types after the built-in ones, replacing those of the last read
 * (a plugin removed takes its types with it: its alarms keep their rows, named by their code). The
 * plugins were checked at scan ({@link takenAlarmTypes}): a type already known here is skipped.
 */
export function setInstalledAlarmTypes(installed: readonly InstalledAlarmType[]): void {
  const known = new Set(ALARM_TYPES.map((t) => t.alarmType));
  const added = installed.filter(({ type }) => !known.has(type.alarmType) && (known.add(type.alarmType), true));
  const next = [...ALARM_TYPES, ...added.map(({ type, platformId, title }) => contributedType(type, platformId, title))];
  if (JSON.stringify(next) === JSON.stringify(catalogue)) return;
  catalogue = next;
  byType = new Map(catalogue.map((t) => [t.alarmType, t]));
  eventTypes = catalogue.filter((t) => t.lifecycle === 'event').map((t) => t.alarmType);
}

/** The codes an installed plugin may not take, with whose they are (the platform's and the built-in sub-applications'). */
export function takenAlarmTypes(): ReadonlyMap<string, string> {
  return new Map(ALARM_TYPES.map((t) => [t.alarmType, `${t.contributedBy ?? '平台'}的「${t.alarmName}」`]));
}

/** The types a tenant sees in 告警设置: the platform's, and those of the sub-applications it is granted. */
export function alarmTypesOfTenant(grantedPlatforms: ReadonlySet<number>): AlarmTypeInfo[] {
  return catalogue.filter((t) => t.platformId === undefined || grantedPlatforms.has(t.platformId));
}

export function alarmTypeInfo(alarmType: string): AlarmTypeInfo | undefined {
  return byType.get(alarmType);
}

/** The Chinese name of a type (the type itself for one the catalogue does not know). */
export function alarmName(alarmType: string): string {
  return byType.get(alarmType)?.alarmName ?? alarmType;
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

/** The types that stay open until handled even after they ended (see AlarmTypeInfo.lifecycle), installed plugins' included. */
export function eventAlarmTypes(): readonly string[] {
  return eventTypes;
}

const LEVELS: ReadonlySet<string> = new Set<AlarmLevel>(['urgent', 'normal', 'info']);

export function isAlarmLevel(value: unknown): value is AlarmLevel {
  return typeof value === 'string' && LEVELS.has(value);
}

/** The level of a type as a tenant saved it (null: never set), else the catalogue's default. */
export function alarmLevel(alarmType: string, saved?: string | null): AlarmLevel {
  if (isAlarmLevel(saved)) return saved;
  return byType.get(alarmType)?.defaultLevel ?? 'normal';
}

/** One tenant's switch, level and thresholds for one type. */
export interface AlarmControl {
  alarmType: string;
  enabled: boolean;
  /** Absent in a saved control that never set one: the type's default applies. */
  level?: AlarmLevel;
  thresholds: Record<string, number>;
}

/** The tenant's controls by type: the saved ones over the defaults. */
export type AlarmControls = ReadonlyMap<string, AlarmControl>;

/** Merges saved controls over the catalogue's defaults (unknown saved types are ignored). */
export function mergeControls(saved: readonly AlarmControl[]): Map<string, AlarmControl> {
  const savedByType = new Map(saved.map((c) => [c.alarmType, c]));
  return new Map(
    catalogue.map((t) => {
      const own = savedByType.get(t.alarmType);
      return [t.alarmType, {
        alarmType: t.alarmType,
        enabled: own?.enabled ?? t.defaultEnabled,
        level: alarmLevel(t.alarmType, own?.level),
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
