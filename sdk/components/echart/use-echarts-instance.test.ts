import { describe, expect, it } from 'vitest';
import { resizeWhenChanged } from './use-echarts-instance';

/** A chart drawn at `width`×`height` that counts its layouts. */
function chartOf(width: number, height: number) {
  const chart = { layouts: 0, getWidth: () => width, getHeight: () => height, resize: () => void (chart.layouts += 1) };
  return chart;
}

/** A box of the given client size. */
function boxOf(width: number, height: number): HTMLElement {
  const el = document.createElement('div');
  Object.defineProperty(el, 'clientWidth', { value: width });
  Object.defineProperty(el, 'clientHeight', { value: height });
  return el;
}

describe('resizeWhenChanged', () => {
  it('leaves a chart alone when the observer reports the size it was drawn at (its first report)', () => {
    const chart = chartOf(640, 240);
    expect(resizeWhenChanged(chart, boxOf(640, 240))).toBe(false);
    expect(chart.layouts).toBe(0);
  });

  it('lays the chart out again when its box grew or shrank', () => {
    const chart = chartOf(640, 240);
    expect(resizeWhenChanged(chart, boxOf(800, 240))).toBe(true);
    expect(resizeWhenChanged(chart, boxOf(640, 200))).toBe(true);
    expect(chart.layouts).toBe(2);
  });
});
