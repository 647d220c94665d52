import { describe, expect, it } from 'vitest';
import { healthAxis, limitLabelsWidth, mergeLimits } from './health-chart';

describe('healthAxis', () => {
  it('fits body temperatures and the limits with a tenth of their span each side, not 10–60 ℃', () => {
    // readings 36.2–36.9, limits 35.5 and 37.3: span 1.8, margin 0.18 → 35.3 … 37.5 (to 0.1)
    expect(healthAxis([36.2, 36.9, 36.5], [35.5, 37.3])).toEqual({ min: 35.3, max: 37.5 });
  });

  it('shows a limit far from the readings: SpO₂ 96–98 with a lower limit of 90', () => {
    // span 8, margin 1 → 89 … 99
    expect(healthAxis([96, 98], [90])).toEqual({ min: 89, max: 99 });
  });

  it('keeps counts from going below 0 and widens a flat line', () => {
    expect(healthAxis([0, 1200, 5100], [8000])).toEqual({ min: 0, max: 8800 });
    // one heart rate of 72: span max(1, 3.6) = 3.6, margin max(0.36, 1) = 1 → 71 … 73
    expect(healthAxis([72])).toEqual({ min: 71, max: 73 });
    expect(healthAxis([])).toBeUndefined();
  });
});

describe('limitLabelsWidth', () => {
  it('leaves room right of the plot for the longest limit label, so 收缩压上限 140 is not cut off', () => {
    // 5 CJK characters (60 px) + " 140" (28 px) + 16 px margin
    expect(limitLabelsWidth([{ name: '上限', value: 120 }, { name: '收缩压上限', value: 140 }])).toBe(104);
    expect(limitLabelsWidth([{ name: '上限', value: 120 }])).toBe(72);
    expect(limitLabelsWidth()).toBe(72);
  });
});

describe('mergeLimits', () => {
  it('draws limits of the same value as one labelled line', () => {
    const bp = [
      { name: '收缩压上限', value: 140 }, { name: '收缩压下限', value: 90 },
      { name: '舒张压上限', value: 90 }, { name: '舒张压下限', value: 60 },
    ];
    expect(mergeLimits(bp)).toEqual([
      { name: '收缩压上限', value: 140 }, { name: '收缩压下限/舒张压上限', value: 90 }, { name: '舒张压下限', value: 60 },
    ]);
  });
});
