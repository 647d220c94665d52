import { action, computed, makeObservable, observable } from 'mobx';
import {
  ALARM_DESK_MAX,
  ALARM_LEVELS,
  ALARM_MERGE_MINUTES,
  type Alarm,
  type AlarmArrival,
  type AlarmDeskEntry,
  type AlarmLevel,
} from '../../sdk/services/alarm-service';

/** What the desk keeps of an entry (in storage too). */
export type DeskEntry = { -readonly [K in keyof AlarmDeskEntry]: AlarmDeskEntry[K] extends readonly (infer T)[] ? T[] : AlarmDeskEntry[K] };

const LEVEL_RANK: Record<AlarmLevel, number> = Object.fromEntries(ALARM_LEVELS.map((l, i) => [l.level, i])) as Record<AlarmLevel, number>;

const MERGE_MS = ALARM_MERGE_MINUTES * 60_000;

function ms(iso: string): number {
  const t = Date.parse(iso);
  return Number.isNaN(t) ? 0 : t;
}

/** Most urgent first, then newest first. */
export function deskOrder(a: AlarmDeskEntry, b: AlarmDeskEntry): number {
  return LEVEL_RANK[a.level] - LEVEL_RANK[b.level] || ms(b.time) - ms(a.time) || (a.key < b.key ? 1 : a.key > b.key ? -1 : 0);
}

/** A desk entry of one alarm. */
export function entryOf(alarm: Alarm): DeskEntry {
  return {
    key: String(alarm.id),
    ids: [alarm.id],
    level: alarm.level ?? 'normal',
    alarmType: alarm.alarmType,
    alarmName: alarm.alarmName || alarm.alarmType,
    terminalNo: alarm.terminalNo,
    plateNo: alarm.plateNo || alarm.terminalNo,
    assetKind: alarm.assetKind ?? null,
    firstTime: alarm.startTime,
    time: alarm.startTime,
    lon: alarm.lon,
    lat: alarm.lat,
    phone: alarm.contactPhone ?? null,
    late: alarm.late === true,
    processedElsewhere: false,
  };
}

function isEntry(value: unknown): value is DeskEntry {
  const e = value as DeskEntry | null;
  return !!e && typeof e.key === 'string' && Array.isArray(e.ids) && e.ids.every((id) => typeof id === 'number') && typeof e.time === 'string' && typeof e.alarmType === 'string' && e.level in LEVEL_RANK;
}

/**
 * The alarm desk's entries: alarms merged by asset and type within ALARM_MERGE_MINUTES, ordered by
 * level then time, at most ALARM_DESK_MAX (the oldest of the lowest level leave first; an entry
 * being handled never leaves on its own), each with the note typed while it is being handled.
 */
export class AlarmDesk {
  entries = new Map<string, DeskEntry>();
  /** Keys of the entries being handled, in the order their forms opened, with their notes. */
  notes = new Map<string, string>();
  overflow = 0;
  /** Entries whose 处理 is on its way: their alarms' processed events are this desk's own. */
  readonly submitting = new Set<string>();
  arrival: AlarmArrival | undefined = undefined;
  private serial = 0;
  /** Alarm id → entry key. */
  private byId = new Map<number, string>();

  constructor() {
    makeObservable<this, 'remove'>(this, {
      entries: observable.shallow,
      notes: observable,
      overflow: observable,
      arrival: observable.ref,
      ordered: computed,
      handling: computed,
      add: action,
      announce: action,
      restore: action,
      removeAlarms: action,
      remove: action,
      startHandling: action,
      setNote: action,
      cancelHandling: action,
      clear: action,
    });
  }

  get ordered(): DeskEntry[] {
    return [...this.entries.values()].sort(deskOrder);
  }

  get handling(): DeskEntry[] {
    return [...this.notes.keys()].map((k) => this.entries.get(k)).filter((e): e is DeskEntry => !!e);
  }

  has(id: number): boolean {
    return this.byId.has(id);
  }

  /**
   * Puts an alarm on the desk (merged into the entry of the same asset and type when its newest
   * alarm is within the window); `announce` marks it as an arrival. False when it was there already.
   */
  add(alarm: Alarm, announce: boolean): boolean {
    if (this.byId.has(alarm.id)) return false;
    const at = ms(alarm.startTime);
    let target: DeskEntry | undefined;
    for (const e of this.entries.values()) {
      if (e.terminalNo !== alarm.terminalNo || e.alarmType !== alarm.alarmType || e.processedElsewhere) continue;
      if (Math.abs(at - ms(e.time)) <= MERGE_MS && (!target || ms(e.time) > ms(target.time))) target = e;
    }
    let entry: DeskEntry;
    if (target) {
      const newer = at >= ms(target.time);
      entry = {
        ...target,
        ids: [...target.ids, alarm.id].sort((a, b) => b - a),
        level: LEVEL_RANK[alarm.level] < LEVEL_RANK[target.level] ? alarm.level : target.level,
        ...(newer && { time: alarm.startTime, lon: alarm.lon, lat: alarm.lat, late: alarm.late === true }),
        ...(!newer && at < ms(target.firstTime) && { firstTime: alarm.startTime }),
      };
    } else {
      entry = entryOf(alarm);
    }
    this.entries.set(entry.key, entry);
    this.byId.set(alarm.id, entry.key);
    if (announce) this.arrival = { serial: ++this.serial, entry, repeat: !!target };
    this.trim();
    return true;
  }

  /** Announces the entry holding an alarm (one arrival for a batch, e.g. what was missed meanwhile). */
  announce(id: number): void {
    const entry = this.entries.get(this.byId.get(id) ?? '');
    if (entry) this.arrival = { serial: ++this.serial, entry, repeat: false };
  }

  /** Entries kept in storage, as the desk had them. */
  restore(saved: unknown): void {
    if (!Array.isArray(saved)) return;
    for (const e of saved) {
      if (!isEntry(e) || this.entries.has(e.key) || e.ids.some((id) => this.byId.has(id))) continue;
      const entry: DeskEntry = { ...e, ids: [...e.ids], processedElsewhere: false };
      this.entries.set(entry.key, entry);
      for (const id of entry.ids) this.byId.set(id, entry.key);
    }
    this.trim();
  }

  /**
   * These alarms are handled. Entries left with none leave the desk, except one being handled
   * here by someone else's doing (`here` false): it stays, marked, until its form is closed.
   */
  removeAlarms(ids: readonly number[], here: boolean): void {
    for (const id of ids) {
      const key = this.byId.get(id);
      if (key === undefined) continue;
      this.byId.delete(id);
      const entry = this.entries.get(key);
      if (!entry) continue;
      const left = entry.ids.filter((i) => i !== id);
      if (left.length) this.entries.set(key, { ...entry, ids: left });
      else if (!here && this.notes.has(key) && !this.submitting.has(key)) this.entries.set(key, { ...entry, ids: left, processedElsewhere: true });
      else this.remove(key);
    }
  }

  /** Takes an entry off the desk (its alarms stay unhandled on the server). */
  remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.notes.delete(key);
    this.submitting.delete(key);
    for (const id of entry.ids) if (this.byId.get(id) === key) this.byId.delete(id);
  }

  startHandling(key: string): void {
    if (this.entries.has(key) && !this.notes.has(key)) this.notes.set(key, '');
  }

  setNote(key: string, note: string): void {
    if (this.notes.has(key)) this.notes.set(key, note);
  }

  /** Closes the form; an entry someone else handled meanwhile leaves the desk. */
  cancelHandling(key: string): void {
    this.notes.delete(key);
    if (this.entries.get(key)?.processedElsewhere) this.remove(key);
  }

  clear(): void {
    this.entries.clear();
    this.notes.clear();
    this.byId.clear();
    this.overflow = 0;
    this.arrival = undefined;
  }

  private trim(): void {
    const extra = this.entries.size - ALARM_DESK_MAX;
    if (extra <= 0) return;
    const leaving = [...this.entries.values()]
      .filter((e) => !this.notes.has(e.key))
      .sort((a, b) => LEVEL_RANK[b.level] - LEVEL_RANK[a.level] || ms(a.time) - ms(b.time))
      .slice(0, extra);
    for (const e of leaving) this.remove(e.key);
    this.overflow += leaving.length;
  }
}
