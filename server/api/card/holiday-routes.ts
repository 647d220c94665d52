import { HOLIDAY_KIND_NAMES, type HolidayDay, type HolidayKind, type HolidayYear } from '../../../sdk/attendance';
import { OFFICIAL_YEARS, officialHolidays } from '../../attendance/official-holidays';
import { badInput, notFound } from '../envelope';
import { parseDay } from '../report/report-request';
import { sessionRoute } from '../route-definition';
import { int, object, requiredText, text } from '../schema-helpers';
import { ATTENDANCE_BASE, AttendanceResource } from './work-area-routes';

const MIN_YEAR = 2000;
const MAX_YEAR = 2100;

export const holidayListRoute = sessionRoute<{ year: number }>({
  method: 'GET',
  url: `${ATTENDANCE_BASE}/holiday/list.json`,
  summary: '本租户某年的节假日日历：国务院公布的放假和调休上班安排（已收录的年份）叠加本租户自己的调整',
  resource: AttendanceResource.manage,
  alsoResources: [AttendanceResource.report],
  schema: { querystring: object({ year: int('年份', MIN_YEAR, MAX_YEAR) }, ['year']) },
  handler: async (ctx): Promise<HolidayYear> => {
    const { query, deps, user } = ctx;
    const own = await deps.store.attendanceRecords.holidays([user.tenantId], `${query.year}-01-01`, `${query.year}-12-31`);
    const days = new Map<string, HolidayDay>();
    for (const e of officialHolidays(query.year)) days.set(e.day, { day: e.day, kind: e.kind, name: e.name, official: { kind: e.kind, name: e.name }, own: false });
    for (const e of own) days.set(e.day, { day: e.day, kind: e.kind, name: e.name, official: days.get(e.day)?.official ?? null, own: true });
    return { year: query.year, officialPublished: OFFICIAL_YEARS.includes(query.year), days: [...days.values()].sort((a, b) => a.day.localeCompare(b.day)) };
  },
});

interface HolidaySaveBody { day: string; kind: string; name?: string }

export const holidaySaveRoute = sessionRoute<unknown, HolidaySaveBody>({
  method: 'POST',
  url: `${ATTENDANCE_BASE}/holiday/save.json`,
  summary: '设定本租户某天：holiday 放假、workday 调休上班、normal 按工作日（取消官方安排）；名称如 春节、公司年会',
  resource: AttendanceResource.manage,
  schema: {
    body: object({ day: requiredText('日期', 10), kind: { type: 'string', title: '类型', enum: ['holiday', 'workday', 'normal'] }, name: text('名称', 30) }, ['day', 'kind']),
  },
  handler: async (ctx) => {
    const { body, deps, user } = ctx;
    const day = parseDay(body.day, '日期');
    const kind = body.kind as HolidayKind;
    const name = body.name?.trim() ?? '';
    if (kind !== 'normal' && !name) throw badInput('名称不能为空');
    await deps.store.attendanceRecords.saveHoliday(user.tenantId, day, kind, name, user.id);
    await ctx.audit({ action: '设定节假日', target: `${day} ${HOLIDAY_KIND_NAMES[kind]}${name ? ` ${name}` : ''}`, after: { day, kind, name }, tenantId: user.tenantId });
    return { day, kind, name };
  },
});

export const holidayDeleteRoute = sessionRoute<unknown, { day: string }>({
  method: 'POST',
  url: `${ATTENDANCE_BASE}/holiday/delete.json`,
  summary: '撤销本租户对某天的设定（该天回到国务院安排或按工作日）',
  resource: AttendanceResource.manage,
  schema: { body: object({ day: requiredText('日期', 10) }, ['day']) },
  handler: async (ctx) => {
    const { body, deps, user } = ctx;
    const day = parseDay(body.day, '日期');
    if ((await deps.store.attendanceRecords.deleteHoliday(user.tenantId, day)) === 0) throw notFound('该日期没有本单位的设定');
    await ctx.audit({ action: '撤销节假日设定', target: day, tenantId: user.tenantId });
    return { deleted: 1 };
  },
});
