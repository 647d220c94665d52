import type { Alarm } from '@tianlu/sdk';

/** An unhandled SOS of 京A00001 (terminal 013800000001) at 2026-03-01 10:00 China time; `patch` changes any field. */
export function testAlarm(id: number, patch: Partial<Alarm> = {}): Alarm {
  return {
    id,
    alarmType: 'sos',
    alarmName: '紧急报警',
    source: 'terminal',
    level: 'urgent',
    terminalNo: '013800000001',
    plateNo: '京A00001',
    vehicleId: 1,
    groupId: 1,
    groupName: '一组',
    startTime: '2026-03-01T10:00:00+08:00',
    endTime: null,
    lon: 116.4,
    lat: 39.9,
    speed: 0,
    detail: {},
    status: 0,
    processNote: null,
    processUser: null,
    processTime: null,
    ...patch,
  };
}
