import { makeAutoObservable, observable, runInAction } from 'mobx';
import {
  chinaDay,
  expectOk,
  mergeTrackPoints,
  MonitorApi,
  NETWORK_ERROR_MESSAGE,
  Pagination,
  toChinaIso,
  TrackPlayback,
  listWords,
  quickTimeRange,
  timeRangeProblem,
  vocabularyOf,
  type GeocodeService,
  type HttpService,
  type ListWords,
  type MapViewState,
  type MonitorItem,
  type ToastService,
  type TrackAnswer,
  type TrackPoint,
  type TrackSettings,
} from '@tianlu/sdk';
import { afterFirstFrame } from './after-first-frame';
import { PLAYBACK_VEHICLES } from './playback-query';

/** The first answer is simplified for this zoom (a city); zooming in further refines what is in view. */
export const BASE_ZOOM = 12;
/** Rows per page of the point table: one geocoding batch. */
export const POINT_PAGE_SIZE = 50;
/** A view change is refined after it settled this long, ms. */
const REFINE_DELAY_MS = 300;
const DEFAULT_SETTINGS: TrackSettings = { maxRangeDays: 7, stopMinutes: 3 };

const errorText = (e: unknown) => (e instanceof Error && e.message ? e.message : NETWORK_ERROR_MESSAGE);

export interface PlaybackDeps {
  http: HttpService;
  geocode: GeocodeService;
  toast: ToastService;
  now?: () => number;
  /** Runs the work that may follow the track's first frame (default: after the next frame, when idle). */
  afterFirstFrame?: (fn: () => void) => void;
}

type Box = [number, number, number, number];
const contains = (outer: Box, inner: Box) => outer[0] <= inner[0] && outer[1] <= inner[1] && outer[2] >= inner[2] && outer[3] >= inner[3];

/** Grows a box by `f` of its size on every side (refined answers cover a little more than the view). */
function grow(b: Box, f: number): Box {
  const w = (b[2] - b[0]) * f;
  const h = (b[3] - b[1]) * f;
  return [Math.max(-180, b[0] - w), Math.max(-90, b[1] - h), Math.min(180, b[2] + w), Math.min(90, b[3] + h)];
}

/** State of 轨迹回放: the query, the answer, the replay, the refinements and the point table. */
export class PlaybackStore {
  terminalNo = '';
  start: number | undefined;
  end: number | undefined;
  stopMinutes = DEFAULT_SETTINGS.stopMinutes;
  settings: TrackSettings = DEFAULT_SETTINGS;
  vehicles: MonitorItem[] = [];

  loading = false;
  error: string | undefined = undefined;
  answer: TrackAnswer | undefined = undefined;
  /** Positions held now (the first answer plus refinements). */
  loadedPoints = 0;
  refining = false;
  exporting = false;
  /** The speed chart may be shown: set once the first track was drawn (ECharts starts after it, not with it). */
  chartReady = false;

  readonly pagination = new Pagination({ pageSize: POINT_PAGE_SIZE });
  rows: TrackPoint[] = [];
  rowsLoading = false;
  /** gpsTime → address of table rows; stop index → address of stops. */
  readonly addresses = observable.map<string, string>();
  readonly stopAddresses = observable.map<number, string>();

  readonly playback = new TrackPlayback();
  private points: TrackPoint[] = [];
  private refined: { zoom: number; box: Box }[] = [];
  private querySeq = 0;
  private refineTimer: ReturnType<typeof setTimeout> | undefined;
  private requested = new Set<string>();
  private readonly now: () => number;

  constructor(private readonly deps: PlaybackDeps) {
    this.now = deps.now ?? Date.now;
    const [start, end] = quickTimeRange('today', this.now());
    this.start = start;
    this.end = end;
    makeAutoObservable<PlaybackStore, 'points' | 'refined' | 'querySeq' | 'refineTimer' | 'requested' | 'deps' | 'now'>(this, {
      playback: false,
      pagination: false,
      // replaced whole, never edited: 100,000 points must not become observables one by one
      answer: observable.ref,
      rows: observable.ref,
      vehicles: observable.ref,
      points: false,
      refined: false,
      querySeq: false,
      refineTimer: false,
      requested: false,
      deps: false,
      now: false,
    });
  }

  get problem(): string | undefined {
    return timeRangeProblem(this.terminalNo, { start: this.start, end: this.end }, this.settings.maxRangeDays, this.words.noun);
  }

  /**
   * The words of the chosen asset's kind (人员, 姓名, 移动 for a person); before one is chosen, those
   * of the assets to choose from: a vehicle's when they are all vehicles (or not loaded), neutral
   * ones (资产, 名称) when they are of several kinds.
   */
  get words(): ListWords {
    const chosen = this.vehicles.find((v) => v.terminalNo === this.terminalNo);
    return chosen ? vocabularyOf(chosen.assetKind) : listWords(this.vehicles.map((v) => v.assetKind));
  }

  get plateNo(): string {
    return this.answer?.plateNo ?? this.vehicles.find((v) => v.terminalNo === this.terminalNo)?.plateNo ?? '';
  }

  setTerminal(terminalNo: string): void {
    this.terminalNo = terminalNo.trim();
  }

  setRange(start: number | undefined, end: number | undefined): void {
    this.start = start;
    this.end = end;
  }

  setStopMinutes(minutes: number): void {
    if (Number.isInteger(minutes) && minutes >= 1 && minutes <= 1440) this.stopMinutes = minutes;
  }

  /** The page's query string (`terminalNo`, `start`, `end`, ISO 8601): fills the form. */
  applyQuery(search: string): boolean {
    const q = new URLSearchParams(search);
    const terminalNo = q.get('terminalNo');
    if (terminalNo) this.terminalNo = terminalNo.trim();
    const start = q.get('start') ? Date.parse(q.get('start')!) : NaN;
    const end = q.get('end') ? Date.parse(q.get('end')!) : NaN;
    if (!Number.isNaN(start)) this.start = start;
    if (!Number.isNaN(end)) this.end = end;
    return !!terminalNo;
  }

  /** Limits and the vehicle list for the picker. */
  async loadSettings(): Promise<void> {
    const [settings, vehicles] = await Promise.allSettled([
      this.deps.http.call(MonitorApi.trackSettings).then(expectOk),
      this.deps.http.call(MonitorApi.list, PLAYBACK_VEHICLES).then(expectOk),
    ]);
    runInAction(() => {
      if (settings.status === 'fulfilled') {
        const firstDefault = this.stopMinutes === this.settings.stopMinutes;
        this.settings = settings.value;
        if (firstDefault) this.stopMinutes = settings.value.stopMinutes;
      }
      if (vehicles.status === 'fulfilled') this.vehicles = vehicles.value.list;
    });
  }

  private rangeQuery() {
    return { terminalNo: this.terminalNo, start: toChinaIso(this.start!), end: toChinaIso(this.end!) };
  }

  /** Runs the query: the simplified track for the map and player, then the first page of points. */
  async query(): Promise<void> {
    const problem = this.problem;
    if (problem) {
      this.error = problem;
      return;
    }
    const seq = ++this.querySeq;
    this.playback.pause();
    this.loading = true;
    this.error = undefined;
    this.refined = [];
    this.requested.clear();
    try {
      const answer = expectOk(
        await this.deps.http.call(MonitorApi.track, { ...this.rangeQuery(), zoom: BASE_ZOOM, stopMinutes: this.stopMinutes }),
      );
      if (seq !== this.querySeq) return;
      runInAction(() => {
        this.answer = answer;
        this.points = answer.points;
        this.loadedPoints = answer.points.length;
        this.refined = [{ zoom: BASE_ZOOM, box: [-180, -90, 180, 90] }];
        this.addresses.clear();
        this.stopAddresses.clear();
        if (!answer.points.length) this.error = '该时间段内没有轨迹数据';
      });
      this.playback.setTrack({ points: answer.points, stops: answer.stops, alarms: answer.alarms });
      this.pagination.setTotal(answer.totalPoints);
      this.pagination.setCurrent(1);
      // the map and 播放 first: the table, the stop addresses and the chart once that frame is drawn
      (this.deps.afterFirstFrame ?? afterFirstFrame)(() => {
        if (seq !== this.querySeq) return;
        runInAction(() => (this.chartReady = true));
        void this.loadRows();
        void this.loadStopAddresses();
      });
    } catch (e) {
      if (seq === this.querySeq) runInAction(() => (this.error = errorText(e)));
    } finally {
      if (seq === this.querySeq) runInAction(() => (this.loading = false));
    }
  }

  /** The map settled: zoomed in past what is loaded there, fetch the finer track of the view. */
  onViewChange = (view: MapViewState): void => {
    if (!this.answer?.simplified) return;
    const box = view.bounds;
    if (this.refined.some((r) => r.zoom >= view.zoom && contains(r.box, box))) return;
    clearTimeout(this.refineTimer);
    this.refineTimer = setTimeout(() => void this.refine(view.zoom, grow(box, 0.25)), REFINE_DELAY_MS);
  };

  private async refine(zoom: number, box: Box): Promise<void> {
    const seq = this.querySeq;
    runInAction(() => (this.refining = true));
    try {
      const answer = expectOk(
        await this.deps.http.call(MonitorApi.track, {
          ...this.rangeQuery(),
          zoom,
          bbox: box.map((v) => v.toFixed(6)).join(','),
          stopMinutes: this.stopMinutes,
        }),
      );
      if (seq !== this.querySeq) return;
      this.refined.push({ zoom, box });
      const merged = mergeTrackPoints(this.points, answer.points);
      if (merged.length === this.points.length) return;
      this.points = merged;
      runInAction(() => (this.loadedPoints = merged.length));
      this.playback.setTrack({ points: merged });
    } catch {
      // the coarser track stays; the next view change tries again
    } finally {
      runInAction(() => (this.refining = false));
    }
  }

  /** The current page of the point table. */
  async loadRows(): Promise<void> {
    if (!this.answer) return;
    const seq = this.querySeq;
    this.rowsLoading = true;
    try {
      const page = expectOk(await this.deps.http.call(MonitorApi.trackPoints, { ...this.rangeQuery(), ...this.pagination.query }));
      if (seq !== this.querySeq) return;
      this.pagination.setTotal(page.total);
      runInAction(() => (this.rows = page.list));
    } catch (e) {
      this.deps.toast.show(errorText(e), 'error');
    } finally {
      runInAction(() => (this.rowsLoading = false));
    }
  }

  /** Rows scrolled into view: their addresses, each looked up once (GeocodeService batches by 50). */
  requestAddresses = (rows: readonly TrackPoint[]): void => {
    const missing = rows.filter((r) => !this.requested.has(r.gpsTime));
    if (!missing.length) return;
    for (const r of missing) this.requested.add(r.gpsTime);
    void this.deps.geocode.getAddresses(missing.map((r, index) => ({ lon: r.lon, lat: r.lat, index }))).then((results) =>
      runInAction(() => {
        for (const res of results) this.addresses.set(missing[res.index].gpsTime, res.address);
      }),
    );
  };

  private async loadStopAddresses(): Promise<void> {
    const stops = this.answer?.stops ?? [];
    if (!stops.length) return;
    const results = await this.deps.geocode.getAddresses(stops.map((s, index) => ({ lon: s.lon, lat: s.lat, index })));
    runInAction(() => {
      for (const r of results) this.stopAddresses.set(r.index, r.address);
    });
  }

  /** The spreadsheet of every position and the stops. */
  async exportTrack(): Promise<void> {
    if (!this.answer || this.exporting) return;
    this.exporting = true;
    const name = this.plateNo || this.terminalNo;
    try {
      await this.deps.http.downloadBlob(MonitorApi.trackExport.path, { ...this.rangeQuery(), stopMinutes: this.stopMinutes }, `轨迹-${name}-${chinaDay(this.start!)}.xlsx`, {
        timeout: 300_000,
      });
      this.deps.toast.show('轨迹已导出', 'success');
    } catch (e) {
      this.deps.toast.show(errorText(e), 'error');
    } finally {
      runInAction(() => (this.exporting = false));
    }
  }

  dispose(): void {
    clearTimeout(this.refineTimer);
    this.playback.dispose();
  }
}
