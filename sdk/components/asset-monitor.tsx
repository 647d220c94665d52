import { createElement, lazy, Suspense, useEffect, useState } from 'react';
import { useService } from '../react/use-service';
import { GeocodeService } from '../services/geocode-service';
import { HttpService } from '../services/http-service';
import { LiveService } from '../services/live-service';
import { MessageBus } from '../services/message-bus';
import { preloadAssetTree } from './asset-tree';
import { usePreloadedMap } from './asset-map';
import { preloadDataTable } from './data-table';
import { MonitorStore } from './asset-monitor/asset-monitor-store';
import type { AssetMonitorProps } from './asset-monitor/asset-monitor-view';

export type { AssetMonitorProps } from './asset-monitor/asset-monitor-view';
export type { MonitorAssetKind } from './asset-monitor/asset-monitor-store';

/** The view, with the tree and the table it draws loading beside it rather than after it. */
const View = lazy(() => {
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
  const http = useService<HttpService>(HttpService);
  const live = useService<LiveService>(LiveService);
  const geocode = useService<GeocodeService>(GeocodeService);
  const bus = useService<MessageBus>(MessageBus);
  // the page's state starts with the page, not once the view's code has loaded: the tree is asked
  // for as the page first renders, and the live channel (its snapshot brings the positions) opens
  // as soon as the page is on screen
  const [store] = useState(() => {
    const st = new MonitorStore({ http, live, geocode, bus }, props.assetKind ?? 'vehicle', props.groupBy);
    void st.load();
    return st;
  });
  useEffect(() => store.start(), [store]);
  return createElement(Suspense, { fallback: null }, createElement(View, { ...props, store }));
}
