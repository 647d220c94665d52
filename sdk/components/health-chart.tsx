import { createElement, lazy, Suspense } from 'react';

/** One line of a {@link HealthChart}: its points `[time ms, value]` and the limits drawn as dashed lines. */
export interface HealthChartSeries {
  name: string;
  unit: string;
  color: string;
  points: readonly [number, number][];
}

export interface HealthChartProps {
  /** Accessible name of the chart (e.g. 心率). */
  label: string;
  series: readonly HealthChartSeries[];
  /** Threshold lines (e.g. 健康设置's 心率上限), each with its name. */
  limits?: readonly { name: string; value: number }[];
  /** The time axis from … to (ms), e.g. the whole day; by default the readings' own span. */
  range?: readonly [number, number];
  /** Height in px (default 220). */
  height?: number;
}

const View = lazy(() => import('./health-chart/health-chart-view'));

/**
 * A time series of body readings (heart rate, blood pressure, temperature, steps) over a day with
 * its threshold lines. ECharts loads with the chart, not with the page that holds it.
 */
export function HealthChart(props: HealthChartProps) {
  return createElement(Suspense, { fallback: null }, createElement(View, props));
}
