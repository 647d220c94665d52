import type { MonitorItem } from '../../sdk/services/live-service';
import type { BusEvent, BusPosition } from '../bus/bus-events';
import type { AssetRow } from '../store/monitor-queries';
import type { LiveItem, LiveItemSource } from './tenant-fanout';

/** An asset as the monitor query reads it. */
type CachedAssetRow = AssetRow;

/** What the cache needs from the store and the clock. */
export interface LiveAssetStore {
  /** The rows of some of a tenant's terminals (none of another tenant's). */
  rows(tenantId: number, terminalIds: readonly number[]): Promise<CachedAssetRow[]>;
  /** A terminal is online when it is connected and reported at or after this time. */
  freshSince(): Date;
  toItem(row: AssetRow): MonitorItem;
}

interface Entry {
  row: CachedAssetRow;
  /** When the row was read (epoch ms). */
  readAt: number;
}

interface TenantAssets {
  entries: Map<number, Entry>;
  /** The sequence number of the last event that touched each terminal: a read begun before it is not kept. */
  touched: Map<number, number>;
}

/**
 * Each watched terminal's asset record (its vehicle, group, kind, service, open alarms and
 * connection) with its latest position, read once and then kept current from the bus: committed
 * positions are merged in as the store's latest position moves (forward in device time only);
 * `assets` events (vehicle edited or moved, service renewed, terminal rebound) and alarm events
 * drop the terminal's record, so it is read again for its next push; `online` events set its
 * connection. A record is also read again after `maxAgeMs`, for edits that publish no event
 * (a group renamed, a service running out). Reads that overlap an event of their terminal are
 * used once and not kept. A tenant's records are forgotten when nobody watches it any more.
 */
export class LiveAssetCache implements LiveItemSource {
  private readonly tenants = new Map<number, TenantAssets>();
  private seq = 0;

  constructor(private readonly store: LiveAssetStore, private readonly maxAgeMs = 60_000, private readonly now: () => number = Date.now) {}

  async items(tenantId: number, terminalIds: readonly number[]): Promise<LiveItem[]> {
    const assets = this.assets(tenantId);
    const now = this.now();
    const rows: CachedAssetRow[] = [];
    const missing: number[] = [];
    for (const id of terminalIds) {
      const entry = assets.entries.get(id);
      if (entry && now - entry.readAt < this.maxAgeMs) rows.push(entry.row);
      else missing.push(id);
    }
    if (missing.length > 0) rows.push(...(await this.read(tenantId, assets, missing)));
    const freshSince = this.store.freshSince().getTime();
    return rows.map((row) => ({ ...this.store.toItem({ ...row, online: onlineOf(row, freshSince) }), terminalId: row.terminalId }));
  }

  async asset(tenantId: number, terminalId: number): Promise<{ terminalNo: string; groupId: number | null } | undefined> {
    const assets = this.assets(tenantId);
    const entry = assets.entries.get(terminalId);
    const row = entry && this.now() - entry.readAt < this.maxAgeMs ? entry.row : (await this.read(tenantId, assets, [terminalId]))[0];
    return row && { terminalNo: row.terminalNo, groupId: row.groupId };
  }

  /** Keeps the records current from the bus; called with every event before the fan-out acts on it. */
  observe(event: BusEvent): void {
    const assets = this.tenants.get(event.tenantId);
    if (!assets) return;
    const seq = ++this.seq;
    if (event.type === 'positions') {
      for (const p of event.positions) {
        assets.touched.set(p.terminalId, seq);
        const entry = assets.entries.get(p.terminalId);
        if (entry) mergePosition(entry.row, p);
      }
    } else if (event.type === 'online') {
      assets.touched.set(event.terminalId, seq);
      const entry = assets.entries.get(event.terminalId);
      if (entry) entry.row.connected = event.online;
    } else if (event.type === 'assets') {
      for (const id of event.terminalIds) {
        assets.touched.set(id, seq);
        assets.entries.delete(id);
      }
    } else if (event.type === 'alarm' && event.terminalId !== undefined) {
      assets.touched.set(event.terminalId, seq);
      assets.entries.delete(event.terminalId);
    }
  }

  /** Nobody watches the tenant any more. */
  forget(tenantId: number): void {
    this.tenants.delete(tenantId);
  }

  /** Records kept (tests). */
  size(tenantId: number): number {
    return this.tenants.get(tenantId)?.entries.size ?? 0;
  }

  private assets(tenantId: number): TenantAssets {
    let assets = this.tenants.get(tenantId);
    if (!assets) {
      assets = { entries: new Map(), touched: new Map() };
      this.tenants.set(tenantId, assets);
    }
    return assets;
  }

  private async read(tenantId: number, assets: TenantAssets, terminalIds: readonly number[]): Promise<CachedAssetRow[]> {
    const started = this.seq;
    const readAt = this.now();
    const rows = await this.store.rows(tenantId, terminalIds);
    if (this.tenants.get(tenantId) !== assets) return rows;
    for (const row of rows) {
      if ((assets.touched.get(row.terminalId) ?? 0) > started) continue; // an event overtook the read
      assets.entries.set(row.terminalId, { row: { ...row }, readAt });
    }
    return rows;
  }
}

/** As the monitor query has it: connected, reported recently, and a service that has not run out. */
function onlineOf(row: CachedAssetRow, freshSince: number): boolean {
  return row.connected && !row.expired && row.receivedTime !== null && row.receivedTime.getTime() >= freshSince;
}

/**
 * A committed position becomes the asset's latest as the store's latest_positions has it: only
 * when it is later in device time, its odometer kept when the report had none, its rounding as
 * stored. An expired service shows no position.
 */
function mergePosition(row: CachedAssetRow, p: BusPosition): void {
  if (row.expired) return;
  const deviceTime = new Date(p.deviceTime);
  if (row.gpsTime && row.gpsTime.getTime() >= deviceTime.getTime()) return;
  row.gpsTime = deviceTime;
  row.receivedTime = new Date(p.receivedTime);
  row.lon = p.lon;
  row.lat = p.lat;
  row.altitude = Math.round(p.altitude);
  row.speed = p.speed;
  row.course = Math.round(p.course);
  row.alarmFlags = p.alarmFlags >>> 0;
  row.statusFlags = p.statusFlags >>> 0;
  row.mileage = p.mileage ?? row.mileage;
  row.fix = p.fix ?? null;
  row.accuracy = p.accuracy ?? null;
  row.battery = p.battery ?? null;
  row.externalVoltage = p.externalVoltage ?? null;
  row.charging = p.charging ?? null;
  row.armed = p.armed ?? null;
  row.readings = p.readings ?? null;
}
