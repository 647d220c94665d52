import { inject, injectable } from 'inversify';
import { makeAutoObservable, observable } from 'mobx';
import { STORAGE_PREFIX, type StorageService } from '../../sdk/services/storage-service';
import { WindowToken } from '../kernel-tokens';

/**
 * JSON values in localStorage under `main_`. Reads are tracked by MobX per key, so a computed that
 * reads a stored value (e.g. the session's USER) updates when the key is written or cleared.
 */
@injectable()
export class StorageServiceImpl implements StorageService {
  private readonly versions = observable.map<string, number>();

  constructor(@inject(WindowToken) private readonly window: Window) {
    makeAutoObservable<this, 'window' | 'versions'>(this, { window: false, versions: false });
  }

  get<T>(key: string): T | undefined {
    this.versions.get(key);
    const raw = this.window.localStorage.getItem(STORAGE_PREFIX + key);
    if (raw === null) return undefined;
    try {
      return JSON.parse(raw) as T;
    } catch {
      return raw as T;
    }
  }

  set(key: string, value: unknown): void {
    if (value === undefined) return this.remove(key);
    try {
      this.window.localStorage.setItem(STORAGE_PREFIX + key, JSON.stringify(value));
    } catch (e) {
      console.error(`storage: cannot write ${key}`, e);
    }
    this.touch(key);
  }

  remove(key: string): void {
    this.window.localStorage.removeItem(STORAGE_PREFIX + key);
    this.touch(key);
  }

  clearAll(): void {
    const ls = this.window.localStorage;
    const keys: string[] = [];
    for (let i = 0; i < ls.length; i++) {
      const k = ls.key(i);
      if (k?.startsWith(STORAGE_PREFIX)) keys.push(k);
    }
    for (const k of keys) {
      ls.removeItem(k);
      this.touch(k.slice(STORAGE_PREFIX.length));
    }
    // Keys read before but written by someone else (another tab) are invalidated too.
    for (const k of [...this.versions.keys()]) this.touch(k);
  }

  private touch(key: string): void {
    this.versions.set(key, (this.versions.get(key) ?? 0) + 1);
  }
}
