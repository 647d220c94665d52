import { createElement, lazy, Suspense } from 'react';

/** One bar of a {@link ReportBarChart}: its label on the axis and its value. */
export interface ReportBarDatum {
  label: string;
  value: number;
}

export interface ReportBarChartProps {
  /** Read by screen readers and scenarios (`role="img"`). */
  label: string;
  bars: readonly ReportBarDatum[];
  /** Shown after values in the tooltip, e.g. `km`. */
  unit?: string;
  /** px, default 160. */
  height?: number;
}

const BarChartView = lazy(() => import('./report-chart/bar-chart-view'));

/**
 * A bar per label (a day, a month, a group) for report pages: ECharts, loaded on demand with the
 * chart; nothing is drawn for no bars.
 */
export function ReportBarChart(props: ReportBarChartProps) {
  if (props.bars.length === 0) return null;
  return createElement(Suspense, { fallback: createElement('div', { style: { height: props.height ?? 160 } }) }, createElement(BarChartView, props));
}
