import { inject, injectable } from 'inversify';
import { makeAutoObservable } from 'mobx';
import { HISTORY_MAX_PER_SYSTEM, type HistoryEntry, type HistoryService } from '../../sdk/services/history-service';
import { StorageKeys, StorageService } from '../../sdk/services/storage-service';

/** Pages titled this are never recorded (the home page of a sub-application). */
export const UNRECORDED_TITLE = 'index';

type HistoryMap = Record<string, HistoryEntry[]>;

/** History tabs per sub-application, newest first, persisted under `history`. */
@injectable()
export class HistoryServiceImpl implements HistoryService {
  bySystem: HistoryMap = {};

  constructor(@inject(StorageService) private readonly storage: StorageService) {
    makeAutoObservable<this, 'storage'>(this, { storage: false });
    this.restore();
  }

  list(systemName: string): HistoryEntry[] {
    return this.bySystem[systemName] ?? [];
  }

  add(entry: HistoryEntry): void {
    if (!entry?.systemName) {
      console.error('history: an entry needs a systemName', entry);
      return;
    }
    if (entry.title === UNRECORDED_TITLE) return;
    if (this.insert(this.bySystem, entry)) this.persist();
  }

  remove(systemName: string, index: number): void {
    const list = this.bySystem[systemName];
    if (!list || index < 0 || index >= list.length) return;
    list.splice(index, 1);
    if (!list.length) delete this.bySystem[systemName];
    this.persist();
  }

  clear(systemName?: string): void {
    if (systemName === undefined) this.bySystem = {};
    else delete this.bySystem[systemName];
    this.persist();
  }

  /** Adds at the front unless the path is listed; keeps the newest ten. */
  private insert(map: HistoryMap, entry: HistoryEntry): boolean {
    // Re-read after assigning: an observable map hands back its own (observable) array.
    if (!map[entry.systemName]) map[entry.systemName] = [];
    const list = map[entry.systemName]!;
    if (list.some((e) => e.path === entry.path)) return false;
    list.unshift({ systemName: entry.systemName, title: entry.title, path: entry.path });
    if (list.length > HISTORY_MAX_PER_SYSTEM) list.length = HISTORY_MAX_PER_SYSTEM;
    return true;
  }

  /** Reads the stored map; an old flat array (newest first) is migrated into the per-system form. */
  private restore(): void {
    const stored = this.storage.get<unknown>(StorageKeys.history);
    if (Array.isArray(stored)) {
      // The flat list is newest first: append in order, first occurrence of a path wins.
      const map: HistoryMap = {};
      for (const e of stored) {
        if (!isEntry(e) || !e.systemName || e.title === UNRECORDED_TITLE) continue;
        const list = (map[e.systemName] ??= []);
        if (list.length < HISTORY_MAX_PER_SYSTEM && !list.some((x) => x.path === e.path)) {
          list.push({ systemName: e.systemName, title: e.title, path: e.path });
        }
      }
      this.bySystem = map;
      this.persist();
    } else if (stored && typeof stored === 'object') {
      const map: HistoryMap = {};
      for (const [system, list] of Object.entries(stored)) {
        if (Array.isArray(list)) {
          const valid = list.filter(isEntry).slice(0, HISTORY_MAX_PER_SYSTEM);
          if (valid.length) map[system] = valid;
        }
      }
      this.bySystem = map;
    }
  }

  private persist(): void {
    if (Object.keys(this.bySystem).length) this.storage.set(StorageKeys.history, this.bySystem);
    else this.storage.remove(StorageKeys.history);
  }
}

function isEntry(e: unknown): e is HistoryEntry {
  return typeof e === 'object' && e !== null && typeof (e as HistoryEntry).path === 'string';
}
