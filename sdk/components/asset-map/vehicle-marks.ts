/**
 * The math of the vehicle layer, pure so it can be tested without a canvas: Web Mercator world
 * pixels, grid clustering per zoom, and hit-testing of what was drawn.
 */

/** Size of the world in pixels at zoom 0 (Leaflet's EPSG:3857 tiles). */
export const TILE_SIZE = 256;
const MAX_LAT = 85.0511287798;

/** Below this zoom dense vehicles are grouped into clusters. */
export const CLUSTER_MAX_ZOOM = 12;
/** Grid cell of the clustering, in screen pixels. */
export const CLUSTER_CELL_PX = 64;
/** A cell holding at least this many vehicles becomes a cluster. */
export const CLUSTER_MIN_COUNT = 3;

/** [lat, lng] → world position in [0, 1) × [0, 1) (Web Mercator); multiply by TILE_SIZE·2^zoom for pixels. */
export function mercatorUnit(lat: number, lng: number): [number, number] {
  const clamped = Math.max(-MAX_LAT, Math.min(MAX_LAT, lat));
  const sin = Math.sin((clamped * Math.PI) / 180);
  const x = (lng + 180) / 360;
  const y = 0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI);
  return [x, y];
}

/** World pixels per unit at `zoom`. */
export const worldSize = (zoom: number) => TILE_SIZE * 2 ** zoom;

/** A group of points: `members` are indices into the input; one member means a lone vehicle. */
export interface Cluster {
  x: number;
  y: number;
  members: number[];
}

/**
 * Grid clustering: points (world pixels at the current zoom) are binned in square cells of
 * `cell` pixels anchored at the world origin, so cells stay put while the map pans. A cell with
 * `minCount` points or more becomes one cluster at their centroid; the others stay single.
 */
export function gridCluster(xs: ArrayLike<number>, ys: ArrayLike<number>, cell: number, minCount = CLUSTER_MIN_COUNT): Cluster[] {
  const cells = new Map<number, number[]>();
  const n = xs.length;
  for (let i = 0; i < n; i++) {
    // rows of 2^26 cells: enough for zoom 18 with 1-pixel cells, exact in float64
    const key = Math.floor(ys[i] / cell) * 67_108_864 + Math.floor(xs[i] / cell);
    const list = cells.get(key);
    if (list) list.push(i);
    else cells.set(key, [i]);
  }
  const out: Cluster[] = [];
  for (const members of cells.values()) {
    if (members.length >= minCount) {
      let sx = 0;
      let sy = 0;
      for (const i of members) {
        sx += xs[i];
        sy += ys[i];
      }
      out.push({ x: sx / members.length, y: sy / members.length, members });
    } else {
      for (const i of members) out.push({ x: xs[i], y: ys[i], members: [i] });
    }
  }
  return out;
}

/** Whether to cluster at `zoom`. */
export const clustersAt = (zoom: number) => zoom < CLUSTER_MAX_ZOOM;

/** Radius of a cluster bubble for its size, px. */
export function clusterRadius(count: number): number {
  return Math.min(30, 12 + Math.log10(count) * 7);
}

/** Something drawn that a click may hit: centre and radius in canvas pixels. */
export interface HitTarget<T> {
  x: number;
  y: number;
  r: number;
  value: T;
}

/** A grid over drawn targets so hover and click look at a few cells, not every vehicle. */
export class HitIndex<T> {
  private readonly cells = new Map<string, HitTarget<T>[]>();
  private count = 0;

  constructor(private readonly cell = 48) {}

  get size(): number {
    return this.count;
  }

  add(target: HitTarget<T>): void {
    this.count++;
    const c = this.cell;
    for (let cx = Math.floor((target.x - target.r) / c); cx <= Math.floor((target.x + target.r) / c); cx++) {
      for (let cy = Math.floor((target.y - target.r) / c); cy <= Math.floor((target.y + target.r) / c); cy++) {
        const key = `${cx}:${cy}`;
        const list = this.cells.get(key);
        if (list) list.push(target);
        else this.cells.set(key, [target]);
      }
    }
  }

  /** The target whose circle (grown by `slop` px) holds (x, y), nearest centre first; later-drawn wins ties. */
  hit(x: number, y: number, slop = 2): HitTarget<T> | undefined {
    const list = this.cells.get(`${Math.floor(x / this.cell)}:${Math.floor(y / this.cell)}`);
    if (!list) return undefined;
    let best: HitTarget<T> | undefined;
    let bestD = Infinity;
    for (const t of list) {
      const d = Math.hypot(t.x - x, t.y - y);
      if (d <= t.r + slop && d <= bestD) {
        best = t;
        bestD = d;
      }
    }
    return best;
  }
}

/**
 * The three corners of a heading arrow of `size` px centred on (x, y), pointing along `course`
 * (degrees clockwise from north; screen y grows downwards).
 */
export function arrowCorners(x: number, y: number, course: number, size: number): [number, number, number, number, number, number] {
  const a = (course * Math.PI) / 180;
  const sin = Math.sin(a);
  const cos = Math.cos(a);
  // tip ahead, two tail corners behind and to the sides
  const tipX = x + sin * size;
  const tipY = y - cos * size;
  const backX = x - sin * size * 0.6;
  const backY = y + cos * size * 0.6;
  const side = size * 0.7;
  return [tipX, tipY, backX + cos * side, backY + sin * side, backX - cos * side, backY - sin * side];
}

/** How an asset is drawn: vehicles and e-bikes as a heading arrow, people as a dot, pets as a diamond. */
export type MarkShape = 'arrow' | 'dot' | 'diamond';

export function markShape(assetKind: string | null | undefined): MarkShape {
  if (assetKind === 'person') return 'dot';
  if (assetKind === 'pet') return 'diamond';
  return 'arrow';
}

const EQUATOR_METRES = 40_075_016.686;

/** Radius in screen pixels of an accuracy circle of `metres` at latitude `lat` and `zoom` (Web Mercator). */
export function accuracyRadiusPx(metres: number, lat: number, zoom: number): number {
  const metresPerPixel = (EQUATOR_METRES * Math.cos((lat * Math.PI) / 180)) / worldSize(zoom);
  return metres / metresPerPixel;
}
