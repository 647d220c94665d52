import { useMemo } from 'react';
import { EChart, formatChinaTime, healthAxis, limitLabelsWidth, type EChartOption } from '@tianlu/sdk';
import type { TemperatureReading } from '../api';

/** What {@link TemperatureChart} draws. */
export interface TemperatureChartProps {
  /** Accessible name of the chart (scenarios find it by it). */
  label: string;
  readings: readonly TemperatureReading[];
  /** The vehicle's 下限 and 上限, drawn as dashed red lines. */
  limits: { min: number; max: number };
  height?: number;
}

const DAY_MS = 86_400_000;

/**
 * The ECharts option of a temperature line over time with the limits as mark lines: the value axis
 * holds every reading and both limits; the time axis shows the clock, or the day too past a day.
 */
export function temperatureChartOption(readings: readonly TemperatureReading[], limits: { min: number; max: number }): EChartOption {
  const points = readings.map((r) => [Date.parse(r.time), r.celsius] as [number, number]);
  const marks = [
    { name: '下限', value: limits.min },
    { name: '上限', value: limits.max },
  ];
  const axis = healthAxis(points.map((p) => p[1]), [limits.min, limits.max]);
  const span = points.length > 1 ? points[points.length - 1]![0] - points[0]![0] : 0;
  const style = span > DAY_MS ? 'shortMinute' : 'clock';
  return {
    animation: false,
    grid: { left: 48, right: limitLabelsWidth(marks), top: 28, bottom: 24 },
    tooltip: { trigger: 'axis', valueFormatter: (v: unknown) => `${(v as number).toFixed(1)}℃` },
    xAxis: { type: 'time', axisLabel: { formatter: (v: number) => formatChinaTime(v, style) }, splitLine: { show: false } },
    yAxis: { type: 'value', name: '℃', ...(axis && { min: axis.min, max: axis.max }), splitLine: { lineStyle: { color: '#eef0f3' } } },
    series: [
      {
        name: '温度',
        type: 'line',
        showSymbol: points.length < 60,
        lineStyle: { width: 1.5, color: '#0f6cbd' },
        itemStyle: { color: '#0f6cbd' },
        data: points,
        markLine: {
          silent: true,
          symbol: 'none',
          lineStyle: { type: 'dashed', color: '#d13438' },
          label: { formatter: '{b} {c}℃', position: 'end' },
          data: marks.map((m) => ({ name: m.name, yAxis: m.value })),
        },
      },
    ],
  };
}

/** A vehicle's temperature over time with its limits (ECharts loads with the first chart shown). */
export function TemperatureChart({ label, readings, limits, height = 260 }: TemperatureChartProps) {
  const option = useMemo(() => temperatureChartOption(readings, limits), [readings, limits]);
  return (
    <div data-points={readings.length} data-limits={`${limits.min}~${limits.max}`}>
      <EChart label={label} option={option} height={height} />
    </div>
  );
}
