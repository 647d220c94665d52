import { NOTIFY_ROUTING_LIST_PATH, NOTIFY_ROUTING_SAVE_PATH, NOTIFY_ROUTE_CHANNELS, type AlarmLevel, type NotifyRouteChannel } from '../../../sdk/services/alarm-service';
import { alarmTypeInfo, isAlarmLevel } from '../../alarms/alarm-catalogue';
import { mergePushSettings } from '../../alarms/alarm-push-settings';
import { minuteOfDay, type NotifyEscalation, type NotifyQuietHours, type NotifyRouting, type NotifyRule } from '../../alarms/notify-routing';
import { badInput } from '../envelope';
import { sessionRoute } from '../route-definition';
import { object } from '../schema-helpers';

/** 推送设置. */
const ALARM_PUSH_RESOURCE = 400302;
const MAX_RULES = 20;
const MAX_RECIPIENTS = 10;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const MOBILE = /^1\d{10}$/;
const CHANNELS = new Set<string>(NOTIFY_ROUTE_CHANNELS.map((c) => c.channel));
const MAX_ESCALATION_MINUTES = 1440;

const strings = (title: string, maxItems: number, maxLength: number) => ({ type: 'array', title, maxItems, items: { type: 'string', title, maxLength } });
const recipientLists = { emails: strings('接收邮箱', MAX_RECIPIENTS, 100), phones: strings('接收手机号', MAX_RECIPIENTS, 20) };

function recipients(values: readonly string[], pattern: RegExp, wrong: string): string[] {
  const out = [...new Set(values.map((v) => v.trim()).filter(Boolean))];
  for (const v of out) if (!pattern.test(v)) throw badInput(`${wrong}：${v}`);
  return out;
}

function level(value: string, what: string): AlarmLevel {
  if (!isAlarmLevel(value)) throw badInput(`${what}不正确`);
  return value;
}

function channels(values: readonly string[], what: string): NotifyRouteChannel[] {
  const out = [...new Set(values)];
  for (const c of out) if (!CHANNELS.has(c)) throw badInput(`${what}的推送通道 ${c} 不存在`);
  if (out.length === 0) throw badInput(`${what}请至少选择一个推送通道`);
  return out as NotifyRouteChannel[];
}

/** Addresses and numbers a choice of channels needs, checked. */
function lists(input: { emails: readonly string[]; phones: readonly string[] }, chosen: readonly string[], what: string) {
  const emails = recipients(input.emails, EMAIL, `${what}的邮箱格式不正确`);
  const phones = recipients(input.phones, MOBILE, `${what}的手机号格式不正确`);
  if (chosen.includes('email') && emails.length === 0) throw badInput(`${what}选择了邮件，请填写接收邮箱`);
  if (chosen.includes('sms') && phones.length === 0) throw badInput(`${what}选择了短信，请填写接收手机号`);
  return { emails: chosen.includes('email') ? emails : [], phones: chosen.includes('sms') ? phones : [] };
}

/** The input checked and normalised; throws a Chinese 400 otherwise (nothing is saved). */
export function checkRouting(input: NotifyRouting, webhookUrl: string): NotifyRouting {
  const names = new Set<string>();
  const rules: NotifyRule[] = input.rules.map((r, i) => {
    const name = r.name.trim();
    if (!name) throw badInput(`请填写第 ${i + 1} 条规则的名称`);
    if (names.has(name)) throw badInput(`规则名称「${name}」重复`);
    names.add(name);
    const what = `规则「${name}」`;
    const alarmTypes = [...new Set(r.alarmTypes)];
    for (const t of alarmTypes) if (!alarmTypeInfo(t)) throw badInput(`${what}的告警类型 ${t} 不存在`);
    const levels = [...new Set(r.levels.map((l) => level(l, `${what}的告警级别`)))];
    const chosen = channels(r.channels, what);
    if (chosen.includes('webhook') && !webhookUrl) throw badInput(`${what}选择了 Webhook，请先在上方填写 Webhook 地址并保存`);
    return { name, alarmTypes, levels, channels: chosen, ...lists(r, chosen, what) };
  });

  const q = input.quietHours;
  if (minuteOfDay(q.start) === undefined) throw badInput('免打扰开始时间应为 HH:MM，例如 22:00');
  if (minuteOfDay(q.end) === undefined) throw badInput('免打扰结束时间应为 HH:MM，例如 07:00');
  if (q.start === q.end) throw badInput('免打扰的开始时间和结束时间不能相同');
  const quietHours: NotifyQuietHours = { enabled: q.enabled, start: q.start, end: q.end, minLevel: level(q.minLevel, '免打扰期间照常推送的级别') };

  const e = input.escalation;
  if (!Number.isInteger(e.afterMinutes) || e.afterMinutes < 1 || e.afterMinutes > MAX_ESCALATION_MINUTES) throw badInput(`升级时间应为 1 到 ${MAX_ESCALATION_MINUTES} 分钟的整数`);
  const escChannels = [...new Set(e.channels)].filter((c) => c !== ('webhook' as string));
  for (const c of escChannels) if (!CHANNELS.has(c)) throw badInput(`告警升级的推送通道 ${c} 不存在`);
  if (e.enabled && escChannels.length === 0) throw badInput('告警升级请至少选择一个推送通道');
  const escalation: NotifyEscalation = {
    enabled: e.enabled, afterMinutes: e.afterMinutes, minLevel: level(e.minLevel, '告警升级的级别'),
    channels: escChannels as NotifyEscalation['channels'], ...lists(e, e.enabled ? escChannels : [], '告警升级'),
  };
  return { rules, quietHours, escalation };
}

export const listNotifyRoutingRoute = sessionRoute({
  method: 'POST',
  url: NOTIFY_ROUTING_LIST_PATH,
  summary: '推送规则、免打扰时段与告警升级（本租户）',
  resource: ALARM_PUSH_RESOURCE,
  handler: async ({ user, deps }) => deps.store.notify.routing(user.tenantId),
});

const channelList = (title: string) => ({ type: 'array', title, maxItems: NOTIFY_ROUTE_CHANNELS.length, items: { type: 'string', title: '推送通道', maxLength: 20 } });

export const configNotifyRoutingRoute = sessionRoute<unknown, NotifyRouting>({
  method: 'POST',
  url: NOTIFY_ROUTING_SAVE_PATH,
  summary: '保存推送规则、免打扰时段与告警升级（本租户）',
  resource: ALARM_PUSH_RESOURCE,
  schema: {
    body: object(
      {
        rules: {
          type: 'array', title: '推送规则', maxItems: MAX_RULES,
          items: object({
            name: { type: 'string', title: '规则名称', maxLength: 20 },
            alarmTypes: strings('告警类型', 100, 50),
            levels: strings('告警级别', 3, 10),
            channels: channelList('推送通道'),
            ...recipientLists,
          }, ['name', 'alarmTypes', 'levels', 'channels', 'emails', 'phones']),
        },
        quietHours: object({
          enabled: { type: 'boolean', title: '免打扰开关' },
          start: { type: 'string', title: '免打扰开始时间', maxLength: 5 },
          end: { type: 'string', title: '免打扰结束时间', maxLength: 5 },
          minLevel: { type: 'string', title: '照常推送的级别', maxLength: 10 },
        }, ['enabled', 'start', 'end', 'minLevel']),
        escalation: object({
          enabled: { type: 'boolean', title: '告警升级开关' },
          afterMinutes: { type: 'integer', title: '升级时间（分钟）' },
          minLevel: { type: 'string', title: '升级的级别', maxLength: 10 },
          channels: channelList('升级推送通道'),
          ...recipientLists,
        }, ['enabled', 'afterMinutes', 'minLevel', 'channels', 'emails', 'phones']),
      },
      ['rules', 'quietHours', 'escalation'],
    ),
  },
  handler: async (ctx) => {
    const { body, user, deps } = ctx;
    const push = mergePushSettings(await deps.store.alarms.settings.push(user.tenantId));
    const routing = checkRouting(body, push.webhook.url);
    const before = await deps.store.notify.routing(user.tenantId);
    await deps.store.notify.saveRouting(user.tenantId, routing, deps.clock.now());
    await ctx.audit({ action: '修改推送规则', target: '推送设置', before, after: routing });
    return routing;
  },
});
