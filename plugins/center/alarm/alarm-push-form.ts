import type { AlarmPushSettings } from '@tianlu/sdk';

/** The push form as typed: recipients one per line (or separated by commas). */
export interface PushForm {
  popup: boolean;
  sound: boolean;
  alarmTypes: string[];
  emailEnabled: boolean;
  emails: string;
  smsEnabled: boolean;
  phones: string;
}

export type PushErrors = Partial<Record<'alarmTypes' | 'emails' | 'phones', string>>;

const EMAIL = /^[^\s@,;]+@[^\s@,;]+\.[^\s@,;]+$/;
const PHONE = /^1\d{10}$/;
/** At most this many e-mail recipients or SMS phones. */
export const MAX_RECIPIENTS = 10;

/** Entries of a recipients box: split on new lines, commas and semicolons, blanks dropped. */
export function splitList(text: string): string[] {
  return text
    .split(/[\n,;，；]+/)
    .map((s) => s.trim())
    .filter(Boolean);
}

export function toPushForm(p: AlarmPushSettings): PushForm {
  return {
    popup: p.popup,
    sound: p.sound,
    alarmTypes: [...p.alarmTypes],
    emailEnabled: p.email.enabled,
    emails: p.email.to.join('\n'),
    smsEnabled: p.sms.enabled,
    phones: p.sms.phones.join('\n'),
  };
}

/** Problems of the form, in Chinese. */
export function checkPushForm(f: PushForm): PushErrors {
  const errors: PushErrors = {};
  const emails = splitList(f.emails);
  const badEmail = emails.find((e) => !EMAIL.test(e));
  if (badEmail) errors.emails = `邮箱格式不正确：${badEmail}`;
  else if (f.emailEnabled && !emails.length) errors.emails = '请至少填写一个接收邮箱';
  else if (emails.length > MAX_RECIPIENTS) errors.emails = `接收邮箱不能超过 ${MAX_RECIPIENTS} 个`;
  const phones = splitList(f.phones);
  const badPhone = phones.find((p) => !PHONE.test(p));
  if (badPhone) errors.phones = `手机号格式不正确：${badPhone}`;
  else if (f.smsEnabled && !phones.length) errors.phones = '请至少填写一个接收手机号';
  else if (phones.length > MAX_RECIPIENTS) errors.phones = `接收手机号不能超过 ${MAX_RECIPIENTS} 个`;
  return errors;
}

/** configAlarmPush's body. */
export function pushBody(f: PushForm): AlarmPushSettings {
  return {
    popup: f.popup,
    sound: f.sound,
    alarmTypes: [...f.alarmTypes],
    email: { enabled: f.emailEnabled, to: [...new Set(splitList(f.emails))] },
    sms: { enabled: f.smsEnabled, phones: [...new Set(splitList(f.phones))] },
  };
}
