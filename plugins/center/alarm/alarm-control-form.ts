import type { AlarmControlItem, AlarmLevel } from '@tianlu/sdk';

/** A threshold's label, unit and allowed whole-number range (as the server checks them). */
export interface ThresholdRule {
  title: string;
  unit: string;
  min: number;
  max: number;
}

/** Rules by `alarmType.key`. */
const RULES: Record<string, ThresholdRule> = {
  'platformOverspeed.speedLimit': { title: '限速', unit: 'km/h', min: 1, max: 300 },
  'platformOverspeed.minDurationSeconds': { title: '持续时间', unit: '秒', min: 0, max: 3600 },
  'offline.minutes': { title: '离线时长', unit: '分钟', min: 1, max: 10080 },
  'parking.minutes': { title: '停车时长', unit: '分钟', min: 1, max: 1440 },
  'lowBattery.percent': { title: '电量阈值', unit: '%', min: 1, max: 99 },
};

/** The rule of a threshold; an unknown one takes any whole number from 0. */
export function thresholdRule(alarmType: string, key: string): ThresholdRule {
  return RULES[`${alarmType}.${key}`] ?? { title: key, unit: '', min: 0, max: Number.MAX_SAFE_INTEGER };
}

/** One row of the form: thresholds as typed. */
export interface ControlRow {
  alarmType: string;
  alarmName: string;
  source: AlarmControlItem['source'];
  enabled: boolean;
  /** undefined from a server that answers no levels: none is sent back. */
  level: AlarmLevel | undefined;
  defaultLevel: AlarmLevel | undefined;
  thresholds: Record<string, string>;
}

export const toRows = (items: readonly AlarmControlItem[]): ControlRow[] =>
  items.map((i) => ({
    alarmType: i.alarmType,
    alarmName: i.alarmName,
    source: i.source,
    enabled: i.enabled,
    level: i.level,
    defaultLevel: i.defaultLevel,
    thresholds: Object.fromEntries(Object.entries(i.thresholds ?? {}).map(([k, v]) => [k, String(v)])),
  }));

/** Problems by `alarmType.key`, in Chinese. */
export function checkControlRows(rows: readonly ControlRow[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const row of rows) {
    for (const [key, text] of Object.entries(row.thresholds)) {
      const rule = thresholdRule(row.alarmType, key);
      const value = text.trim();
      const name = `${row.alarmName}${rule.title}`;
      if (!value) errors[`${row.alarmType}.${key}`] = `请输入${name}`;
      else if (!/^-?\d+$/.test(value)) errors[`${row.alarmType}.${key}`] = `${name}必须是整数`;
      else if (Number(value) < rule.min || Number(value) > rule.max) errors[`${row.alarmType}.${key}`] = `${name}应在 ${rule.min}~${rule.max} 之间`;
    }
  }
  return errors;
}

/** configAlarmControl's body. */
export function controlBody(rows: readonly ControlRow[]): { items: { alarmType: string; enabled: boolean; level?: AlarmLevel; thresholds: Record<string, number> }[] } {
  return {
    items: rows.map((r) => ({
      alarmType: r.alarmType,
      enabled: r.enabled,
      ...(r.level && { level: r.level }),
      thresholds: Object.fromEntries(Object.entries(r.thresholds).map(([k, v]) => [k, Number(v.trim())])),
    })),
  };
}
