import { OfflineGeocoder, type GeoAddress } from './offline-geocoder';
import { onlineGeocoder, type OnlineGeocoder } from './online-geocoder';

/** Small LRU on a Map (insertion order = recency). */
class LruCache<V> {
  private readonly map = new Map<string, V>();

  constructor(private readonly max: number) {}

  get(key: string): V | undefined {
    const v = this.map.get(key);
    if (v !== undefined) {
      this.map.delete(key);
      this.map.set(key, v);
    }
    return v;
  }

  set(key: string, value: V): void {
    this.map.delete(key);
    this.map.set(key, value);
    if (this.map.size > this.max) this.map.delete(this.map.keys().next().value!);
  }

  get size(): number {
    return this.map.size;
  }
}

export interface GeocodeServiceOptions {
  provider?: 'baidu' | 'amap';
  key?: string;
  cacheSize?: number;
  onError?: (err: unknown) => void;
}

/**
 * Reverse geocoding for the console: the online provider when configured (falling back to the
 * offline dataset when it fails), the offline dataset otherwise, behind an LRU keyed by the
 * point rounded to ~10 m.
 */
export class GeocodeService {
  readonly offline = new OfflineGeocoder();
  private readonly online: OnlineGeocoder | undefined;
  private readonly cache: LruCache<GeoAddress>;

  constructor(private readonly opts: GeocodeServiceOptions = {}) {
    this.cache = new LruCache(opts.cacheSize ?? 20_000);
    if (opts.provider && opts.key) this.online = onlineGeocoder(opts.provider, opts.key);
  }

  /** The online geocoder of the server's own configuration (GEOCODER, GEOCODER_KEY), if any. */
  get configured(): OnlineGeocoder | undefined {
    return this.online;
  }

  get cached(): number {
    return this.cache.size;
  }

  async reverse(lon: number, lat: number): Promise<GeoAddress> {
    const key = `${lon.toFixed(4)},${lat.toFixed(4)}`;
    const hit = this.cache.get(key);
    if (hit) return hit;
    let result: GeoAddress | undefined;
    if (this.online) {
      try {
        result = await this.online.reverse(lon, lat);
      } catch (err) {
        this.opts.onError?.(err);
      }
    }
    if (!result) {
      await this.offline.load();
      result = this.offline.reverse(lon, lat);
    }
    this.cache.set(key, result);
    return result;
  }
}
