import { createElement } from 'react';
import { lazyView } from '../react/lazy-view';
import { loadBasemapData } from './asset-map/basemap-data';

import type { EChartProps } from './echart/echart-props';
export type { EChartOption, EChartProps } from './echart/echart-props';

/** Loads the chart's code and ECharts itself at once (the view would ask for ECharts only once loaded). */
function loadView() {
  void import('./echart/echarts-parts').catch(() => undefined);
  return import('./echart/echart-view');
}
// a busy box of the chart's height until the chart is drawn
const EChartView = lazyView(loadView, (props: EChartProps) => createElement('div', { style: { height: props.height ?? 240 }, 'aria-label': props.label, 'aria-busy': true }));

/**
 * Starts loading what a chart needs, for a page that will draw one once its data is in (call it
 * when the page's code loads, beside its data request); `chinaMap`: the China outline too, loaded
 * and registered once per page.
 */
export function preloadEChart(options?: { chinaMap?: boolean }): void {
  void loadView().catch(() => undefined);
  if (!options?.chinaMap) return;
  // the outline's own request starts now too, not once ECharts has loaded
  void loadBasemapData().catch(() => undefined);
  void import('./echart/echarts-parts').then((m) => m.registerChinaMap()).catch(() => undefined);
}

/**
 * One ECharts chart: bar, line, pie, scatter/effect scatter and heat map on a grid or on the
 * offline China map (the same outlines as the monitor's offline basemap, no network). ECharts and
 * the outlines load with the first chart, never with the SDK entry; the chart follows its box's
 * size and replaces its option when `option` changes.
 */
export function EChart(props: EChartProps) {
  return createElement(EChartView, props);
}
