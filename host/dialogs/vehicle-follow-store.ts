import { makeAutoObservable, reaction, runInAction } from 'mobx';
import { hasPosition } from '../../sdk/asset-status';
import { toChinaIso } from '../../sdk/china-time';
import { MonitorApi } from '../../sdk/contracts/monitor';
import { GEOCODE_FAILED, type GeocodeService } from '../../sdk/services/geocode-service';
import { expectOk, NETWORK_ERROR_MESSAGE, type HttpService } from '../../sdk/services/http-service';
import type { LiveService, MonitorItem, VehicleDetail } from '../../sdk/services/live-service';

/** How far back the trail starts when the dialog opens, ms. */
export const TRAIL_HISTORY_MS = 30 * 60_000;
/** Points kept in the trail. */
export const TRAIL_MAX_POINTS = 2_000;
/** The address is looked up again once the vehicle moved this far (degrees, ~100 m). */
const ADDRESS_STEP = 0.001;

const errorText = (e: unknown) => (e instanceof Error && e.message ? e.message : NETWORK_ERROR_MESSAGE);

export interface FollowDeps {
  http: HttpService;
  live: LiveService;
  geocode: GeocodeService;
  /** Now, for the trail's start (tests). */
  now?: () => number;
}

/**
 * 跟踪 and 详情 of the vehicle dialog: the live position (LiveService, seeded from list.json when the
 * channel has none yet), a trail (the last 30 min of track, then every live position) and its
 * address, plus the vehicle's detail fields.
 */
export class VehicleFollowStore {
  loading = true;
  error: string | undefined = undefined;
  trail: [number, number][] = [];
  address: string | undefined = undefined;
  detail: VehicleDetail | undefined = undefined;
  detailError: string | undefined = undefined;
  private addressAt: [number, number] | undefined = undefined;

  constructor(
    readonly terminalNo: string,
    private readonly deps: FollowDeps,
  ) {
    makeAutoObservable<this, 'deps' | 'addressAt'>(this, { deps: false, addressAt: false, terminalNo: false });
  }

  /** The latest position, live. */
  get position(): MonitorItem | undefined {
    return this.deps.live.positions.get(this.terminalNo);
  }

  /** Watches the live positions and loads what the dialog shows; returns the undo. */
  start(): () => void {
    const watch = this.deps.live.watchPositions();
    void this.load();
    const stop = reaction(
      () => this.position,
      (p) => p && this.follow(p),
    );
    return () => {
      stop();
      watch.dispose();
    };
  }

  private async load(): Promise<void> {
    const { http, live } = this.deps;
    const now = this.deps.now?.() ?? Date.now();
    const [list, track] = await Promise.allSettled([
      this.position ? Promise.resolve(undefined) : http.call(MonitorApi.list, { keyword: this.terminalNo, current: 1, pageSize: 10 }).then(expectOk),
      http
        .call(MonitorApi.track, { terminalNo: this.terminalNo, start: toChinaIso(now - TRAIL_HISTORY_MS), end: toChinaIso(now) })
        .then(expectOk),
    ]);
    runInAction(() => {
      if (list.status === 'fulfilled' && list.value) live.merge(list.value.list.filter((i) => i.terminalNo === this.terminalNo));
      if (list.status === 'rejected') this.error = errorText(list.reason);
      if (track.status === 'fulfilled') {
        const points = (track.value.points ?? []).filter(hasPosition).map((p) => [p.lon, p.lat] as [number, number]);
        this.trail = [...points, ...this.trail].slice(-TRAIL_MAX_POINTS);
      }
      this.loading = false;
    });
    if (this.position) this.follow(this.position);
  }

  /** Loads 详情 once. */
  async loadDetail(): Promise<void> {
    if (this.detail) return;
    try {
      const detail = expectOk(await this.deps.http.call(MonitorApi.vehicleDetail, { terminalNo: this.terminalNo }));
      runInAction(() => {
        this.detail = detail;
        this.detailError = undefined;
      });
    } catch (e) {
      runInAction(() => (this.detailError = errorText(e)));
    }
  }

  /** A new position: extend the trail, look the address up again when it moved far enough. */
  private follow(p: MonitorItem): void {
    if (!hasPosition(p)) return;
    const last = this.trail[this.trail.length - 1];
    if (!last || last[0] !== p.lon || last[1] !== p.lat) this.trail = [...this.trail, [p.lon, p.lat] as [number, number]].slice(-TRAIL_MAX_POINTS);
    const at = this.addressAt;
    if (at && Math.abs(at[0] - p.lon) < ADDRESS_STEP && Math.abs(at[1] - p.lat) < ADDRESS_STEP) return;
    this.addressAt = [p.lon, p.lat];
    this.deps.geocode
      .getAddress(p.lon, p.lat)
      .catch(() => GEOCODE_FAILED)
      .then((address) => runInAction(() => (this.address = address)));
  }
}
