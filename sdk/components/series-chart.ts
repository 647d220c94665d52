import { createElement, lazy, Suspense } from 'react';

/** One series of a {@link SeriesChart}. */
export interface ChartSeries {
  name: string;
  /** Values by category (bar / line over categories), or `[epochMs, value]` pairs over time. */
  data: readonly (number | null)[] | readonly (readonly [number, number | null])[];
  /** Index into `axes` (0 by default): a second value axis on the right. */
  axis?: number;
  color?: string;
}

export interface SeriesChartProps {
  /** Accessible name; scenarios find the chart by it. */
  label: string;
  kind: 'bar' | 'line';
  /** Category labels; leave out for a time axis (then each point is `[epochMs, value]`). */
  categories?: readonly string[];
  series: readonly ChartSeries[];
  /** Value axes (name with its unit, optional range); one on the left by default. */
  axes?: readonly { name: string; min?: number; max?: number }[];
  height?: number;
}

const SeriesChartView = lazy(() => import('./series-chart/series-chart-view'));

/**
 * A bar or line chart (ECharts, canvas) of a few series over categories or time: monthly
 * figures, a battery's charge over a day. ECharts loads with the first chart shown, never with
 * the SDK entry.
 */
export function SeriesChart(props: SeriesChartProps) {
  return createElement(Suspense, { fallback: null }, createElement(SeriesChartView, props));
}
