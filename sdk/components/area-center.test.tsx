import { describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { useCenterEntry, useCircleDrawing } from './area-center';

/** A centre entry with its drawing, and the last radius handed over. */
function drawn() {
  let radius = '';
  const hook = renderHook(() => {
    const entry = useCenterEntry();
    return { entry, drawing: useCircleDrawing(entry, (metres) => (radius = metres)) };
  });
  return { hook, radius: () => radius };
}

describe('useCircleDrawing', () => {
  it('a drawn circle ends drawing and sets the centre and the radius in whole metres', () => {
    const { hook, radius } = drawn();
    expect(hook.result.current.drawing.draw).toBeUndefined();
    expect(hook.result.current.drawing.buttonText).toBe('在地图上画圆');
    act(() => hook.result.current.drawing.toggle());
    expect(hook.result.current.drawing.draw).toBe('circle');
    expect(hook.result.current.drawing.buttonText).toBe('取消画圆');

    act(() => hook.result.current.drawing.onDraw({ kind: 'circle', center: [116.4, 39.9], radius: 250.6 }));
    expect(hook.result.current.drawing.drawing).toBe(false);
    expect(hook.result.current.entry.wgs84).toEqual([116.4, 39.9]);
    expect(hook.result.current.entry.touched).toBe(true);
    expect(radius()).toBe('251');
  });

  it('a drawn polygon only ends drawing; a place found becomes the centre and is counted', () => {
    const { hook, radius } = drawn();
    act(() => hook.result.current.drawing.toggle());
    act(() => hook.result.current.drawing.onDraw({ kind: 'polygon', points: [[116, 39], [117, 39], [117, 40]] }));
    expect(hook.result.current.drawing.drawing).toBe(false);
    expect(hook.result.current.entry.wgs84).toBeUndefined();
    expect(radius()).toBe('');

    act(() => hook.result.current.drawing.onFound({ name: '天安门', lon: 116.3975, lat: 39.9087 }));
    expect(hook.result.current.entry.wgs84).toEqual([116.3975, 39.9087]);
    expect(hook.result.current.drawing.found).toBe(1);
    act(() => hook.result.current.drawing.onFound({ name: '故宫', lon: 116.397, lat: 39.918 }));
    expect(hook.result.current.drawing.found).toBe(2);
  });
});
