import type { AppDeps } from '../app-deps';
import { sessionRoute } from '../route-definition';
import { object, pageOffset, pagingProperties } from '../schema-helpers';
import { per100Km, toFuelItem, toMileageSummaryItem, toOfflineItems, toOverspeedItems, toStopItems, toTripItems } from './report-event-views';
import {
  DAY_RANGE_REQUIRED, dayRangeProperties, monthRangeProperties, offlineProperties, pagedDayRange, ReportResource, resolveDayRange, resolveMonthRange, resolveOffline,
  type DayRangeParams, type MonthRangeParams, type OfflineParams, type Paged,
} from './report-request';
import { reportOptions } from './report-routes';

const km = (metres: number) => Math.round(metres / 10) / 100;
const eventOptions = (deps: AppDeps) => ({ now: deps.clock.now() });
const dayChart = (days: readonly { day: string; count: number; metres: number; seconds: number }[]) =>
  days.map((d) => ({ day: d.day, count: d.count, distance: km(d.metres), seconds: d.seconds }));

export const tripReportRoute = sessionRoute<Paged<DayRangeParams>>({
  method: 'GET',
  url: '/car/v1/accelerate/report/trip/list.json',
  summary: '行程报表：每辆车的每段行程（停留 5 分钟及以上分段）的起止时间和地点、里程、时长、最高/平均速度（最多 31 天，分页，含合计与每日行程）',
  resource: ReportResource.trip,
  schema: pagedDayRange,
  handler: async (ctx) => {
    const filter = await resolveDayRange(ctx, ctx.query);
    const page = await ctx.deps.store.reportEvents.events(await ctx.scope(), 'trip', filter, { ...eventOptions(ctx.deps), page: pageOffset(ctx.query) });
    const t = page.totals;
    return {
      total: page.total, list: await toTripItems(ctx.deps, page.list), days: dayChart(page.days),
      totals: { count: t.count, vehicles: t.vehicles, distance: km(t.metres), seconds: t.seconds, maxSpeed: t.maxSpeed, avgSpeed: t.seconds ? Math.round((t.metres / t.seconds) * 36) / 10 : 0 },
    };
  },
});

export const stopReportRoute = sessionRoute<Paged<DayRangeParams & { acc?: number }>>({
  method: 'GET',
  url: '/car/v1/accelerate/report/stop/list.json',
  summary: '停车报表：每辆车停留 5 分钟及以上的每次停车的时间、地点、时长和 ACC 状态（acc=1 只看 ACC 开，0 只看 ACC 关；最多 31 天，分页，含合计）',
  resource: ReportResource.stop,
  schema: { querystring: object({ ...pagingProperties, ...dayRangeProperties, acc: { type: 'integer', title: 'ACC 状态', enum: [0, 1] } }, DAY_RANGE_REQUIRED) },
  handler: async (ctx) => {
    const filter = await resolveDayRange(ctx, ctx.query);
    const acc = ctx.query.acc === undefined ? undefined : ctx.query.acc === 1;
    const page = await ctx.deps.store.reportEvents.events(await ctx.scope(), 'stop', { ...filter, acc }, { ...eventOptions(ctx.deps), page: pageOffset(ctx.query) });
    const t = page.totals;
    return {
      total: page.total, list: await toStopItems(ctx.deps, page.list), days: dayChart(page.days),
      totals: { count: t.count, vehicles: t.vehicles, seconds: t.seconds, accOn: t.accCount, accOff: t.count - t.accCount, accSeconds: Math.round(t.valueSum) },
    };
  },
});

export const overspeedReportRoute = sessionRoute<Paged<DayRangeParams>>({
  method: 'GET',
  url: '/car/v1/accelerate/report/overspeed/list.json',
  summary: '超速报表：每辆车高于限速（车辆限速，否则租户的平台超速限速）且达到持续时间的每段超速的时间、地点、时长、最高速度（最多 31 天，分页，含合计与每日次数）',
  resource: ReportResource.overspeed,
  schema: pagedDayRange,
  handler: async (ctx) => {
    const filter = await resolveDayRange(ctx, ctx.query);
    const page = await ctx.deps.store.reportEvents.events(await ctx.scope(), 'overspeed', filter, { ...eventOptions(ctx.deps), page: pageOffset(ctx.query) });
    const t = page.totals;
    return {
      total: page.total, list: await toOverspeedItems(ctx.deps, page.list), days: dayChart(page.days),
      totals: { count: t.count, vehicles: t.vehicles, seconds: t.seconds, distance: km(t.metres), maxSpeed: t.maxSpeed },
    };
  },
});

export const mileageSummaryRoute = sessionRoute<Paged<MonthRangeParams>>({
  method: 'GET',
  url: '/car/v1/accelerate/report/mileage/summary.json',
  summary: '里程汇总：每个车组每月的里程、行驶时长、上报车辆和上报次数（start/end 为月份 YYYY-MM，最多 12 个月，分页，含合计与每月里程）',
  resource: ReportResource.mileageSummary,
  schema: { querystring: object({ ...pagingProperties, ...monthRangeProperties }, ['start', 'end']) },
  handler: async (ctx) => {
    const filter = await resolveMonthRange(ctx, ctx.query);
    const page = await ctx.deps.store.reports.monthlyByGroup(await ctx.scope(), filter, { ...reportOptions(ctx.deps), page: pageOffset(ctx.query) });
    const { mileageKm, ...rest } = page.totals;
    return {
      total: page.total, list: page.list.map(toMileageSummaryItem), totals: { ...rest, mileage: mileageKm },
      months: page.months.map((m) => ({ month: m.month, mileage: m.mileageKm })),
    };
  },
});

export const fuelReportRoute = sessionRoute<Paged<DayRangeParams>>({
  method: 'GET',
  url: '/car/v1/accelerate/report/fuel/list.json',
  summary: '油耗报表：上报油量（JT/T 808 附加信息 0x02）的车辆每天的起止油量、耗油、加油、异常掉油、行程里程和百公里油耗（最多 31 天，分页，含合计与每日耗油）',
  resource: ReportResource.fuel,
  schema: pagedDayRange,
  handler: async (ctx) => {
    const filter = await resolveDayRange(ctx, ctx.query);
    const page = await ctx.deps.store.reportEvents.fuel(await ctx.scope(), filter, { ...eventOptions(ctx.deps), page: pageOffset(ctx.query) });
    const t = page.totals;
    return {
      total: page.total, list: page.list.map(toFuelItem),
      days: page.days.map((d) => ({ day: d.day, used: d.usedLitres, distance: d.tripKm })),
      totals: { vehicles: t.vehicles, used: t.usedLitres, added: t.addedLitres, drops: t.drops, dropLitres: t.dropLitres, distance: t.tripKm, per100Km: per100Km(t.usedLitres, t.tripKm) },
    };
  },
});

export const offlineReportRoute = sessionRoute<Paged<OfflineParams>>({
  method: 'GET',
  url: '/car/v1/accelerate/report/online/offline.json',
  summary: '离线报表：末次上报早于 hours 小时前（默认 24）或从未上报的资产，及其末次上报时间、地点和离线时长（分页，离线最久的在前）',
  resource: ReportResource.offline,
  schema: { querystring: object({ ...pagingProperties, ...offlineProperties }) },
  handler: async (ctx) => {
    const filter = await resolveOffline(ctx, ctx.query);
    const page = await ctx.deps.store.reportEvents.offline(await ctx.scope(), filter, { ...eventOptions(ctx.deps), page: pageOffset(ctx.query) });
    return { total: page.total, list: await toOfflineItems(ctx.deps, page.list), totals: { offline: page.total, assets: page.assets, never: page.never, hours: filter.hours } };
  },
});

/** The report routes read from tracks. */
export const reportEventRoutes = [tripReportRoute, stopReportRoute, overspeedReportRoute, mileageSummaryRoute, fuelReportRoute, offlineReportRoute];
