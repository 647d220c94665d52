import { toChinaIso } from '../../china-time';
import { PREFETCH_KEPT_MS } from '../../services/http-service';
import { quickTimeRangeOf, type TimeRange } from '../../time-range';
import type { MonitorAssetKind } from '../asset-monitor/asset-monitor-store';

/** What a trip log lists to choose from: the assets of its kind (matching `keyword`), one page of 200. */
export const tripLogListQuery = (assetKind: MonitorAssetKind, keyword = '') => ({ assetKind, pageSize: 200, current: 1, ...(keyword && { keyword }) });

/** What a trip log asks for the trips of one asset in a range (epoch ms). */
export const tripsQuery = (terminalNo: string, start: number, end: number) => ({ terminalNo, start: toChinaIso(start), end: toChinaIso(end) });

/** The range the route asked the first trips for, until the log opening on it takes it. */
let askedAhead: { at: number; range: TimeRange } | undefined;

/** 最近7天 up to `now`, the range a trip log opens on, kept for the log the route is opening. */
export function askAheadRange(now: number): TimeRange {
  askedAhead = { at: now, range: quickTimeRangeOf('last7days', now) };
  return askedAhead.range;
}

/**
 * The range a trip log opens on: 最近7天 up to now, or, for the log its route asked ahead for (within
 * PREFETCH_KEPT_MS), up to that moment, so the log's first ask of trips is the one asked ahead.
 */
export function openingRange(now: number): TimeRange {
  const asked = askedAhead;
  askedAhead = undefined;
  return asked && now - asked.at <= PREFETCH_KEPT_MS ? asked.range : quickTimeRangeOf('last7days', now);
}
