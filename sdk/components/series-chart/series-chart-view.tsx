import { useEffect, useRef, useState } from 'react';
import type { SeriesChartProps } from '../series-chart';

type ECharts = ReturnType<typeof import('echarts/core').init>;

const hhmm = (ms: number) => {
  const d = new Date(ms + 8 * 3600_000);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(d.getUTCMonth() + 1)}-${p(d.getUTCDate())} ${p(d.getUTCHours())}:${p(d.getUTCMinutes())}`;
};

/** The ECharts canvas behind {@link SeriesChart}; ECharts itself loads with it. */
export default function SeriesChartView(props: SeriesChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const [chart, setChart] = useState<ECharts>();
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let disposed = false;
    let instance: ECharts | undefined;
    let resize: ResizeObserver | undefined;
    import('./echarts-series')
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

  const { kind, categories, series, axes } = props;
  useEffect(() => {
    if (!chart) return;
    const time = categories === undefined;
    const yAxis = (axes ?? [{ name: '' }]).map((a, i) => ({
      type: 'value', name: a.name, min: a.min, max: a.max, position: i === 0 ? 'left' : 'right', splitLine: { show: i === 0, lineStyle: { color: '#eef0f3' } },
    }));
    chart.setOption(
      {
        animation: false,
        grid: { left: 52, right: yAxis.length > 1 ? 52 : 16, top: 36, bottom: 28 },
        legend: { top: 0 },
        tooltip: { trigger: 'axis' },
        xAxis: time
          ? { type: 'time', axisLabel: { formatter: (v: number) => hhmm(v) }, splitLine: { show: false } }
          : { type: 'category', data: categories },
        yAxis,
        series: series.map((s) => ({
          name: s.name, type: kind, yAxisIndex: s.axis ?? 0, data: s.data, showSymbol: s.data.length < 60, barMaxWidth: 28, ...(s.color && { itemStyle: { color: s.color } }),
        })),
      },
      true,
    );
  }, [chart, kind, categories, series, axes]);

  if (failed) return <div role="alert">图表加载失败</div>;
  return <div ref={box} role="img" aria-label={props.label} data-points={series.reduce((n, s) => n + s.data.length, 0)} style={{ width: '100%', height: props.height ?? 260 }} />;
}
