import { distance, EARTH_RADIUS, type LonLat } from '../../sdk/geo';

/** A fence's area in WGS84: a circle (centre, radius in metres) or a polygon (ring of points, not closed). */
export type FenceArea =
  | { shape: 'circle'; center: LonLat; radius: number }
  | { shape: 'polygon'; points: readonly LonLat[] };

/** Where a point lies relative to a fence's border, allowing for GPS scatter near it. */
export type FenceSide = 'inside' | 'outside' | 'border';

/**
 * Half the width of the band around the border inside which a fix counts as neither in nor out:
 * GPS scatter of ~10–20 m must not make a parked vehicle enter and leave over and over. Small
 * fences get a proportionally narrower band.
 */
export function borderMargin(area: FenceArea): number {
  const size = area.shape === 'circle' ? area.radius : Math.sqrt(polygonAreaMetres(area.points));
  return Math.min(20, Math.max(1, size * 0.1));
}

/** Ray casting in lon/lat degrees: whether the point is inside the ring (on the edge counts as either). */
export function pointInPolygon(point: LonLat, ring: readonly LonLat[]): boolean {
  const [x, y] = point;
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i]!;
    const [xj, yj] = ring[j]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** Local east/north metres around `origin` (equirectangular; exact enough for fences of a few km). */
function toLocal(origin: LonLat, p: LonLat): [number, number] {
  const rad = Math.PI / 180;
  return [(p[0] - origin[0]) * rad * EARTH_RADIUS * Math.cos(origin[1] * rad), (p[1] - origin[1]) * rad * EARTH_RADIUS];
}

/** Shortest distance in metres from the point to the ring's edges. */
export function distanceToEdges(point: LonLat, ring: readonly LonLat[]): number {
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [ax, ay] = toLocal(point, ring[j]!);
    const [bx, by] = toLocal(point, ring[i]!);
    const dx = bx - ax;
    const dy = by - ay;
    const len2 = dx * dx + dy * dy;
    const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, -(ax * dx + ay * dy) / len2));
    best = Math.min(best, Math.hypot(ax + t * dx, ay + t * dy));
  }
  return best;
}

/** Area of the ring in square metres (shoelace over local metres). */
export function polygonAreaMetres(ring: readonly LonLat[]): number {
  if (ring.length < 3) return 0;
  const origin = ring[0]!;
  let sum = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xj, yj] = toLocal(origin, ring[j]!);
    const [xi, yi] = toLocal(origin, ring[i]!);
    sum += xj * yi - xi * yj;
  }
  return Math.abs(sum) / 2;
}

/** Which side of the fence the point is on; `border` within `margin` metres of the border. */
export function fenceSide(area: FenceArea, point: LonLat, margin = borderMargin(area)): FenceSide {
  if (area.shape === 'circle') {
    const d = distance(area.center, point);
    if (d <= area.radius - margin) return 'inside';
    if (d > area.radius + margin) return 'outside';
    return 'border';
  }
  if (distanceToEdges(point, area.points) <= margin) return 'border';
  return pointInPolygon(point, area.points) ? 'inside' : 'outside';
}

/**
 * The new inside/outside state after a fix: a fix in the border band keeps the previous state; a
 * first fix in the band counts by the exact border (the centre line of the band).
 */
export function nextInside(area: FenceArea, previous: boolean | undefined, point: LonLat): boolean {
  const side = fenceSide(area, point);
  if (side === 'inside') return true;
  if (side === 'outside') return false;
  if (previous !== undefined) return previous;
  return fenceSide(area, point, 0) !== 'outside';
}
