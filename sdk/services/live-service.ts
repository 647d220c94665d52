import type { AlarmLiveEvent } from './alarm-service';
import type { CommandLiveEvent } from './command-api';
import type { LatestPosition, MonitorAsset, PositionState } from '../position';
import type { Disposable } from './message-bus';
import { serviceToken, type ServiceToken } from './service-token';

/**
 * 智能车联 live data: the latest position of every asset the user may see, kept current by the
 * live channel (`/ws`, docs/api-contract.md "Positions and live channel").
 */

/**
 * One asset's latest position (GET /car/v4/api/monitor/list.json and the `/ws` messages): the
 * position model's latest position with ISO 8601 times (with offset), beside its asset. The
 * position fields are null when the asset never reported; `alarmFlags` are the alarm bits of the
 * latest report, whether the asset is in alarm is `openAlarms`.
 */
export interface MonitorItem extends MonitorAsset, LatestPosition<string>, PositionState {
  online: boolean;
  /**
   * Open alarms of the asset: not handled, and for a condition type (超速, 离线 …) still lasting;
   * an event type (SOS, 断电, 震动 …) stays open until handled. The tree's 报警, the cards, rows,
   * map marks and the dashboards all read this. Absent only from items of older servers.
   */
  openAlarms?: number;
  /** The types of those open alarms (absent when there is none). */
  openAlarmTypes?: string[];
  /** Status bit 0. */
  acc: boolean;
  /** Status bit 1. */
  located: boolean;
  /** The relay has cut the power (断电). */
  powerCut?: boolean;
  address?: string;
  /** A person's 部门 ('' when not filled in); people only. */
  department?: string;
  /**
   * Set when the asset's service ran out: position, online and alarm fields are withheld (null,
   * false, 0) until it is renewed, and `hint` says so (服务已到期，请续费).
   */
  expired?: boolean;
  hint?: string;
}

/** Messages of the live channel other than positions, by `type` (see {@link LiveService.on}). */
/** `{"type":"exportReady"}`: the export record `id` finished and can be downloaded. */
export interface ExportReadyLiveEvent {
  id: number;
  fileName: string;
}

export interface LiveEvents {
  /** An alarm started, ended or was processed. */
  alarm: AlarmLiveEvent;
  /** A command to a terminal changed status (待发送, 已发送, 成功, 失败, 超时). */
  command: CommandLiveEvent;
  /** An export of this user is ready in 下载中心. */
  exportReady: ExportReadyLiveEvent;
}

/** Connection state of the live channel: `live` once the server accepted the session. */
export type LiveStatus = 'connecting' | 'live' | 'offline';

/**
 * After the last {@link LiveService.watchPositions} subscription ends, the channel keeps positions
 * this long (ms) before it unsubscribes: a page that replaces another reading positions gets no
 * second snapshot.
 */
export const LIVE_POSITIONS_LINGER_MS = 3_000;

/**
 * The live position store. `positions` is a read-only map (terminalNo → latest item) observed
 * through MobX: observers re-render once per applied slice of positions (a large push is applied
 * in slices of a few milliseconds), not once per vehicle; observers that only read its keys
 * (`keys()`, `has()`, `size`) re-render only when assets come or go. The channel is reference
 * counted: every `connect()` needs its `disconnect()`; the socket closes when the last user leaves.
 * Positions are kept current only while someone watches them ({@link watchPositions}): a console
 * whose pages show no positions gets alarms, commands and export notices without the snapshot.
 */
export interface LiveService {
  readonly positions: ReadonlyMap<string, MonitorItem>;
  readonly status: LiveStatus;
  /**
   * `positions` holds the channel's snapshot and is kept current: true from the snapshot that
   * answered the subscription until the channel drops or the positions are no longer watched.
   */
  readonly positionsLive: boolean;
  /**
   * Opens the channel (or joins the open one) for alarms, commands, export notices and online
   * transitions. Reconnects with backoff until the last `disconnect()`.
   */
  connect(): void;
  disconnect(): void;
  /**
   * Connects (as `connect()`) and keeps `positions` current: the first watcher subscribes the
   * channel to positions, whose snapshot then replaces them; a reconnection subscribes again.
   * Reference counted: dispose the watch when done (it disconnects too); the channel unsubscribes
   * {@link LIVE_POSITIONS_LINGER_MS} after the last watcher left, unless another came meanwhile.
   */
  watchPositions(): Disposable;
  /**
   * Adds items fetched over HTTP (one asset a dialog reads before the channel has it, or list.json
   * where the channel delivered no snapshot); an item replaces the stored one only when it is not
   * older (by gpsTime). A monitor takes the channel's snapshot as its positions, not list.json too.
   */
  merge(items: readonly MonitorItem[]): void;
  /**
   * Calls `listener` with every `type` message the channel receives (while someone keeps it
   * connected: `on` does not connect). Returns the subscription; dispose it when done.
   */
  on<K extends keyof LiveEvents>(type: K, listener: (event: LiveEvents[K]) => void): Disposable;
}

export const LiveService: ServiceToken<LiveService> = serviceToken('tianlu.live');

/** list.json's largest page. */
export const MONITOR_MAX_PAGE_SIZE = 20_000;

/** Assets of a group and its subgroups: all, online, offline, with an open alarm. */
export interface GroupCounts {
  all: number;
  online: number;
  offline: number;
  alarm: number;
}

/** A node of GET /car/v4/api/monitor/tree.json (id 0 未分组); counts include subgroups. The console adds departments (string ids). */
export interface VehicleGroup {
  id: number | string;
  name: string;
  parentId?: number | string | null;
  counts?: GroupCounts;
  children?: VehicleGroup[];
}

/** GET /car/v4/api/vehicle/detail.json: the asset and its terminal (null where not recorded). */
export interface VehicleDetail {
  plateNo: string | null;
  /** JT/T 808 plate colour code. */
  plateColor: number | null;
  vehicleType: string | null;
  vin: string | null;
  driver: string | null;
  groupId: number | null;
  groupName: string | null;
  vehicleId: number | null;
  terminalNo: string;
  terminalModel: string;
  imei: string;
  sim: string;
  edition: string;
  installDate: string | null;
  expiryDate: string | null;
  /** vehicle, person, pet or ebike (null: a terminal without an asset). */
  assetKind: string | null;
  /** The fields of its kind (ASSET_KIND_DEFINITIONS: 工号, 部门, 种类, 车架号 …, 照片 a media URL). */
  profile: Readonly<Record<string, string | number>>;
}
