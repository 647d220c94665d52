import { afterEach, describe, expect, it } from 'vitest';
import { keepPointerOffsetsUnzoomed } from './zoomed-pointer';

/** A chart box with a canvas drawn at `zoom`, its top left at (100, 50) in the window. */
function zoomedCanvas(zoom: number) {
  const box = document.createElement('div');
  const canvas = document.createElement('canvas');
  box.append(canvas);
  document.body.append(box);
  Object.defineProperty(canvas, 'currentCSSZoom', { value: zoom });
  canvas.getBoundingClientRect = () => new DOMRect(100, 50, 232 * zoom, 240 * zoom);
  return { box, canvas };
}

/** The offsets a listener on the canvas (where zrender listens) reads of a mouse event at (x, y) in the window. */
function offsetsSeen(canvas: HTMLCanvasElement, type: string, x: number, y: number): [number, number] {
  let seen: [number, number] = [NaN, NaN];
  canvas.addEventListener(type, (e) => (seen = [(e as MouseEvent).offsetX, (e as MouseEvent).offsetY]), { once: true });
  canvas.dispatchEvent(new MouseEvent(type, { clientX: x, clientY: y, bubbles: true }));
  return seen;
}

afterEach(() => document.body.replaceChildren());

describe('keepPointerOffsetsUnzoomed', () => {
  it('gives a chart drawn at 0.75 the point under the mouse in its own pixels', () => {
    const { box, canvas } = zoomedCanvas(0.75);
    const stop = keepPointerOffsetsUnzoomed(box);
    // 75 window pixels right of the canvas are 100 of its own
    expect(offsetsSeen(canvas, 'mousemove', 175, 80)).toEqual([100, 40]);
    expect(offsetsSeen(canvas, 'click', 100 + 174, 50 + 180)).toEqual([232, 240]);
    stop();
    // stopped: the browser's own offsets again
    expect(offsetsSeen(canvas, 'mousemove', 175, 80)).not.toEqual([100, 40]);
  });

  it('leaves an unzoomed chart to the browser', () => {
    const { box, canvas } = zoomedCanvas(1);
    keepPointerOffsetsUnzoomed(box);
    const event = new MouseEvent('mousemove', { clientX: 175, clientY: 80, bubbles: true });
    canvas.dispatchEvent(event);
    expect(Object.getOwnPropertyDescriptor(event, 'offsetX')).toBeUndefined();
  });
});
