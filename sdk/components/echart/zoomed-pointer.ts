/** The mouse and pointer events zrender reads `offsetX`/`offsetY` of (wheel and pointer events are mouse events). */
const POINTER_EVENTS = ['click', 'dblclick', 'contextmenu', 'mousedown', 'mouseup', 'mousemove', 'mouseout', 'mouseover', 'wheel', 'pointerdown', 'pointerup', 'pointermove', 'pointerout', 'pointerover'] as const;

/** `Element.currentCSSZoom`: the zoom an element is drawn at, every ancestor's `zoom` multiplied. */
type Zoomable = Element & { currentCSSZoom?: number };

/**
 * Keeps a chart's mouse positions right under CSS zoom (the page scale zooms the whole console).
 * zrender takes a mouse event's `offsetX`/`offsetY` as the chart's own pixels, but Chromium gives
 * them in window pixels inside a zoomed element (apache/echarts#15103), so a chart drawn at 0.75
 * would answer for a point a quarter nearer its top left: the wrong tooltip, the wrong bar clicked.
 * Before zrender reads them, each event's offsets are set to the point in the target's own pixels.
 * Returns the function that stops it.
 */
export function keepPointerOffsetsUnzoomed(box: HTMLElement): () => void {
  const correct = (e: Event) => {
    const target = e.target as Zoomable | null;
    const zoom = target?.currentCSSZoom;
    if (!(e instanceof MouseEvent) || !target || !zoom || zoom === 1) return;
    const rect = target.getBoundingClientRect();
    const x = (e.clientX - rect.left) / zoom - target.clientLeft;
    const y = (e.clientY - rect.top) / zoom - target.clientTop;
    Object.defineProperty(e, 'offsetX', { configurable: true, value: x });
    Object.defineProperty(e, 'offsetY', { configurable: true, value: y });
  };
  // capture on the chart's box: before zrender's own listeners on the elements inside it
  for (const type of POINTER_EVENTS) box.addEventListener(type, correct, { capture: true, passive: true });
  return () => {
    for (const type of POINTER_EVENTS) box.removeEventListener(type, correct, { capture: true });
  };
}
