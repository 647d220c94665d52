import { pageOffset, sessionRoute, type AppDeps } from '../../../server/module';
import { ReportApi } from '../../../sdk/contracts/report';
import { per100Km, toFuelItem, toMileageSummaryItem, toOfflineItems, toOverspeedItems, toStopItems, toTripItems } from './report-event-views';
import { ReportResource, resolveDayRange, resolveMonthRange, resolveOffline } from './report-request';
import { reportOptions } from './report-routes';

const km = (metres: number) => Math.round(metres / 10) / 100;
const eventOptions = (deps: AppDeps) => ({ now: deps.clock.now() });
const dayChart = (days: readonly { day: string; count: number; metres: number; seconds: number }[]) =>
  days.map((d) => ({ day: d.day, count: d.count, distance: km(d.metres), seconds: d.seconds }));

export const tripReportRoute = sessionRoute.of(ReportApi.trips, {
  resource: ReportResource.trip,
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

export const stopReportRoute = sessionRoute.of(ReportApi.stops, {
  resource: ReportResource.stop,
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

export const overspeedReportRoute = sessionRoute.of(ReportApi.overspeed, {
  resource: ReportResource.overspeed,
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

export const mileageSummaryRoute = sessionRoute.of(ReportApi.mileageSummary, {
  resource: ReportResource.mileageSummary,
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

export const fuelReportRoute = sessionRoute.of(ReportApi.fuel, {
  resource: ReportResource.fuel,
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

export const offlineReportRoute = sessionRoute.of(ReportApi.offline, {
  resource: ReportResource.offline,
  handler: async (ctx) => {
    const filter = await resolveOffline(ctx, ctx.query);
    const page = await ctx.deps.store.reportEvents.offline(await ctx.scope(), filter, { ...eventOptions(ctx.deps), page: pageOffset(ctx.query) });
    return { total: page.total, list: await toOfflineItems(ctx.deps, page.list), totals: { offline: page.total, assets: page.assets, never: page.never, hours: filter.hours } };
  },
});

/** The report routes read from tracks. */
export const reportEventRoutes = [tripReportRoute, stopReportRoute, overspeedReportRoute, mileageSummaryRoute, fuelReportRoute, offlineReportRoute];
