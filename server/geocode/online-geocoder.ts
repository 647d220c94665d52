import { transformCoord } from '../../sdk/geo';
import type { PlaceHit } from '../../sdk/map-settings';
import type { GeoAddress } from './offline-geocoder';

/** Geocoding by a Chinese web map service (needs a key); never called in tests. */
export interface OnlineGeocoder {
  reverse(lon: number, lat: number): Promise<GeoAddress | undefined>;
  /** Places matching an address, WGS84. */
  search(address: string): Promise<PlaceHit[]>;
}

/** The online geocoder of a provider with its key. */
export function onlineGeocoder(provider: 'baidu' | 'amap', key: string): OnlineGeocoder {
  return provider === 'baidu' ? baiduGeocoder(key) : amapGeocoder(key);
}

/** A place from the provider's datum to WGS84, 6 decimals. */
function placeOf(name: string, lon: number, lat: number, from: 'GCJ02' | 'BD09'): PlaceHit {
  const [x, y] = transformCoord([lon, lat], from, 'WGS84');
  return { name, lon: Number(x.toFixed(6)), lat: Number(y.toFixed(6)) };
}

const TIMEOUT_MS = 3000;

async function getJson(url: string): Promise<unknown> {
  const res = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS) });
  if (!res.ok) throw new Error(`geocoder answered HTTP ${res.status}`);
  return res.json();
}

/** Baidu Web API reverse_geocoding v3 (takes WGS84 with coordtype=wgs84ll). */
export function baiduGeocoder(key: string): OnlineGeocoder {
  return {
    async reverse(lon, lat) {
      const url = `https://api.map.baidu.com/reverse_geocoding/v3/?ak=${encodeURIComponent(key)}&output=json&coordtype=wgs84ll&location=${lat},${lon}`;
      const body = (await getJson(url)) as { status: number; result?: { formatted_address?: string; addressComponent?: Record<string, string> } };
      if (body.status !== 0 || !body.result?.formatted_address) return undefined;
      const c = body.result.addressComponent ?? {};
      return { address: body.result.formatted_address, province: c.province, city: c.city, district: c.district, adcode: c.adcode };
    },
    async search(address) {
      const url = `https://api.map.baidu.com/geocoding/v3/?ak=${encodeURIComponent(key)}&output=json&address=${encodeURIComponent(address)}`;
      const body = (await getJson(url)) as { status: number; result?: { location?: { lng: number; lat: number } } };
      const at = body.result?.location;
      return body.status === 0 && at ? [placeOf(address, at.lng, at.lat, 'BD09')] : [];
    },
  };
}

/** AMap Web API regeo (takes GCJ-02). */
export function amapGeocoder(key: string): OnlineGeocoder {
  return {
    async reverse(lon, lat) {
      const [x, y] = transformCoord([lon, lat], 'WGS84', 'GCJ02');
      const url = `https://restapi.amap.com/v3/geocode/regeo?key=${encodeURIComponent(key)}&location=${x.toFixed(6)},${y.toFixed(6)}`;
      const body = (await getJson(url)) as { status: string; regeocode?: { formatted_address?: string | unknown[]; addressComponent?: Record<string, unknown> } };
      const address = body.regeocode?.formatted_address;
      if (body.status !== '1' || typeof address !== 'string' || !address) return undefined;
      const c = body.regeocode?.addressComponent ?? {};
      const str = (v: unknown) => (typeof v === 'string' && v ? v : undefined);
      return { address, province: str(c.province), city: str(c.city), district: str(c.district), adcode: str(c.adcode) };
    },
    async search(address) {
      const url = `https://restapi.amap.com/v3/geocode/geo?key=${encodeURIComponent(key)}&address=${encodeURIComponent(address)}`;
      const body = (await getJson(url)) as { status: string; geocodes?: { formatted_address?: unknown; location?: unknown }[] };
      if (body.status !== '1') return [];
      return (body.geocodes ?? []).flatMap((g) => {
        const [lon, lat] = typeof g.location === 'string' ? g.location.split(',').map(Number) : [];
        if (!Number.isFinite(lon) || !Number.isFinite(lat)) return [];
        return [placeOf(typeof g.formatted_address === 'string' ? g.formatted_address : address, lon, lat, 'GCJ02')];
      });
    },
  };
}
