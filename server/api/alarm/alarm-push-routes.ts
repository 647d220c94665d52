import { alarmTypeInfo } from '../../alarms/alarm-catalogue';
import { mergePushSettings, type AlarmPushSettings } from '../../alarms/alarm-push-settings';
import { badInput } from '../envelope';
import { sessionRoute } from '../route-definition';
import { object } from '../schema-helpers';

/** 推送设置. */
const ALARM_PUSH_RESOURCE = 400302;
const MAX_RECIPIENTS = 10;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const MOBILE = /^1\d{10}$/;
const WEBHOOK_MOVED = 'Webhook 已移至「推送渠道」，请在推送渠道页面添加 Webhook 渠道';

const bool = (title: string) => ({ type: 'boolean', title });
const list = (title: string, itemTitle: string, maxLength: number) => ({
  type: 'array', title, maxItems: MAX_RECIPIENTS, items: { type: 'string', title: itemTitle, maxLength },
});

function recipients(values: readonly string[], pattern: RegExp, wrong: string): string[] {
  const out = [...new Set(values.map((v) => v.trim()).filter(Boolean))];
  for (const v of out) if (!pattern.test(v)) throw badInput(`${wrong}：${v}`);
  return out;
}

/** An older client's body still names the webhook, which now lives in 推送渠道. */
type PushBody = AlarmPushSettings & { webhook?: { enabled: boolean; url: string } };

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

export const listAlarmPushRoute = sessionRoute({
  method: 'POST',
  url: '/car/v4/api/alarm/push/listAlarmPushInfo.json',
  summary: '推送设置：弹窗、声音、推送的告警类型、邮件、短信（本租户）；Webhook 与机器人在推送渠道中设置',
  resource: ALARM_PUSH_RESOURCE,
  handler: async ({ user, deps }) => mergePushSettings(await deps.store.alarms.settings.push(user.tenantId)),
});

export const configAlarmPushRoute = sessionRoute<unknown, PushBody>({
  method: 'POST',
  url: '/car/v4/api/alarm/push/configAlarmPush.json',
  summary: '保存推送设置（本租户）；旧版的 webhook 字段仍可提交，但只能是关闭状态（Webhook 在推送渠道中设置）',
  resource: ALARM_PUSH_RESOURCE,
  schema: {
    body: object(
      {
        popup: bool('弹窗提醒'),
        sound: bool('声音提醒'),
        alarmTypes: { type: 'array', title: '推送的告警类型', maxItems: 100, items: { type: 'string', title: '告警类型', maxLength: 50 } },
        webhook: object({ enabled: bool('Webhook 开关'), url: { type: 'string', title: '推送地址', maxLength: 500 } }),
        email: object({ enabled: bool('邮件开关'), to: list('接收邮箱', '邮箱', 100) }, ['enabled', 'to']),
        sms: object({ enabled: bool('短信开关'), phones: list('接收手机号', '手机号', 20) }, ['enabled', 'phones']),
      },
      ['popup', 'sound', 'alarmTypes', 'email', 'sms'],
    ),
  },
  handler: async (ctx) => {
    const { body, user, deps } = ctx;
    const settings = checkPush(body);
    const before = mergePushSettings(await deps.store.alarms.settings.push(user.tenantId));
    await deps.store.alarms.settings.savePush(user.tenantId, settings, deps.clock.now());
    await ctx.audit({ action: '修改推送设置', target: '推送设置', before, after: settings });
    return settings;
  },
});
