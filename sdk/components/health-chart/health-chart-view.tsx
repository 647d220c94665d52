import { useEffect, useRef, useState } from 'react';
import type { HealthChartProps } from '../health-chart';

type ECharts = ReturnType<typeof import('echarts/core').init>;

const hhmm = (ms: number) => {
  const d = new Date(ms + 8 * 3600_000);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(d.getUTCHours())}:${p(d.getUTCMinutes())}`;
};

/** The ECharts lines behind {@link HealthChart}. */
export default function HealthChartView(props: HealthChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const [chart, setChart] = useState<ECharts>();
  const [failed, setFailed] = useState(false);
  const { series, limits, label, range } = props;

  useEffect(() => {
    let disposed = false;
    let instance: ECharts | undefined;
    let resize: ResizeObserver | undefined;
    import('./echarts-health')
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
    const unit = series[0]?.unit ?? '';
    chart.setOption(
      {
        animation: false,
        grid: { left: 48, right: 72, top: 32, bottom: 24 },
        legend: { top: 0, data: series.map((s) => s.name) },
        tooltip: { trigger: 'axis', valueFormatter: (v: unknown) => `${v as number} ${unit}` },
        xAxis: { type: 'time', ...(range && { min: range[0], max: range[1] }), axisLabel: { formatter: (v: number) => hhmm(v) }, splitLine: { show: false } },
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
      },
      true,
    );
  }, [chart, series, limits, range]);

  const points = series.reduce((n, s) => n + s.points.length, 0);
  return (
    <div role="img" aria-label={label} data-points={points} style={{ position: 'relative', width: '100%', height: props.height ?? 220 }}>
      <div ref={box} style={{ position: 'absolute', inset: 0 }} />
      {failed && <span>图表加载失败</span>}
    </div>
  );
}
