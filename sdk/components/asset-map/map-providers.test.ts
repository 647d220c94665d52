import { describe, expect, it } from 'vitest';
import { transformCoord } from '../../geo';
import { effectiveProvider, providerCoordSystem, tileSources, toMapLatLng } from './map-providers';

const TIANANMEN: [number, number] = [116.391, 39.907];

describe('map providers', () => {
  it('chooses the datum of each provider', () => {
    expect(providerCoordSystem('offline')).toBe('WGS84');
    expect(providerCoordSystem('osm')).toBe('WGS84');
    expect(providerCoordSystem('tianditu')).toBe('WGS84');
    expect(providerCoordSystem('amap')).toBe('GCJ02');
    expect(providerCoordSystem('tencent')).toBe('GCJ02');
    expect(providerCoordSystem('baidu')).toBe('BD09');
  });

  it('converts WGS84 positions into the provider datum (GCJ-02 moves Beijing by a few hundred metres)', () => {
    expect(toMapLatLng(...TIANANMEN, 'offline')).toEqual([TIANANMEN[1], TIANANMEN[0]]);
    expect(toMapLatLng(...TIANANMEN, 'osm')).toEqual([TIANANMEN[1], TIANANMEN[0]]);
    const [gLon, gLat] = transformCoord(TIANANMEN, 'WGS84', 'GCJ02');
    expect(toMapLatLng(...TIANANMEN, 'amap')).toEqual([gLat, gLon]);
    expect(toMapLatLng(...TIANANMEN, 'tencent')).toEqual([gLat, gLon]);
    expect(Math.abs(gLon - TIANANMEN[0]) + Math.abs(gLat - TIANANMEN[1])).toBeGreaterThan(0.002);
    const [bLon, bLat] = transformCoord(TIANANMEN, 'WGS84', 'BD09');
    expect(toMapLatLng(...TIANANMEN, 'baidu')).toEqual([bLat, bLon]);
  });

  it('falls back to the offline basemap for tianditu without a key, draws Baidu tiles on their own projection', () => {
    expect(effectiveProvider(undefined)).toBe('offline');
    expect(effectiveProvider('baidu')).toBe('baidu');
    expect(effectiveProvider('tianditu')).toBe('offline');
    expect(effectiveProvider('tianditu', 'k')).toBe('tianditu');
    expect(effectiveProvider('amap')).toBe('amap');
  });

  it('has no tiles offline and puts the key into 天地图 URLs', () => {
    expect(tileSources('offline')).toEqual([]);
    const t = tileSources('tianditu', 'abc');
    expect(t).toHaveLength(2);
    expect(t[0].url).toContain('tk=abc');
    expect(tileSources('tencent')[0].url).toContain('{-y}');
  });
});
