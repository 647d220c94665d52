import { createElement, useMemo } from 'react';
import { EChart, preloadEChart } from './echart';

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

/**
 * A bar per label (a day, a month, a group) for report pages, drawn by {@link EChart}; nothing is
 * drawn for no bars. ECharts starts loading as the chart is first rendered, beside the report's
 * request, so the bars are drawn when the data is in rather than after a second wait for the code.
 */
export function ReportBarChart({ label, bars, unit, height = 160 }: ReportBarChartProps) {
  useMemo(() => preloadEChart(), []);
  const option = useMemo(() => {
    const suffix = unit ? ` ${unit}` : '';
    return {
      animation: false,
      grid: { left: 48, right: 16, top: 16, bottom: 24 },
      tooltip: { trigger: 'axis', valueFormatter: (v: unknown) => `${v as number}${suffix}` },
      xAxis: { type: 'category', data: bars.map((b) => b.label), axisTick: { alignWithLabel: true } },
      yAxis: { type: 'value', splitLine: { lineStyle: { color: '#eef0f3' } } },
      series: [{ type: 'bar', name: label, barMaxWidth: 28, itemStyle: { color: '#1f6fd1' }, data: bars.map((b) => b.value) }],
    };
  }, [bars, label, unit]);
  if (bars.length === 0) return null;
  return createElement(EChart, { label, option, height });
}
