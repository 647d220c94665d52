import { useMemo } from 'react';
import { EChart } from '../echart';
import type { TripDay } from './trip-summary';

/** Props of the daily chart of a trip log. */
export interface TripChartProps {
  days: readonly TripDay[];
  /** What one trip is called (遛狗, 骑行). */
  trip: string;
}

/** Bars of each day's distance and a line of its minutes, drawn by {@link EChart}. */
export function TripChart({ days, trip }: TripChartProps) {
  const option = useMemo(() => ({
    animation: false,
    grid: { left: 40, right: 40, top: 28, bottom: 22 },
    legend: { top: 0, itemHeight: 8, textStyle: { fontSize: 11 } },
    tooltip: { trigger: 'axis' },
    xAxis: { type: 'category', data: days.map((d) => d.day.slice(5)) },
    yAxis: [
      { type: 'value', name: 'km', splitLine: { lineStyle: { color: '#eef0f3' } } },
      { type: 'value', name: '分钟', splitLine: { show: false } },
    ],
    series: [
      { name: '距离 (km)', type: 'bar', barMaxWidth: 22, itemStyle: { color: '#1f6fd1' }, data: days.map((d) => d.distance) },
      { name: '时长 (分钟)', type: 'line', yAxisIndex: 1, itemStyle: { color: '#e8a23a' }, data: days.map((d) => Math.round(d.seconds / 60)) },
    ],
  }), [days]);
  return <EChart label={`每日${trip}距离与时长`} option={option} height={160} />;
}
