import type { ComponentType } from 'react';
import { ASSET_KIND_CODES, type AssetKind } from './asset-kinds';
import type { PositionReadings } from './position';
import type { AlarmLevel, AlarmLifecycle, ModuleAlarmType } from './services/alarm-service';
import { carrierDeclarationProblems, type CommandCarrierDeclaration } from './command-carriers';

/**
 * The extension points: what a sub-application adds to pages that are not its own, declared as data
 * like its routes (`contributes` of its declaration, or of manifest.json for an installed plugin).
 * The console reads every sub-application's contributions from the manifest without loading its code;
 * a contribution that renders something names a component of the contributing plugin
 * (`PluginDefinition.components`), loaded only when it is shown. A user sees the contributions of the
 * sub-applications their role is granted, no others.
 */

/** A column of 实时监控's list and a field of its vehicle card: one reading of the live position. */
export interface MonitorColumnContribution {
  /** Unique within the sub-application. */
  id: string;
  /** Column header and card label. */
  title: string;
  /** The reading's key in the position's `readings` (e.g. `fuel`, `coldChain.t1`). */
  reading: string;
  /** Shown after the value: `℃`, `V`, `%`. */
  unit?: string;
  /** Decimal places of a number (default: as it came). */
  digits?: number;
  /** Column width in pixels (default 90). */
  width?: number;
  /** Only for assets of these kinds (default: every kind). */
  assetKinds?: readonly AssetKind[];
}

/** A tab of the vehicle-info dialog, drawn by a component of the contributing plugin. */
export interface VehicleTabContribution {
  id: string;
  title: string;
  /** The component's name in the plugin's `components`; it gets {@link VehicleTabProps}. */
  component: string;
  assetKinds?: readonly AssetKind[];
}

/** What a vehicle-info tab's component gets. */
export interface VehicleTabProps {
  /** The terminal the dialog shows. */
  terminalNo: string;
}

/** A card of 数据中心's dashboard, drawn by a component of the contributing plugin. */
export interface DashboardCardContribution {
  id: string;
  title: string;
  /** The component's name in the plugin's `components`; it gets {@link DashboardCardProps}. */
  component: string;
  /** Grid columns it spans (1 or 2; default 1). */
  span?: 1 | 2;
}

/** What a dashboard card's component gets: the dashboard's filter, so the card counts what the rest of it counts. */
export interface DashboardCardProps {
  /** The organisation the dashboard is filtered to, when one is chosen. */
  groupId?: number;
  /** The customer (a tenant in the user's scope) the dashboard shows, when one is chosen; absent: the user's own tenant and those below it. */
  tenantId?: number;
}

/** A field a command type asks for in 指令下发. */
export interface CommandParamContribution {
  /** The parameter's key in the command's `params`. */
  key: string;
  title: string;
  kind: 'text' | 'number';
  required?: boolean;
  min?: number;
  max?: number;
  /** Longest text, in characters. */
  maxLength?: number;
  unit?: string;
}

/**
 * A command 指令下发 offers and the server sends, through the same queue, preview, states and
 * 指令记录 as the platform's own. Offered to users whose role is granted the contributing
 * sub-application, for JT/T 808 terminals of `assetKinds`; GT06 and watch devices are skipped.
 */
export interface CommandTypeContribution {
  /** The command type's code, unique on the platform (refused when taken): prefix it with the systemId (`coldChain.setLimit`). */
  code: string;
  title: string;
  /** The form 指令下发 draws for it, checked in the console and again by the server. */
  params?: readonly CommandParamContribution[];
  assetKinds?: readonly AssetKind[];
  /**
   * How the platform carries it to the terminal, filled in from the parameters. An installed
   * plugin's server part may instead encode it in code (`commands` of its definition); one of the
   * two is needed, or the command cannot be sent.
   */
  carrier?: CommandCarrierDeclaration;
}

/**
 * An alarm type the sub-application raises (its server part raises it): 告警中心, 告警设置, 推送设置,
 * the alarm desk and alarm delivery know it like the platform's own. The same shape as a built-in
 * module's (`ModuleAlarmType`).
 */
export interface AlarmTypeContribution {
  /** The alarm type's code, unique on the platform: start it with the systemId (`coldChain.overTemp`). */
  alarmType: string;
  /** Its Chinese name. */
  alarmName: string;
  /** On for a tenant that has not saved its own alarm control (default true). */
  defaultEnabled?: boolean;
  /** 紧急, 一般 or 提示 for a tenant that has not set its own (default normal). */
  defaultLevel?: AlarmLevel;
  /** An event ends when handled; a condition ends when it clears (default event). */
  lifecycle?: AlarmLifecycle;
}

/** A contributed alarm type with its defaults filled in (on, 一般, an event), as the alarm catalogue holds it. */
export function withAlarmTypeDefaults(t: AlarmTypeContribution): ModuleAlarmType {
  const { alarmType, alarmName, defaultEnabled = true, defaultLevel = 'normal', lifecycle = 'event' } = t;
  return { alarmType, alarmName, defaultEnabled, defaultLevel, lifecycle };
}

/** The alarm types a sub-application contributes, defaults filled in (a built-in module's `alarmTypes`). */
export function alarmTypesOf(contributes: PluginContributions | undefined): ModuleAlarmType[] {
  return (contributes?.alarmTypes ?? []).map(withAlarmTypeDefaults);
}

/** Every extension point and what one contribution to it is. */
export interface ExtensionPoints {
  monitorColumns: MonitorColumnContribution;
  vehicleTabs: VehicleTabContribution;
  dashboardCards: DashboardCardContribution;
  commandTypes: CommandTypeContribution;
  alarmTypes: AlarmTypeContribution;
}

export type ExtensionPoint = keyof ExtensionPoints;

/** What a sub-application contributes, point by point. */
export type PluginContributions = { readonly [P in ExtensionPoint]?: readonly ExtensionPoints[P][] };

/** A contribution as a page reads it: with the sub-application it came from. */
export type Contributed<P extends ExtensionPoint> = ExtensionPoints[P] & {
  readonly systemId: string;
  readonly platformId: number;
};

/** A component a plugin lends to an extension point, loaded when first shown. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type ContributedComponentLoader = () => Promise<{ default: ComponentType<any> }>;

/** Whether a contribution applies to an asset of that kind (no `assetKinds`: every kind). */
export function appliesToKind(contribution: { assetKinds?: readonly AssetKind[] }, kind: AssetKind | undefined): boolean {
  return !contribution.assetKinds || kind === undefined || contribution.assetKinds.includes(kind);
}

/** A monitor column's width when it gives none, pixels. */
export const MONITOR_COLUMN_WIDTH = 90;

/** Units written right after the value (`78%`, `36.5℃`); others after a space (`52.5 L`). */
const TIGHT_UNIT = /^[%‰°℃℉]/;

/**
 * What a contributed monitor column shows for a position's readings (its cell, and the vehicle card's
 * value): a number with the column's `digits` and `unit`, 是/否 for a flag, text as it came, `-` when
 * the position has no such reading.
 */
export function monitorColumnText(
  column: Pick<MonitorColumnContribution, 'reading' | 'unit' | 'digits'>,
  readings: PositionReadings | undefined,
): string {
  const value = readings?.[column.reading];
  if (value === undefined || value === null || value === '') return '-';
  if (typeof value === 'boolean') return value ? '是' : '否';
  const text = typeof value === 'number' && column.digits !== undefined ? value.toFixed(column.digits) : String(value);
  if (!column.unit) return text;
  return TIGHT_UNIT.test(column.unit) ? `${text}${column.unit}` : `${text} ${column.unit}`;
}

type Raw = Record<string, unknown>;
type FieldRule = 'id' | 'text' | 'code' | 'reading' | 'component' | 'unit' | 'digits' | 'width' | 'span' | 'level' | 'lifecycle' | 'flag' | 'kinds' | 'params' | 'carrier';

const ID = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/;
const CODE = /^[A-Za-z][A-Za-z0-9_.-]{0,63}$/;
/** A reading key: `fuel`, `item.e1`, a plugin's `coldChain.t1` or `cold-chain.t1` (its systemId, a dot, a name). */
const READING = /^[A-Za-z][A-Za-z0-9_-]*(\.[A-Za-z0-9_-]+)*$/;
const isObject = (v: unknown): v is Raw => typeof v === 'object' && v !== null && !Array.isArray(v);
const isInt = (v: unknown, min: number, max: number) => typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max;

/** Each point's fields: required ones first, then optional ones (`?`). */
const POINT_FIELDS: { readonly [P in ExtensionPoint]: Readonly<Record<string, FieldRule>> } = {
  monitorColumns: { id: 'id', title: 'text', reading: 'reading', 'unit?': 'unit', 'digits?': 'digits', 'width?': 'width', 'assetKinds?': 'kinds' },
  vehicleTabs: { id: 'id', title: 'text', component: 'component', 'assetKinds?': 'kinds' },
  dashboardCards: { id: 'id', title: 'text', component: 'component', 'span?': 'span' },
  commandTypes: { code: 'code', title: 'text', 'params?': 'params', 'assetKinds?': 'kinds', 'carrier?': 'carrier' },
  alarmTypes: { alarmType: 'code', alarmName: 'text', 'defaultEnabled?': 'flag', 'defaultLevel?': 'level', 'lifecycle?': 'lifecycle' },
};

/** The Chinese name of each point (in messages and the author guide). */
export const EXTENSION_POINT_NAMES: { readonly [P in ExtensionPoint]: string } = {
  monitorColumns: '实时监控的列与车辆卡片字段',
  vehicleTabs: '车辆信息弹窗的标签页',
  dashboardCards: '数据中心看板的卡片',
  commandTypes: '指令下发的指令类型',
  alarmTypes: '告警类型',
};

function checkParams(raw: unknown, at: string, errors: string[]): void {
  if (!Array.isArray(raw)) {
    errors.push(`${at} 必须是数组`);
    return;
  }
  const keys = new Set<string>();
  raw.forEach((p, i) => {
    const where = `${at}[${i}]`;
    if (!isObject(p)) return void errors.push(`${where} 必须是对象`);
    if (typeof p.key !== 'string' || !ID.test(p.key)) errors.push(`${where}.key 只能包含字母、数字、- 和 _，并以字母开头`);
    else if (keys.has(p.key)) errors.push(`${where}.key（${p.key}）重复`);
    else keys.add(p.key);
    if (typeof p.title !== 'string' || !p.title.trim()) errors.push(`${where}.title 不能为空`);
    if (p.kind !== 'text' && p.kind !== 'number') errors.push(`${where}.kind 必须是 text 或 number`);
    if (p.required !== undefined && typeof p.required !== 'boolean') errors.push(`${where}.required 必须是 true 或 false`);
    for (const k of ['min', 'max'] as const) if (p[k] !== undefined && (typeof p[k] !== 'number' || !Number.isFinite(p[k]))) errors.push(`${where}.${k} 必须是数字`);
    if (p.maxLength !== undefined && !isInt(p.maxLength, 1, 1000)) errors.push(`${where}.maxLength 必须是 1～1000 的整数`);
    if (p.unit !== undefined && (typeof p.unit !== 'string' || p.unit.length > 8)) errors.push(`${where}.unit 必须是不超过 8 个字符的文字`);
  });
}

function checkField(rule: FieldRule, value: unknown, where: string, errors: string[]): void {
  switch (rule) {
    case 'id':
    case 'component':
      if (typeof value !== 'string' || !ID.test(value)) errors.push(`${where} 只能包含字母、数字、- 和 _，并以字母开头`);
      return;
    case 'code':
      if (typeof value !== 'string' || !CODE.test(value)) errors.push(`${where} 只能包含字母、数字、.、- 和 _，并以字母开头`);
      return;
    case 'text':
      if (typeof value !== 'string' || !value.trim() || value.length > 40) errors.push(`${where} 必须是 1～40 个字符的文字`);
      return;
    case 'reading':
      if (typeof value !== 'string' || !READING.test(value)) errors.push(`${where} 必须是读数的键，例如 fuel 或 coldChain.t1`);
      return;
    case 'unit':
      if (typeof value !== 'string' || value.length > 8) errors.push(`${where} 必须是不超过 8 个字符的文字`);
      return;
    case 'digits':
      if (!isInt(value, 0, 6)) errors.push(`${where} 必须是 0～6 的整数`);
      return;
    case 'width':
      if (!isInt(value, 40, 400)) errors.push(`${where} 必须是 40～400 的整数（像素）`);
      return;
    case 'span':
      if (value !== 1 && value !== 2) errors.push(`${where} 必须是 1 或 2`);
      return;
    case 'level':
      if (value !== 'urgent' && value !== 'normal' && value !== 'info') errors.push(`${where} 必须是 urgent（紧急）、normal（一般）或 info（提示）`);
      return;
    case 'lifecycle':
      if (value !== 'event' && value !== 'condition') errors.push(`${where} 必须是 event（处理即结束）或 condition（条件消失即结束）`);
      return;
    case 'flag':
      if (typeof value !== 'boolean') errors.push(`${where} 必须是 true 或 false`);
      return;
    case 'kinds':
      if (!Array.isArray(value) || !value.length || value.some((k) => !(ASSET_KIND_CODES as readonly unknown[]).includes(k))) {
        errors.push(`${where} 必须是资产类型的数组，可选 ${ASSET_KIND_CODES.join('、')}`);
      }
      return;
    case 'params':
      checkParams(value, where, errors);
      return;
    case 'carrier':
      // checked with the item's parameter keys (parseContributions)
      return;
  }
}

/**
 * Checks a `contributes` object as data (an installed plugin's manifest.json, a built-in declaration):
 * the problems in Chinese, or the contributions. Unknown points and fields are refused, so a typo
 * is not silently ignored.
 */
export function parseContributions(raw: unknown, at = 'contributes'): { contributions: PluginContributions } | { errors: string[] } {
  if (!isObject(raw)) return { errors: [`${at} 必须是对象`] };
  const errors: string[] = [];
  const out: Record<string, unknown[]> = {};
  for (const [point, list] of Object.entries(raw)) {
    if (!Object.hasOwn(POINT_FIELDS, point)) {
      errors.push(`${at}.${point} 不是扩展点，可用：${Object.keys(POINT_FIELDS).join('、')}`);
      continue;
    }
    const fields = POINT_FIELDS[point as ExtensionPoint];
    if (!Array.isArray(list)) {
      errors.push(`${at}.${point} 必须是数组`);
      continue;
    }
    const keyField = Object.keys(fields)[0]!;
    const seen = new Set<unknown>();
    list.forEach((item, i) => {
      const where = `${at}.${point}[${i}]`;
      if (!isObject(item)) return void errors.push(`${where} 必须是对象`);
      for (const [name, rule] of Object.entries(fields)) {
        const optional = name.endsWith('?');
        const key = optional ? name.slice(0, -1) : name;
        if (item[key] === undefined) {
          if (!optional) errors.push(`${where}.${key} 不能为空`);
        } else checkField(rule, item[key], `${where}.${key}`, errors);
      }
      if (point === 'commandTypes' && item.carrier !== undefined) {
        const keys = new Set(Array.isArray(item.params) ? item.params.map((p: unknown) => (isObject(p) ? p.key : undefined)).filter((k): k is string => typeof k === 'string') : []);
        errors.push(...carrierDeclarationProblems(item.carrier, `${where}.carrier`, keys));
      }
      for (const key of Object.keys(item)) if (!(key in fields) && !(`${key}?` in fields)) errors.push(`${where}.${key} 不是${EXTENSION_POINT_NAMES[point as ExtensionPoint]}的字段`);
      if (seen.has(item[keyField])) errors.push(`${where}.${keyField}（${String(item[keyField])}）重复`);
      seen.add(item[keyField]);
    });
    out[point] = list;
  }
  return errors.length ? { errors } : { contributions: out as PluginContributions };
}
