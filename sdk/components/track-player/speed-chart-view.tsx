import { useEffect, useRef } from 'react';
import { formatChinaTime } from '../../china-time';
import type { TrackSpeedChartProps } from './track-player-props';
import { useEchartsInstance } from '../echart/use-echarts-instance';
import { TRACK_COLORS } from './track-colors';

/** The chart's `data-cursor` attribute (the cursor time, for scenarios) is written at most this often while playing, ms. */
export const CURSOR_INTERVAL_MS = 200;
const GRID = { left: 44, right: 16, top: 16, bottom: 24 };

/** Only the line chart parts the speed chart needs. */
const loadSpeedParts = async () => (await import('./echarts-speed')).echarts;

/** The ECharts line behind {@link TrackSpeedChart}; ECharts itself loads with it. */
export default function SpeedChartView(props: TrackSpeedChartProps) {
  const cursor = useRef<HTMLDivElement>(null);
  const { box, chart, failed } = useEchartsInstance(loadSpeedParts);
  const { playback, series, stops } = props;

  // the series and the stops (shaded)
  useEffect(() => {
    if (!chart) return;
    const data = series.t.map((t, i) => [t, series.v[i]]);
    chart.setOption(
      {
        animation: false,
        grid: GRID,
        tooltip: { trigger: 'axis', valueFormatter: (v: unknown) => `${v as number} km/h` },
        xAxis: { type: 'time', axisLabel: { formatter: (v: number) => formatChinaTime(v, 'clock') }, splitLine: { show: false } },
        yAxis: { type: 'value', name: 'km/h', nameTextStyle: { padding: [0, 0, 0, -20] }, splitLine: { lineStyle: { color: '#eef0f3' } } },
        series: [
          {
            id: 'speed',
            type: 'line',
            showSymbol: false,
            sampling: 'lttb',
            lineStyle: { width: 1.5, color: TRACK_COLORS.travelled },
            areaStyle: { color: 'rgba(31,111,209,0.12)' },
            data,
            markArea: {
              silent: true,
              itemStyle: { color: 'rgba(122,86,194,0.10)' },
              data: (stops ?? []).map((s) => [{ xAxis: Date.parse(s.startTime) }, { xAxis: Date.parse(s.endTime) }]),
            },
          },
        ],
      },
      true,
    );
  }, [chart, series, stops]);

  // the cursor follows the replay: a line laid over the chart and moved (the chart is not redrawn)
  useEffect(() => {
    if (!chart) return;
    const line = cursor.current;
    let shown = NaN;
    let last = -Infinity;
    const draw = () => {
      const time = playback.time;
      if (time === shown || !line) return;
      const [x] = chart.convertToPixel('grid', [time, 0]) as number[];
      if (!Number.isFinite(x)) return;
      shown = time;
      line.style.transform = `translateX(${x.toFixed(1)}px)`;
      line.style.display = 'block';
      const now = performance.now();
      if (now - last >= CURSOR_INTERVAL_MS || !playback.playing) {
        last = now;
        box.current?.setAttribute('data-cursor', String(Math.round(time)));
      }
    };
    const sub = playback.subscribe(draw);
    const onResize = () => {
      shown = NaN;
      draw();
    };
    chart.on('finished', onResize);
    draw();
    const zr = chart.getZr();
    const onClick = (e: { offsetX: number; offsetY: number }) => {
      if (!chart.containPixel('grid', [e.offsetX, e.offsetY])) return;
      const [time] = chart.convertFromPixel('grid', [e.offsetX, e.offsetY]) as number[];
      if (Number.isFinite(time)) playback.seek(time);
    };
    zr.on('click', onClick);
    return () => {
      sub.dispose();
      chart.off('finished', onResize);
      zr.off('click', onClick);
    };
  }, [chart, playback]);

  if (failed) return <div className="tl-speed-chart tl-chart-failed">图表加载失败</div>;
  const height = props.height ?? 160;
  return (
    <div style={{ position: 'relative', width: '100%', height }}>
      <div ref={box} className="tl-speed-chart" data-testid="speed-chart" style={{ width: '100%', height }} />
      <div
        ref={cursor}
        aria-hidden
        style={{ position: 'absolute', left: 0, top: GRID.top, bottom: GRID.bottom, width: 0, borderLeft: `2px solid ${TRACK_COLORS.end}`, display: 'none', pointerEvents: 'none', willChange: 'transform' }}
      />
    </div>
  );
}
