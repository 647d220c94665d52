import { createElement, lazy, Suspense } from 'react';
import type { AssetMonitorProps } from './asset-monitor/asset-monitor-view';

export type { AssetMonitorProps } from './asset-monitor/asset-monitor-view';
export type { MonitorAssetKind } from './asset-monitor/asset-monitor-store';

const View = lazy(() => import('./asset-monitor/asset-monitor-view'));

/**
 * A live monitor page of one kind of asset (vehicles, people, pets or e-bikes): the group tree with
 * counts, the map (people as dots, pets as diamonds, vehicles and e-bikes as heading arrows,
 * approximate positions with their accuracy circle) and the table, kept current by the live
 * channel. Loads on demand, the first time it is shown.
 */
export function AssetMonitor(props: AssetMonitorProps) {
  return createElement(Suspense, { fallback: null }, createElement(View, props));
}
