import { describe, expect, it } from 'vitest';
import { KEPT_CANVASES, keepCanvas, keptCanvases, takeCanvas } from './canvas-pool';

/** Empties the pool of `role` (taking what it keeps). */
const drain = (role: string) => {
  while (keptCanvases(role)) takeCanvas(role);
};

describe('the kept canvases of map layers', () => {
  it('hands a layer leaving its map canvas to the next layer, at its size, without what the first layer set on it', () => {
    drain('vehicles');
    const pane = document.createElement('div');
    const canvas = takeCanvas('vehicles', 'tl-vehicle-layer', pane);
    expect(canvas.parentElement).toBe(pane);
    canvas.width = 1650;
    canvas.height = 975;
    canvas.style.transform = 'translate3d(-275px, -162px, 0px)';
    canvas.classList.add('leaflet-zoom-animated');
    const marks = canvas as unknown as Record<string, unknown>;
    marks._leaflet_id = 42;
    marks._leaflet_disable_events = true;

    keepCanvas('vehicles', canvas);
    expect(canvas.isConnected || canvas.parentElement).toBeFalsy();
    // a layer of another role does not get it (its size is another)
    expect(takeCanvas('track')).not.toBe(canvas);
    const other = document.createElement('div');
    const next = takeCanvas('vehicles', 'tl-vehicle-layer', other);
    expect(next).toBe(canvas);
    expect(next.parentElement).toBe(other);
    expect(next.className).toBe('tl-vehicle-layer');
    expect(next.getAttribute('style')).toBeNull();
    // Leaflet's marks are gone: the map handles the events on it again, and stamps it anew
    expect(Object.keys(next)).toEqual([]);
    expect([next.width, next.height]).toEqual([1650, 975]);
    // with nothing kept, a new one
    expect(takeCanvas('vehicles')).not.toBe(canvas);
  });

  it(`keeps at most ${KEPT_CANVASES} of a role, each once`, () => {
    drain('track');
    const canvases = Array.from({ length: KEPT_CANVASES + 2 }, () => takeCanvas('track'));
    keepCanvas('track', canvases[0]);
    keepCanvas('track', canvases[0]);
    expect(keptCanvases('track')).toBe(1);
    for (const c of canvases) keepCanvas('track', c);
    expect(keptCanvases('track')).toBe(KEPT_CANVASES);
    keepCanvas('track', undefined);
    expect(keptCanvases('track')).toBe(KEPT_CANVASES);
  });
});
