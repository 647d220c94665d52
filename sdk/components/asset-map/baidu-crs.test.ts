import * as L from 'leaflet';
import { describe, expect, it } from 'vitest';
import { transformCoord } from '../../geo';
import { BAIDU_CRS, baiduProject, baiduTileLayer, baiduUnproject } from './baidu-crs';
import { tileSources, toMapLatLng } from './map-providers';

/** 天安门 in BD-09 and its published BD-09MC metres (Baidu's own converter). */
const TIANANMEN_BD09 = { lng: 116.404, lat: 39.915 };
const TIANANMEN_MC = { x: 12958175.0, y: 4825923.77 };

describe('Baidu tile projection', () => {
  it('projects BD-09 to Baidu Mercator metres and back', () => {
    const [x, y] = baiduProject(TIANANMEN_BD09.lat, TIANANMEN_BD09.lng);
    expect(x).toBeCloseTo(TIANANMEN_MC.x, 0);
    expect(y).toBeCloseTo(TIANANMEN_MC.y, 0);
    const [lat, lng] = baiduUnproject(x, y);
    expect(lat).toBeCloseTo(TIANANMEN_BD09.lat, 6);
    expect(lng).toBeCloseTo(TIANANMEN_BD09.lng, 6);
  });

  it('puts one pixel on one metre at zoom 18 and y northwards', () => {
    const p = BAIDU_CRS.latLngToPoint(L.latLng(TIANANMEN_BD09.lat, TIANANMEN_BD09.lng), 18);
    expect(p.x).toBeCloseTo(TIANANMEN_MC.x, 0);
    expect(p.y).toBeCloseTo(-TIANANMEN_MC.y, 0);
    const half = BAIDU_CRS.latLngToPoint(L.latLng(TIANANMEN_BD09.lat, TIANANMEN_BD09.lng), 17);
    expect(half.x).toBeCloseTo(TIANANMEN_MC.x / 2, 0);
    const back = BAIDU_CRS.pointToLatLng(p, 18);
    expect(back.lat).toBeCloseTo(TIANANMEN_BD09.lat, 6);
    expect(back.lng).toBeCloseTo(TIANANMEN_BD09.lng, 6);
  });

  it('requests the Baidu tile that contains the position', () => {
    const [source] = tileSources('baidu');
    const layer = baiduTileLayer(source);
    const p = BAIDU_CRS.latLngToPoint(L.latLng(TIANANMEN_BD09.lat, TIANANMEN_BD09.lng), 18);
    const coords = Object.assign(L.point(Math.floor(p.x / 256), Math.floor(p.y / 256)), { z: 18 }) as L.Coords;
    const url = layer.getTileUrl(coords);
    // Baidu numbers tiles from the equator: column ⌊x/256⌋, row ⌊y/256⌋ of the BD-09MC metres at zoom 18
    expect(url).toContain(`x=${Math.floor(TIANANMEN_MC.x / 256)}&y=${Math.floor(TIANANMEN_MC.y / 256)}&z=18`);
    expect(url).toMatch(/^https:\/\/maponline[0-3]\.bdimg\.com\//);
  });

  it('puts a WGS84 position on the Baidu map where Baidu draws it', () => {
    // WGS84 → BD-09 (the datum shift of a few hundred metres) → Baidu pixels
    const wgs: [number, number] = [116.391, 39.907];
    const [lat, lng] = toMapLatLng(...wgs, 'baidu');
    const [bLon, bLat] = transformCoord(wgs, 'WGS84', 'BD09');
    expect([lat, lng]).toEqual([bLat, bLon]);
    const onMap = BAIDU_CRS.latLngToPoint(L.latLng(lat, lng), 18);
    const [mx, my] = baiduProject(bLat, bLon);
    expect(onMap.x).toBeCloseTo(mx, 3);
    expect(onMap.y).toBeCloseTo(-my, 3);
  });
});
