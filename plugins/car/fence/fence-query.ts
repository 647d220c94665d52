import { ConfigService, FenceApi, HttpService, MONITOR_MAX_PAGE_SIZE, MonitorApi, preloadMap, type ServiceGetter } from '@tianlu/sdk';

/** The assets the page may bind and shows on its map: all of them, whatever their state. */
export const FENCE_ASSETS = { current: 1, pageSize: MONITOR_MAX_PAGE_SIZE, status: 'all' } as const;

/**
 * For 电子围栏's route: what the page's first load asks for (the fences, the group tree and the
 * assets), and the map's code, settings and basemap, asked beside the page's own code.
 */
export function prefetchFences(get: ServiceGetter): void {
  const http = get(HttpService);
  http.prefetch(FenceApi.list);
  http.prefetch(MonitorApi.tree);
  http.prefetch(MonitorApi.list, FENCE_ASSETS);
  void preloadMap(get(ConfigService));
}
