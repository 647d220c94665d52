import { useEffect, useRef, useState } from 'react';
import type { ReportBarChartProps } from '../report-chart';

type ECharts = ReturnType<typeof import('echarts/core').init>;

/** The ECharts bars behind {@link ReportBarChart}; ECharts itself loads with it. */
export default function BarChartView(props: ReportBarChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const [chart, setChart] = useState<ECharts>();
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let disposed = false;
    let instance: ECharts | undefined;
    let resize: ResizeObserver | undefined;
    import('./echarts-bar')
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
    const unit = props.unit ? ` ${props.unit}` : '';
    chart.setOption(
      {
        animation: false,
        grid: { left: 48, right: 16, top: 16, bottom: 24 },
        tooltip: { trigger: 'axis', valueFormatter: (v: unknown) => `${v as number}${unit}` },
        xAxis: { type: 'category', data: props.bars.map((b) => b.label), axisTick: { alignWithLabel: true } },
        yAxis: { type: 'value', splitLine: { lineStyle: { color: '#eef0f3' } } },
        series: [{ type: 'bar', name: props.label, barMaxWidth: 28, itemStyle: { color: '#1f6fd1' }, data: props.bars.map((b) => b.value) }],
      },
      true,
    );
  }, [chart, props.bars, props.label, props.unit]);

  if (failed) return <div className="tl-chart-failed">图表加载失败</div>;
  return <div ref={box} role="img" aria-label={props.label} data-bars={props.bars.length} style={{ width: '100%', height: props.height ?? 160 }} />;
}
