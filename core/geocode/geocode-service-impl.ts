import { inject, injectable } from 'inversify';
import { KernelApi, MapSettingsApi } from '../../sdk/contracts/kernel';
import { Flag } from '../../sdk/envelope';
import { transformCoord, type CoordSystem } from '../../sdk/geo';
import type { PlaceHit } from '../../sdk/map-settings';
import {
  GEOCODE_BATCH_SIZE,
  GEOCODE_CACHE_LIMIT,
  GEOCODE_FAILED,
  type GeocodeRequestItem,
  type GeocodeResultItem,
  type GeocodeService,
} from '../../sdk/services/geocode-service';
import { HttpService, expectOk } from '../../sdk/services/http-service';

/** Cache key precision: 5 decimals is about a metre. */
const CACHE_DECIMALS = 5;

function cacheKey(lon: number, lat: number): string {
  return `${lon.toFixed(CACHE_DECIMALS)},${lat.toFixed(CACHE_DECIMALS)}`;
}

function usable(address: unknown): address is string {
  return typeof address === 'string' && address.trim() !== '' && address.trim() !== '[]';
}

/** A coordinate waiting for its address. */
interface Lookup {
  key: string;
  lon: number;
  lat: number;
  mac?: string;
  done: (address: string) => void;
}

/**
 * Reverse geocoding through the server: WGS84 in, cached per rounded coordinate. The lookups asked
 * for at the same moment (e.g. every card of a page as it renders) go out together in batches of
 * 50, and a coordinate already on its way is not asked for twice.
 */
@injectable()
export class GeocodeServiceImpl implements GeocodeService {
  private readonly cache = new Map<string, string>();
  private readonly inFlight = new Map<string, Promise<string>>();
  private queue: Lookup[] = [];

  constructor(@inject(HttpService) private readonly http: HttpService) {}

  /** Entries cached now (for diagnostics and tests). */
  get cacheSize(): number {
    return this.cache.size;
  }

  async getAddresses(items: GeocodeRequestItem[], from: CoordSystem = 'WGS84'): Promise<GeocodeResultItem[]> {
    const addresses = await Promise.all(
      items.map((item) => {
        const [lon, lat] = from === 'WGS84' ? [item.lon, item.lat] : transformCoord([item.lon, item.lat], from, 'WGS84');
        return this.lookup(lon, lat, item.mac);
      }),
    );
    return items.map((item, i) => ({ index: item.index, address: addresses[i] ?? GEOCODE_FAILED }));
  }

  async getAddress(lon: number, lat: number, from?: CoordSystem): Promise<string> {
    const [result] = await this.getAddresses([{ lon, lat, index: 0 }], from);
    return result?.address ?? GEOCODE_FAILED;
  }

  async searchPlace(address: string): Promise<PlaceHit[]> {
    return expectOk(await this.http.call(MapSettingsApi.searchPlace, { address }));
  }

  private lookup(lon: number, lat: number, mac: string | undefined): Promise<string> {
    const key = cacheKey(lon, lat);
    const hit = this.cache.get(key);
    if (hit !== undefined) return Promise.resolve(hit);
    let pending = this.inFlight.get(key);
    if (!pending) {
      pending = new Promise<string>((done) => {
        if (this.queue.length === 0) queueMicrotask(() => this.flush());
        this.queue.push({ key, lon, lat, mac, done });
      });
      this.inFlight.set(key, pending);
    }
    return pending;
  }

  /** Sends what was asked for since the last flush, in batches. */
  private flush(): void {
    const queued = this.queue;
    this.queue = [];
    for (let i = 0; i < queued.length; i += GEOCODE_BATCH_SIZE) void this.fetchBatch(queued.slice(i, i + GEOCODE_BATCH_SIZE));
  }

  private async fetchBatch(batch: Lookup[]): Promise<void> {
    let results: GeocodeResultItem[] = [];
    try {
      const res = await this.http.call(KernelApi.geocode, {
        lonAndLatToAddressVOS: batch.map(({ lon, lat, mac }, index) => ({ lon, lat, mac, index })),
      });
      if (res.flag === Flag.OK && Array.isArray(res.obj)) results = res.obj;
    } catch {
      // Every item of the batch falls back to 获取位置失败.
    }
    const byIndex = new Map(results.map((r) => [r.index, r.address]));
    batch.forEach((item, index) => {
      const address = byIndex.get(index);
      this.inFlight.delete(item.key);
      if (usable(address)) {
        this.remember(item.key, address);
        item.done(address);
      } else {
        item.done(GEOCODE_FAILED);
      }
    });
  }

  private remember(key: string, address: string): void {
    this.cache.set(key, address);
    if (this.cache.size > GEOCODE_CACHE_LIMIT) this.cache.clear();
  }
}
