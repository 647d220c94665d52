import type { Alarm } from '../alarms/alarm-model';
import { alarmText } from '../alarms/alarm-push';
import type { DeliveryPurpose } from '../store/notify-queries';
import type { NotifyMessage } from './channels/channel';

/** SMS template values are short (阿里云 allows 35 characters a value). */
const FIELD_MAX = 20;
const clip = (text: string) => (text.length > FIELD_MAX ? `${text.slice(0, FIELD_MAX - 1)}…` : text);
const ESCALATED = '【升级】仍未处理 ';

/** An alarm as every channel delivers it; an escalation says the alarm is still 未处理. */
export function alarmMessage(alarm: Alarm, idempotencyKey: string, purpose: DeliveryPurpose = 'alarm'): NotifyMessage {
  const asset = alarm.plateNo ?? alarm.terminalNo;
  const escalated = purpose === 'escalation';
  return {
    subject: `${escalated ? ESCALATED : ''}告警：${alarm.alarmName} ${asset}`,
    text: `${escalated ? ESCALATED : ''}${alarmText(alarm)}`,
    fields: { asset, alarm: escalated ? clip(`${alarm.alarmName}（升级）`) : alarm.alarmName, time: alarm.startTime },
    // the webhook body stays the Alarm JSON it always was; the key travels as Idempotency-Key
    data: alarm,
    idempotencyKey,
  };
}

/**
 * A burst to one recipient as one message: how many, then each alarm on a line. It carries the
 * first row's idempotency key (every try of the merged message repeats it).
 */
export function mergedMessage(items: readonly { alarm: Alarm; purpose: DeliveryPurpose }[], idempotencyKey: string): NotifyMessage {
  const first = items[0]!.alarm;
  const asset = first.plateNo ?? first.terminalNo;
  const names = [...new Set(items.map((i) => i.alarm.alarmName))];
  const lines = items.map((i, n) => `${n + 1}. ${i.purpose === 'escalation' ? ESCALATED : ''}${alarmText(i.alarm)}`);
  return {
    subject: `告警：${items.length} 条（${names.join('、')}）`,
    text: `【天路告警】共 ${items.length} 条告警\n${lines.join('\n')}`,
    fields: { asset: clip(`${asset}等${items.length}条`), alarm: clip(names.join('、')), time: first.startTime },
    data: items.map((i) => i.alarm),
    idempotencyKey,
  };
}
