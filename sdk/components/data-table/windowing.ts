/** Fixed-row-height windowing: which rows of a long list a viewport shows. Pure. */

export interface RowWindow {
  /** First rendered row (inclusive). */
  start: number;
  /** Last rendered row (exclusive). */
  end: number;
  /** Spacer heights above and below the rendered rows, px. */
  before: number;
  after: number;
}

/** Rows rendered beyond each edge of the viewport, so fast scrolling shows no gap. */
export const DEFAULT_OVERSCAN = 6;

/** The rows to render for a viewport of `height` px scrolled to `scrollTop` over `count` rows of `rowHeight` px. */
export function rowWindow(scrollTop: number, height: number, rowHeight: number, count: number, overscan = DEFAULT_OVERSCAN): RowWindow {
  if (count <= 0 || rowHeight <= 0) return { start: 0, end: 0, before: 0, after: 0 };
  const maxTop = Math.max(0, count * rowHeight - height);
  const top = Math.min(Math.max(0, scrollTop), maxTop);
  const first = Math.floor(top / rowHeight);
  const last = Math.ceil((top + height) / rowHeight); // exclusive
  const start = Math.max(0, first - overscan);
  const end = Math.min(count, last + overscan);
  return { start, end, before: start * rowHeight, after: (count - end) * rowHeight };
}

/** The rows actually in the viewport (no overscan): what is worth geocoding. */
export function visibleRows(scrollTop: number, height: number, rowHeight: number, count: number): { start: number; end: number } {
  const w = rowWindow(scrollTop, height, rowHeight, count, 0);
  return { start: w.start, end: w.end };
}
