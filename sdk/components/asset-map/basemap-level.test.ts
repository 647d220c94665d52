import { describe, expect, it } from 'vitest';
import { basemapLevel, BasemapLevelSwitch, CITY_ZOOM } from './basemap-level';

function fakeSwitch(load: () => Promise<string> = () => Promise.resolve('cities')) {
  const calls: string[] = [];
  let loads = 0;
  const level = new BasemapLevelSwitch<string>({
    loadCities: () => {
      loads++;
      return load();
    },
    showCities: (data) => calls.push(`cities:${data}`),
    showProvinces: () => calls.push('provinces'),
    onError: () => calls.push('error'),
  });
  return { level, calls, loads: () => loads };
}

describe('basemapLevel', () => {
  it('shows provinces below the city zoom and cities from it', () => {
    expect(CITY_ZOOM).toBe(7);
    expect(basemapLevel(3)).toBe('province');
    expect(basemapLevel(6)).toBe('province');
    expect(basemapLevel(7)).toBe('city');
    expect(basemapLevel(12)).toBe('city');
  });
});

describe('BasemapLevelSwitch', () => {
  it('loads nothing while the map stays below city level', async () => {
    const { level, calls, loads } = fakeSwitch();
    for (const z of [3, 4, 5, 6, 5]) await level.update(z);
    expect(loads()).toBe(0);
    expect(calls).toEqual([]);
    expect(level.level).toBe('province');
  });

  it('loads the cities once, on the first zoom to city level, and switches back and forth', async () => {
    const { level, calls, loads } = fakeSwitch();
    await level.update(7);
    expect(level.level).toBe('city');
    await level.update(9);
    await level.update(5);
    await level.update(8);
    expect(loads()).toBe(1);
    expect(calls).toEqual(['cities:cities', 'provinces', 'cities:cities']);
  });

  it('keeps the provinces when the map zooms out before the cities arrive', async () => {
    let resolve!: (v: string) => void;
    const { level, calls } = fakeSwitch(() => new Promise((r) => (resolve = r)));
    const pending = level.update(8);
    await level.update(4);
    resolve('late');
    await pending;
    expect(calls).toEqual([]);
    expect(level.level).toBe('province');
    await level.update(7);
    expect(calls).toEqual(['cities:late']);
  });

  it('stays on provinces when loading fails and tries again on the next zoom', async () => {
    let fail = true;
    const { level, calls, loads } = fakeSwitch(() => (fail ? Promise.reject(new Error('offline')) : Promise.resolve('ok')));
    await level.update(7);
    expect(level.level).toBe('province');
    fail = false;
    await level.update(8);
    expect(loads()).toBe(2);
    expect(calls).toEqual(['error', 'cities:ok']);
  });

  it('draws nothing after dispose', async () => {
    const { level, calls } = fakeSwitch();
    level.dispose();
    await level.update(9);
    expect(calls).toEqual([]);
  });
});
