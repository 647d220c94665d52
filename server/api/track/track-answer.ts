import type { TrackAnswer } from '../../../sdk/track';
import type { ScopedAsset } from '../../store/monitor-queries';
import type { StoredPosition } from '../../store/position-queries';
import { odometerRule } from '../../track/odometer';
import { analyseTrack } from '../../track/track-analysis';
import { toColumns } from '../../track/track-columns';
import { toChinaIso } from '../../time/china-time';
import { toTrackPoint } from './track-request';

export interface TrackAnswerOptions {
  stopMinutes: number;
  zoom?: number;
  bbox?: [number, number, number, number];
}

/** The answer of track/list.json for a terminal's stored positions (time-ordered). */
export function buildTrackAnswer(stored: readonly StoredPosition[], asset: Pick<ScopedAsset, 'terminalNo' | 'plateNo' | 'assetKind'>, options: TrackAnswerOptions): TrackAnswer {
  const c = toColumns(stored);
  const a = analyseTrack(c, { stopSeconds: options.stopMinutes * 60, odometer: odometerRule(asset.assetKind), zoom: options.zoom, bbox: options.bbox });
  const iso = (ms: number) => toChinaIso(new Date(ms));
  const points = new Array(a.indices.length);
  for (let k = 0; k < a.indices.length; k++) points[k] = toTrackPoint(stored[a.indices[k]], asset);
  return {
    terminalNo: asset.terminalNo,
    plateNo: asset.plateNo ?? null,
    points,
    totalPoints: stored.length,
    simplified: a.simplified,
    stopMinutes: options.stopMinutes,
    stops: a.stops.map((s) => ({
      startTime: iso(s.start),
      endTime: iso(s.end),
      durationSeconds: Math.round((s.end - s.start) / 1000),
      lon: c.lon[s.startIndex],
      lat: c.lat[s.startIndex],
    })),
    alarms: a.alarms.map((s) => ({
      startTime: iso(c.t[s.startIndex]),
      endTime: iso(c.t[s.endIndex]),
      alarmFlags: s.flags,
      lon: c.lon[s.startIndex],
      lat: c.lat[s.startIndex],
      speed: c.speed[s.startIndex],
    })),
    totals: {
      ...a.totals,
      startTime: stored.length ? iso(c.t[0]) : null,
      endTime: stored.length ? iso(c.t[c.length - 1]) : null,
    },
    ...(a.speedSeries ? { speedSeries: a.speedSeries } : {}),
  };
}
