import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batteryPercentFromVoltage } from '../../../sdk/asset-kinds';
import type { BatteryHistory } from '../../../sdk/track';
import type { PositionRow } from '../../gateway/gateway-ports';
import { demoTenantClients, type ApiClient } from '../../testing/api-client';
import { createTestServer, type TestServer } from '../../testing/test-server';

const BATTERY = '/car/v4/api/track/battery.json';
const EBIKE = '358710060000991';
const T0 = Date.parse('2026-05-01T08:00:00+08:00');

let server: TestServer;
let admin: ApiClient;

beforeAll(async () => {
  server = await createTestServer({ demo: true, simulate: false });
  ({ admin } = await demoTenantClients(server.app));
  const tenantId = (await server.store.users.findByAccount('admin'))!.tenantId;
  const { terminalId } = await server.store.fleet.provision({
    tenantId, groupId: null, terminalNo: EBIKE, displayNo: EBIKE, authCode: '', imei: EBIKE, protocol: 'gt06', plateNo: '粤B·D39999', plateColor: 0,
    assetKind: 'ebike', profile: { batteryVoltage: '48' },
  });
  // the guard's coarse level (100 %, then 50 %) beside the voltage of its 0x94 reports, and a report with the level alone
  const readings: PositionRow['extras'][] = [{ battery: 100, externalVoltage: 50.4 }, { battery: 100 }, { battery: 50, externalVoltage: 46.2 }, { battery: 50, externalVoltage: 45.0 }];
  await server.store.positions.writeBatch(readings.map((extras, i) => ({
    terminalNo: EBIKE, terminalId, tenantId, deviceTime: new Date(T0 + i * 60_000), receivedTime: new Date(T0 + i * 60_000),
    lon: 114.05, lat: 22.54, altitude: 0, speed: 0, course: 0, alarmFlags: 0, statusFlags: 2, extras, backfill: false,
  })));
});
afterAll(() => server.close());

describe('电池曲线 of an e-bike', () => {
  it('reads 电量 from the same voltage readings as 电压, never from the guard’s own level', async () => {
    const res = await admin.get<BatteryHistory>(BATTERY, { terminalNo: EBIKE, start: '2026-05-01T00:00:00+08:00', end: '2026-05-01T23:59:59+08:00' });
    expect(res.flag, res.msg).toBe(1);
    expect(res.obj.nominalVoltage).toBe(48);
    expect(res.obj.points.map((p) => [p.voltage, p.battery])).toEqual([50.4, 46.2, 45.0].map((v) => [v, batteryPercentFromVoltage(v, 48)]));
  });

  it('is a page of 电动车卫士’s menu, granted with 电动车监控', async () => {
    interface Item { id: number; name: string; path?: string; children?: Item[] }
    const flat = (items: Item[]): Item[] => items.flatMap((i) => [i, ...flat(i.children ?? [])]);
    const menu = flat((await admin.get<Item[]>('/car/v1/api/resource/newList.json')).obj);
    expect(menu.find((i) => i.path === '/elec-car/battery')).toMatchObject({ id: 1811, name: '电池曲线' });
  });
});
