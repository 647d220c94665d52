import { createElement } from 'react';
import { lazyView } from '../react/lazy-view';
import { preloadAssetTree } from './asset-tree';
import { usePreloadedMap } from './asset-map';
import { preloadDataTable } from './data-table';
import type { AssetMonitorProps } from './asset-monitor/asset-monitor-view';

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
