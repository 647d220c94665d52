import { describe, expect, it } from 'vitest';
import { screenPath } from './track-layer';

describe('screenPath', () => {
  it('merges vertices closer than a pixel on screen and keeps the last one', () => {
    // 1,000 positions 0.1 px apart at this zoom, then one far away
    const n = 1001;
    const px = Float64Array.from({ length: n }, (_, i) => (i < n - 1 ? i * 0.1 : 500));
    const py = new Float64Array(n);
    const path = screenPath(px, py, 1, 0, 0, 1);
    expect(path.length).toBeLessThan(110);
    expect(path.src[0]).toBe(0);
    expect(path.src[path.length - 1]).toBe(n - 1);
    expect(path.x[path.length - 1]).toBe(500);
    // at 16× the scale every step is more than a pixel: nothing merged
    expect(screenPath(px, py, 16, 0, 0, 1).length).toBe(n);
  });

  it('places vertices relative to the canvas origin', () => {
    const path = screenPath(Float64Array.of(10, 20), Float64Array.of(5, 5), 4, 30, 10, 1);
    expect(Array.from(path.x)).toEqual([10, 50]);
    expect(Array.from(path.y)).toEqual([10, 10]);
  });
});
