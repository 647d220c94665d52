import type { TripAnswer, TripItem } from '../../../sdk/track';
import { odometerRule } from '../../track/odometer';
import { findTrips } from '../../track/trip-detection';
import { toColumns } from '../../track/track-columns';
import { sessionRoute } from '../route-definition';
import { MonitorApi } from '../../../sdk/contracts/monitor';
import { toChinaIso } from '../../time/china-time';
import { MAX_TRACK_POINTS, PLAYBACK_RESOURCE, resolveTrackRange } from './track-request';

/** 骑行记录 of 电动车卫士 (1810), 遛狗记录 of 宠物守护 (1310) and 智能工牌 轨迹回放 (1107): the pages that list trips and replay tracks. */
export const TRIP_RESOURCES = [1810, 1310, 1107];
/** A standing spell this long ends a trip unless the query says otherwise, minutes. */
const DEFAULT_STOP_MINUTES = 5;
/** Shorter moves are GPS drift, metres. */
const MIN_TRIP_METRES = 100;

/** Day in China (YYYY-MM-DD) of an epoch ms. */
const chinaDay = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 10);
const km = (metres: number) => Math.round(metres / 10) / 100;

export const tripListRoute = sessionRoute.of(MonitorApi.trips, {
  resource: PLAYBACK_RESOURCE,
  alsoResources: TRIP_RESOURCES,
  handler: async (ctx): Promise<TripAnswer> => {
    const { query, deps } = ctx;
    const { asset, start, end } = await resolveTrackRange(ctx, query);
    const stored = await deps.store.positions.track(asset.terminalId, start, end, MAX_TRACK_POINTS);
    // vehicles and e-bikes stand still with the ignition off; people and pets carry none
    const acc = asset.assetKind === 'vehicle' || asset.assetKind === 'ebike' || asset.assetKind === null;
    const trips = findTrips(toColumns(stored), { stopSeconds: (query.stopMinutes ?? DEFAULT_STOP_MINUTES) * 60, minMetres: MIN_TRIP_METRES, acc, odometer: odometerRule(asset.assetKind) });
    const days = new Map<string, { day: string; count: number; metres: number; seconds: number }>();
    for (const t of trips) {
      const day = chinaDay(t.start);
      const d = days.get(day) ?? { day, count: 0, metres: 0, seconds: 0 };
      d.count++;
      d.metres += t.metres;
      d.seconds += t.seconds;
      days.set(day, d);
    }
    const list: TripItem[] = trips.map((t) => ({
      start: toChinaIso(new Date(t.start)), end: toChinaIso(new Date(t.end)), startLon: t.startLon, startLat: t.startLat, endLon: t.endLon, endLat: t.endLat,
      distance: km(t.metres), seconds: t.seconds, maxSpeed: t.maxSpeed, avgSpeed: t.avgSpeed,
    }));
    return {
      terminalNo: asset.terminalNo, plateNo: asset.plateNo, assetKind: asset.assetKind, trips: list,
      days: [...days.values()].map((d) => ({ day: d.day, count: d.count, distance: km(d.metres), seconds: d.seconds })),
      totals: { count: trips.length, distance: km(trips.reduce((n, t) => n + t.metres, 0)), seconds: trips.reduce((n, t) => n + t.seconds, 0) },
    };
  },
});
