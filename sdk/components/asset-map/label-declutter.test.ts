import { describe, expect, it } from 'vitest';
import { declutter } from './label-declutter';

describe('declutter', () => {
  it('keeps labels in order of importance and drops those overlapping a kept one', () => {
    const box = (x: number, y: number) => ({ x, y, width: 40, height: 16 });
    expect(declutter([box(100, 100), box(120, 105), box(200, 100), box(100, 140)])).toEqual([0, 2, 3]);
    // the less important label loses, whichever side it is on
    expect(declutter([box(120, 105), box(100, 100)])).toEqual([0]);
  });

  it('keeps labels a gap apart and works across grid cells', () => {
    const boxes = Array.from({ length: 200 }, (_, i) => ({ x: (i % 20) * 50, y: Math.floor(i / 20) * 24, width: 40, height: 16 }));
    expect(declutter(boxes)).toHaveLength(200);
    expect(declutter(boxes, 10)).toHaveLength(100); // every other column collides at a 10 px gap
  });
});
