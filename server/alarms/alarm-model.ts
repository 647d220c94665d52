import { toChinaIso } from '../api/time-format';
import type { AlarmRow } from '../store/alarm-queries';
import { alarmName, type AlarmSource } from './alarm-catalogue';

/** One alarm as the console gets it (docs/api-contract.md, `Alarm`). */
export interface Alarm {
  id: number;
  alarmType: string;
  alarmName: string;
  source: AlarmSource;
  terminalNo: string;
  plateNo: string | null;
  vehicleId: number | null;
  groupId: number | null;
  groupName: string | null;
  startTime: string;
  endTime: string | null;
  lon: number | null;
  lat: number | null;
  speed: number | null;
  detail: Record<string, unknown>;
  status: 0 | 1;
  processNote: string | null;
  processUser: string | null;
  processTime: string | null;
}

export function toAlarm(row: AlarmRow): Alarm {
  return {
    id: row.id,
    alarmType: row.alarmType,
    alarmName: alarmName(row.alarmType),
    source: row.source === 'terminal' ? 'terminal' : 'platform',
    terminalNo: row.terminalNo,
    plateNo: row.plateNo,
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
  };
}
