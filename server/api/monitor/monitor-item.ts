import { normalizePhone } from '../../gateway/jt808/index';
import type { AssetRow } from '../../store/monitor-queries';
import { badInput } from '../envelope';
import { toChinaIso } from '../../time/china-time';
import { SERVICE_EXPIRED_HINT } from '../../store/service-expiry';
import type { MonitorItem } from '../../../sdk/services/live-service';
import { batteryPercentFromVoltage } from '../../../sdk/asset-kinds';

/** One asset's latest position as the console gets it: the SDK's contract type. */
export type { MonitorItem };

export function toMonitorItem(a: AssetRow): MonitorItem {
  const battery = batteryOf(a);
  return {
    terminalNo: a.terminalNo,
    plateNo: a.plateNo,
    vehicleId: a.vehicleId,
    groupId: a.groupId,
    groupName: a.groupName,
    online: a.online,
    lon: a.lon,
    lat: a.lat,
    speed: a.speed,
    course: a.course,
    altitude: a.altitude,
    gpsTime: a.gpsTime ? toChinaIso(a.gpsTime) : null,
    receivedTime: a.receivedTime ? toChinaIso(a.receivedTime) : null,
    alarmFlags: a.alarmFlags,
    statusFlags: a.statusFlags,
    openAlarms: a.openAlarms,
    ...(a.openAlarms > 0 && { openAlarmTypes: a.openAlarmTypes }),
    acc: (a.statusFlags & 1) !== 0,
    located: (a.statusFlags & 2) !== 0,
    mileage: a.mileage,
    assetKind: a.assetKind,
    protocol: a.protocol,
    ...(a.fix && { fix: a.fix }),
    ...(a.accuracy !== null && { accuracy: a.accuracy }),
    ...(battery !== null && { battery }),
    ...(a.externalVoltage !== null && { externalVoltage: a.externalVoltage }),
    ...(a.charging !== null && { charging: a.charging }),
    ...(a.armed !== null && { armed: a.armed }),
    ...(a.readings && { readings: a.readings }),
    ...((a.statusFlags & POWER_CUT) !== 0 && { powerCut: true }),
    ...(a.assetKind === 'person' && { department: a.department?.trim() ?? '' }),
    ...(a.expired && { expired: true, hint: SERVICE_EXPIRED_HINT }),
  };
}

/** Status bit 11 (JT/T 808 电路断开; a GT06 guard's relay): the power is cut. */
const POWER_CUT = 1 << 11;

/** An e-bike's charge read from its battery voltage by its nominal voltage; else what the device reports. */
function batteryOf(a: AssetRow): number | null {
  if (a.assetKind === 'ebike' && a.externalVoltage !== null && a.nominalVoltage) return batteryPercentFromVoltage(a.externalVoltage, a.nominalVoltage);
  return a.battery;
}

/** A terminal number as typed (013800000001 or 13800000001) in the stored, normalised form. */
export function terminalNoParam(value: string): string {
  const trimmed = value.trim();
  if (!/^\d{1,20}$/.test(trimmed)) throw badInput('终端号必须是数字');
  return normalizePhone(trimmed);
}
