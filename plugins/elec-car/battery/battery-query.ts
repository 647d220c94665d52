import { chinaDay, chinaDayRange, expectOk, HttpService, MonitorApi, preloadEChart, type ServiceGetter } from '@tianlu/sdk';

/** The span 电池曲线 shows: today, yesterday or the last seven days. */
export type BatteryRange = 'today' | 'yesterday' | 'week';

/** The span the page opens on. */
export const OPENING_BATTERY_RANGE: BatteryRange = 'today';

/** The e-bikes 电池曲线 offers to choose from (matching `keyword`). */
export const batteryBikesQuery = (keyword = '') => ({ assetKind: 'ebike', pageSize: 200, current: 1, ...(keyword && { keyword }) });

/** What the page asks for the battery of `terminalNo` over `range`: whole China days, so the same all day long. */
export function batteryQuery(terminalNo: string, range: BatteryRange, now = Date.now()) {
  const today = chinaDay(now);
  const first = range === 'today' ? today : chinaDay(now - (range === 'yesterday' ? 1 : 6) * 86_400_000);
  const last = range === 'yesterday' ? first : today;
  return { terminalNo, ...chinaDayRange(first, last) };
}

/**
 * For 电池曲线's route: asks the e-bikes the page lists and, as they arrive, the first one's battery
 * of today, which the page then takes as it opens on that e-bike; and the chart's code.
 */
export function prefetchBattery(get: ServiceGetter): void {
  const http = get(HttpService);
  http
    .prefetch(MonitorApi.list, batteryBikesQuery())
    .then((res) => {
      const first = expectOk(res).list[0]?.terminalNo;
      if (first) void http.prefetch(MonitorApi.battery, batteryQuery(first, OPENING_BATTERY_RANGE)).catch(() => undefined);
    })
    // the page's own call meets the failure
    .catch(() => undefined);
  preloadEChart();
}
