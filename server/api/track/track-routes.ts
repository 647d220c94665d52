import type { TrackAnswer } from '../../../sdk/track';
import { badInput } from '../envelope';
import { sessionRoute } from '../route-definition';
import { pageOffset } from '../schema-helpers';
import { MonitorApi } from '../../../sdk/contracts/monitor';
import { buildTrackAnswer } from './track-answer';
import { TRIP_RESOURCES } from './trip-routes';
import { withDecodedReadings } from '../../plugin-parts/decoded-readings';
import {
  MAX_TRACK_POINTS,
  PLAYBACK_RESOURCE,
  resolveTrackRange,
  toTrackPoint,
} from './track-request';

export { parseIsoTime } from './track-request';

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

export const trackListRoute = sessionRoute.of(MonitorApi.track, {
  resource: PLAYBACK_RESOURCE,
  // 骑行记录 and 遛狗记录 replay their trips
  alsoResources: TRIP_RESOURCES,
  handler: async (ctx): Promise<TrackAnswer> => {
    const { query, deps } = ctx;
    const bbox = query.bbox?.trim() ? parseBbox(query.bbox) : undefined;
    if (bbox && query.zoom === undefined) throw badInput('按地图范围查询时缩放级别不能为空');
    const { asset, start, end } = await resolveTrackRange(ctx, query);
    const stopMinutes = query.stopMinutes ?? deps.config.trackStopMinutes;
    const stored = await withDecodedReadings(deps.serverParts, asset.tenantId, await deps.store.positions.track(asset.terminalId, start, end, MAX_TRACK_POINTS));
    return buildTrackAnswer(stored, asset, { stopMinutes, zoom: query.zoom, bbox });
  },
});

export const trackPointsRoute = sessionRoute.of(MonitorApi.trackPoints, {
  resource: PLAYBACK_RESOURCE,
  handler: async (ctx) => {
    const { asset, start, end } = await resolveTrackRange(ctx, ctx.query);
    const { offset, limit } = pageOffset(ctx.query);
    const [total, rows] = await Promise.all([
      ctx.deps.store.tracks.count(asset.terminalId, start, end),
      ctx.deps.store.tracks.page(asset.terminalId, start, end, offset, limit),
    ]);
    return { total, list: (await withDecodedReadings(ctx.deps.serverParts, asset.tenantId, rows)).map((p) => toTrackPoint(p, asset)) };
  },
});

export const trackSettingsRoute = sessionRoute.of(MonitorApi.trackSettings, {
  resource: PLAYBACK_RESOURCE,
  handler: async ({ deps }) => ({ maxRangeDays: deps.config.trackMaxDays, stopMinutes: deps.config.trackStopMinutes }),
});
