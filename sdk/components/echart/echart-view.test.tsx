import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import EChartView from './echart-view';

// the browser-side test setup gives no 2D canvas (getContext answers null), as a browser without one
describe('EChartView', () => {
  it('says 图表加载失败 where the browser cannot draw on a canvas, and the page goes on', async () => {
    const option = { xAxis: { type: 'time' }, yAxis: { type: 'value' }, series: [{ type: 'line', data: [[Date.parse('2026-11-27T00:00:00Z'), 4], [Date.parse('2026-11-27T00:01:00Z'), 9.5]] }] };
    render(
      <div>
        <EChartView option={option} label="温度曲线" height={200} />
        <p>页面其余部分</p>
      </div>,
    );
    expect(await screen.findByText('图表加载失败')).toBeTruthy();
    expect(screen.getByRole('img', { name: '温度曲线' }).getAttribute('aria-busy')).toBeNull();
    expect(screen.getByText('页面其余部分')).toBeTruthy();
  });
});
