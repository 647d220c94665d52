import { createElement } from 'react';
import { lazyView } from '../react/lazy-view';
import { usePreloadedMap } from './asset-map';
import { preloadDataTable } from './data-table';
import { preloadEChart } from './echart';
import { preloadPlayerBar } from './track-player';
import type { TripLogProps } from './trip-log/trip-log-view';
import { askAheadRange, tripLogListQuery, tripsQuery } from './trip-log/trip-log-query';
import { MonitorApi } from '../contracts/monitor';
import type { ServiceGetter } from '../plugin';
import { prefetchFirstRow } from '../prefetch-first-row';

export type { TripLogProps } from './trip-log/trip-log-view';

/** The view, with the table, player and chart it draws loading beside it rather than after it. */
const View = lazyView(() => {
  preloadDataTable();
  preloadEChart();
  preloadPlayerBar();
  return import('./trip-log/trip-log-view');
});

/**
 * Trips of one asset — 骑行记录 of an e-bike, 遛狗记录 of a pet: the trips of a day or a week with
 * distance, duration and speeds, the totals of 今天 and 最近 7 天 with the daily average, a chart of
 * each day's distance and minutes (ECharts, loaded with it), and a replay of a trip on the map.
 * Loads on demand.
 */
export function TripLog(props: TripLogProps) {
  // the map's code, 地图设置 and the basemap load beside the log's code, not after it
  usePreloadedMap();
  return createElement(View, props);
}

/**
 * For the `prefetch` of a route whose page is a {@link TripLog} of `assetKind`: asks now the assets
 * the log lists first, and as that list arrives the first one's trips of 最近7天 (and a pet's
 * detail), which the log then takes as it opens; opened again in the session, those of the asset
 * first the last time beside the list ({@link prefetchFirstRow}).
 */
export function prefetchTripLog(get: ServiceGetter, assetKind: TripLogProps['assetKind']): void {
  const range = askAheadRange(Date.now());
  prefetchFirstRow(get, {
    key: `trip-log|${assetKind}`,
    list: (http) => http.prefetch(MonitorApi.list, tripLogListQuery(assetKind)),
    first: (answer) => answer.list[0]?.terminalNo || undefined,
    ahead: (http, terminalNo) => {
      if (range.start === undefined || range.end === undefined) return;
      if (assetKind === 'pet') void http.prefetch(MonitorApi.vehicleDetail, { terminalNo }).catch(() => undefined);
      void http.prefetch(MonitorApi.trips, tripsQuery(terminalNo, range.start, range.end)).catch(() => undefined);
    },
  });
}
