import { describe, expect, it } from 'vitest';
import { GeocodeService } from './geocode-service';
import { OfflineGeocoder } from './offline-geocoder';

describe('GeocodeService', () => {
  it('answers repeated points from its LRU cache', async () => {
    const geo = new GeocodeService({ cacheSize: 2 });
    expect((await geo.reverse(116.397, 39.909)).address).toContain('北京');
    expect(geo.cached).toBe(1);
    await geo.reverse(116.39701, 39.90901);
    expect(geo.cached).toBe(1);
    await geo.reverse(121.47, 31.23);
    await geo.reverse(113.26, 23.13);
    expect(geo.cached).toBe(2);
  });

  it('keeps answering other work while its first lookup reads the offline data, and answers as a lookup that read it at once', async () => {
    const geo = new GeocodeService();
    let ticks = 0;
    let counting = true;
    const tick = () => {
      ticks++;
      if (counting) setImmediate(tick);
    };
    setImmediate(tick);
    const first = await geo.reverse(120.72, 31.33);
    counting = false;
    // read all at once, nothing else would have run until the answer (a tick or two)
    expect(ticks).toBeGreaterThan(5);
    const atOnce = new OfflineGeocoder();
    atOnce.warm();
    for (const [lon, lat] of [[120.72, 31.33], [116.397, 39.909], [87.6, 43.8], [121.8, 31.6]] as const) {
      expect(await geo.reverse(lon, lat)).toEqual(atOnce.reverse(lon, lat));
    }
    expect(first).toEqual(atOnce.reverse(120.72, 31.33));
  });

  it('names districts outside the big cities and answers 境外 abroad', async () => {
    const geo = new GeocodeService();
    expect(await geo.reverse(87.6, 43.8)).toMatchObject({ province: '新疆维吾尔自治区', city: '乌鲁木齐市' });
    expect(await geo.reverse(114.17, 22.3)).toMatchObject({ province: '香港特别行政区' });
    expect((await geo.reverse(139.7, 35.7)).address).toBe('境外');
    expect((await geo.reverse(-74, 40.7)).address).toBe('境外');
  });

  it('falls back to the offline data when the online provider fails', async () => {
    const errors: unknown[] = [];
    const geo = new GeocodeService({ provider: 'amap', key: 'k', onError: (e) => errors.push(e) });
    const original = globalThis.fetch;
    globalThis.fetch = () => Promise.reject(new Error('no network in tests'));
    try {
      expect((await geo.reverse(116.397, 39.909)).address).toBe('北京市东城区');
      expect(errors).toHaveLength(1);
    } finally {
      globalThis.fetch = original;
    }
  });
});
