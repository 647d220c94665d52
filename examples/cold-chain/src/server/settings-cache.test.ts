import { describe, expect, it } from 'vitest';
import { SETTINGS_TTL_MS, SettingsCache } from './settings-cache';
import { DEFAULT_SETTINGS } from './temperature';

describe('the settings cache', () => {
  it('answers the defaults until the first read arrives, then the tenant’s own, read again after a while', async () => {
    let now = 0;
    const reads: number[] = [];
    const cache = new SettingsCache(() => now);
    cache.attach(async (tenantId) => {
      reads.push(tenantId);
      return { itemId: 'E2', encoding: 'int8' };
    });
    expect(cache.peek(3)).toEqual(DEFAULT_SETTINGS);
    expect(await cache.get(3)).toMatchObject({ itemId: 0xe2, encoding: 'int8' });
    expect(cache.peek(3)).toMatchObject({ itemId: 0xe2 });
    expect(reads).toEqual([3]);
    now += SETTINGS_TTL_MS + 1;
    cache.peek(3);
    await cache.get(3);
    expect(reads).toEqual([3, 3]);
  });

  it('keeps the last values when a read fails, and says so', async () => {
    const failures: number[] = [];
    const cache = new SettingsCache(() => 0);
    cache.attach(() => Promise.reject(new Error('数据库不可用')), { onError: (tenantId) => failures.push(tenantId) });
    expect(await cache.get(5)).toEqual(DEFAULT_SETTINGS);
    expect(failures).toEqual([5]);
  });
});
