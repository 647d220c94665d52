import type { TrackPoint } from '../../../sdk/track';
import type { StoredPosition } from '../../store/position-queries';
import type { ScopedAsset } from '../../store/monitor-queries';
import { badInput, notFound } from '../envelope';
import { terminalNoParam } from '../monitor/monitor-item';
import type { SessionContext } from '../route-definition';
import { toChinaIso } from '../../time/china-time';
import { SERVICE_EXPIRED_HINT } from '../../store/service-expiry';

/** 轨迹回放: every track call needs this menu. */
export const PLAYBACK_RESOURCE = 8200;
/** More points than a week at one per second would be refused by the range check first. */
export const MAX_TRACK_POINTS = 700_000;

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

import type { TrackRangeQuery } from '../../../sdk/contracts/monitor';

export { TRACK_RANGE_REQUIRED, trackRangeProperties, type TrackRangeQuery } from '../../../sdk/contracts/monitor';

export interface TrackRange {
  asset: ScopedAsset;
  start: Date;
  end: Date;
}

/**
 * Checks the range (end not before start, at most TRACK_MAX_DAYS) and finds the terminal in the
 * caller's access scope: a terminal outside it is 终端不存在 (404), as if it did not exist.
 */
export async function resolveTrackRange(ctx: Pick<SessionContext<unknown, unknown>, 'deps' | 'scope'>, query: TrackRangeQuery): Promise<TrackRange> {
  const start = parseIsoTime(query.start, '开始时间');
  const end = parseIsoTime(query.end, '结束时间');
  if (end.getTime() < start.getTime()) throw badInput('结束时间不能早于开始时间');
  const maxDays = ctx.deps.config.trackMaxDays;
  if (end.getTime() - start.getTime() > maxDays * 86_400_000) throw badInput(`查询时间范围不能超过 ${maxDays} 天`);
  const terminalNo = terminalNoParam(query.terminalNo);
  const asset = await ctx.deps.store.monitor.findAsset(await ctx.scope(), terminalNo);
  if (!asset) throw notFound('终端不存在');
  // an expired service shows no positions until it is renewed
  if (asset.vehicleId !== null && (await ctx.deps.store.assets.vehicles.isExpired(asset.vehicleId))) {
    throw badInput(SERVICE_EXPIRED_HINT, { expired: true, terminalNo: asset.terminalNo, plateNo: asset.plateNo });
  }
  return { asset, start, end };
}

/** A stored position as the console gets it. */

export function toTrackPoint(p: StoredPosition, asset: Pick<ScopedAsset, 'terminalNo' | 'plateNo'>): TrackPoint {
  return {
    terminalNo: asset.terminalNo,
    plateNo: asset.plateNo ?? null,
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
    ...(p.fix && { fix: p.fix, ...(typeof p.accuracy === 'number' && { accuracy: p.accuracy }) }),
    ...(p.readings && { readings: p.readings }),
  };
}
