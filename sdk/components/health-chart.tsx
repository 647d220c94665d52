import { createElement, useMemo } from 'react';
import { formatChinaTime } from '../china-time';
import { EChart } from './echart';

/** One line of a {@link HealthChart}: its points `[time ms, value]`. */
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
 * The value axis of a chart: from a little under the lowest to a little over the highest of the
 * readings and the limits (a tenth of their span each side), so the readings fill the chart and every
 * limit line shows. Readings under 50 (body temperature) round to 0.1, others to whole numbers; an
 * axis of readings that are never negative does not go below 0. Undefined without any value.
 */
export function healthAxis(values: readonly number[], limits: readonly number[] = []): { min: number; max: number } | undefined {
  const all = [...values, ...limits].filter((v) => Number.isFinite(v));
  if (all.length === 0) return undefined;
  const lo = Math.min(...all);
  const hi = Math.max(...all);
  const span = hi - lo || Math.max(1, Math.abs(hi) * 0.05);
  const step = Math.max(Math.abs(lo), Math.abs(hi)) < 50 ? 0.1 : 1;
  const margin = Math.max(span * 0.1, step);
  // toFixed(1) drops the float noise of 0.1 steps (35.300000000000004)
  const min = Number((Math.floor((lo - margin) / step + 1e-9) * step).toFixed(1));
  const max = Number((Math.ceil((hi + margin) / step - 1e-9) * step).toFixed(1));
  return { min: lo >= 0 ? Math.max(0, min) : min, max };
}

/**
 * Room right of the plot for the limit lines' labels ('收缩压上限 140'), so that none is cut off at the
 * chart's edge: 12 px a CJK character, 7 px any other, and a margin; 72 px at least.
 */
export function limitLabelsWidth(limits: readonly { name: string; value: number }[] = []): number {
  const width = (text: string) => [...text].reduce((w, c) => w + (/[\u3000-\u9fff\uff00-\uffef]/.test(c) ? 12 : 7), 0);
  return Math.max(72, ...limits.map((l) => width(`${l.name} ${l.value}`) + 16));
}

/**
 * A time series of body readings (heart rate, blood pressure, temperature, steps) over a day with
 * its threshold lines, drawn by {@link EChart} (ECharts loads with the chart, not with the page).
 * Its box says how many readings it holds in `data-points`.
 */
/** Limits of the same value drawn as one line with one label (收缩压下限/舒张压上限 90), not two labels on top of each other. */
export function mergeLimits(limits: readonly { name: string; value: number }[] = []): { name: string; value: number }[] {
  const byValue = new Map<number, string[]>();
  for (const l of limits) byValue.set(l.value, [...(byValue.get(l.value) ?? []), l.name]);
  return [...byValue].map(([value, names]) => ({ name: names.join('/'), value }));
}

export function HealthChart({ label, series, limits: given, range, height = 220 }: HealthChartProps) {
  const limits = useMemo(() => (given ? mergeLimits(given) : undefined), [given]);
  const axis = useMemo(() => healthAxis(series.flatMap((s) => s.points.map((p) => p[1])), limits?.map((l) => l.value)), [series, limits]);
  const option = useMemo(() => {
    const unit = series[0]?.unit ?? '';
    return {
      animation: false,
      grid: { left: 48, right: limitLabelsWidth(limits), top: 32, bottom: 24 },
      legend: { top: 0, data: series.map((s) => s.name) },
      tooltip: { trigger: 'axis', valueFormatter: (v: unknown) => `${v as number} ${unit}` },
      xAxis: { type: 'time', ...(range && { min: range[0], max: range[1] }), axisLabel: { formatter: (v: number) => formatChinaTime(v, 'clock') }, splitLine: { show: false } },
      yAxis: { type: 'value', name: unit, scale: true, ...(axis && { min: axis.min, max: axis.max }), splitLine: { lineStyle: { color: '#eef0f3' } } },
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
  }, [series, limits, range, axis]);
  const points = series.reduce((n, s) => n + s.points.length, 0);
  return createElement('div', { 'data-points': points, ...(axis && { 'data-axis': `${axis.min}~${axis.max}` }) }, createElement(EChart, { label, option, height }));
}
