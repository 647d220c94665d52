import { useEffect, useRef, useState } from 'react';
import { keepPointerOffsetsUnzoomed } from './zoomed-pointer';
import { chartHost, keepChart, takeChart, type KeptChart } from './chart-pool';

export type ECharts = ReturnType<typeof import('echarts/core').init>;

/** What a chart loads lazily: ECharts' `init` with only the parts that chart registered. */
export type EChartsLoader = () => Promise<{ init: typeof import('echarts/core').init }>;

/** Whether the browser draws on a 2D canvas, which ECharts' canvas renderer needs (some locked-down browsers, and jsdom, do not). */
function drawsOnCanvas(): boolean {
  try {
    return document.createElement('canvas').getContext('2d') !== null;
  } catch {
    return false;
  }
}

/**
 * Lays the chart out again when its box has another size than the chart (a resize redraws the whole
 * chart, and a ResizeObserver also reports the size a box starts with); whether it did.
 */
export function resizeWhenChanged(chart: Pick<ECharts, 'getWidth' | 'getHeight' | 'resize'>, el: HTMLElement): boolean {
  if (el.clientWidth === chart.getWidth() && el.clientHeight === chart.getHeight()) return false;
  chart.resize();
  return true;
}

/**
 * An ECharts instance on the returned `box`: loads ECharts through `load` (which keeps each chart's
 * bundle to the parts it needs), follows the box's size and disposes of the chart on unmount.
 * A new `load` or `theme` makes a new instance, so pass a stable `load` (module-level or memoised).
 * Mouse positions stay right under the page scale's CSS zoom.
 * `failed` is true when ECharts could not be loaded, or the browser cannot draw on a canvas (ECharts
 * would throw from its first drawing, out of the page's effects).
 * With a `keptAs` (what the chart is drawn with, e.g. its parts and theme), the chart is kept when
 * the box goes and taken by the next box of the same `keptAs` (chart-pool.ts): only for a caller
 * that never adds handlers or state of its own to the instance, as a kept chart is only cleared.
 */
export function useEchartsInstance(load: EChartsLoader, theme?: string, keptAs?: string) {
  const box = useRef<HTMLDivElement>(null);
  const [chart, setChart] = useState<ECharts>();
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!drawsOnCanvas()) {
      setFailed(true);
      return;
    }
    let disposed = false;
    let instance: ECharts | undefined;
    let pooled: KeptChart | undefined;
    let resize: ResizeObserver | undefined;
    let unzoomed: (() => void) | undefined;
    load()
      .then(({ init }) => {
        if (disposed || !box.current) return;
        const el = box.current;
        unzoomed = keepPointerOffsetsUnzoomed(el);
        if (keptAs === undefined) instance = init(el, theme, { renderer: 'canvas' });
        else {
          pooled = takeChart(keptAs, el.clientWidth, el.clientHeight);
          const host = pooled?.host ?? chartHost(el.ownerDocument);
          el.appendChild(host);
          pooled ??= { kind: keptAs, host, chart: init(host, theme, { renderer: 'canvas' }) };
          instance = pooled.chart;
          resizeWhenChanged(instance, el);
        }
        resize = typeof ResizeObserver === 'function' ? new ResizeObserver(() => instance && resizeWhenChanged(instance, el)) : undefined;
        resize?.observe(box.current);
        setChart(instance);
      })
      .catch(() => !disposed && setFailed(true));
    return () => {
      disposed = true;
      resize?.disconnect();
      unzoomed?.();
      if (pooled) keepChart(pooled);
      else instance?.dispose();
    };
  }, [load, theme, keptAs]);

  return { box, chart, failed };
}
