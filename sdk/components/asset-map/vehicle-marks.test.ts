import { describe, expect, it } from 'vitest';
import { accuracyRadiusPx, markShape, arrowCorners, clustersAt, CLUSTER_MAX_ZOOM, gridCluster, HitIndex, mercatorUnit, worldSize } from './vehicle-marks';

describe('mercatorUnit', () => {
  it('maps lon/lat to Web Mercator units as Leaflet does', () => {
    expect(mercatorUnit(0, 0)).toEqual([0.5, 0.5]);
    const [x, y] = mercatorUnit(39.9, 116.4);
    // Leaflet: map.project([39.9, 116.4], 0) = (210.773…, 97.0…)
    expect(x * worldSize(0)).toBeCloseTo(210.773, 2);
    expect(y * worldSize(0)).toBeCloseTo(96.99, 1);
    expect(mercatorUnit(89, 0)[1]).toBeGreaterThanOrEqual(0); // clamped
  });
});

describe('gridCluster', () => {
  it('groups points of one cell into a cluster at their centroid and keeps sparse points single', () => {
    const xs = [10, 20, 30, 200, 400, 410];
    const ys = [10, 20, 30, 200, 400, 410];
    const clusters = gridCluster(xs, ys, 64, 3);
    const big = clusters.find((c) => c.members.length > 1)!;
    expect(big.members.sort()).toEqual([0, 1, 2]);
    expect(big.x).toBe(20);
    expect(big.y).toBe(20);
    // two points in a cell are below minCount: both single
    expect(clusters.filter((c) => c.members.length === 1).map((c) => c.members[0]).sort()).toEqual([3, 4, 5]);
  });

  it('anchors cells at the world origin, so clusters do not depend on the view', () => {
    const a = gridCluster([63, 65], [1, 1], 64, 2);
    expect(a).toHaveLength(2); // 63 and 65 fall on both sides of the 64 px cell edge
    const b = gridCluster([65, 127], [1, 1], 64, 2);
    expect(b).toHaveLength(1);
  });

  it('accounts for every point exactly once, also for 10,000 points', () => {
    const n = 10_000;
    const xs = Float64Array.from({ length: n }, (_, i) => (i * 7919) % 5000);
    const ys = Float64Array.from({ length: n }, (_, i) => (i * 104729) % 3000);
    const clusters = gridCluster(xs, ys, 64);
    const seen = clusters.flatMap((c) => c.members).sort((a, b) => a - b);
    expect(seen).toEqual(Array.from({ length: n }, (_, i) => i));
    expect(clusters.length).toBeLessThan(n);
  });

  it('clusters only below the cluster zoom', () => {
    expect(clustersAt(CLUSTER_MAX_ZOOM - 1)).toBe(true);
    expect(clustersAt(CLUSTER_MAX_ZOOM)).toBe(false);
  });
});

describe('HitIndex', () => {
  it('finds the target under the pointer, nearest centre first, and nothing in empty space', () => {
    const index = new HitIndex<string>(48);
    index.add({ x: 100, y: 100, r: 8, value: 'a' });
    index.add({ x: 110, y: 100, r: 8, value: 'b' });
    index.add({ x: 300, y: 300, r: 20, value: 'cluster' });
    expect(index.hit(101, 100)?.value).toBe('a');
    expect(index.hit(109, 101)?.value).toBe('b');
    expect(index.hit(315, 310)?.value).toBe('cluster');
    expect(index.hit(200, 200)).toBeUndefined();
    expect(index.hit(100, 111, 2)).toBeUndefined(); // 11 px away from a centre with radius 8 + 2
  });

  it('finds targets that straddle cell edges', () => {
    const index = new HitIndex<number>(48);
    index.add({ x: 47, y: 47, r: 8, value: 1 });
    expect(index.hit(52, 52)?.value).toBe(1);
    expect(index.size).toBe(1);
  });
});

describe('arrowCorners', () => {
  it('points the tip along the course (0° north = up on screen, 90° east = right)', () => {
    const north = arrowCorners(0, 0, 0, 10);
    expect(north[0]).toBeCloseTo(0);
    expect(north[1]).toBeCloseTo(-10);
    const east = arrowCorners(0, 0, 90, 10);
    expect(east[0]).toBeCloseTo(10);
    expect(east[1]).toBeCloseTo(0);
  });
});

describe('marks of other kinds of assets', () => {
  it('draws people as dots, pets as diamonds, vehicles and e-bikes as heading arrows', () => {
    expect([markShape('person'), markShape('pet'), markShape('ebike'), markShape('vehicle'), markShape(null)]).toEqual(['dot', 'diamond', 'arrow', 'arrow', 'arrow']);
  });

  it('sizes an accuracy circle from metres at the latitude and zoom (Web Mercator)', () => {
    // at zoom 16 on the equator a pixel is 40 075 016.686 m / 2^24 ≈ 2.39 m
    expect(accuracyRadiusPx(239, 0, 16)).toBeCloseTo(100, 0);
    // at 60° a pixel covers half as much ground: the same circle is twice as wide
    expect(accuracyRadiusPx(239, 60, 16)).toBeCloseTo(200, 0);
    expect(accuracyRadiusPx(239, 0, 15)).toBeCloseTo(50, 0);
  });
});
