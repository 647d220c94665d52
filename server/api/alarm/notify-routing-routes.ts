import {
  NOTIFY_ROUTED_KINDS,
  NOTIFY_ROUTE_CHANNELS,
  type AlarmLevel,
  type NotifyRouteChannel,
} from '../../../sdk/services/alarm-service';
import { alarmTypeInfo, isAlarmLevel } from '../../alarms/alarm-catalogue';
import { minuteOfDay, type NotifyEscalation, type NotifyQuietHours, type NotifyRouting, type NotifyRule } from '../../alarms/notify-routing';
import { badInput } from '../envelope';
import { sessionRoute } from '../route-definition';
import { AlarmPushApi } from '../../../sdk/contracts/kernel';
import type { BodyOf } from '../../../sdk/endpoint';

/** 推送设置. */
const ALARM_PUSH_RESOURCE = 400302;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const MOBILE = /^1\d{10}$/;
const CHANNELS = new Set<string>(NOTIFY_ROUTE_CHANNELS.map((c) => c.channel));
const MAX_ESCALATION_MINUTES = 1440;
const ROUTED = new Set<string>(NOTIFY_ROUTED_KINDS);

/** A channel of the tenant's 推送渠道 as a rule sees it. */
export interface RoutableChannel {
  id: number;
  kind: string;
  name: string;
}


function recipients(values: readonly string[], pattern: RegExp, wrong: string): string[] {
  const out = [...new Set(values.map((v) => v.trim()).filter(Boolean))];
  for (const v of out) if (!pattern.test(v)) throw badInput(`${wrong}：${v}`);
  return out;
}

function level(value: string, what: string): AlarmLevel {
  if (!isAlarmLevel(value)) throw badInput(`${what}不正确`);
  return value;
}

/** What a rule or the escalation chose: its recipient channels and the ids of its robots and webhooks. */
interface Choice {
  channels: readonly string[];
  channelIds?: readonly number[];
}

/**
 * A choice checked: 邮件 and 短信 as they are, robots and webhooks by id (an older client's kind,
 * e.g. dingtalk, is every channel of that kind, as it always meant). A channel no longer there is
 * refused with its number; a disabled one is kept (its deliveries are skipped, and say so).
 */
function choice(input: Choice, own: readonly RoutableChannel[], what: string, required: boolean): { channels: NotifyRouteChannel[]; channelIds: number[] } {
  const channels: NotifyRouteChannel[] = [];
  const ids = new Set<number>();
  for (const c of new Set(input.channels)) {
    if (CHANNELS.has(c)) {
      channels.push(c as NotifyRouteChannel);
    } else if (ROUTED.has(c)) {
      for (const x of own) if (x.kind === c) ids.add(x.id);
    } else {
      throw badInput(`${what}的推送通道 ${c} 不存在`);
    }
  }
  const byId = new Map(own.map((c) => [c.id, c]));
  for (const id of input.channelIds ?? []) {
    const c = byId.get(id);
    if (!c || !ROUTED.has(c.kind)) throw badInput(`${what}选择的推送渠道（编号 ${id}）已删除，请取消选择后再保存`);
    ids.add(id);
  }
  if (required && channels.length === 0 && ids.size === 0) throw badInput(`${what}请至少选择一个推送通道`);
  return { channels, channelIds: [...ids].sort((a, b) => a - b) };
}

/** Addresses and numbers a choice of channels needs, checked. */
function lists(input: { emails: readonly string[]; phones: readonly string[] }, chosen: readonly string[], what: string) {
  const emails = recipients(input.emails, EMAIL, `${what}的邮箱格式不正确`);
  const phones = recipients(input.phones, MOBILE, `${what}的手机号格式不正确`);
  if (chosen.includes('email') && emails.length === 0) throw badInput(`${what}选择了邮件，请填写接收邮箱`);
  if (chosen.includes('sms') && phones.length === 0) throw badInput(`${what}选择了短信，请填写接收手机号`);
  return { emails: chosen.includes('email') ? emails : [], phones: chosen.includes('sms') ? phones : [] };
}

/** What configNotifyRouting takes: an older client sends no channelIds (and kinds among its channels). */
type RoutingBody = BodyOf<typeof AlarmPushApi.saveRouting>;

/** The input checked and normalised; throws a Chinese 400 otherwise (nothing is saved). */
export function checkRouting(input: RoutingBody, own: readonly RoutableChannel[]): NotifyRouting {
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
    const chosen = choice(r, own, what, true);
    return { name, alarmTypes, levels, ...chosen, ...lists(r, chosen.channels, what) };
  });

  const q = input.quietHours;
  if (minuteOfDay(q.start) === undefined) throw badInput('免打扰开始时间应为 HH:MM，例如 22:00');
  if (minuteOfDay(q.end) === undefined) throw badInput('免打扰结束时间应为 HH:MM，例如 07:00');
  if (q.start === q.end) throw badInput('免打扰的开始时间和结束时间不能相同');
  const quietHours: NotifyQuietHours = { enabled: q.enabled, start: q.start, end: q.end, minLevel: level(q.minLevel, '免打扰期间照常推送的级别') };

  const e = input.escalation;
  if (!Number.isInteger(e.afterMinutes) || e.afterMinutes < 1 || e.afterMinutes > MAX_ESCALATION_MINUTES) throw badInput(`升级时间应为 1 到 ${MAX_ESCALATION_MINUTES} 分钟的整数`);
  const escChosen = choice(e, own, '告警升级', e.enabled);
  const escalation: NotifyEscalation = {
    enabled: e.enabled, afterMinutes: e.afterMinutes, minLevel: level(e.minLevel, '告警升级的级别'),
    ...escChosen, ...lists(e, e.enabled ? escChosen.channels : [], '告警升级'),
  };
  return { rules, quietHours, escalation };
}

export const listNotifyRoutingRoute = sessionRoute.of(AlarmPushApi.routing, {
  resource: ALARM_PUSH_RESOURCE,
  handler: async ({ user, deps }) => deps.store.notify.routing(user.tenantId),
});


export const configNotifyRoutingRoute = sessionRoute.of(AlarmPushApi.saveRouting, {
  resource: ALARM_PUSH_RESOURCE,
  handler: async (ctx) => {
    const { body, user, deps } = ctx;
    const own = await deps.store.notify.channels(user.tenantId, undefined, true);
    const routing = checkRouting(body, own);
    const before = await deps.store.notify.routing(user.tenantId);
    await deps.store.notify.saveRouting(user.tenantId, routing, deps.clock.now());
    await ctx.audit({ action: '修改推送规则', target: '推送设置', before, after: routing });
    return routing;
  },
});
