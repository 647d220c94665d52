import { SeededRandom, mixSeed } from './seeded-random';
import type { SimCity } from './sim-cities';

/** Road classes with their speed limits (km/h). */
export type RoadClass = 'expressway' | 'arterial' | 'local';

/** Speed limit of each road class, km/h. */
export const ROAD_LIMIT_KMH: Readonly<Record<RoadClass, number>> = { expressway: 100, arterial: 70, local: 50 };

/** One intersection of the grid. */
export interface RoadNode {
  row: number;
  col: number;
  lat: number;
  lon: number;
}

/**
 * A grid-ish road network around a city centre: streets roughly every kilometre, a ring
 * expressway on the edge and one elevated expressway crossing the centre each way, arterials
 * every fifth street. Intersections are nudged off the perfect grid so roads are not ruler-
 * straight. The same city always gives the same network.
 */
export class RoadGrid {
  readonly rows: number;
  readonly cols: number;
  private readonly nodes: RoadNode[];

  constructor(readonly city: SimCity, spacingMetres = 1000) {
    const latStep = spacingMetres / 111_320;
    const lonStep = latStep / Math.cos((city.centre.lat * Math.PI) / 180);
    const halfRows = Math.max(2, Math.floor(city.halfSpan.lat / latStep));
    const halfCols = Math.max(2, Math.floor(city.halfSpan.lon / lonStep));
    this.rows = halfRows * 2 + 1;
    this.cols = halfCols * 2 + 1;
    const rng = new SeededRandom(mixSeed(hashText(city.id), 808));
    this.nodes = [];
    for (let row = 0; row < this.rows; row++) {
      for (let col = 0; col < this.cols; col++) {
        // the ring stays straight so the box is exact; inner intersections wander up to 12 %
        const edge = row === 0 || col === 0 || row === this.rows - 1 || col === this.cols - 1;
        const jLat = edge ? 0 : rng.range(-0.12, 0.12) * latStep;
        const jLon = edge ? 0 : rng.range(-0.12, 0.12) * lonStep;
        this.nodes.push({
          row,
          col,
          lat: city.centre.lat + (row - halfRows) * latStep + jLat,
          lon: city.centre.lon + (col - halfCols) * lonStep + jLon,
        });
      }
    }
  }

  /** Number of intersections. */
  get size(): number {
    return this.nodes.length;
  }

  /** The intersection at (row, col). */
  node(row: number, col: number): RoadNode {
    return this.nodes[row * this.cols + col]!;
  }

  /** Intersection by flat index (0 … size-1). */
  nodeAt(index: number): RoadNode {
    return this.nodes[index]!;
  }

  /** Intersections one street away. */
  neighbours(n: RoadNode): RoadNode[] {
    const out: RoadNode[] = [];
    if (n.row > 0) out.push(this.node(n.row - 1, n.col));
    if (n.row < this.rows - 1) out.push(this.node(n.row + 1, n.col));
    if (n.col > 0) out.push(this.node(n.row, n.col - 1));
    if (n.col < this.cols - 1) out.push(this.node(n.row, n.col + 1));
    return out;
  }

  /** Class of the street between two neighbouring intersections. */
  roadClass(a: RoadNode, b: RoadNode): RoadClass {
    // a horizontal street keeps its row, a vertical one its column
    const [line, count] = a.row === b.row ? [a.row, this.rows] : [a.col, this.cols];
    if (line === 0 || line === count - 1 || line === (count - 1) / 2) return 'expressway';
    return line % 5 === 0 ? 'arterial' : 'local';
  }
}

/** Ground distance in metres (equirectangular; plenty for a kilometre). */
export function segmentMetres(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  const k = Math.cos((((a.lat + b.lat) / 2) * Math.PI) / 180);
  const dy = (b.lat - a.lat) * 111_320;
  const dx = (b.lon - a.lon) * 111_320 * k;
  return Math.hypot(dx, dy);
}

/** Course from a to b in whole degrees clockwise from north, 0–359. */
export function bearingDegrees(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  const k = Math.cos((((a.lat + b.lat) / 2) * Math.PI) / 180);
  const deg = (Math.atan2((b.lon - a.lon) * k, b.lat - a.lat) * 180) / Math.PI;
  return Math.round((deg + 360) % 360) % 360;
}

function hashText(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h >>> 0;
}

const grids = new Map<string, RoadGrid>();

/** The shared (immutable) grid of a city; thousands of vehicles use one instance. */
export function roadGridFor(city: SimCity): RoadGrid {
  let g = grids.get(city.id);
  if (!g) grids.set(city.id, (g = new RoadGrid(city)));
  return g;
}
