import { describe, expect, it } from 'vitest';
import { transformCoord } from '../../geo';
import { circleFrom, fromMapLatLng, isPolygon, shapeBounds } from './map-shapes';

describe('map shapes', () => {
  it('turns a GCJ-02 map position back into WGS84 (within a metre) and leaves WGS84 maps alone', () => {
    const wgs: [number, number] = [116.397428, 39.90923];
    const [x, y] = transformCoord(wgs, 'WGS84', 'GCJ02');
    const back = fromMapLatLng(y, x, 'amap');
    expect(Math.abs(back[0] - wgs[0])).toBeLessThan(1e-5);
    expect(Math.abs(back[1] - wgs[1])).toBeLessThan(1e-5);
    expect(fromMapLatLng(39.9092301, 116.3974281, 'offline')).toEqual([116.397428, 39.90923]);
  });

  it('measures a circle from its centre to the rim in whole metres', () => {
    // 0.01° of latitude is about 1112 m
    expect(circleFrom([116.4, 39.9], [116.4, 39.91])).toEqual({ center: [116.4, 39.9], radius: 1112 });
  });

  it('needs three distinct vertices for a polygon', () => {
    expect(isPolygon([[1, 1], [2, 2]])).toBe(false);
    expect(isPolygon([[1, 1], [2, 2], [2, 2]])).toBe(false);
    expect(isPolygon([[1, 1], [2, 2], [3, 1]])).toBe(true);
  });

  it('boxes a polygon by its vertices and a circle by its radius', () => {
    expect(shapeBounds({ id: 'a', kind: 'polygon', points: [[121.46, 31.22], [121.48, 31.24], [121.47, 31.2]] })).toEqual([121.46, 31.2, 121.48, 31.24]);
    const [minLon, minLat, maxLon, maxLat] = shapeBounds({ id: 'b', kind: 'circle', center: [0, 0], radius: 111_195 });
    expect([minLon, minLat, maxLon, maxLat].map((v) => Math.round(v * 1000) / 1000)).toEqual([-1, -1, 1, 1]);
  });
});
