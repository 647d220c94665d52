import { describe, expect, it } from 'vitest';
import { GeocodeService } from './geocode-service';

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
