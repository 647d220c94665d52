import { ConfigService, HttpService, MONITOR_MAX_PAGE_SIZE, MonitorApi, preloadMap, preloadTrackPlayer, type ServiceGetter } from '@tianlu/sdk';

/** The vehicles 轨迹回放 offers to choose from. */
export const PLAYBACK_VEHICLES = { current: 1, pageSize: MONITOR_MAX_PAGE_SIZE } as const;

/**
 * For 轨迹回放's route: what the page asks first (the stop settings and the vehicles to choose from),
 * the track player's code and the map's code, settings and basemap, asked beside the page's own code.
 */
export function prefetchPlayback(get: ServiceGetter): void {
  const http = get(HttpService);
  http.prefetch(MonitorApi.trackSettings);
  http.prefetch(MonitorApi.list, PLAYBACK_VEHICLES);
  preloadTrackPlayer();
  void preloadMap(get(ConfigService));
}
