import { useEffect, useRef, useState } from 'react';
import type { EChartProps } from '../echart';

type ECharts = ReturnType<typeof import('echarts/core').init>;

/** The chart behind {@link EChart}; ECharts itself (and the China outline when asked) loads with it. */
export default function EChartView(props: EChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const [chart, setChart] = useState<ECharts>();
  const [failed, setFailed] = useState(false);
  const { chinaMap, theme, option } = props;

  useEffect(() => {
    let disposed = false;
    let instance: ECharts | undefined;
    let resize: ResizeObserver | undefined;
    import('./echarts-parts')
      .then(async ({ echarts, registerChinaMap }) => {
        if (chinaMap) await registerChinaMap();
        if (disposed || !box.current) return;
        instance = echarts.init(box.current, theme, { renderer: 'canvas' });
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
  }, [chinaMap, theme]);

  useEffect(() => {
    chart?.setOption({ backgroundColor: 'transparent', ...option }, { notMerge: true });
  }, [chart, option]);

  return (
    <div ref={box} role="img" aria-label={props.label} data-ready={chart ? 'true' : undefined} style={{ height: props.height ?? 240, width: '100%' }}>
      {failed && <span>图表加载失败</span>}
    </div>
  );
}
