import { badInput, notFound } from '../envelope';
import { terminalNoParam } from '../monitor/monitor-item';
import { sessionRoute } from '../route-definition';
import { object, requiredText } from '../schema-helpers';
import { toChinaIso } from '../time-format';

/** 轨迹回放. */
const PLAYBACK_RESOURCE = 8200;
const MAX_RANGE_MS = 7 * 86_400_000;
/** More points than a week at one per second would be refused by the range check first. */
const MAX_POINTS = 700_000;
const ISO_TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}(:?\d{2})?)?$/i;

/** ISO 8601 date-time; without an offset it is China time. */
export function parseIsoTime(value: string, label: string): Date {
  const text = value.trim();
  if (!ISO_TIME.test(text)) throw badInput(`${label}格式不正确，应为 ISO 8601 时间，例如 2026-01-01T08:00:00+08:00`);
  const withOffset = /(Z|[+-]\d{2}(:?\d{2})?)$/i.test(text) ? text : `${text}+08:00`;
  const ms = Date.parse(withOffset.replace(' ', 'T'));
  if (Number.isNaN(ms)) throw badInput(`${label}不是有效的时间`);
  return new Date(ms);
}

export const trackListRoute = sessionRoute<{ terminalNo: string; start: string; end: string }>({
  method: 'GET',
  url: '/car/v4/api/track/list.json',
  summary: '轨迹：终端在时间段内的位置（按定位时间排序，时间段不超过 7 天）',
  resource: PLAYBACK_RESOURCE,
  schema: {
    querystring: object(
      { terminalNo: requiredText('终端号', 20), start: requiredText('开始时间', 40), end: requiredText('结束时间', 40) },
      ['terminalNo', 'start', 'end'],
    ),
  },
  handler: async ({ query, user, deps }) => {
    const start = parseIsoTime(query.start, '开始时间');
    const end = parseIsoTime(query.end, '结束时间');
    if (end.getTime() < start.getTime()) throw badInput('结束时间不能早于开始时间');
    if (end.getTime() - start.getTime() > MAX_RANGE_MS) throw badInput('查询时间范围不能超过 7 天');
    const terminal = await deps.store.fleet.findTerminal(user.tenantId, terminalNoParam(query.terminalNo));
    if (!terminal) throw notFound('终端不存在');
    const detail = await deps.store.fleet.detail(user.tenantId, terminalNoParam(query.terminalNo));
    const points = await deps.store.positions.track(terminal.id, start, end, MAX_POINTS);
    return {
      terminalNo: terminal.displayNo,
      plateNo: detail?.plateNo ?? null,
      points: points.map((p) => ({
        terminalNo: terminal.displayNo,
        plateNo: detail?.plateNo ?? null,
        lon: p.lon,
        lat: p.lat,
        speed: p.speed,
        course: p.course,
        altitude: p.altitude,
        gpsTime: toChinaIso(p.deviceTime),
        receivedTime: toChinaIso(p.receivedTime),
        alarmFlags: p.alarmFlags,
        statusFlags: p.statusFlags,
        acc: (p.statusFlags & 1) !== 0,
        located: (p.statusFlags & 2) !== 0,
        mileage: p.mileage,
        backfill: p.backfill,
      })),
    };
  },
});
