import { createElement, useMemo } from 'react';
import { formatChinaTime } from '../china-time';
import { EChart } from './echart';

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

/**
 * A time series of body readings (heart rate, blood pressure, temperature, steps) over a day with
 * its threshold lines, drawn by {@link EChart} (ECharts loads with the chart, not with the page).
 * Its box says how many readings it holds in `data-points`.
 */
export function HealthChart({ label, series, limits, range, height = 220 }: HealthChartProps) {
  const option = useMemo(() => {
    const unit = series[0]?.unit ?? '';
    return {
      animation: false,
      grid: { left: 48, right: 72, top: 32, bottom: 24 },
      legend: { top: 0, data: series.map((s) => s.name) },
      tooltip: { trigger: 'axis', valueFormatter: (v: unknown) => `${v as number} ${unit}` },
      xAxis: { type: 'time', ...(range && { min: range[0], max: range[1] }), axisLabel: { formatter: (v: number) => formatChinaTime(v, 'clock') }, splitLine: { show: false } },
      yAxis: { type: 'value', name: unit, scale: true, splitLine: { lineStyle: { color: '#eef0f3' } } },
      series: series.map((s, i) => ({
        id: s.name,
        name: s.name,
        type: 'line',
        showSymbol: s.points.length < 60,
        lineStyle: { width: 1.5, color: s.color },
        itemStyle: { color: s.color },
        data: s.points,
        ...(i === 0 && limits?.length
          ? {
              markLine: {
                silent: true,
                symbol: 'none',
                lineStyle: { type: 'dashed', color: '#d13438' },
                label: { formatter: '{b} {c}', position: 'end' },
                data: limits.map((l) => ({ name: l.name, yAxis: l.value })),
              },
            }
          : {}),
      })),
    };
  }, [series, limits, range]);
  const points = series.reduce((n, s) => n + s.points.length, 0);
  return createElement('div', { 'data-points': points }, createElement(EChart, { label, option, height }));
}
