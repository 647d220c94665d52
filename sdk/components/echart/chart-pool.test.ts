import { describe, expect, it } from 'vitest';
import { chartHost, keepChart, KEPT_CHARTS, keptChartCount, takeChart, type KeptChart } from './chart-pool';
import type { ECharts } from './use-echarts-instance';

/** A chart of `width`×`height` drawn into a host on the page, that counts its clears and disposals. */
function drawn(kind: string, width: number, height: number) {
  const state = { cleared: 0, disposed: false };
  const chart = { getWidth: () => width, getHeight: () => height, clear: () => void (state.cleared += 1), dispose: () => void (state.disposed = true) } as unknown as ECharts;
  const host = chartHost(document);
  document.body.appendChild(host);
  return { kept: { kind, host, chart } satisfies KeptChart, state };
}

/** Takes every kept chart, so that each test starts with none. */
function drain() {
  for (const kind of ['grid|', 'china|', 'grid|dark']) while (takeChart(kind, 0, 0));
}

describe('the chart pool', () => {
  it('clears a chart whose box went, takes its drawing off the page and hands it to the next chart of its kind', () => {
    drain();
    const { kept, state } = drawn('grid|', 600, 240);
    keepChart(kept);
    expect(state.cleared).toBe(1);
    expect(kept.host.isConnected).toBe(false);
    expect(takeChart('china|', 600, 240)).toBeUndefined();
    expect(takeChart('grid|dark', 600, 240)).toBeUndefined();
    expect(takeChart('grid|', 300, 120)).toBe(kept);
    expect(takeChart('grid|', 600, 240)).toBeUndefined();
  });

  it('hands over a chart of the size asked before one of another size', () => {
    drain();
    const small = drawn('grid|', 380, 240).kept;
    const large = drawn('grid|', 780, 420).kept;
    keepChart(small);
    keepChart(large);
    expect(takeChart('grid|', 780, 420)).toBe(large);
    expect(takeChart('grid|', 780, 420)).toBe(small);
  });

  it(`keeps ${KEPT_CHARTS} charts at most, disposing of the oldest`, () => {
    drain();
    const charts = Array.from({ length: KEPT_CHARTS + 2 }, (_, i) => drawn('grid|', 100 + i, 100));
    for (const c of charts) keepChart(c.kept);
    expect(keptChartCount()).toBe(KEPT_CHARTS);
    expect(charts.map((c) => c.state.disposed)).toEqual(charts.map((_, i) => i < 2));
    drain();
  });
});
