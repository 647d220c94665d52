import type { MonitorAssetKind } from '../asset-monitor/asset-monitor-store';

/** What a trip log lists to choose from: the assets of its kind (matching `keyword`), one page of 200. */
export const tripLogListQuery = (assetKind: MonitorAssetKind, keyword = '') => ({ assetKind, pageSize: 200, current: 1, ...(keyword && { keyword }) });
