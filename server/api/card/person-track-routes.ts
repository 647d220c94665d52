import { chinaDayStart, staysAtAreas } from '../../attendance/attendance-day';
import { assignments } from '../../attendance/attendance-report';
import { notFound } from '../envelope';
import { parseDay } from '../report/report-request';
import { sessionRoute } from '../route-definition';
import { int, object, requiredText } from '../schema-helpers';
import { toChinaIso } from '../../time/china-time';
import { ATTENDANCE_BASE, toWorkArea } from './work-area-routes';

/** 轨迹回放 of 智能工牌 (a person's day with the stays at work areas). */
export const PERSON_TRACK_RESOURCE = 1107;
const DAY_MS = 86_400_000;

export const personStaysRoute = sessionRoute<{ vehicleId: number; day: string }>({
  method: 'GET',
  url: `${ATTENDANCE_BASE}/stays.json`,
  summary: '一个人一天在其考勤区域的停留（进入到离开），及这些区域和工牌的终端号（回放轨迹用）',
  resource: PERSON_TRACK_RESOURCE,
  schema: { querystring: object({ vehicleId: int('人员', 1), day: requiredText('日期', 10) }, ['vehicleId', 'day']) },
  handler: async (ctx) => {
    const { query, deps } = ctx;
    const day = parseDay(query.day, '日期');
    const scope = await ctx.scope();
    const person = (await deps.store.attendance.people(scope)).find((p) => p.vehicleId === query.vehicleId);
    if (!person) throw notFound('人员不存在');
    const mine = (await assignments(deps.store.attendance, scope)).filter((a) => a.person.vehicleId === person.vehicleId);
    const areas = [...new Map(mine.map((a) => [a.area.id, a.area])).values()];
    const start = chinaDayStart(day);
    const points = person.terminalId === null ? [] : await deps.store.attendance.points([person.terminalId], start, new Date(start.getTime() + DAY_MS));
    const stays = staysAtAreas(points, areas.map((a) => ({ id: a.id, center: [a.lon, a.lat], radius: a.radius })));
    const nameOf = new Map(areas.map((a) => [a.id, a.name]));
    return {
      terminalNo: person.terminalNo,
      areas: areas.map(toWorkArea),
      stays: stays.map((s) => ({ areaId: s.areaId, areaName: nameOf.get(s.areaId)!, start: toChinaIso(s.start), end: toChinaIso(s.end), seconds: s.seconds })),
    };
  },
});
