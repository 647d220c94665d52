import * as L from 'leaflet';

/**
 * The canvases of map layers no longer shown, kept for the next map's layers. A canvas's first
 * drawing at a size allocates its pixels: tens of milliseconds for a map-sized canvas, on every
 * map page opened. A kept canvas of the same size is drawn on at once. Canvases are kept by the
 * role of their layer (the offline basemap, the vehicles, a track …): a layer sizes its canvas the
 * same way each time, so a map page opened again finds canvases of its sizes here.
 */
export const KEPT_CANVASES = 2;

const kept = new Map<string, HTMLCanvasElement[]>();

/** A canvas for a layer of `role`, with `className`, in `parent` when given: the last one of that role kept, or a new one. */
export function takeCanvas(role: string, className = '', parent?: HTMLElement): HTMLCanvasElement {
  const canvas = kept.get(role)?.pop() ?? document.createElement('canvas');
  if (className) canvas.className = className;
  parent?.appendChild(canvas);
  return canvas;
}

/**
 * Gives back the canvas of a layer leaving its map: taken out of the page, cleared (pixels and
 * drawing state, its size and so its allocation kept), and stripped of what its layer set on it
 * (classes, styles, Leaflet's marks); kept while fewer than KEPT_CANVASES of its role are.
 */
export function keepCanvas(role: string, canvas: HTMLCanvasElement | undefined): void {
  if (!canvas) return;
  canvas.remove();
  canvas.removeAttribute('class');
  canvas.removeAttribute('style');
  for (const key of Object.keys(canvas)) delete (canvas as unknown as Record<string, unknown>)[key];
  // setting a dimension clears the pixels and resets the context's state
  // eslint-disable-next-line no-self-assign
  canvas.width = canvas.width;
  const ofRole = kept.get(role) ?? [];
  kept.set(role, ofRole);
  if (ofRole.length < KEPT_CANVASES && !ofRole.includes(canvas)) ofRole.push(canvas);
}

/** How many canvases of `role` are kept (for tests). */
export const keptCanvases = (role: string): number => kept.get(role)?.length ?? 0;

/** The role of the offline basemap's canvases. */
const BASEMAP_ROLE = 'basemap';

interface CanvasRendererInternals {
  _container?: HTMLCanvasElement;
  _ctx?: CanvasRenderingContext2D | null;
  _onMouseMove: (e: Event) => void;
  _onClick: (e: Event) => void;
  _handleMouseOut: (e: Event) => void;
}

const canvasRenderer = L.Canvas.prototype as unknown as { _destroyContainer(this: unknown): void };

/** Leaflet's canvas renderer drawing on a kept canvas (its `_initContainer`, with takeCanvas for its `document.createElement`). */
const KeptCanvasRenderer = L.Canvas.extend({
  _initContainer(this: CanvasRendererInternals) {
    const container = (this._container = takeCanvas(BASEMAP_ROLE));
    L.DomEvent.on(container, 'mousemove', this._onMouseMove, this);
    L.DomEvent.on(container, 'click dblclick mousedown mouseup contextmenu', this._onClick, this);
    L.DomEvent.on(container, 'mouseout', this._handleMouseOut, this);
    (container as unknown as Record<string, unknown>)._leaflet_disable_events = true;
    this._ctx = container.getContext('2d');
  },
  _destroyContainer(this: CanvasRendererInternals) {
    const container = this._container;
    canvasRenderer._destroyContainer.call(this);
    keepCanvas(BASEMAP_ROLE, container);
  },
}) as unknown as new (options?: L.RendererOptions) => L.Canvas;

/** `L.canvas(options)` on kept canvases, for the offline basemap. */
export const keptCanvasRenderer = (options?: L.RendererOptions): L.Canvas => new KeptCanvasRenderer(options);
