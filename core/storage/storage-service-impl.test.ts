import { describe, expect, it } from 'vitest';
import { autorun } from 'mobx';
import { StorageService, type StorageService as StorageServiceType } from '@tianlu/sdk';
import { createTestKernel } from '../test/fake-server';

const storage = () => createTestKernel().get<StorageServiceType>(StorageService);

describe('StorageServiceImpl', () => {
  it('stores JSON under the main_ prefix', () => {
    const s = storage();
    s.set('navMenuList', [{ id: 1 }]);
    expect(localStorage.getItem('main_navMenuList')).toBe('[{"id":1}]');
    expect(s.get('navMenuList')).toEqual([{ id: 1 }]);
    expect(s.get('missing')).toBeUndefined();
    s.remove('navMenuList');
    expect(localStorage.getItem('main_navMenuList')).toBeNull();
  });

  it('reads a value that is not JSON as a string', () => {
    localStorage.setItem('main_raw', 'plain');
    expect(storage().get('raw')).toBe('plain');
  });

  it('clearAll removes only main_ keys', () => {
    const s = storage();
    s.set('a', 1);
    s.set('b', 'x');
    localStorage.setItem('other', '1');
    localStorage.setItem('mainly', '2');
    s.clearAll();
    expect(Object.keys(localStorage).sort()).toEqual(['mainly', 'other']);
  });

  it('lets observers react to writes and clears', () => {
    const s = storage();
    const seen: unknown[] = [];
    const stop = autorun(() => seen.push(s.get('themeValue')));
    s.set('themeValue', 'blue');
    s.clearAll();
    stop();
    expect(seen).toEqual([undefined, 'blue', undefined]);
  });
});
