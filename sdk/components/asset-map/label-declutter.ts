/** A label candidate in screen pixels: its centre and size. Pure: no Leaflet. */
export interface LabelBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * Which labels to show so that none overlap: candidates are taken in the given order (most
 * important first) and kept when their box, grown by `gap` pixels, touches no kept one.
 * Returns the indexes of the kept labels.
 */
export function declutter(boxes: readonly LabelBox[], gap = 4): number[] {
  const kept: number[] = [];
  // a coarse grid keeps this linear for the few hundred labels of a view
  const cell = 64;
  const grid = new Map<string, number[]>();
  const cellsOf = (b: LabelBox): string[] => {
    const keys: string[] = [];
    for (let cx = Math.floor((b.x - b.width / 2 - gap) / cell); cx <= Math.floor((b.x + b.width / 2 + gap) / cell); cx++)
      for (let cy = Math.floor((b.y - b.height / 2 - gap) / cell); cy <= Math.floor((b.y + b.height / 2 + gap) / cell); cy++) keys.push(`${cx},${cy}`);
    return keys;
  };
  const overlaps = (a: LabelBox, b: LabelBox) =>
    Math.abs(a.x - b.x) * 2 < a.width + b.width + gap * 2 && Math.abs(a.y - b.y) * 2 < a.height + b.height + gap * 2;
  boxes.forEach((box, i) => {
    const keys = cellsOf(box);
    if (keys.some((k) => grid.get(k)?.some((j) => overlaps(box, boxes[j]!)))) return;
    kept.push(i);
    for (const k of keys) grid.set(k, [...(grid.get(k) ?? []), i]);
  });
  return kept;
}
