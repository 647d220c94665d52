import { HOLIDAY_KIND_NAMES, type HolidayDay, type HolidayYear } from '../../../sdk/attendance';
import { OFFICIAL_YEARS, officialHolidays } from '../../attendance/official-holidays';
import { badInput, notFound } from '../envelope';
import { parseDay } from '../day-params';
import { sessionRoute } from '../route-definition';
import { AttendanceApi } from '../../../sdk/contracts/card';
import { AttendanceResource } from './work-area-routes';

export const holidayListRoute = sessionRoute.of(AttendanceApi.holidays, {
  resource: AttendanceResource.manage,
  alsoResources: [AttendanceResource.report],
  handler: async (ctx): Promise<HolidayYear> => {
    const { query, deps, user } = ctx;
    const own = await deps.store.attendanceRecords.holidays([user.tenantId], `${query.year}-01-01`, `${query.year}-12-31`);
    const days = new Map<string, HolidayDay>();
    for (const e of officialHolidays(query.year)) days.set(e.day, { day: e.day, kind: e.kind, name: e.name, official: { kind: e.kind, name: e.name }, own: false });
    for (const e of own) days.set(e.day, { day: e.day, kind: e.kind, name: e.name, official: days.get(e.day)?.official ?? null, own: true });
    return { year: query.year, officialPublished: OFFICIAL_YEARS.includes(query.year), days: [...days.values()].sort((a, b) => a.day.localeCompare(b.day)) };
  },
});

export const holidaySaveRoute = sessionRoute.of(AttendanceApi.saveHoliday, {
  resource: AttendanceResource.manage,
  handler: async (ctx) => {
    const { body, deps, user } = ctx;
    const day = parseDay(body.day, '日期');
    const kind = body.kind;
    const name = body.name?.trim() ?? '';
    if (kind !== 'normal' && !name) throw badInput('名称不能为空');
    await deps.store.attendanceRecords.saveHoliday(user.tenantId, day, kind, name, user.id);
    await ctx.audit({ action: '设定节假日', target: `${day} ${HOLIDAY_KIND_NAMES[kind]}${name ? ` ${name}` : ''}`, after: { day, kind, name }, tenantId: user.tenantId });
    return { day, kind, name };
  },
});

export const holidayDeleteRoute = sessionRoute.of(AttendanceApi.removeHoliday, {
  resource: AttendanceResource.manage,
  handler: async (ctx) => {
    const { body, deps, user } = ctx;
    const day = parseDay(body.day, '日期');
    if ((await deps.store.attendanceRecords.deleteHoliday(user.tenantId, day)) === 0) throw notFound('该日期没有本单位的设定');
    await ctx.audit({ action: '撤销节假日设定', target: day, tenantId: user.tenantId });
    return { deleted: 1 };
  },
});
