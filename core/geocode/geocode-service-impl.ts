import { inject, injectable } from 'inversify';
import {
  Flag,
  GEOCODE_BATCH_SIZE,
  GEOCODE_CACHE_LIMIT,
  GEOCODE_FAILED,
  HttpService,
  MapSettingsPaths,
  expectOk,
  transformCoord,
  type CoordSystem,
  type GeocodeRequestItem,
  type GeocodeResultItem,
  type GeocodeService,
  type PlaceHit,
} from '@tianlu/sdk';

export const GEOCODE_PATH = '/car/v4/api/address/baidu/getGeo.json';
/** Cache key precision: 5 decimals is about a metre. */
const CACHE_DECIMALS = 5;

function cacheKey(lon: number, lat: number): string {
  return `${lon.toFixed(CACHE_DECIMALS)},${lat.toFixed(CACHE_DECIMALS)}`;
}

function usable(address: unknown): address is string {
  return typeof address === 'string' && address.trim() !== '' && address.trim() !== '[]';
}

/** Reverse geocoding through the server: WGS84 in, batches of 50, cached per rounded coordinate. */
@injectable()
export class GeocodeServiceImpl implements GeocodeService {
  private readonly cache = new Map<string, string>();

  constructor(@inject(HttpService) private readonly http: HttpService) {}

  /** Entries cached now (for diagnostics and tests). */
  get cacheSize(): number {
    return this.cache.size;
  }

  async getAddresses(items: GeocodeRequestItem[], from: CoordSystem = 'WGS84'): Promise<GeocodeResultItem[]> {
    const prepared = items.map((item) => {
      const [lon, lat] = from === 'WGS84' ? [item.lon, item.lat] : transformCoord([item.lon, item.lat], from, 'WGS84');
      return { ...item, lon, lat, key: cacheKey(lon, lat) };
    });
    const addresses = new Map<number, string>();
    const missing = prepared.filter((p) => {
      const hit = this.cache.get(p.key);
      if (hit !== undefined) addresses.set(p.index, hit);
      return hit === undefined;
    });
    for (let i = 0; i < missing.length; i += GEOCODE_BATCH_SIZE) {
      await this.fetchBatch(missing.slice(i, i + GEOCODE_BATCH_SIZE), addresses);
    }
    return items.map((item) => ({ index: item.index, address: addresses.get(item.index) ?? GEOCODE_FAILED }));
  }

  async getAddress(lon: number, lat: number, from?: CoordSystem): Promise<string> {
    const [result] = await this.getAddresses([{ lon, lat, index: 0 }], from);
    return result?.address ?? GEOCODE_FAILED;
  }

  async searchPlace(address: string): Promise<PlaceHit[]> {
    return expectOk(await this.http.postJson<PlaceHit[]>(MapSettingsPaths.searchPlace, { address }));
  }

  private async fetchBatch(batch: Array<GeocodeRequestItem & { key: string }>, out: Map<number, string>): Promise<void> {
    let results: GeocodeResultItem[] = [];
    try {
      const res = await this.http.postJson<GeocodeResultItem[]>(GEOCODE_PATH, {
        lonAndLatToAddressVOS: batch.map(({ lon, lat, mac, index }) => ({ lon, lat, mac, index })),
      });
      if (res.flag === Flag.OK && Array.isArray(res.obj)) results = res.obj;
    } catch {
      // Every item of the batch falls back to 获取位置失败.
    }
    const byIndex = new Map(results.map((r) => [r.index, r.address]));
    for (const item of batch) {
      const address = byIndex.get(item.index);
      if (usable(address)) {
        out.set(item.index, address);
        this.remember(item.key, address);
      } else {
        out.set(item.index, GEOCODE_FAILED);
      }
    }
  }

  private remember(key: string, address: string): void {
    this.cache.set(key, address);
    if (this.cache.size > GEOCODE_CACHE_LIMIT) this.cache.clear();
  }
}
