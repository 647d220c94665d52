import { createElement, lazy, Suspense } from 'react';

export interface PlatformOverviewProps {
  platformId: number;
  /** The sub-application's title, e.g. 智能车联. */
  title: string;
  /** e.g. `/car/`; the overview's own menu entry is left out. */
  basePath: string;
}

const View = lazy(() => import('./platform-overview-view'));

/**
 * 概览 of a sub-application: the tenant's asset counts (全部/在线/离线/报警) — only of the kinds its
 * plugin declares in `assetKinds`, every kind when it declares none — and the menu entries
 * of the platform the user may open (`PlatformApi.overview`). The view loads on demand, so the SDK entry stays light.
 */
export function PlatformOverview(props: PlatformOverviewProps) {
  return createElement(Suspense, { fallback: null }, createElement(View, props));
}
