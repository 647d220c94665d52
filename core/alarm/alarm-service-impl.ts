import { inject, injectable } from 'inversify';
import { makeObservable, observable, reaction, runInAction, action } from 'mobx';
import {
  ALARM_NOTE_MAX,
  ALARM_PROCESS_PATH,
  ALARM_PUSH_LIST_PATH,
  ALARM_TIP_MAX,
  ALARM_TYPE_NAMES,
  DialogService,
  expectOk,
  HttpError,
  HttpService,
  LiveService,
  StorageKeys,
  StorageService,
  type Alarm,
  type AlarmLiveEvent,
  type AlarmPushSettings,
  type AlarmService,
  type AlarmTipItem,
} from '@tianlu/sdk';

/** Used when the tenant's settings cannot be read: better an alarm too many than one missed. */
export const FALLBACK_PUSH: AlarmPushSettings = {
  popup: true,
  sound: true,
  alarmTypes: Object.keys(ALARM_TYPE_NAMES),
  webhook: { enabled: false, url: '' },
  email: { enabled: false, to: [] },
  sms: { enabled: false, phones: [] },
};

/** Whether the tenant pushes alarms of this type (an empty list pushes none). */
export function pushesType(push: AlarmPushSettings, alarmType: string): boolean {
  return push.alarmTypes.includes(alarmType);
}

/** The tip's entry for an alarm: its name, the plate (or terminal), the start time, the place and whom to call. */
export function alarmTipItem(alarm: Alarm): AlarmTipItem {
  return {
    id: alarm.id,
    plateNo: alarm.plateNo || alarm.terminalNo,
    alarmType: alarm.alarmName || alarm.alarmType,
    time: alarm.startTime,
    terminalNo: alarm.terminalNo,
    lon: alarm.lon,
    lat: alarm.lat,
    phone: alarm.contactPhone ?? null,
    ...(alarm.late && { late: true }),
  };
}

/** The note processAlarm accepts, or a Chinese reason it does not. */
export function checkProcessNote(note: string): string | undefined {
  const text = note.trim();
  if (!text) return '请填写处理意见';
  if (text.length > ALARM_NOTE_MAX) return `处理意见不能超过 ${ALARM_NOTE_MAX} 个字`;
  return undefined;
}

/**
 * Live alarms of the logged-in user: `alarm` events of the live channel put on the global alarm
 * tip as the tenant's push settings say; the tip's list survives a reload (storage `alarmRealTime`).
 */
@injectable()
export class AlarmServiceImpl implements AlarmService {
  push: AlarmPushSettings | undefined = undefined;
  soundSerial = 0;

  private users = 0;
  private running: (() => void)[] = [];
  /** The session the push settings were read for: read again after another login. */
  private pushSession: string | undefined;
  /** Starts that arrived before the settings. */
  private waiting: Alarm[] = [];

  constructor(
    @inject(HttpService) private readonly http: HttpService,
    @inject(LiveService) private readonly live: LiveService,
    @inject(DialogService) private readonly dialogs: DialogService,
    @inject(StorageService) private readonly storage: StorageService,
  ) {
    makeObservable<this, 'receive'>(this, { push: observable.ref, soundSerial: observable, setPush: action, receive: action });
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
      const push = expectOk(await this.http.postJson<AlarmPushSettings>(ALARM_PUSH_LIST_PATH, {}));
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
    const { updated } = expectOk(await this.http.postJson<{ updated: number }>(ALARM_PROCESS_PATH, { ids: [...ids], note: note.trim() }));
    runInAction(() => ids.forEach((id) => this.dialogs.dismissAlarm(id)));
    return updated;
  }

  private begin(): void {
    const saved = this.storage.get<AlarmTipItem[]>(StorageKeys.alarmRealTime);
    if (Array.isArray(saved)) runInAction(() => [...saved].reverse().forEach((item) => this.dialogs.pushAlarm(item)));
    const persist = reaction(
      () => this.dialogs.alarmTip.slice(0, ALARM_TIP_MAX),
      (list) => this.storage.set(StorageKeys.alarmRealTime, list),
    );
    const subscription = this.live.on('alarm', (e) => this.receive(e));
    this.live.connect();
    this.running = [persist, () => subscription.dispose(), () => this.live.disconnect()];
    if (!this.push || this.pushSession !== this.storage.get<string>(StorageKeys.sessionId)) void this.reloadPush();
  }

  /** After logout nothing of this user stays on screen; storage keeps the tip for the same user's next start. */
  private end(): void {
    for (const stop of this.running) stop();
    this.running = [];
    this.waiting = [];
    runInAction(() => this.dialogs.alarmTip.slice().forEach((a) => this.dialogs.dismissAlarm(a.id)));
  }

  private receive({ event, alarm }: AlarmLiveEvent): void {
    if (event === 'processed' || alarm.status === 1) {
      this.dialogs.dismissAlarm(alarm.id);
      this.waiting = this.waiting.filter((a) => a.id !== alarm.id);
      return;
    }
    if (event !== 'start') return;
    const push = this.push;
    if (!push) {
      this.waiting.push(alarm);
      return;
    }
    if (!push.popup || !pushesType(push, alarm.alarmType)) return;
    if (this.dialogs.alarmTip.some((a) => a.id === alarm.id)) return;
    this.dialogs.pushAlarm(alarmTipItem(alarm));
    for (const old of this.dialogs.alarmTip.slice(ALARM_TIP_MAX)) this.dialogs.dismissAlarm(old.id);
    if (push.sound) this.soundSerial++;
  }
}
