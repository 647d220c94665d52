import type { MonitorItem } from '../services/live-service';

/**
 * A monitor item for tests: a located, online vehicle at 天安门 with its JT/T 808 terminal, reporting
 * with ACC on; `patch` changes what a test is about.
 */
export function monitorItem(terminalNo: string, patch: Partial<MonitorItem> = {}): MonitorItem {
  return {
    terminalNo,
    plateNo: `京A${terminalNo.slice(-5)}`,
    online: true,
    lon: 116.4,
    lat: 39.9,
    speed: 30,
    course: 90,
    altitude: 50,
    gpsTime: '2026-01-01T08:00:00+08:00',
    alarmFlags: 0,
    statusFlags: 3,
    mileage: 100,
    assetKind: 'vehicle',
    protocol: 'jt808',
    vehicleId: null,
    groupId: null,
    groupName: null,
    receivedTime: null,
    acc: true,
    located: true,
    ...patch,
  };
}
