import { describe, expect, it } from 'vitest';
import type { Alarm } from './alarm-model';
import { alarmText } from './alarm-push';

const alarm: Alarm = {
  id: 11, alarmType: 'sos', alarmName: '紧急报警', source: 'terminal', level: 'urgent', terminalNo: '013800000001', plateNo: '京A12345', vehicleId: 1, groupId: 2,
  groupName: '北京车队', startTime: '2026-05-01T10:00:00+08:00', endTime: null, lon: 116.397, lat: 39.909, speed: 30, detail: { bit: 0 },
  status: 0, processNote: null, processUser: null, processTime: null,
};

// Delivery itself (webhook, e-mail, SMS, robots) is the outbox's: server/notify/*.test.ts.
describe('alarm text', () => {
  it('names the plate, the terminal, the alarm, its time and place', () => {
    expect(alarmText(alarm)).toBe('【天路告警】京A12345（013800000001） 紧急报警，时间 2026-05-01T10:00:00+08:00，位置 116.397000,39.909000');
  });

  it('names the terminal when the alarm has no plate', () => {
    expect(alarmText({ ...alarm, plateNo: null, lon: null, lat: null })).toBe('【天路告警】013800000001 紧急报警，时间 2026-05-01T10:00:00+08:00');
  });
});
