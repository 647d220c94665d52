/**
 * Charts kept for the next page that draws one. An ECharts instance's first drawing at a size
 * allocates the pixels of its canvases, and creating one builds its painter and event handling:
 * on a page of five charts (数据看板) opened again, about a third of its drawing time. A chart whose
 * page closes is cleared and kept, off the document, and the next chart of the same kind (its
 * parts and theme) takes it, preferably one of its own size.
 */
import type { ECharts } from './use-echarts-instance';

/** Kept charts at most; the oldest is disposed of beyond (a page shows up to six). */
export const KEPT_CHARTS = 6;

export interface KeptChart {
  /** What the chart is drawn with: its parts and theme (a chart of another kind is not handed over). */
  kind: string;
  /** The element the chart is drawn into, moved from page to page inside the chart's box. */
  host: HTMLDivElement;
  chart: ECharts;
}

const kept: KeptChart[] = [];

/** A kept chart of `kind`, of the size `width`×`height` when one is; undefined when none is kept. */
export function takeChart(kind: string, width: number, height: number): KeptChart | undefined {
  let index = kept.findIndex((k) => k.kind === kind && k.chart.getWidth() === width && k.chart.getHeight() === height);
  if (index === -1) index = kept.findIndex((k) => k.kind === kind);
  return index === -1 ? undefined : kept.splice(index, 1)[0];
}

/** Clears `chart`, takes its host off the document and keeps it for the next chart of its kind. */
export function keepChart(chart: KeptChart): void {
  chart.host.remove();
  chart.chart.clear();
  kept.push(chart);
  while (kept.length > KEPT_CHARTS) kept.shift()!.chart.dispose();
}

/** The element a kept chart is drawn into: its box's whole area. */
export function chartHost(document: Document): HTMLDivElement {
  const host = document.createElement('div');
  host.style.width = '100%';
  host.style.height = '100%';
  return host;
}

/** How many charts are kept (for tests). */
export function keptChartCount(): number {
  return kept.length;
}
