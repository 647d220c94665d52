import type { Jt808Location } from './jt808';
import type { PositionExtras, PositionRow, TerminalIdentity } from './gateway-ports';

// items already carried by typed fields; everything else is kept raw for later analysis
const TYPED_ITEMS = new Set([0x01, 0x02, 0x03, 0x25, 0x2a, 0x30, 0x31]);

/** Who sent a position and when it arrived. */
export interface PositionOrigin {
  terminalNo: string;
  identity: TerminalIdentity;
  receivedTime: Date;
  backfill: boolean;
}

/** Turns a decoded 0x0200 body into a row for the store. */
export function toPositionRow(location: Jt808Location, origin: PositionOrigin): PositionRow {
  const x = location.extras;
  const extras: PositionExtras = {};
  if (x.fuelLitres !== undefined) extras.fuel = x.fuelLitres;
  if (x.recorderSpeedKmh !== undefined) extras.recorderSpeed = x.recorderSpeedKmh;
  if (x.signalStrength !== undefined) extras.signal = x.signalStrength;
  if (x.satellites !== undefined) extras.satellites = x.satellites;
  if (x.ioStatus !== undefined) extras.io = x.ioStatus;
  if (x.extendedStatus !== undefined) extras.extStatus = x.extendedStatus;
  const raw = location.items.filter((i) => !TYPED_ITEMS.has(i.id));
  if (raw.length > 0) extras.raw = raw.map((i) => ({ id: i.id, hex: i.hex }));
  const row: PositionRow = {
    terminalNo: origin.terminalNo,
    terminalId: origin.identity.terminalId,
    tenantId: origin.identity.tenantId,
    deviceTime: new Date(location.gpsTimeMs),
    receivedTime: origin.receivedTime,
    lon: location.longitude,
    lat: location.latitude,
    altitude: location.altitude,
    speed: location.speedKmh,
    course: location.direction,
    alarmFlags: location.alarmFlags,
    statusFlags: location.statusFlags,
    extras,
    backfill: origin.backfill,
  };
  if (x.mileageKm !== undefined) row.mileage = x.mileageKm;
  return row;
}
