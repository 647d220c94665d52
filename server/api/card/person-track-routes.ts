import { chinaDayStart, staysAtAreas } from '../../attendance/attendance-day';
import { assignments } from '../../attendance/attendance-report';
import { notFound } from '../envelope';
import { parseDay } from '../day-params';
import { sessionRoute } from '../route-definition';
import type { PersonStays } from '../../../sdk/attendance';
import { CardApi } from '../../../sdk/contracts/card';
import { toChinaIso } from '../../time/china-time';
import { toWorkArea } from './work-area-routes';

/** 轨迹回放 of 智能工牌 (a person's day with the stays at work areas). */
export const PERSON_TRACK_RESOURCE = 1107;
const DAY_MS = 86_400_000;

export const personStaysRoute = sessionRoute.of(CardApi.personStays, {
  resource: PERSON_TRACK_RESOURCE,
  handler: async (ctx): Promise<PersonStays> => {
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
