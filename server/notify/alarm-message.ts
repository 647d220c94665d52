import type { Alarm } from '../alarms/alarm-model';
import { alarmText } from '../alarms/alarm-push';
import type { NotifyMessage } from './channels/channel';

/** An alarm as every channel delivers it. */
export function alarmMessage(alarm: Alarm, idempotencyKey: string): NotifyMessage {
  const asset = alarm.plateNo ?? alarm.terminalNo;
  return {
    subject: `告警：${alarm.alarmName} ${asset}`,
    text: alarmText(alarm),
    fields: { asset, alarm: alarm.alarmName, time: alarm.startTime },
    // the webhook body stays the Alarm JSON it always was; the key travels as Idempotency-Key
    data: alarm,
    idempotencyKey,
  };
}
