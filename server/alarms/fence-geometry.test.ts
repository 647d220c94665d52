import { describe, expect, it } from 'vitest';
import { distance, type LonLat } from '../../sdk/geo';
import { borderMargin, distanceToEdges, fenceSide, nextInside, pointInPolygon, polygonAreaMetres, type FenceArea } from './fence-geometry';

const CENTRE: LonLat = [116.397, 39.909];
const METRES_PER_DEG_LAT = 111_194.93;

/** The point `metres` north of the centre. */
const north = (metres: number): LonLat => [CENTRE[0], CENTRE[1] + metres / METRES_PER_DEG_LAT];

const circle: FenceArea = { shape: 'circle', center: CENTRE, radius: 500 };
// 1 km square around the centre
const half = 500 / METRES_PER_DEG_LAT;
const halfLon = half / Math.cos((CENTRE[1] * Math.PI) / 180);
const square: LonLat[] = [
  [CENTRE[0] - halfLon, CENTRE[1] - half], [CENTRE[0] + halfLon, CENTRE[1] - half],
  [CENTRE[0] + halfLon, CENTRE[1] + half], [CENTRE[0] - halfLon, CENTRE[1] + half],
];

describe('circle fences', () => {
  it('measures with the haversine distance of sdk/geo', () => {
    expect(distance(CENTRE, north(1000))).toBeCloseTo(1000, 0);
    expect(fenceSide(circle, north(400))).toBe('inside');
    expect(fenceSide(circle, north(600))).toBe('outside');
    expect(fenceSide(circle, north(495))).toBe('border');
    expect(fenceSide(circle, north(505))).toBe('border');
  });

  it('keeps a 20 m band for large circles and a narrower one for small ones', () => {
    expect(borderMargin(circle)).toBe(20);
    expect(borderMargin({ shape: 'circle', center: CENTRE, radius: 50 })).toBe(5);
    expect(fenceSide({ shape: 'circle', center: CENTRE, radius: 50 }, north(44))).toBe('inside');
  });
});

describe('polygon fences', () => {
  it('tells inside from outside by ray casting', () => {
    expect(pointInPolygon(CENTRE, square)).toBe(true);
    expect(pointInPolygon(north(600), square)).toBe(false);
    expect(fenceSide({ shape: 'polygon', points: square }, CENTRE)).toBe('inside');
    expect(fenceSide({ shape: 'polygon', points: square }, north(700))).toBe('outside');
  });

  it('handles a concave ring: the notch is outside', () => {
    // an L: the square without its north-east quarter
    const l: LonLat[] = [
      square[0]!, square[1]!, [square[1]![0], CENTRE[1]], CENTRE, [CENTRE[0], square[2]![1]], square[3]!,
    ];
    const notch: LonLat = [CENTRE[0] + halfLon / 2, CENTRE[1] + half / 2];
    const foot: LonLat = [CENTRE[0] + halfLon / 2, CENTRE[1] - half / 2];
    expect(fenceSide({ shape: 'polygon', points: l }, notch)).toBe('outside');
    expect(fenceSide({ shape: 'polygon', points: l }, foot)).toBe('inside');
  });

  it('measures the distance to the nearest edge and the area in metres', () => {
    expect(distanceToEdges(north(300), square)).toBeCloseTo(200, 0);
    expect(distanceToEdges(north(650), square)).toBeCloseTo(150, 0);
    expect(polygonAreaMetres(square) / 1e6).toBeCloseTo(1, 2);
    expect(fenceSide({ shape: 'polygon', points: square }, north(510))).toBe('border');
  });
});

describe('enter and exit transitions', () => {
  it('changes side only outside the border band', () => {
    expect(nextInside(circle, false, north(400))).toBe(true);
    expect(nextInside(circle, true, north(600))).toBe(false);
    expect(nextInside(circle, true, north(510))).toBe(true);
    expect(nextInside(circle, false, north(490))).toBe(false);
  });

  it('places a first fix in the band by the exact border', () => {
    expect(nextInside(circle, undefined, north(490))).toBe(true);
    expect(nextInside(circle, undefined, north(510))).toBe(false);
  });

  it('does not flap when a parked vehicle jitters across the border', () => {
    let inside = nextInside(circle, undefined, north(300));
    let flips = 0;
    for (let i = 0; i < 200; i++) {
      const jitter = Math.sin(i * 1.7) * 15; // ±15 m of GPS scatter around the border
      const next = nextInside(circle, inside, north(500 + jitter));
      if (next !== inside) flips++;
      inside = next;
    }
    expect(flips).toBe(0);
    expect(inside).toBe(true);
    expect(nextInside(circle, inside, north(530))).toBe(false);
  });
});
