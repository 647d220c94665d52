import { createElement } from 'react';
import { lazyView } from '../react/lazy-view';
import { preloadAssetTree } from './asset-tree';
import { preloadMap, usePreloadedMap } from './asset-map';
import { MonitorApi } from '../contracts/monitor';
import type { ServiceGetter } from '../plugin';
import { ConfigService } from '../services/config-service';
import { HttpService } from '../services/http-service';
import { preloadDataTable } from './data-table';
import type { AssetMonitorProps } from './asset-monitor/asset-monitor-view';
import type { MonitorAssetKind } from './asset-monitor/asset-monitor-store';

export type { AssetMonitorProps } from './asset-monitor/asset-monitor-view';
export type { MonitorAssetKind } from './asset-monitor/asset-monitor-store';

/** The view, with the tree and the table it draws loading beside it rather than after it. */
const View = lazyView(() => {
  preloadAssetTree();
  preloadDataTable();
  return import('./asset-monitor/asset-monitor-view');
});

/**
 * A live monitor page of one kind of asset (vehicles, people, pets or e-bikes): the group tree with
 * counts, the map (people as dots, pets as diamonds, vehicles and e-bikes as heading arrows,
 * approximate positions with their accuracy circle) and the table, kept current by the live
 * channel. Loads on demand, the first time it is shown.
 */
export function AssetMonitor(props: AssetMonitorProps) {
  // the map's code, 地图设置 and the basemap load beside the monitor's code, not after it
  usePreloadedMap();
  return createElement(View, props);
}

/**
 * What a page of an {@link AssetMonitor} starts as it opens, as its route's `prefetch`: the monitor's
 * code, the group tree of its kind (none for a tree of departments), 地图设置 and the basemap.
 * Give it the `assetKind` and `groupBy` the page gives the monitor. Resolves once the code and the
 * basemap are in (what failed is tried again, and reported, where the page uses it).
 */
export function prefetchAssetMonitor(get: ServiceGetter, assetKind: MonitorAssetKind = 'vehicle', groupBy: AssetMonitorProps['groupBy'] = 'group'): Promise<void> {
  if (groupBy !== 'department') get(HttpService).prefetch(MonitorApi.tree, { assetKind });
  return Promise.all([View.preload().catch(() => undefined), preloadMap(get(ConfigService))]).then(() => undefined);
}
