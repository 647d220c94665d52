import { useCallback, useEffect } from 'react';
import type { EChartProps } from './echart-props';
import { useEchartsInstance } from './use-echarts-instance';

/** ECharts with the chart kinds the SDK's EChart draws, and the China outline when asked. */
async function loadParts(chinaMap: boolean) {
  const { echarts, registerChinaMap } = await import('./echarts-parts');
  if (chinaMap) await registerChinaMap();
  return echarts;
}

/** The chart behind {@link EChart}; ECharts itself (and the China outline when asked) loads with it. */
export default function EChartView(props: EChartProps) {
  const { chinaMap, theme, option } = props;
  const load = useCallback(() => loadParts(Boolean(chinaMap)), [chinaMap]);
  // kept for the next chart drawn with the same parts and theme: this view only ever sets options
  const { box, chart, failed } = useEchartsInstance(load, theme, `${chinaMap ? 'china' : 'grid'}|${theme ?? ''}`);

  useEffect(() => {
    chart?.setOption({ backgroundColor: 'transparent', ...option }, { notMerge: true });
  }, [chart, option]);

  return (
    <div ref={box} role="img" aria-label={props.label} aria-busy={!chart && !failed ? true : undefined} data-ready={chart ? 'true' : undefined} style={{ height: props.height ?? 240, width: '100%' }}>
      {failed && <span>图表加载失败</span>}
    </div>
  );
}
