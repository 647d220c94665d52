import { describe, expect, it } from 'vitest';
import type { BusPosition } from '../bus/bus-events';
import type { AssetRow } from '../store/monitor-queries';
import { toMonitorItem } from '../api/monitor/monitor-item';
import { LiveAssetCache } from './live-asset-cache';

const TENANT = 7;
const T0 = Date.parse('2026-05-01T02:00:00Z');

function row(terminalId: number, over: Partial<AssetRow> = {}): AssetRow {
  return {
    terminalId, tenantId: 1, terminalNo: `01380000000${terminalId}`, vehicleId: terminalId, plateNo: `京A0000${terminalId}`, groupId: 101, groupName: '北京车队',
    online: true, connected: true, lon: 116, lat: 39, speed: 0, course: 0, altitude: 0, gpsTime: new Date(T0), receivedTime: new Date(T0),
    alarmFlags: 0, statusFlags: 3, mileage: 100, openAlarms: 0, openAlarmTypes: [], expired: false, assetKind: 'vehicle', department: null,
    protocol: 'jt808', fix: null, accuracy: null, battery: null, externalVoltage: null, charging: null, armed: null, readings: null, nominalVoltage: null, ...over,
  };
}

function position(terminalId: number, second: number, over: Partial<BusPosition> = {}): BusPosition {
  const at = new Date(T0 + second * 1000).toISOString();
  return {
    terminalNo: `1380000000${terminalId}`, terminalId, deviceTime: at, receivedTime: at, lon: 116 + second / 1000, lat: 39, altitude: 10.4,
    speed: 30, course: 90.6, alarmFlags: 0, statusFlags: 3, mileage: null, backfill: false, ...over,
  };
}

/** The store as the cache sees it: the rows it holds, and every read it was asked for. */
function fakeStore(rows: AssetRow[]) {
  const stored = new Map(rows.map((r) => [r.terminalId, r]));
  const reads: number[][] = [];
  return {
    stored,
    reads,
    store: {
      async rows(_tenantId: number, terminalIds: readonly number[]) {
        reads.push([...terminalIds]);
        return terminalIds.flatMap((id) => (stored.has(id) ? [{ ...stored.get(id)! }] : []));
      },
      freshSince: () => new Date(T0 - 60_000),
      toItem: toMonitorItem,
    },
  };
}

describe('live asset cache', () => {
  it('reads an asset once, then builds its items from the committed positions', async () => {
    const { store, reads } = fakeStore([row(1), row(2)]);
    const cache = new LiveAssetCache(store);
    expect((await cache.items(TENANT, [1, 2])).map((i) => i.plateNo)).toEqual(['京A00001', '京A00002']);
    cache.observe({ type: 'positions', tenantId: TENANT, positions: [position(1, 5), position(2, 6, { mileage: 120.5, battery: 80 })] });
    const items = await cache.items(TENANT, [1, 2]);
    expect(reads).toEqual([[1, 2]]);
    expect(items[0]).toMatchObject({ terminalNo: '013800000001', plateNo: '京A00001', lon: 116.005, speed: 30, altitude: 10, course: 91, mileage: 100, gpsTime: '2026-05-01T10:00:05+08:00', online: true });
    expect(items[1]).toMatchObject({ mileage: 120.5, battery: 80, gpsTime: '2026-05-01T10:00:06+08:00' });
  });

  it('keeps the later position when an older one or a blind-area upload arrives after it', async () => {
    const { store } = fakeStore([row(1)]);
    const cache = new LiveAssetCache(store);
    await cache.items(TENANT, [1]);
    cache.observe({ type: 'positions', tenantId: TENANT, positions: [position(1, 10)] });
    cache.observe({ type: 'positions', tenantId: TENANT, positions: [position(1, 3, { backfill: true, lon: 100 })] });
    expect((await cache.items(TENANT, [1]))[0]).toMatchObject({ lon: 116.01, gpsTime: '2026-05-01T10:00:10+08:00' });
  });

  it('shows an asset renamed or moved to another group in its next item', async () => {
    const { store, stored } = fakeStore([row(1)]);
    const cache = new LiveAssetCache(store);
    await cache.items(TENANT, [1]);
    stored.set(1, row(1, { plateNo: '京B99999', groupId: 102, groupName: '上海车队' }));
    expect((await cache.items(TENANT, [1]))[0]).toMatchObject({ plateNo: '京A00001', groupId: 101 });
    cache.observe({ type: 'assets', tenantId: TENANT, terminalIds: [1] });
    expect((await cache.items(TENANT, [1]))[0]).toMatchObject({ plateNo: '京B99999', groupId: 102, groupName: '上海车队' });
  });

  it('shows a terminal that went offline as offline, and online again when it connects', async () => {
    const { store } = fakeStore([row(1)]);
    const cache = new LiveAssetCache(store);
    await cache.items(TENANT, [1]);
    cache.observe({ type: 'online', tenantId: TENANT, terminalId: 1, terminalNo: '13800000001', online: false, at: new Date(T0).toISOString() });
    expect((await cache.items(TENANT, [1]))[0]!.online).toBe(false);
    cache.observe({ type: 'online', tenantId: TENANT, terminalId: 1, terminalNo: '13800000001', online: true, at: new Date(T0).toISOString() });
    expect((await cache.items(TENANT, [1]))[0]!.online).toBe(true);
  });

  it('reads the open alarms again after an alarm event, and every record again once it is old', async () => {
    let now = T0;
    const { store, stored, reads } = fakeStore([row(1)]);
    const cache = new LiveAssetCache(store, 60_000, () => now);
    await cache.items(TENANT, [1]);
    stored.set(1, row(1, { openAlarms: 1, openAlarmTypes: ['sos'] }));
    cache.observe({ type: 'alarm', tenantId: TENANT, groupId: 101, terminalId: 1, event: 'start', alarm: {} as never });
    expect((await cache.items(TENANT, [1]))[0]).toMatchObject({ openAlarms: 1, openAlarmTypes: ['sos'] });
    stored.set(1, row(1, { groupName: '北京一队' }));
    now += 60_000;
    expect((await cache.items(TENANT, [1]))[0]!.groupName).toBe('北京一队');
    expect(reads).toHaveLength(3);
  });

  it('does not keep a read that an event of its terminal overtook', async () => {
    const { store, stored, reads } = fakeStore([row(1)]);
    const cache = new LiveAssetCache(store);
    await cache.items(TENANT, []); // the tenant is watched
    const reading = cache.items(TENANT, [1]);
    cache.observe({ type: 'assets', tenantId: TENANT, terminalIds: [1] });
    stored.set(1, row(1, { plateNo: '京C00001' }));
    await reading;
    expect((await cache.items(TENANT, [1]))[0]!.plateNo).toBe('京C00001');
    expect(reads).toEqual([[1], [1]]);
  });

  it('keeps no records of a tenant nobody watches, and none of an expired service positions', async () => {
    const { store } = fakeStore([row(1, { expired: true, lon: null, lat: null, gpsTime: null, receivedTime: null, online: false })]);
    const cache = new LiveAssetCache(store);
    await cache.items(TENANT, [1]);
    cache.observe({ type: 'positions', tenantId: TENANT, positions: [position(1, 5)] });
    expect((await cache.items(TENANT, [1]))[0]).toMatchObject({ expired: true, lon: null, online: false });
    cache.forget(TENANT);
    expect(cache.size(TENANT)).toBe(0);
    cache.observe({ type: 'positions', tenantId: TENANT, positions: [position(1, 6)] });
    expect(cache.size(TENANT)).toBe(0);
  });
});
