import type { TrackAnswer } from '../../../sdk/track';
import { badInput } from '../envelope';
import { sessionRoute } from '../route-definition';
import { int, object, pageOffset, pagingProperties, text } from '../schema-helpers';
import { buildTrackAnswer } from './track-answer';
import { TRIP_RESOURCES } from './trip-routes';
import {
  MAX_TRACK_POINTS,
  PLAYBACK_RESOURCE,
  resolveTrackRange,
  toTrackPoint,
  TRACK_RANGE_REQUIRED,
  trackRangeProperties,
  type TrackRangeQuery,
} from './track-request';

export { parseIsoTime } from './track-request';

interface TrackListQuery extends TrackRangeQuery {
  zoom?: number;
  bbox?: string;
  stopMinutes?: number;
}

/** `minLon,minLat,maxLon,maxLat` in WGS84 degrees. */
function parseBbox(value: string): [number, number, number, number] {
  const parts = value.split(',').map((s) => Number(s.trim()));
  const [minLon, minLat, maxLon, maxLat] = parts;
  const valid =
    parts.length === 4 &&
    parts.every(Number.isFinite) &&
    minLon >= -180 && maxLon <= 180 && minLat >= -90 && maxLat <= 90 &&
    minLon < maxLon && minLat < maxLat;
  if (!valid) throw badInput('地图范围格式不正确，应为 最小经度,最小纬度,最大经度,最大纬度');
  return [minLon, minLat, maxLon, maxLat];
}

export const trackListRoute = sessionRoute<TrackListQuery>({
  method: 'GET',
  url: '/car/v4/api/track/list.json',
  summary: '轨迹：终端在时间段内的位置（按定位时间排序）；带 zoom 时按缩放级别抽稀（保留停留点、急转弯、报警点），bbox 只取该范围',
  resource: PLAYBACK_RESOURCE,
  // 骑行记录 and 遛狗记录 replay their trips
  alsoResources: TRIP_RESOURCES,
  schema: {
    querystring: object(
      {
        ...trackRangeProperties,
        zoom: int('缩放级别', 1, 20),
        bbox: text('地图范围', 120),
        stopMinutes: int('停留阈值', 1, 1440),
      },
      TRACK_RANGE_REQUIRED,
    ),
  },
  handler: async (ctx): Promise<TrackAnswer> => {
    const { query, deps } = ctx;
    const bbox = query.bbox?.trim() ? parseBbox(query.bbox) : undefined;
    if (bbox && query.zoom === undefined) throw badInput('按地图范围查询时缩放级别不能为空');
    const { asset, start, end } = await resolveTrackRange(ctx, query);
    const stopMinutes = query.stopMinutes ?? deps.config.trackStopMinutes;
    const stored = await deps.store.positions.track(asset.terminalId, start, end, MAX_TRACK_POINTS);
    return buildTrackAnswer(stored, asset, { stopMinutes, zoom: query.zoom, bbox });
  },
});

export const trackPointsRoute = sessionRoute<TrackRangeQuery & { current: number; pageSize: number }>({
  method: 'GET',
  url: '/car/v4/api/track/points.json',
  summary: '轨迹点分页（全部定位点，按定位时间排序）',
  resource: PLAYBACK_RESOURCE,
  schema: { querystring: object({ ...trackRangeProperties, ...pagingProperties }, TRACK_RANGE_REQUIRED) },
  handler: async (ctx) => {
    const { asset, start, end } = await resolveTrackRange(ctx, ctx.query);
    const { offset, limit } = pageOffset(ctx.query);
    const [total, rows] = await Promise.all([
      ctx.deps.store.tracks.count(asset.terminalId, start, end),
      ctx.deps.store.tracks.page(asset.terminalId, start, end, offset, limit),
    ]);
    return { total, list: rows.map((p) => toTrackPoint(p, asset)) };
  },
});

export const trackSettingsRoute = sessionRoute({
  method: 'GET',
  url: '/car/v4/api/track/settings.json',
  summary: '轨迹回放的查询上限（天）与默认停留阈值（分钟）',
  resource: PLAYBACK_RESOURCE,
  handler: async ({ deps }) => ({ maxRangeDays: deps.config.trackMaxDays, stopMinutes: deps.config.trackStopMinutes }),
});
