import { describe, expect, it } from 'vitest';
import { temperatureChartOption } from './temperature-chart';

type Option = {
  yAxis: { min: number; max: number };
  series: { data: [number, number][]; markLine: { data: { name: string; yAxis: number }[] } }[];
};

describe('the temperature chart', () => {
  const readings = [
    { time: '2026-11-27T08:00:00+08:00', celsius: 4.2 },
    { time: '2026-11-27T08:01:00+08:00', celsius: 5.1 },
  ];

  it('draws the readings over time with the limits as mark lines', () => {
    const option = temperatureChartOption(readings, { min: 2, max: 8 }) as unknown as Option;
    expect(option.series[0]!.data).toEqual([
      [Date.parse('2026-11-27T00:00:00Z'), 4.2],
      [Date.parse('2026-11-27T00:01:00Z'), 5.1],
    ]);
    expect(option.series[0]!.markLine.data).toEqual([
      { name: '下限', yAxis: 2 },
      { name: '上限', yAxis: 8 },
    ]);
  });

  it('keeps both limits in view when the readings are far from them', () => {
    const { yAxis } = temperatureChartOption(readings, { min: -25, max: -15 }) as unknown as Option;
    expect(yAxis.min).toBeLessThan(-25);
    expect(yAxis.max).toBeGreaterThan(5.1);
  });
});
