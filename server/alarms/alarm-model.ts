import { toChinaIso } from '../time/china-time';
import type { AlarmRow } from '../store/alarm-queries';
import type { Alarm } from '../../sdk/services/alarm-service';
import { assetKindOf } from '../../sdk/asset-kinds';
import { kindAlarmName } from '../../sdk/asset-vocabulary';
import { alarmLevel, alarmName } from './alarm-catalogue';

/** One alarm as the console gets it: the SDK's `Alarm` (docs/api-contract.md). */
export type { Alarm };

export function toAlarm(row: AlarmRow): Alarm {
  const assetKind = (row.assetKind && assetKindOf(row.assetKind)) || null;
  return {
    id: row.id,
    alarmType: row.alarmType,
    alarmName: kindAlarmName(assetKind, alarmName(row.alarmType)),
    source: row.source === 'terminal' ? 'terminal' : 'platform',
    level: alarmLevel(row.alarmType, row.level),
    terminalNo: row.terminalNo,
    plateNo: row.plateNo,
    assetKind,
    contactPhone: row.contactPhone ?? null,
    vehicleId: row.vehicleId,
    groupId: row.groupId,
    groupName: row.groupName,
    startTime: toChinaIso(row.startTime),
    endTime: row.endTime ? toChinaIso(row.endTime) : null,
    lon: row.lon,
    lat: row.lat,
    speed: row.speed,
    detail: row.detail,
    status: row.status === 1 ? 1 : 0,
    processNote: row.processNote,
    processUser: row.processUser,
    processTime: row.processTime ? toChinaIso(row.processTime) : null,
    late: row.late === true,
  };
}
