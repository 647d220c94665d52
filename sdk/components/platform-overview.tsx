import { createElement } from 'react';
import { lazyView } from '../react/lazy-view';

import type { PlatformOverviewProps } from './platform-overview/platform-overview-props';
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
