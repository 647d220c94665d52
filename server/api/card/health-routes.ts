import type { HealthLine, HealthPerson, HealthSeries } from '../../../sdk/health';
import type { Page } from '../../../sdk/pagination';
import { chinaDayStart } from '../../attendance/attendance-day';
import { notFound } from '../envelope';
import { parseDay } from '../day-params';
import { sessionRoute } from '../route-definition';
import { pageOffset } from '../schema-helpers';
import { CardApi } from '../../../sdk/contracts/card';
import { toChinaIso } from '../../time/china-time';

/** 健康 (a person's readings over a day) and 健康报表 (everyone's day in figures). */
export const HealthResource = { series: 1105, report: 1106 } as const;
const DAY_MS = 86_400_000;

export const healthPeopleRoute = sessionRoute.of(CardApi.healthPeople, {
  resource: HealthResource.series,
  alsoResources: [HealthResource.report, 1107],
  handler: async (ctx): Promise<HealthPerson[]> => {
    const kw = ctx.query.keyword?.trim().toLowerCase();
    const people = (await ctx.deps.store.attendance.people(await ctx.scope())).filter((p) => p.terminalId !== null);
    return people
      .filter((p) => !kw || [p.name, p.employeeNo, p.department].some((v) => v.toLowerCase().includes(kw)))
      .map((p) => ({ id: p.vehicleId, name: p.name, employeeNo: p.employeeNo, department: p.department }));
  },
});

export const healthSeriesRoute = sessionRoute.of(CardApi.healthSeries, {
  resource: HealthResource.series,
  handler: async (ctx): Promise<HealthSeries> => {
    const { query, deps } = ctx;
    const day = parseDay(query.day, '日期');
    const person = (await deps.store.attendance.people(await ctx.scope())).find((p) => p.vehicleId === query.vehicleId);
    if (!person) throw notFound('人员不存在');
    const start = chinaDayStart(day);
    const readings = person.terminalId === null ? [] : await deps.store.healthReadings.series(person.terminalId, start, new Date(start.getTime() + DAY_MS));
    return {
      person: { id: person.vehicleId, name: person.name, employeeNo: person.employeeNo, department: person.department },
      day,
      threshold: await deps.store.health.limitsFor(person.tenantId, person.department, person.vehicleId),
      readings: readings.map((r) => ({ ...r, time: toChinaIso(r.time) })),
    };
  },
});

export const healthReportRoute = sessionRoute.of(CardApi.healthReport, {
  resource: HealthResource.report,
  handler: async (ctx): Promise<Page<HealthLine>> => {
    const { query, deps } = ctx;
    const day = parseDay(query.day, '日期');
    const kw = query.keyword?.trim().toLowerCase();
    const people = (await deps.store.attendance.people(await ctx.scope()))
      .filter((p) => p.terminalId !== null)
      .filter((p) => !kw || [p.name, p.employeeNo, p.department].some((v) => v.toLowerCase().includes(kw)));
    const { offset, limit } = pageOffset(query);
    const slice = people.slice(offset, offset + limit);
    const start = chinaDayStart(day);
    const stats = await deps.store.healthReadings.dayStats(slice.map((p) => p.terminalId!), start, new Date(start.getTime() + DAY_MS));
    return {
      total: people.length,
      list: slice.map((p, i) => {
        const { terminalId: _terminal, ...figures } = stats[i]!;
        return { vehicleId: p.vehicleId, name: p.name, employeeNo: p.employeeNo, department: p.department, day, ...figures };
      }),
    };
  },
});
