import { createAtom, type IAtom } from 'mobx';
import type { MonitorItem } from '../../sdk/services/live-service';

/**
 * The live positions (terminalNo → latest item) as a read-only map with coarse MobX tracking:
 * one change per write, however many assets it touches. Reading keys (`keys`, `has`, `size`)
 * only tracks which assets exist, so a sort by plate is not redone when vehicles merely move;
 * reading values tracks every write.
 */
export class LivePositions implements ReadonlyMap<string, MonitorItem> {
  private readonly map = new Map<string, MonitorItem>();
  private readonly keysAtom: IAtom = createAtom('live.positions.keys');
  private readonly valuesAtom: IAtom = createAtom('live.positions.values');

  get size(): number {
    this.keysAtom.reportObserved();
    return this.map.size;
  }

  has(key: string): boolean {
    this.keysAtom.reportObserved();
    return this.map.has(key);
  }

  get(key: string): MonitorItem | undefined {
    this.valuesAtom.reportObserved();
    return this.map.get(key);
  }

  keys(): MapIterator<string> {
    this.keysAtom.reportObserved();
    return this.map.keys();
  }

  values(): MapIterator<MonitorItem> {
    this.valuesAtom.reportObserved();
    return this.map.values();
  }

  entries(): MapIterator<[string, MonitorItem]> {
    this.valuesAtom.reportObserved();
    return this.map.entries();
  }

  [Symbol.iterator](): MapIterator<[string, MonitorItem]> {
    return this.entries();
  }

  forEach(fn: (value: MonitorItem, key: string, map: ReadonlyMap<string, MonitorItem>) => void, thisArg?: unknown): void {
    this.valuesAtom.reportObserved();
    this.map.forEach((v, k) => fn.call(thisArg, v, k, this));
  }

  /** The stored item without tracking (for writers deciding what to write). */
  peek(key: string): MonitorItem | undefined {
    return this.map.get(key);
  }

  /** Stores `items` and removes `remove` as one change. */
  write(items: Iterable<MonitorItem>, remove: Iterable<string> = []): void {
    let keysChanged = false;
    let changed = false;
    for (const key of remove) {
      if (this.map.delete(key)) keysChanged = true;
    }
    for (const item of items) {
      if (!this.map.has(item.terminalNo)) keysChanged = true;
      this.map.set(item.terminalNo, item);
      changed = true;
    }
    if (keysChanged) this.keysAtom.reportChanged();
    if (changed || keysChanged) this.valuesAtom.reportChanged();
  }

  /** Every stored key, untracked. */
  storedKeys(): IterableIterator<string> {
    return this.map.keys();
  }
}
