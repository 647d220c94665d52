import type { PositionExtras, PositionRow } from '../gateway/gateway-ports';
import type { RulePosition } from './alarm-rules';

/**
 * Additional item of 0x0200 that carries the battery level: id 0xE1, one BYTE, percent 0–100
 * (a vendor item, kept raw by the gateway). Positions without it leave the low-battery rule as it was.
 */
export const BATTERY_ITEM_ID = 0xe1;

/** The battery level in percent, when the position carries one. */
export function batteryPercent(extras: PositionExtras & { battery?: unknown }): number | undefined {
  if (typeof extras.battery === 'number' && Number.isFinite(extras.battery)) return extras.battery;
  const item = extras.raw?.find((i) => i.id === BATTERY_ITEM_ID);
  if (!item || item.hex.length !== 2) return undefined;
  const value = Number.parseInt(item.hex, 16);
  return Number.isNaN(value) || value > 100 ? undefined : value;
}

export function toRulePosition(row: PositionRow): RulePosition {
  const battery = batteryPercent(row.extras);
  return {
    time: row.deviceTime,
    receivedTime: row.receivedTime,
    lon: row.lon,
    lat: row.lat,
    speed: row.speed,
    alarmFlags: row.alarmFlags,
    statusFlags: row.statusFlags,
    ...(battery !== undefined && { battery }),
    ...(row.extras.deviceAlarms?.length && { deviceAlarms: row.extras.deviceAlarms }),
    ...(typeof row.extras.armed === 'boolean' && { armed: row.extras.armed }),
    ...(typeof row.extras.satellites === 'number' && { satellites: row.extras.satellites }),
    ...(typeof row.extras.heartRate === 'number' && { heartRate: row.extras.heartRate }),
    ...(typeof row.extras.systolic === 'number' && { systolic: row.extras.systolic }),
    ...(typeof row.extras.diastolic === 'number' && { diastolic: row.extras.diastolic }),
    ...(typeof row.extras.spo2 === 'number' && { spo2: row.extras.spo2 }),
    ...(typeof row.extras.temperature === 'number' && { temperature: row.extras.temperature }),
  };
}
