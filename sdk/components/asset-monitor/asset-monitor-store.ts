import { computed, makeAutoObservable, observable, reaction, runInAction, untracked } from 'mobx';
import { filterAssets, hasPosition, type AssetStatusFilter } from '../../asset-status';
import { expectOk, NETWORK_ERROR_MESSAGE, type HttpService } from '../../services/http-service';
import type { GeocodeService } from '../../services/geocode-service';
import { MONITOR_MAX_PAGE_SIZE, type LiveService, type LiveStatus, type MonitorItem, type VehicleGroup } from '../../services/live-service';
import { MonitorApi } from '../../contracts/monitor';
import type { MessageBus } from '../../services/message-bus';
import { departmentGroups, departmentId, type AssetTreeGrouping } from '../asset-tree/asset-tree-model';

/** Addresses are kept per ~100 m square: a moving vehicle is looked up again when it left it. */
const ADDRESS_DECIMALS = 3;
/** Rows in view get their addresses refreshed this often while vehicles move, ms. */
export const ADDRESS_REFRESH_MS = 15_000;

const collator = new Intl.Collator('zh-CN');
const errorText = (e: unknown) => (e instanceof Error && e.message ? e.message : NETWORK_ERROR_MESSAGE);

/** The key an address is stored under. */
export function addressKey(item: Pick<MonitorItem, 'lon' | 'lat'>): string | undefined {
  return hasPosition(item) ? `${item.lon.toFixed(ADDRESS_DECIMALS)},${item.lat.toFixed(ADDRESS_DECIMALS)}` : undefined;
}

export interface MonitorDeps {
  http: HttpService;
  live: LiveService;
  geocode: GeocodeService;
  bus: MessageBus;
}

/** Kinds of assets a monitor shows: 智能车联 vehicles, 智能工牌 people, 宠物守护 pets, the e-bike sub-applications e-bikes. */
export type MonitorAssetKind = 'vehicle' | 'person' | 'pet' | 'ebike';

/** The kind of an item (a terminal without an asset counts as a vehicle's). */
const kindOf = (item: MonitorItem) => item.assetKind ?? 'vehicle';

/**
 * State of a live monitor (智能车联 实时监控, 智能工牌 人员监控 …) of one kind of asset, owned by the page: the group tree, the filter, the ticked vehicles and the
 * selection. Positions are not copied: `items` reads LiveService.positions, which the live channel's
 * snapshot fills and its pushes keep current — the page's one snapshot. Only when the channel cannot
 * deliver one (it goes offline before its first snapshot, e.g. a proxy that refuses WebSockets) are
 * the latest positions read from list.json instead.
 */
export class MonitorStore {
  groups: VehicleGroup[] = [];
  status: AssetStatusFilter = 'all';
  keyword = '';
  /** Unticked in the tree: not on the map nor in the table. */
  hidden: ReadonlySet<string> = new Set();
  selected: string | undefined = undefined;
  error: string | undefined = undefined;
  /** tree.json is being read. */
  private treeLoading = false;
  /** list.json is being read, or is to be read again on 重试 (the live channel delivered no snapshot). */
  private listWanted: 'no' | 'loading' | 'loaded' | 'failed' = 'no';
  /** addressKey → address. */
  readonly addresses = observable.map<string, string>();
  /** terminalNo → the last address found for it (shown while a moved vehicle's new one is looked up). */
  private readonly lastAddress = observable.map<string, string>();
  private readonly pending = new Set<string>();
  private inView: readonly MonitorItem[] = [];
  /** A load began. */
  private requested = false;

  constructor(private readonly deps: MonitorDeps, readonly assetKind: MonitorAssetKind = 'vehicle', readonly groupBy: AssetTreeGrouping = 'group') {
    makeAutoObservable<this, 'deps' | 'pending' | 'inView' | 'lastAddress' | 'requested' | 'treeLoading' | 'listWanted'>(
      this,
      {
        deps: false, assetKind: false, groupBy: false, pending: false, inView: observable.ref, requested: false, addresses: false, lastAddress: false, departments: computed.struct, groupOf: false,
        treeLoading: observable, listWanted: observable,
      },
      { autoBind: true },
    );
  }

  /** The departments of the people shown, as tree groups (the same array while no department comes or goes). */
  get departments() {
    return departmentGroups(this.items);
  }

  /** The tree's groups: the vehicle groups of tree.json, or the people's departments. */
  get treeGroups() {
    return this.groupBy === 'department' ? this.departments : this.groups;
  }

  /** Where the tree lists an asset: under its vehicle group (the tree's default) or its department. */
  get groupOf(): ((item: MonitorItem) => string) | undefined {
    return this.groupBy === 'department' ? departmentId : undefined;
  }

  /** terminalNos of the assets of this monitor's kind ordered by name; re-sorted only when assets come or go. */
  get order(): string[] {
    const positions = this.deps.live.positions;
    const keys = [...positions.keys()];
    // an asset's kind does not change: reading it does not need to re-run this on every move
    return untracked(() => keys
      .filter((k) => { const item = positions.get(k); return !item || kindOf(item) === this.assetKind; })
      .sort((a, b) => collator.compare(positions.get(a)?.plateNo || a, positions.get(b)?.plateNo || b)));
  }

  /** terminalNo → place in {@link order}. */
  get orderIndex(): Map<string, number> {
    return new Map(this.order.map((t, i) => [t, i]));
  }

  /** Every asset, ordered by plate (one pass over the positions: this runs on every live push). */
  get items(): MonitorItem[] {
    const index = this.orderIndex;
    const out = new Array<MonitorItem | undefined>(index.size);
    this.deps.live.positions.forEach((item, key) => {
      const at = index.get(key);
      if (at !== undefined) out[at] = item;
    });
    return out.filter((i): i is MonitorItem => i !== undefined);
  }

  /** Assets matching the status filter and the search. */
  get filtered(): MonitorItem[] {
    return filterAssets(this.items, this.status, this.keyword);
  }

  /** What the map and the table show: the filtered assets that are ticked. */
  get shown(): MonitorItem[] {
    const hidden = this.hidden;
    return hidden.size ? this.filtered.filter((i) => !hidden.has(i.terminalNo)) : this.filtered;
  }

  /** What the map's legend counts of the shown assets: expired ones apart, neither online nor offline. */
  get shownCounts(): { shown: number; online: number; offline: number; expired: number } {
    const c = { shown: 0, online: 0, offline: 0, expired: 0 };
    for (const i of this.shown) {
      c.shown++;
      if (i.expired) c.expired++;
      else if (i.online) c.online++;
      else c.offline++;
    }
    return c;
  }

  /** The channel as the monitor sees it: 实时 once its positions are live, 连接中 until then. */
  get liveStatus(): LiveStatus {
    const { live } = this.deps;
    return live.status === 'live' && !live.positionsLive ? 'connecting' : live.status;
  }

  /** Nothing to show yet: the tree, the channel's first snapshot or list.json is still on its way. */
  get loading(): boolean {
    const { live } = this.deps;
    return this.treeLoading || this.listWanted === 'loading' || (this.liveStatus === 'connecting' && this.listWanted === 'no' && live.positions.size === 0);
  }

  /**
   * Watches the live positions (the channel's snapshot brings them) and loads the tree (unless a
   * load already began, e.g. as the page first rendered); the returned function undoes it.
   */
  start(): () => void {
    const { live } = this.deps;
    const watch = live.watchPositions();
    if (!this.requested) void this.load();
    const timer = setInterval(() => this.requestAddresses(this.inView), ADDRESS_REFRESH_MS);
    // a row in view whose first position arrives (its terminal came online) is looked up now, not at the next refresh
    const unknownPlaces = reaction(
      () => this.inView.flatMap((row) => {
        const item = live.positions.get(row.terminalNo) ?? row;
        const key = addressKey(item);
        return key && this.addressOf(item) === undefined ? [key] : [];
      }).join(' '),
      (unknown) => {
        if (unknown) this.requestAddresses(this.inView);
      },
    );
    // a channel that goes offline before any snapshot reached this page: list.json takes its place
    let snapshot = false;
    const fallback = reaction(
      () => this.liveStatus,
      (status) => {
        if (status === 'live') snapshot = true;
        else if (status === 'offline' && !snapshot && this.listWanted === 'no') void this.loadList();
      },
      { fireImmediately: true },
    );
    return () => {
      fallback();
      unknownPlaces();
      clearInterval(timer);
      watch.dispose();
    };
  }

  /** Loads the group tree, and list.json again when it stood in for the snapshot and failed (重试). */
  async load(): Promise<void> {
    this.requested = true;
    await Promise.all([this.loadTree(), this.listWanted === 'failed' ? this.loadList() : undefined]);
  }

  private async loadTree(): Promise<void> {
    this.treeLoading = true;
    this.error = undefined;
    try {
      // a department tree is made of the people themselves
      const tree = this.groupBy === 'department' ? [] : expectOk(await this.deps.http.call(MonitorApi.tree, { assetKind: this.assetKind }));
      runInAction(() => (this.groups = Array.isArray(tree) ? tree : []));
    } catch (e) {
      runInAction(() => (this.error = errorText(e)));
    } finally {
      runInAction(() => (this.treeLoading = false));
    }
  }

  /** The latest positions of this monitor's kind over HTTP, merged into the live positions. */
  private async loadList(): Promise<void> {
    this.listWanted = 'loading';
    try {
      const page = expectOk(await this.deps.http.call(MonitorApi.list, { current: 1, pageSize: MONITOR_MAX_PAGE_SIZE, status: 'all', assetKind: this.assetKind }));
      runInAction(() => {
        this.deps.live.merge(page.list ?? []);
        this.listWanted = 'loaded';
      });
    } catch (e) {
      runInAction(() => {
        this.error = errorText(e);
        this.listWanted = 'failed';
      });
    }
  }

  setStatus(status: AssetStatusFilter): void {
    this.status = status;
  }

  setKeyword(keyword: string): void {
    this.keyword = keyword;
  }

  setVisibility(terminalNos: readonly string[], visible: boolean): void {
    const next = new Set(this.hidden);
    for (const t of terminalNos) {
      if (visible) next.delete(t);
      else next.add(t);
    }
    this.hidden = next;
  }

  /** Selects an asset and opens the host's vehicle dialog for it. */
  select(terminalNo: string): void {
    this.selected = terminalNo;
    const plateNo = this.deps.live.positions.get(terminalNo)?.plateNo ?? undefined;
    this.deps.bus.emit('showVehInfo', { terminalNo, plateNo, tab: 'follow' });
  }

  /** The address of an asset's position, once looked up. */
  addressOf(item: MonitorItem): string | undefined {
    const key = addressKey(item);
    return (key && this.addresses.get(key)) ?? this.lastAddress.get(item.terminalNo);
  }

  /** Looks up the addresses of `rows` (the table's rows in view) that are not known yet. */
  requestAddresses(rows: readonly MonitorItem[]): void {
    this.inView = rows;
    const wanted = new Map<string, MonitorItem[]>();
    for (const row of rows) {
      const item = this.deps.live.positions.get(row.terminalNo) ?? row;
      const key = addressKey(item);
      if (!key || this.pending.has(key)) continue;
      const known = this.addresses.get(key);
      if (known !== undefined) {
        if (this.lastAddress.get(item.terminalNo) !== known) runInAction(() => this.lastAddress.set(item.terminalNo, known));
        continue;
      }
      wanted.set(key, [...(wanted.get(key) ?? []), item]);
    }
    if (!wanted.size) return;
    const entries = [...wanted.entries()];
    for (const [key] of entries) this.pending.add(key);
    this.deps.geocode
      .getAddresses(entries.map(([, [item]], index) => ({ lon: item.lon!, lat: item.lat!, index })))
      .then((results) => {
        runInAction(() => {
          for (const r of results) {
            const entry = entries[r.index];
            if (!entry) continue;
            this.addresses.set(entry[0], r.address);
            for (const item of entry[1]) this.lastAddress.set(item.terminalNo, r.address);
          }
        });
      })
      .catch(() => undefined)
      .finally(() => entries.forEach(([key]) => this.pending.delete(key)));
  }
}
