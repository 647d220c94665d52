import type { Alarm } from './alarm-model';

/**
 * The text of an alarm in an e-mail, SMS or robot message. Alarms reach people through the
 * 告警推送 outbox (server/notify): written with the alarm, delivered by the delivery workers.
 */
export function alarmText(alarm: Alarm): string {
  const asset = alarm.plateNo ? `${alarm.plateNo}（${alarm.terminalNo}）` : alarm.terminalNo;
  const place = alarm.lon === null || alarm.lat === null ? '' : `，位置 ${alarm.lon.toFixed(6)},${alarm.lat.toFixed(6)}`;
  return `【天路告警】${asset} ${alarm.alarmName}，时间 ${alarm.startTime}${place}`;
}
