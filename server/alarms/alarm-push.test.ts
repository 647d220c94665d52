import { describe, expect, it } from 'vitest';
import type { Alarm } from './alarm-model';
import { AlarmPushDispatcher, alarmText, type AlarmPushOptions } from './alarm-push';
import { defaultPushSettings, type AlarmPushSettings } from './alarm-push-settings';

const alarm: Alarm = {
  id: 11, alarmType: 'sos', alarmName: '紧急报警', source: 'terminal', level: 'urgent', terminalNo: '013800000001', plateNo: '京A12345', vehicleId: 1, groupId: 2,
  groupName: '北京车队', startTime: '2026-05-01T10:00:00+08:00', endTime: null, lon: 116.397, lat: 39.909, speed: 30, detail: { bit: 0 },
  status: 0, processNote: null, processUser: null, processTime: null,
};

function harness(settings: Partial<AlarmPushSettings>, fetchImpl: typeof fetch, extra: Partial<AlarmPushOptions> = {}) {
  const warnings: string[] = [];
  const mails: { to: readonly string[]; subject: string }[] = [];
  const sms: { phone: string; text: string }[] = [];
  const dispatcher = new AlarmPushDispatcher({
    settings: async () => ({ ...defaultPushSettings(), ...settings }),
    mail: { send: async (to, subject) => void mails.push({ to, subject }) },
    sms: { send: async (phone, text) => void sms.push({ phone, text }) },
    log: { info: () => {}, warn: (_o, msg) => void warnings.push(msg) },
    fetch: fetchImpl,
    ...extra,
  });
  return { dispatcher, warnings, mails, sms };
}

const okFetch = (calls: { url: string; body: unknown }[]): typeof fetch =>
  (async (url: string, init: RequestInit) => {
    calls.push({ url, body: JSON.parse(String(init.body)) });
    return new Response('ok');
  }) as unknown as typeof fetch;

describe('alarm push', () => {
  it('posts the alarm to the webhook and sends e-mail and SMS to every recipient', async () => {
    const calls: { url: string; body: unknown }[] = [];
    const h = harness({
      webhook: { enabled: true, url: 'https://hooks.example.com/a' }, email: { enabled: true, to: ['ops@example.com'] }, sms: { enabled: true, phones: ['13800138000', '13900139000'] },
    }, okFetch(calls));
    h.dispatcher.dispatch(1, alarm);
    await h.dispatcher.idle();
    expect(calls).toEqual([{ url: 'https://hooks.example.com/a', body: alarm }]);
    expect(h.mails).toEqual([{ to: ['ops@example.com'], subject: '告警：紧急报警 京A12345' }]);
    expect(h.sms.map((s) => s.phone)).toEqual(['13800138000', '13900139000']);
    expect(h.sms[0]!.text).toBe('【天路告警】京A12345（013800000001） 紧急报警，时间 2026-05-01T10:00:00+08:00，位置 116.397000,39.909000');
  });

  it('skips types the tenant does not push and channels that are off', async () => {
    const calls: { url: string; body: unknown }[] = [];
    const h = harness({ alarmTypes: ['fenceEnter'], webhook: { enabled: true, url: 'https://hooks.example.com/a' } }, okFetch(calls));
    h.dispatcher.dispatch(1, alarm);
    const off = harness({ webhook: { enabled: false, url: 'https://hooks.example.com/a' } }, okFetch(calls));
    off.dispatcher.dispatch(1, alarm);
    await Promise.all([h.dispatcher.idle(), off.dispatcher.idle()]);
    expect(calls).toEqual([]);
    expect(off.mails).toEqual([]);
  });

  it('logs a failing or hanging webhook once and carries on', async () => {
    const failing = harness({ webhook: { enabled: true, url: 'https://down.example.com' } }, (async () => {
      throw new Error('ECONNREFUSED');
    }) as unknown as typeof fetch);
    failing.dispatcher.dispatch(1, alarm);
    await failing.dispatcher.idle();
    expect(failing.warnings).toEqual(['告警推送地址调用失败']);

    const hanging = harness({ webhook: { enabled: true, url: 'https://slow.example.com' } }, ((_url: string, init: RequestInit) =>
      new Promise((_resolve, reject) => init.signal!.addEventListener('abort', () => reject(init.signal!.reason)))) as unknown as typeof fetch, { timeoutMs: 50 });
    const started = Date.now();
    hanging.dispatcher.dispatch(1, alarm);
    await hanging.dispatcher.idle();
    expect(Date.now() - started).toBeLessThan(2000);
    expect(hanging.warnings).toEqual(['告警推送地址调用失败']);

    const refused = harness({ webhook: { enabled: true, url: 'https://hooks.example.com' } }, (async () => new Response('no', { status: 500 })) as unknown as typeof fetch);
    refused.dispatcher.dispatch(1, alarm);
    await refused.dispatcher.idle();
    expect(refused.warnings).toEqual(['告警推送地址返回错误状态']);
  });

  it('drops deliveries beyond its queue instead of piling them up', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let calls = 0;
    const h = harness({ webhook: { enabled: true, url: 'https://hooks.example.com' } }, (async () => {
      calls++;
      await gate;
      return new Response('ok');
    }) as unknown as typeof fetch, { concurrency: 1, maxQueued: 2 });
    for (let i = 0; i < 5; i++) h.dispatcher.dispatch(1, { ...alarm, id: i });
    release();
    await h.dispatcher.idle();
    expect(calls).toBe(3);
    expect(h.warnings.filter((w) => w === '告警推送积压过多，本条不再推送')).toHaveLength(2);
  });

  it('names the terminal when the alarm has no plate', () => {
    expect(alarmText({ ...alarm, plateNo: null, lon: null, lat: null })).toBe('【天路告警】013800000001 紧急报警，时间 2026-05-01T10:00:00+08:00');
  });
});
