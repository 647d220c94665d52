import { inject, injectable } from 'inversify';
import { action, computed, makeObservable, observable, reaction, runInAction } from 'mobx';
import { AlarmApi } from '../../sdk/contracts/alarm';
import { AlarmPushApi } from '../../sdk/contracts/kernel';
import {
  ALARM_DESK_MAX,
  ALARM_LEVELS,
  ALARM_NOTE_MAX,
  DEFAULT_DESK_PREFS,
  ALARM_TYPE_NAMES,
  type Alarm,
  type AlarmArrival,
  type AlarmDeskEntry,
  type AlarmDeskPrefs,
  type AlarmLevel,
  type AlarmLiveEvent,
  type AlarmPushSettings,
  type AlarmService,
} from '../../sdk/services/alarm-service';
import { expectOk, HttpError, HttpService } from '../../sdk/services/http-service';
import { LiveService } from '../../sdk/services/live-service';
import { StorageKeys, StorageService } from '../../sdk/services/storage-service';
import { AlarmDesk, deskOrder, entryOf } from './alarm-desk';

/** Used when the tenant's settings cannot be read: better an alarm too many than one missed. */
export const FALLBACK_PUSH: AlarmPushSettings = {
  popup: true,
  sound: true,
  alarmTypes: Object.keys(ALARM_TYPE_NAMES),
  email: { enabled: false, to: [] },
  sms: { enabled: false, phones: [] },
};

/** Whether the tenant pushes alarms of this type (an empty list pushes none; the fallback every type, sub-applications' too). */
export function pushesType(push: AlarmPushSettings, alarmType: string): boolean {
  return push === FALLBACK_PUSH || push.alarmTypes.includes(alarmType);
}

/** The note processAlarm accepts, or a Chinese reason it does not. */
export function checkProcessNote(note: string): string | undefined {
  const text = note.trim();
  if (!text) return '请填写处理意见';
  if (text.length > ALARM_NOTE_MAX) return `处理意见不能超过 ${ALARM_NOTE_MAX} 个字`;
  return undefined;
}

/** The realtime query the desk starts from: the newest unhandled alarms of the last 24 hours. */
const DESK_LOAD = { current: 1, pageSize: ALARM_DESK_MAX };
/** How far back the server's unhandled alarms (actualTimeAlarmQuery) reach. */
const UNHANDLED_WINDOW_MS = 24 * 3_600_000;
/** Storage writes of the desk wait this long for the next change (alarm storms). */
const PERSIST_DELAY_MS = 500;

function levels(value: unknown, fallback: AlarmLevel[]): AlarmLevel[] {
  return Array.isArray(value) ? ALARM_LEVELS.map((l) => l.level).filter((l) => value.includes(l)) : fallback;
}

/** Stored choices, checked: what is missing or malformed takes the default. */
export function readDeskPrefs(saved: unknown): AlarmDeskPrefs {
  const p = (saved ?? {}) as Partial<AlarmDeskPrefs>;
  const own = p.ownKindsOnly && typeof p.ownKindsOnly === 'object' ? p.ownKindsOnly : {};
  return {
    pop: levels(p.pop, DEFAULT_DESK_PREFS.pop),
    sound: levels(p.sound, DEFAULT_DESK_PREFS.sound),
    speak: levels(p.speak, DEFAULT_DESK_PREFS.speak),
    ownKindsOnly: Object.fromEntries(Object.entries(own).filter(([, v]) => typeof v === 'boolean')),
  };
}

/**
 * The logged-in user's alarm desk: the unhandled alarms of the last 24 hours, then `alarm` events
 * of the live channel as the tenant's push settings say, merged and ordered by AlarmDesk; the desk
 * survives a reload (storage `alarmRealTime`).
 */
@injectable()
export class AlarmServiceImpl implements AlarmService {
  push: AlarmPushSettings | undefined = undefined;
  prefs: AlarmDeskPrefs = DEFAULT_DESK_PREFS;
  deskOpen = false;

  private readonly board = new AlarmDesk();
  private users = 0;
  private running: (() => void)[] = [];
  /** The session the push settings were read for: read again after another login. */
  private pushSession: string | undefined;
  /** Starts that arrived before the settings. */
  private waiting: Alarm[] = [];
  /** Alarms handled (live) while the unhandled ones were being read: an answer given before that must not bring them back. */
  private handledMeanwhile: Set<number> | undefined;
  /** The desk's two questions asked before it began (askEarly), for the session that asked them. */
  private early: { session: string | undefined; push: Promise<void>; unhandled: ReturnType<AlarmServiceImpl['askUnhandled']> } | undefined;

  constructor(
    @inject(HttpService) private readonly http: HttpService,
    @inject(LiveService) private readonly live: LiveService,
    @inject(StorageService) private readonly storage: StorageService,
  ) {
    makeObservable<this, 'receive'>(this, {
      push: observable.ref,
      prefs: observable.ref,
      deskOpen: observable,
      desk: computed,
      handling: computed,
      setPush: action,
      setPrefs: action,
      setDeskOpen: action,
      receive: action,
    });
    this.deskOpen = this.storage.get<boolean>(StorageKeys.alarmDeskOpen) === true;
  }

  get desk(): readonly AlarmDeskEntry[] {
    return this.board.ordered;
  }

  get handling(): readonly AlarmDeskEntry[] {
    return this.board.handling;
  }

  get overflow(): number {
    return this.board.overflow;
  }

  get arrival(): AlarmArrival | undefined {
    return this.board.arrival;
  }

  setPrefs(prefs: Partial<AlarmDeskPrefs>): void {
    this.prefs = readDeskPrefs({ ...this.prefs, ...prefs });
    const user = this.userKey();
    if (!user) return;
    const all = this.storage.get<Record<string, unknown>>(StorageKeys.alarmDeskPrefs) ?? {};
    this.storage.set(StorageKeys.alarmDeskPrefs, { ...all, [user]: this.prefs });
  }

  setDeskOpen(open: boolean): void {
    this.deskOpen = open;
    this.storage.set(StorageKeys.alarmDeskOpen, open);
  }

  noteOf(key: string): string | undefined {
    return this.board.notes.get(key);
  }

  startHandling(key: string): void {
    this.board.startHandling(key);
  }

  setNote(key: string, note: string): void {
    this.board.setNote(key, note);
  }

  cancelHandling(key: string): void {
    this.board.cancelHandling(key);
  }

  async submitHandling(key: string): Promise<number> {
    const entry = this.board.entries.get(key);
    if (!entry) throw new HttpError('该告警已不在告警栏');
    if (!entry.ids.length) throw new HttpError('该告警已由他人处理');
    this.board.submitting.add(key);
    try {
      const updated = await this.process(entry.ids, this.board.notes.get(key) ?? '');
      runInAction(() => this.board.remove(key));
      return updated;
    } finally {
      this.board.submitting.delete(key);
    }
  }

  dismiss(key: string): void {
    runInAction(() => this.board.remove(key));
  }

  /**
   * Asks the desk's two questions (the push settings and the unhandled alarms) now, as a logged-in
   * console starts: their answers come while the first page draws, and the desk that begins a moment
   * later uses them rather than asking again (if the session is still the one that asked).
   */
  askEarly(): void {
    if (this.users || this.early) return;
    const session = this.storage.get<string>(StorageKeys.sessionId);
    const push = this.push && this.pushSession === session ? Promise.resolve() : this.reloadPush();
    const unhandled = this.askUnhandled();
    unhandled.catch(() => undefined); // its failure is handled where it is read
    this.early = { session, push, unhandled };
  }

  start(): () => void {
    if (++this.users === 1) this.begin();
    let stopped = false;
    return () => {
      if (stopped) return;
      stopped = true;
      if (--this.users === 0) this.end();
    };
  }

  async reloadPush(): Promise<void> {
    this.pushSession = this.storage.get<string>(StorageKeys.sessionId);
    try {
      const push = expectOk(await this.http.call(AlarmPushApi.settings, {}));
      this.setPush(push);
    } catch (e) {
      console.error('[tianlu] alarm push settings unavailable, every alarm is shown', e);
      this.setPush(FALLBACK_PUSH);
    }
  }

  setPush(settings: AlarmPushSettings): void {
    this.push = settings;
    const waiting = this.waiting;
    this.waiting = [];
    for (const alarm of waiting) this.receive({ event: 'start', alarm });
  }

  async process(ids: readonly number[], note: string): Promise<number> {
    const problem = checkProcessNote(note);
    if (problem) throw new HttpError(problem);
    if (!ids.length) throw new HttpError('请选择要处理的告警');
    const { updated } = expectOk(await this.http.call(AlarmApi.process, { ids: [...ids], note: note.trim() }));
    runInAction(() => this.board.removeAlarms(ids, true));
    return updated;
  }

  private userKey(): string | undefined {
    const id = this.storage.get<{ userId?: number }>(StorageKeys.user)?.userId;
    return id === undefined ? undefined : String(id);
  }

  private begin(): void {
    const user = this.userKey();
    runInAction(() => {
      this.prefs = readDeskPrefs(user ? this.storage.get<Record<string, unknown>>(StorageKeys.alarmDeskPrefs)?.[user] : undefined);
      this.board.restore(this.storage.get<unknown>(StorageKeys.alarmRealTime));
    });
    const persist = reaction(
      () => this.board.ordered,
      (list) => this.storage.set(StorageKeys.alarmRealTime, list),
      { delay: PERSIST_DELAY_MS },
    );
    const subscription = this.live.on('alarm', (e) => this.receive(e));
    // back after a break in the live channel: what started or was handled meanwhile comes from the server
    let wasLive = false;
    const rejoin = reaction(
      () => this.live.status,
      (status) => {
        if (status !== 'live') return;
        if (wasLive && this.push) void this.loadUnhandled(true);
        wasLive = true;
      },
      { fireImmediately: true },
    );
    this.running = [persist, rejoin, () => subscription.dispose(), () => this.live.disconnect()];
    const session = this.storage.get<string>(StorageKeys.sessionId);
    const early = this.early?.session === session ? this.early : undefined;
    this.early = undefined;
    const loaded = early?.push ?? (this.push && this.pushSession === session ? Promise.resolve() : this.reloadPush());
    // the unhandled alarms are asked beside the push settings, not after them; sorted once both are in
    const unhandled = early?.unhandled ?? this.askUnhandled();
    unhandled.catch(() => undefined); // its failure is handled where it is read
    // the channel opens once both questions are on their way (opening it takes the page a while)
    this.live.connect();
    void loaded.then(() => this.loadUnhandled(false, unhandled));
  }

  private askUnhandled() {
    this.handledMeanwhile = new Set();
    return this.http.call(AlarmApi.realtime, DESK_LOAD);
  }

  /**
   * The unhandled alarms the user may see join the desk; those this browser had not seen are
   * announced once, by the most urgent and newest of them (what arrived while no console was open).
   * After a break in the live channel (`rejoin`), an alarm of the desk the complete answer no longer
   * holds was handled meanwhile and leaves the desk (one being handled here stays, marked 他人处理).
   */
  private async loadUnhandled(rejoin = false, answer = this.askUnhandled()): Promise<void> {
    try {
      const page = expectOk(await answer);
      if (!this.users) return;
      runInAction(() => {
        const list = page.list ?? [];
        if (rejoin && (page.total ?? list.length) <= list.length) {
          const open = new Set(list.map((a) => a.id));
          // only alarms the answer's 24 hours cover, with an hour to spare
          const since = Date.now() - (UNHANDLED_WINDOW_MS - 3_600_000);
          const handled = [...this.board.entries.values()]
            .filter((e) => Date.parse(e.firstTime) >= since)
            .flatMap((e) => e.ids)
            .filter((id) => !open.has(id));
          if (handled.length) this.board.removeAlarms(handled, false);
        }
        const unseen = list.filter((a) => !this.handledMeanwhile?.has(a.id) && this.shows(a) && this.board.add(a, false));
        const first = unseen.sort((a, b) => deskOrder(entryOf(a), entryOf(b)))[0];
        if (first) this.board.announce(first.id);
      });
    } catch {
      /* no 告警中心 for this user: the desk starts with the live alarms */
    } finally {
      this.handledMeanwhile = undefined;
    }
  }

  /** After logout nothing of this user stays on screen; storage keeps the desk for the same user's next start. */
  private end(): void {
    for (const stop of this.running) stop();
    this.running = [];
    this.waiting = [];
    runInAction(() => this.board.clear());
  }

  private shows(alarm: Alarm): boolean {
    const push = this.push ?? FALLBACK_PUSH;
    return push.popup && pushesType(push, alarm.alarmType);
  }

  private receive({ event, alarm }: AlarmLiveEvent): void {
    if (event === 'processed' || alarm.status === 1) {
      this.board.removeAlarms([alarm.id], false);
      this.waiting = this.waiting.filter((a) => a.id !== alarm.id);
      this.handledMeanwhile?.add(alarm.id);
      return;
    }
    if (event !== 'start') return;
    if (!this.push) {
      this.waiting.push(alarm);
      return;
    }
    if (this.shows(alarm)) this.board.add(alarm, true);
  }
}
