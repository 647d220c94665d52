import { createElement } from 'react';
import { PlatformApi } from '../contracts/platform';
import type { ServiceGetter } from '../plugin';
import { lazyView } from '../react/lazy-view';
import { HttpService } from '../services/http-service';
import { PluginRegistry } from '../services/plugin-registry';

import { declaredKinds, overviewQuery, type PlatformOverviewProps } from './platform-overview/platform-overview-props';
export type { PlatformOverviewProps } from './platform-overview/platform-overview-props';

const View = lazyView(() => import('./platform-overview/platform-overview-view'));

/**
 * 概览 of a sub-application: the tenant's asset counts (全部/在线/离线/报警) — only of the kinds its
 * plugin declares in `assetKinds`, every kind when it declares none — and the menu entries
 * of the platform the user may open (`PlatformApi.overview`). The view loads on demand, so the SDK entry stays light.
 */
export function PlatformOverview(props: PlatformOverviewProps) {
  return createElement(View, props);
}

/**
 * For the `prefetch` of a route whose page is a {@link PlatformOverview}: asks its figures and loads
 * its view while the page's code loads.
 */
export function prefetchPlatformOverview(get: ServiceGetter, platformId: number): void {
  void get(HttpService).prefetch(PlatformApi.overview, overviewQuery(platformId, declaredKinds(get(PluginRegistry), platformId))).catch(() => undefined);
  View.preload().catch(() => undefined);
}
