import { describe, expect, it } from 'vitest';
import { distance, transformCoord } from '../../geo';
import { fromMapLatLng } from './map-shapes';
import { effectiveProvider, providerCoordSystem, TileHealth, tileSources, toMapLatLng } from './map-providers';

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

describe('automatic street map and unreachable tiles', () => {
  it('draws 高德 street tiles (GCJ-02) for 自动 and for no setting at all', () => {
    expect(effectiveProvider('auto')).toBe('amap');
    expect(effectiveProvider(undefined)).toBe('amap');
    expect(providerCoordSystem('auto')).toBe('GCJ02');
    expect(tileSources(effectiveProvider('auto'))[0].url).toContain('is.autonavi.com');
  });

  it('gives a provider up when its first tiles fail, not when a tile fails after others loaded', () => {
    const dead = new TileHealth();
    expect(dead.record(false)).toBe(false);
    expect(dead.record(false)).toBe(true);
    const alive = new TileHealth();
    expect(alive.record(true)).toBe(false);
    for (let i = 0; i < 5; i++) expect(alive.record(false)).toBe(false);
  });
});

describe('street-level positions in the provider datum', () => {
  it('round-trips a drawn GCJ-02 / BD-09 point back to the stored WGS84 within a metre', () => {
    for (const provider of ['amap', 'baidu'] as const) {
      const [lat, lng] = toMapLatLng(...TIANANMEN, provider);
      const [lon2, lat2] = fromMapLatLng(lat, lng, provider);
      expect(distance([lon2, lat2], TIANANMEN)).toBeLessThan(1);
    }
  });
});
