import { createElement, useMemo } from 'react';
import { formatChinaTime } from '../china-time';
import { EChart } from './echart';

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

/**
 * A bar or line chart of a few series over categories or time: monthly figures, a battery's
 * charge over a day. Drawn by {@link EChart}, so ECharts loads with the first chart shown, never
 * with the SDK entry.
 */
export function SeriesChart({ label, kind, categories, series, axes, height = 260 }: SeriesChartProps) {
  const option = useMemo(() => {
    const yAxis = (axes ?? [{ name: '' }]).map((a, i) => ({
      type: 'value', name: a.name, min: a.min, max: a.max, position: i === 0 ? 'left' : 'right', splitLine: { show: i === 0, lineStyle: { color: '#eef0f3' } },
    }));
    return {
      animation: false,
      grid: { left: 52, right: yAxis.length > 1 ? 52 : 16, top: 36, bottom: 28 },
      legend: { top: 0 },
      tooltip: { trigger: 'axis' },
      xAxis: categories === undefined
        ? { type: 'time', axisLabel: { formatter: (v: number) => formatChinaTime(v, 'shortMinute') }, splitLine: { show: false } }
        : { type: 'category', data: categories },
      yAxis,
      series: series.map((s) => ({
        name: s.name, type: kind, yAxisIndex: s.axis ?? 0, data: s.data, showSymbol: s.data.length < 60, barMaxWidth: 28, ...(s.color && { itemStyle: { color: s.color } }),
      })),
    };
  }, [kind, categories, series, axes]);
  return createElement(EChart, { label, option, height });
}
