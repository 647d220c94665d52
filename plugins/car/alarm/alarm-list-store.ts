import { makeAutoObservable, runInAction } from 'mobx';
import {
  AlarmApi,
  AlarmStatus,
  chinaDayStart,
  expectOk,
  fromChinaInputValue,
  MonitorApi,
  NETWORK_ERROR_MESSAGE,
  Pagination,
  toChinaInputValue,
  toChinaIso,
  type Alarm,
  type AlarmCounts,
  type AlarmService,
  type HttpService,
  type LiveService,
  type MessageBus,
  type QueryOf,
  type VehicleGroup,
} from '@tianlu/sdk';
import { trackWindow } from './alarm-time';

export type AlarmTab = 'realtime' | 'history';

export type { AlarmCounts } from '@tianlu/sdk';

/** The 历史告警 filter as typed (times are datetime-local values, China time). */
export interface HistoryFilter {
  start: string;
  end: string;
  alarmTypes: string[];
  /** '' all, '0' 未处理, '1' 已处理. */
  status: '' | '0' | '1';
  keyword: string;
  /** '' all groups. */
  groupId: string;
}

/** newQueryAlarm's longest range. */
export const HISTORY_MAX_DAYS = 31;
/** A burst of live alarm events reloads the real-time list once, after this pause, ms. */
export const LIVE_RELOAD_MS = 800;

/** Problems of a history filter, in Chinese; empty when it can be queried. */
export function checkHistoryFilter(f: HistoryFilter): Partial<Record<'start' | 'end', string>> {
  const start = fromChinaInputValue(f.start);
  const end = fromChinaInputValue(f.end);
  const errors: Partial<Record<'start' | 'end', string>> = {};
  if (start === undefined) errors.start = '请选择开始时间';
  if (end === undefined) errors.end = '请选择结束时间';
  if (start !== undefined && end !== undefined) {
    if (end <= start) errors.end = '结束时间必须晚于开始时间';
    else if (end - start > HISTORY_MAX_DAYS * 86_400_000) errors.end = `查询时间范围不能超过 ${HISTORY_MAX_DAYS} 天`;
  }
  return errors;
}

const errorText = (e: unknown) => (e instanceof Error && e.message ? e.message : NETWORK_ERROR_MESSAGE);

export interface AlarmListDeps {
  http: HttpService;
  live: LiveService;
  alarms: AlarmService;
  bus: MessageBus;
  now?: () => Date;
}

/**
 * State of 告警中心: the 实时告警 tab (unprocessed alarms of the last 24 h, reloaded when the live
 * channel reports alarms, with counts per type) and the 历史告警 tab (a filtered query), both paged
 * on the server; the ticked alarms of the page and processing them.
 */
export class AlarmListStore {
  tab: AlarmTab = 'realtime';
  rows: Alarm[] = [];
  readonly pagination = new Pagination();
  loading = false;
  error: string | undefined = undefined;
  counts: AlarmCounts = { total: 0, types: [] };
  /** 实时告警: the type picked among the counts ('' all) and the search. */
  realtimeType = '';
  realtimeKeyword = '';
  history: HistoryFilter;
  historyErrors: ReturnType<typeof checkHistoryFilter> = {};
  groups: VehicleGroup[] = [];
  selected: ReadonlySet<number> = new Set();
  private reloadTimer: ReturnType<typeof setTimeout> | undefined = undefined;
  private requestSerial = 0;

  constructor(private readonly deps: AlarmListDeps) {
    const now = this.now().getTime();
    // the last 24 hours, up to 23:59 of today in China
    const endOfToday = chinaDayStart(now) + 86_400_000 - 60_000;
    this.history = { start: toChinaInputValue(now - 86_400_000), end: toChinaInputValue(endOfToday), alarmTypes: [], status: '', keyword: '', groupId: '' };
    makeAutoObservable<this, 'deps' | 'reloadTimer' | 'requestSerial'>(this, { deps: false, reloadTimer: false, requestSerial: false }, { autoBind: true });
  }

  private now(): Date {
    return this.deps.now?.() ?? new Date();
  }

  /** Loads the first page and follows live alarms; the returned function stops. */
  start(): () => void {
    const { live } = this.deps;
    live.connect();
    const sub = live.on('alarm', () => this.scheduleLiveReload());
    void this.load();
    void this.loadCounts();
    void this.loadGroups();
    return () => {
      sub.dispose();
      live.disconnect();
      if (this.reloadTimer) clearTimeout(this.reloadTimer);
    };
  }

  /** Unprocessed alarms on this page (the ones that can be ticked). */
  get selectable(): Alarm[] {
    return this.rows.filter((r) => r.status === AlarmStatus.UNPROCESSED);
  }

  get allSelected(): boolean {
    const ids = this.selectable;
    return ids.length > 0 && ids.every((r) => this.selected.has(r.id));
  }

  setTab(tab: AlarmTab): void {
    if (tab === this.tab) return;
    this.tab = tab;
    this.rows = [];
    this.pagination.setTotal(0);
    this.pagination.setCurrent(1);
    this.error = undefined;
    void this.load();
  }

  setRealtimeType(alarmType: string): void {
    this.realtimeType = alarmType;
    this.pagination.setCurrent(1);
    void this.load();
  }

  setRealtimeKeyword(keyword: string): void {
    this.realtimeKeyword = keyword;
  }

  setHistory(patch: Partial<HistoryFilter>): void {
    this.history = { ...this.history, ...patch };
  }

  /** 查询: from page 1 (a filter with problems is not sent). */
  search(): void {
    this.pagination.setCurrent(1);
    void this.load();
  }

  toggle(id: number, on: boolean): void {
    const next = new Set(this.selected);
    if (on) next.add(id);
    else next.delete(id);
    this.selected = next;
  }

  toggleAll(on: boolean): void {
    this.selected = on ? new Set(this.selectable.map((r) => r.id)) : new Set();
  }

  async load(): Promise<void> {
    const serial = ++this.requestSerial;
    const request = this.request();
    if (!request) {
      this.loading = false;
      return;
    }
    this.loading = true;
    this.error = undefined;
    try {
      const page = expectOk(await ('realtime' in request ? this.deps.http.call(AlarmApi.realtime, request.realtime) : this.deps.http.call(AlarmApi.history, request.history)));
      if (serial !== this.requestSerial) return;
      runInAction(() => {
        this.rows = page.list ?? [];
        this.pagination.setTotal(page.total ?? 0);
        const ids = new Set(this.rows.map((r) => r.id));
        this.selected = new Set([...this.selected].filter((id) => ids.has(id)));
      });
    } catch (e) {
      if (serial === this.requestSerial) runInAction(() => (this.error = errorText(e)));
    } finally {
      if (serial === this.requestSerial) runInAction(() => (this.loading = false));
    }
  }

  async loadCounts(): Promise<void> {
    try {
      const counts = expectOk(await this.deps.http.call(AlarmApi.realtimeCount));
      runInAction(() => (this.counts = { total: counts.total ?? 0, types: counts.types ?? [] }));
    } catch {
      /* the list shows the error */
    }
  }

  async loadGroups(): Promise<void> {
    try {
      const groups = expectOk(await this.deps.http.call(MonitorApi.tree));
      runInAction(() => (this.groups = Array.isArray(groups) ? groups : []));
    } catch {
      /* the group filter stays empty */
    }
  }

  /** Marks alarms processed with a note; the lists reload. Rejects with the reason (shown to the user). */
  async process(ids: readonly number[], note: string): Promise<number> {
    const updated = await this.deps.alarms.process(ids, note);
    runInAction(() => (this.selected = new Set([...this.selected].filter((id) => !ids.includes(id)))));
    await Promise.all([this.load(), this.loadCounts()]);
    return updated;
  }

  /** 定位: the host's vehicle dialog, following the vehicle on its map. */
  locate(alarm: Alarm): void {
    this.deps.bus.emit('showVehInfo', { terminalNo: alarm.terminalNo, plateNo: alarm.plateNo ?? undefined, tab: 'follow' });
  }

  /** 轨迹: 轨迹回放 of the alarm's vehicle around the alarm, in a new tab. */
  openTrack(alarm: Alarm): void {
    const { start, end } = trackWindow(alarm, this.now());
    this.deps.bus.emit('goPage', { path: '/car/playback', query: { urlType: 'blank', terminalNo: alarm.terminalNo, start, end }, newTab: true });
  }

  private scheduleLiveReload(): void {
    if (this.reloadTimer) clearTimeout(this.reloadTimer);
    this.reloadTimer = setTimeout(() => {
      this.reloadTimer = undefined;
      void this.loadCounts();
      if (this.tab === 'realtime') void this.load();
    }, LIVE_RELOAD_MS);
  }

  /** The query of the current tab; undefined (with historyErrors set) when the history filter has problems. */
  /** The query of the tab's list, or undefined while the history filter is wrong. */
  private request(): { realtime: QueryOf<typeof AlarmApi.realtime> } | { history: QueryOf<typeof AlarmApi.history> } | undefined {
    const paging = this.pagination.query;
    if (this.tab === 'realtime') {
      const q: QueryOf<typeof AlarmApi.realtime> = { ...paging };
      if (this.realtimeType) q.alarmType = this.realtimeType;
      if (this.realtimeKeyword.trim()) q.keyword = this.realtimeKeyword.trim();
      return { realtime: q };
    }
    const f = this.history;
    this.historyErrors = checkHistoryFilter(f);
    if (Object.keys(this.historyErrors).length) return undefined;
    // the end minute is included whole
    const q: QueryOf<typeof AlarmApi.history> = { ...paging, start: toChinaIso(fromChinaInputValue(f.start)!), end: toChinaIso(fromChinaInputValue(f.end)! + 59_000) };
    if (f.alarmTypes.length) q.alarmType = f.alarmTypes.join(',');
    if (f.status) q.status = Number(f.status);
    if (f.keyword.trim()) q.keyword = f.keyword.trim();
    if (f.groupId) q.groupId = Number(f.groupId);
    return { history: q };
  }
}
