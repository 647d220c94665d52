import type { CoordSystem } from '../geo';
import type { PlaceHit } from '../map-settings';
import { serviceToken, type ServiceToken } from './service-token';

export interface GeocodeRequestItem {
  lon: number;
  lat: number;
  mac?: string;
  index: number;
}

export interface GeocodeResultItem {
  index: number;
  address: string;
}

export const GEOCODE_FAILED = '获取位置失败';
export const GEOCODE_BATCH_SIZE = 50;
export const GEOCODE_CACHE_LIMIT = 1000;

/** Reverse geocoding through the server, batched and cached. */
export interface GeocodeService {
  /** `from` is the coordinate system of the input (default WGS84); items are converted to WGS84 first. */
  getAddresses(items: GeocodeRequestItem[], from?: CoordSystem): Promise<GeocodeResultItem[]>;
  getAddress(lon: number, lat: number, from?: CoordSystem): Promise<string>;
  /**
   * Places found by address (WGS84), best first; rejects with the server's Chinese message when
   * no geocoding service is configured (地图设置) or the address is empty.
   */
  searchPlace(address: string): Promise<PlaceHit[]>;
}

export const GeocodeService: ServiceToken<GeocodeService> = serviceToken('tianlu.geocode');
