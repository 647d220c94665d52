import type { ApproximatePlace } from './cell-locator';
import type { DeviceAlarm, DeviceFix, DeviceMessage, DeviceStatus, HealthReadings } from './device-protocol';
import type { PositionExtras, PositionRow, TerminalIdentity } from './gateway-ports';
import { lastFixAccuracy } from './last-fix-accuracy';

/** Alarms with a JT/T 808 alarm bit: stored in the alarm word, so the alarm engine treats both protocols alike. */
const ALARM_BITS: Partial<Record<DeviceAlarm, number>> = {
  sos: 0, overspeed: 1, lowVoltage: 7, powerCut: 8, fenceEnter: 20, fenceExit: 20, displacement: 28, collision: 29,
};

// JT/T 808 status bits the common model fills
const STATUS_ACC = 1 << 0;
const STATUS_POSITIONED = 1 << 1;
const STATUS_OIL_CUT = 1 << 10;
const STATUS_POWER_CUT = 1 << 11;

const EARLIEST = Date.UTC(2000, 0, 1);
const FUTURE_SLACK_MS = 24 * 3600_000;

/** Who sent a position and when it arrived. */
export interface DeviceOrigin {
  terminalNo: string;
  identity: TerminalIdentity;
  receivedTime: Date;
}

/** The alarm word and the alarms without a bit. */
export function alarmWord(alarms: readonly DeviceAlarm[]): { flags: number; other: DeviceAlarm[] } {
  let flags = 0;
  const other: DeviceAlarm[] = [];
  for (const a of alarms) {
    const bit = ALARM_BITS[a];
    if (bit === undefined) other.push(a);
    else flags |= 2 ** bit;
  }
  return { flags: flags >>> 0, other };
}

/** Why a fix cannot be stored, or undefined when it can. */
export function fixProblem(fix: { lon: number; lat: number; time: Date }, receivedTime: Date): string | undefined {
  if (!Number.isFinite(fix.lon) || !Number.isFinite(fix.lat) || Math.abs(fix.lon) > 180 || Math.abs(fix.lat) > 90) return 'invalid-coordinates';
  if (fix.lon === 0 && fix.lat === 0) return 'invalid-coordinates';
  const t = fix.time.getTime();
  if (!Number.isFinite(t) || t < EARLIEST || t > receivedTime.getTime() + FUTURE_SLACK_MS) return 'invalid-time';
  return undefined;
}

function statusWord(status: DeviceStatus, positioned: boolean): number {
  let word = positioned ? STATUS_POSITIONED : 0;
  if (status.acc) word |= STATUS_ACC;
  if (status.powerCutOff) word |= STATUS_OIL_CUT | STATUS_POWER_CUT;
  return word;
}

function extrasOf(fix: DeviceFix | undefined, status: DeviceStatus, readings: HealthReadings | undefined): PositionExtras {
  const x: PositionExtras = {};
  if (fix?.satellites !== undefined) x.satellites = fix.satellites;
  if (status.signal !== undefined) x.signal = status.signal;
  if (status.battery !== undefined) x.battery = status.battery;
  if (status.batteryVoltage !== undefined) x.batteryVoltage = status.batteryVoltage;
  if (status.externalVoltage !== undefined) x.externalVoltage = status.externalVoltage;
  if (status.charging !== undefined) x.charging = status.charging;
  if (status.armed !== undefined) x.armed = status.armed;
  if (status.steps !== undefined) x.steps = status.steps;
  if (readings) Object.assign(x, readings);
  return x;
}

/**
 * Turns a fix into a row: a valid GPS fix as it is; a fix with cells or access points at the
 * position the locator found for them (approximate, with its accuracy); a fix without either at the
 * device's last stored position ('last', not positioned, with a radius grown since that fix: see
 * last-fix-accuracy.ts). Undefined when there is nothing to place it.
 */
export function deviceRow(
  fix: DeviceFix, message: DeviceMessage, origin: DeviceOrigin, context: {
    status: DeviceStatus; readings: HealthReadings | undefined; approximate: ApproximatePlace | undefined; last: PositionRow | undefined;
  },
): PositionRow | { problem: string } {
  const { flags, other } = alarmWord(message.alarms);
  const extras = extrasOf(fix, context.status, context.readings);
  if (other.length > 0) extras.deviceAlarms = other;
  let place: { lon: number; lat: number; positioned: boolean };
  if (fix.source === 'gps' && fix.valid && fix.lon !== undefined && fix.lat !== undefined) {
    place = { lon: fix.lon, lat: fix.lat, positioned: true };
  } else if (context.approximate) {
    place = { lon: context.approximate.lon, lat: context.approximate.lat, positioned: false };
    extras.fix = context.approximate.source;
    extras.accuracy = context.approximate.accuracy;
  } else if (context.last) {
    place = { lon: context.last.lon, lat: context.last.lat, positioned: false };
    extras.fix = 'last';
    extras.accuracy = lastFixAccuracy(context.last.extras.accuracy, context.last.deviceTime, fix.time);
  } else {
    return { problem: 'no-position' };
  }
  const problem = fixProblem({ lon: place.lon, lat: place.lat, time: fix.time }, origin.receivedTime);
  if (problem) return { problem };
  return {
    terminalNo: origin.terminalNo,
    terminalId: origin.identity.terminalId,
    tenantId: origin.identity.tenantId,
    deviceTime: fix.time,
    receivedTime: origin.receivedTime,
    lon: place.lon,
    lat: place.lat,
    altitude: fix.altitude ?? 0,
    speed: place.positioned ? fix.speed : 0,
    course: place.positioned ? fix.course : 0,
    alarmFlags: flags,
    statusFlags: statusWord(context.status, place.positioned),
    extras,
    backfill: message.backfill ?? false,
  };
}
