import { alarmTypeInfo } from '../../alarms/alarm-catalogue';
import { mergePushSettings, type AlarmPushSettings } from '../../alarms/alarm-push-settings';
import { badInput } from '../envelope';
import { AlarmPushApi } from '../../../sdk/contracts/kernel';
import type { BodyOf } from '../../../sdk/endpoint';
import { sessionRoute } from '../route-definition';

/** 推送设置. */
const ALARM_PUSH_RESOURCE = 400302;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const MOBILE = /^1\d{10}$/;
const WEBHOOK_MOVED = 'Webhook 已移至「推送渠道」，请在推送渠道页面添加 Webhook 渠道';

function recipients(values: readonly string[], pattern: RegExp, wrong: string): string[] {
  const out = [...new Set(values.map((v) => v.trim()).filter(Boolean))];
  for (const v of out) if (!pattern.test(v)) throw badInput(`${wrong}：${v}`);
  return out;
}

/** An older client's body still names the webhook, which now lives in 推送渠道. */
type PushBody = BodyOf<typeof AlarmPushApi.save>;

/** The input checked and normalised (trimmed, duplicates removed); throws a Chinese 400 otherwise. */
function checkPush(input: PushBody): AlarmPushSettings {
  // switched off it asks for nothing; switched on it would be lost: say where webhooks are now
  if (input.webhook?.enabled) throw badInput(WEBHOOK_MOVED);
  const alarmTypes = [...new Set(input.alarmTypes)];
  for (const t of alarmTypes) if (!alarmTypeInfo(t)) throw badInput(`告警类型 ${t} 不存在`);
  const to = recipients(input.email.to, EMAIL, '邮箱格式不正确');
  if (input.email.enabled && to.length === 0) throw badInput('请填写接收邮箱');
  const phones = recipients(input.sms.phones, MOBILE, '手机号格式不正确');
  if (input.sms.enabled && phones.length === 0) throw badInput('请填写接收手机号');
  return {
    popup: input.popup,
    sound: input.sound,
    alarmTypes,
    email: { enabled: input.email.enabled, to },
    sms: { enabled: input.sms.enabled, phones },
  };
}

export const listAlarmPushRoute = sessionRoute.of(AlarmPushApi.settings, {
  resource: ALARM_PUSH_RESOURCE,
  handler: async ({ user, deps }) => mergePushSettings(await deps.store.alarms.settings.push(user.tenantId)),
});

export const configAlarmPushRoute = sessionRoute.of(AlarmPushApi.save, {
  resource: ALARM_PUSH_RESOURCE,
  handler: async (ctx) => {
    const { body, user, deps } = ctx;
    const settings = checkPush(body);
    const before = mergePushSettings(await deps.store.alarms.settings.push(user.tenantId));
    await deps.store.alarms.settings.savePush(user.tenantId, settings, deps.clock.now());
    await ctx.audit({ action: '修改推送设置', target: '推送设置', before, after: settings });
    return settings;
  },
});
