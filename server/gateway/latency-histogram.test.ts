import { describe, expect, it } from 'vitest';
import { LatencyHistogram } from './latency-histogram';

describe('LatencyHistogram', () => {
  it('reports zeros when empty', () => {
    expect(new LatencyHistogram().snapshot()).toEqual({ count: 0, p50: 0, p90: 0, p99: 0, max: 0, mean: 0 });
  });

  it('computes percentiles within the bucket resolution', () => {
    const h = new LatencyHistogram();
    for (let i = 1; i <= 1000; i++) h.record(i);
    const s = h.snapshot();
    expect(s.count).toBe(1000);
    expect(s.p50).toBeGreaterThanOrEqual(500);
    expect(s.p50).toBeLessThan(500 * 1.1);
    expect(s.p99).toBeGreaterThanOrEqual(990);
    expect(s.p99).toBeLessThanOrEqual(1000);
    expect(s.max).toBe(1000);
    expect(s.mean).toBeCloseTo(500.5, 3);
  });

  it('ignores nonsense samples', () => {
    const h = new LatencyHistogram();
    h.record(-1);
    h.record(Number.NaN);
    h.record(Number.POSITIVE_INFINITY);
    expect(h.snapshot().count).toBe(0);
  });
});
