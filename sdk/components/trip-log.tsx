import { createElement } from 'react';
import { lazyView } from '../react/lazy-view';
import { usePreloadedMap } from './asset-map';
import { preloadDataTable } from './data-table';
import { preloadEChart } from './echart';
import { preloadPlayerBar } from './track-player';
import type { TripLogProps } from './trip-log/trip-log-view';
import { askAheadRange, tripLogListQuery, tripsQuery } from './trip-log/trip-log-query';
import { MonitorApi } from '../contracts/monitor';
import { expectOk, HttpService } from '../services/http-service';
import { StorageKeys, StorageService } from '../services/storage-service';
import type { ServiceGetter } from '../plugin';

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

/** The first asset of a log's list as its route last found it, by session and kind (see prefetchTripLog). */
const lastFirst = new Map<string, string>();

/**
 * For the `prefetch` of a route whose page is a {@link TripLog} of `assetKind`: asks now the assets
 * the log lists first, and as that list arrives the first one's trips of 最近7天 (and a pet's
 * detail), which the log then takes as it opens. Opened again in the same session, the log asks
 * those of the asset that was first the last time beside the list (the list's order rarely
 * changes), and the first one's only if it is another.
 */
export function prefetchTripLog(get: ServiceGetter, assetKind: TripLogProps['assetKind']): void {
  const http = get(HttpService);
  const range = askAheadRange(Date.now());
  const storage = get(StorageService) as StorageService | undefined;
  const key = `${storage?.get<string>(StorageKeys.sessionId) ?? ''}|${assetKind}`;
  const askFor = (terminalNo: string) => {
    if (range.start === undefined || range.end === undefined) return;
    if (assetKind === 'pet') void http.prefetch(MonitorApi.vehicleDetail, { terminalNo }).catch(() => undefined);
    void http.prefetch(MonitorApi.trips, tripsQuery(terminalNo, range.start, range.end)).catch(() => undefined);
  };
  const guess = lastFirst.get(key);
  if (guess) askFor(guess);
  http
    .prefetch(MonitorApi.list, tripLogListQuery(assetKind))
    .then((res) => {
      const first = expectOk(res).list[0]?.terminalNo;
      if (!first) return void lastFirst.delete(key);
      lastFirst.set(key, first);
      if (first !== guess) askFor(first);
    })
    // the log's own call of the list meets the failure
    .catch(() => undefined);
}
