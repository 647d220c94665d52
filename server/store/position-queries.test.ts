import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PositionRow } from '../gateway/gateway-ports';
import { createTestServer, type TestServer } from '../testing/test-server';
import { ManualClock } from '../clock';
import { PositionMaintenance } from './position-maintenance';
import { StorePositionSink, StoreTerminalDirectory } from './store-gateway-ports';

let server: TestServer;
let tenantId: number;
let terminalId: number;

function row(deviceTime: string, overrides: Partial<PositionRow> = {}): PositionRow {
  return {
    terminalNo: '13700000001', terminalId, tenantId, deviceTime: new Date(deviceTime),
    receivedTime: new Date(deviceTime), lon: 116.397, lat: 39.909, altitude: 44, speed: 40.5, course: 90,
    alarmFlags: 0, statusFlags: 3, mileage: 1000.5, extras: { satellites: 9 }, backfill: false, ...overrides,
  };
}

beforeAll(async () => {
  server = await createTestServer({ demo: true, gateway: false });
  tenantId = (await server.store.org.findTenantByName('天路演示'))!.id;
  const group = await server.store.fleet.ensureGroup(tenantId, null, '测试车队');
  ({ terminalId } = await server.store.fleet.provision({
    tenantId, groupId: group, terminalNo: '13700000001', displayNo: '013700000001', authCode: 'CODE1', plateNo: '京A00001',
  }));
});
afterAll(() => server.close());

describe('position store', () => {
  it('writes a batch across days into daily partitions created on demand', async () => {
    const sink = new StorePositionSink(server.store.positions);
    await sink.writeBatch([row('2026-03-01T23:59:59Z'), row('2026-03-02T00:00:01Z'), row('2026-03-05T10:00:00Z', { mileage: undefined, extras: {} })]);
    const days = await server.store.positions.partitions.list();
    for (const d of ['2026-03-01', '2026-03-02', '2026-03-05']) expect(days).toContain(Date.parse(`${d}T00:00:00Z`));
    const track = await server.store.positions.track(terminalId, new Date('2026-03-01T00:00:00Z'), new Date('2026-03-06T00:00:00Z'), 100);
    expect(track.map((p) => p.deviceTime.toISOString())).toEqual(['2026-03-01T23:59:59.000Z', '2026-03-02T00:00:01.000Z', '2026-03-05T10:00:00.000Z']);
    expect(track[0]).toMatchObject({ lon: 116.397, lat: 39.909, altitude: 44, course: 90, statusFlags: 3, mileage: 1000.5, backfill: false });
    expect(track[2]!.mileage).toBeNull();
  });

  it('ignores a resent position and only moves the latest position forward', async () => {
    await server.store.positions.writeBatch([row('2026-03-05T10:00:00Z', { lon: 1 })]);
    expect(await server.store.positions.count(terminalId)).toBe(3);
    // a late (backfilled) position older than the latest leaves the latest alone
    await server.store.positions.writeBatch([row('2026-03-04T10:00:00Z', { lon: 117, backfill: true })]);
    const freshSince = new Date(0);
    let latest = (await server.store.monitor.assets(tenantId, { freshSince, terminalIds: [terminalId] })).list[0]!;
    expect(latest.gpsTime?.toISOString()).toBe('2026-03-05T10:00:00.000Z');
    expect(latest.lon).toBe(116.397);
    await server.store.positions.writeBatch([row('2026-03-05T10:00:30Z', { lon: 116.5, alarmFlags: 0x80000000 })]);
    latest = (await server.store.monitor.assets(tenantId, { freshSince, terminalIds: [terminalId] })).list[0]!;
    expect(latest).toMatchObject({ lon: 116.5, alarmFlags: 0x80000000, plateNo: '京A00001', terminalNo: '013700000001' });
  });

  it('rolls the whole batch back when one row cannot be stored', async () => {
    const before = await server.store.positions.count(terminalId);
    await expect(server.store.positions.writeBatch([row('2026-03-06T01:00:00Z'), row('2026-03-06T02:00:00Z', { terminalId: 999999 })])).rejects.toThrow();
    expect(await server.store.positions.count(terminalId)).toBe(before);
  });

  it('creates partitions ahead and drops those past the retention', async () => {
    const clock = new ManualClock(new Date('2026-03-10T12:00:00Z'));
    const maintenance = new PositionMaintenance(server.store.positions, clock, { retentionDays: 7 });
    const dropped = await maintenance.runOnce();
    expect(dropped).toEqual(['positions_p20260301', 'positions_p20260302']);
    const days = await server.store.positions.partitions.list();
    expect(days).toContain(Date.parse('2026-03-12T00:00:00Z'));
    expect(days).not.toContain(Date.parse('2026-03-01T00:00:00Z'));
    expect(await server.store.positions.count(terminalId)).toBe(3);
  });

  it('finds terminals by normalised number and auto-registers unknown ones into the tenant', async () => {
    const directory = new StoreTerminalDirectory(server.store.fleet, async () => tenantId);
    expect(await directory.lookup('13700000001')).toEqual({ terminalId, tenantId, authCode: 'CODE1', protocol: 'jt808' });
    expect(await directory.lookup('13700000999')).toBeUndefined();
    const identity = await directory.register('13700000999', {
      edition: '2019', province: 11, city: 100, maker: 'M', model: 'X1', deviceId: 'D1', plateColor: 1, plate: '京B99999',
    });
    expect(identity.tenantId).toBe(tenantId);
    expect(await directory.lookup('13700000999')).toEqual(identity);
    const detail = await server.store.fleet.detail(tenantId, '13700000999');
    expect(detail).toMatchObject({ plateNo: '京B99999', terminalNo: '013700000999', groupName: '自动注册', terminalModel: 'X1', edition: '2019' });
  });

  it('auto-registers an unknown GT06 or watch device by its IMEI, known only to its own protocol', async () => {
    const directory = new StoreTerminalDirectory(server.store.fleet, async () => tenantId);
    const collar = await directory.registerDevice('358710049090017', 'gt06');
    expect(collar).toMatchObject({ tenantId, authCode: '', protocol: 'gt06' });
    expect(await directory.lookup('358710049090017')).toEqual(collar);
    const detail = await server.store.fleet.detail(tenantId, '358710049090017');
    expect(detail).toMatchObject({ plateNo: '358710049090017', imei: '358710049090017', groupName: '自动注册', assetKind: 'ebike' });
  });
});
