import { useEffect, useRef, useState } from 'react';
import type { TripDay } from './trip-summary';

type ECharts = ReturnType<typeof import('echarts/core').init>;

/** Props of the daily chart of a trip log. */
export interface TripChartProps {
  days: readonly TripDay[];
  /** What one trip is called (遛狗, 骑行). */
  trip: string;
}

/** Bars of each day's distance and a line of its minutes; ECharts loads with the chart. */
export default function TripChartView(props: TripChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const [chart, setChart] = useState<ECharts>();
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let disposed = false;
    let instance: ECharts | undefined;
    let resize: ResizeObserver | undefined;
    import('./echarts-trips')
      .then(({ echarts }) => {
        if (disposed || !box.current) return;
        instance = echarts.init(box.current, undefined, { renderer: 'canvas' });
        resize = typeof ResizeObserver === 'function' ? new ResizeObserver(() => instance?.resize()) : undefined;
        resize?.observe(box.current);
        setChart(instance);
      })
      .catch(() => !disposed && setFailed(true));
    return () => {
      disposed = true;
      resize?.disconnect();
      instance?.dispose();
    };
  }, []);

  useEffect(() => {
    if (!chart) return;
    chart.setOption(
      {
        animation: false,
        grid: { left: 40, right: 40, top: 28, bottom: 22 },
        legend: { top: 0, itemHeight: 8, textStyle: { fontSize: 11 } },
        tooltip: { trigger: 'axis' },
        xAxis: { type: 'category', data: props.days.map((d) => d.day.slice(5)) },
        yAxis: [
          { type: 'value', name: 'km', splitLine: { lineStyle: { color: '#eef0f3' } } },
          { type: 'value', name: '分钟', splitLine: { show: false } },
        ],
        series: [
          { name: '距离 (km)', type: 'bar', barMaxWidth: 22, itemStyle: { color: '#1f6fd1' }, data: props.days.map((d) => d.distance) },
          { name: '时长 (分钟)', type: 'line', yAxisIndex: 1, itemStyle: { color: '#e8a23a' }, data: props.days.map((d) => Math.round(d.seconds / 60)) },
        ],
      },
      true,
    );
  }, [chart, props.days]);

  if (failed) return <div>图表加载失败</div>;
  return (
    <div
      ref={box}
      role="img"
      aria-label={`每日${props.trip}距离与时长`}
      data-days={props.days.map((d) => `${d.day}:${d.distance}`).join(',')}
      style={{ width: '100%', height: '160px' }}
    />
  );
}
