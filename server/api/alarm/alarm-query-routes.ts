import { MIXED_ASSET_WORDS } from '../../../sdk/asset-vocabulary';
import type { Page } from '../../../sdk/pagination';
import { alarmName, alarmTypeInfo, alarmTypes } from '../../alarms/alarm-catalogue';
import { toAlarm, type Alarm } from '../../alarms/alarm-model';
import { realTimeSince } from '../../store/alarm-queries';
import { badInput, notFound } from '../envelope';
import type { SessionContext } from '../route-definition';
import { sessionRoute } from '../route-definition';
import { pageOffset } from '../schema-helpers';
import { AlarmApi } from '../../../sdk/contracts/alarm';
import { parseIsoTime } from '../track/track-request';

/** 告警中心: alarm queries and processing. */
export const ALARM_RESOURCE = 8300;
const MAX_RANGE_DAYS = 31;

/** `sos,overspeed` → the known types; an unknown one is refused by name. */
export function parseAlarmTypes(value: string | undefined): string[] | undefined {
  const types = (value ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  if (types.length === 0) return undefined;
  for (const t of types) if (!alarmTypeInfo(t)) throw badInput(`告警类型 ${t} 不存在`);
  return types;
}

/** `groupId` and its subgroups when the group is visible to the caller; 404 otherwise. */
async function groupFilter(ctx: SessionContext<unknown, unknown>, groupId: number | undefined): Promise<number[] | undefined> {
  if (groupId === undefined) return undefined;
  const scope = await ctx.scope();
  const visible = await ctx.deps.store.fences.groupsInScope(scope, [groupId]);
  if (visible.length === 0) throw notFound(`${MIXED_ASSET_WORDS.groupLabel}不存在`);
  const subtree = await ctx.deps.store.scope.groupSubtree([groupId]);
  return scope.groupIds === null ? subtree : subtree.filter((id) => scope.groupIds!.includes(id));
}

/** 数据报表 › 告警明细. */
const ALARM_DETAIL_REPORT = 2020;

export const newQueryAlarmRoute = sessionRoute.of(AlarmApi.history, {
  resource: ALARM_RESOURCE,
  // 数据报表 › 告警明细 reads the same history.
  alsoResources: [ALARM_DETAIL_REPORT],
  handler: async (ctx): Promise<Page<Alarm>> => {
    const { query, deps } = ctx;
    const start = parseIsoTime(query.start, '开始时间');
    const end = parseIsoTime(query.end, '结束时间');
    if (end < start) throw badInput('结束时间不能早于开始时间');
    if (end.getTime() - start.getTime() > MAX_RANGE_DAYS * 86_400_000) throw badInput(`查询时间范围不能超过 ${MAX_RANGE_DAYS} 天`);
    const alarmTypes = parseAlarmTypes(query.alarmType);
    const groupIds = await groupFilter(ctx, query.groupId);
    const page = await deps.store.alarms.page(await ctx.scope(), {
      ...pageOffset(query), start, end, alarmTypes, status: query.status, keyword: query.keyword, groupIds,
    });
    return { total: page.total, list: page.list.map(toAlarm) };
  },
});

export const actualTimeAlarmQueryRoute = sessionRoute.of(AlarmApi.realtime, {
  resource: ALARM_RESOURCE,
  handler: async (ctx): Promise<Page<Alarm>> => {
    const { query, deps } = ctx;
    const alarmTypes = parseAlarmTypes(query.alarmType);
    const start = realTimeSince(deps.clock.now());
    const page = await deps.store.alarms.page(await ctx.scope(), { ...pageOffset(query), start, alarmTypes, status: 0, keyword: query.keyword });
    return { total: page.total, list: page.list.map(toAlarm) };
  },
});

export const queryActualTimeAlarmNumRoute = sessionRoute.of(AlarmApi.realtimeCount, {
  resource: ALARM_RESOURCE,
  handler: async (ctx): Promise<{ total: number; types: { alarmType: string; alarmName: string; count: number }[] }> => {
    const since = realTimeSince(ctx.deps.clock.now());
    const counts = await ctx.deps.store.alarms.countByType(await ctx.scope(), { since, status: 0 });
    const order = new Map(alarmTypes().map((t, i) => [t.alarmType, i]));
    const types = counts
      .map((c) => ({ alarmType: c.alarmType, alarmName: alarmName(c.alarmType), count: c.count }))
      .sort((a, b) => (order.get(a.alarmType) ?? 999) - (order.get(b.alarmType) ?? 999));
    return { total: types.reduce((n, t) => n + t.count, 0), types };
  },
});
