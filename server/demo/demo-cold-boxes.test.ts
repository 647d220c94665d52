import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MonitorItem } from '../api/monitor/monitor-item';
import { buildConfig } from '../config';
import { ApiClient } from '../testing/api-client';
import { createTestServer, type TestServer } from '../testing/test-server';
import { demoColdBoxIndexes } from './demo-fleet';

describe('demoColdBoxIndexes', () => {
  it('puts the boxes on the demo’s 冷藏车 first, then on the other vehicles in order', () => {
    expect(buildConfig({}).simColdBoxes).toBe(5);
    expect(buildConfig({ SIM_COLD_BOXES: '0' }).simColdBoxes).toBe(0);
    expect(demoColdBoxIndexes(5, 50)).toEqual([3, 8, 23, 28, 33]);
    expect(demoColdBoxIndexes(3, 6)).toEqual([0, 1, 3]);
    expect(demoColdBoxIndexes(5, 2)).toEqual([0, 1]);
    expect(demoColdBoxIndexes(0, 50)).toEqual([]);
  });
});

describe('demo fleet with refrigerated boxes', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await createTestServer({ demo: true, simulate: true, config: { simDevices: 10, simIntervalSeconds: 1, simColdBoxes: 2 } });
  });
  afterAll(() => server.close());

  it('has the two 冷藏车 report their box temperature as item.e1, and only them', async () => {
    const admin = new ApiClient(server.app);
    await admin.login('admin', 'Admin@123');
    const list = async () => (await admin.get<{ list: MonitorItem[] }>('/car/v4/api/monitor/list.json', { pageSize: 100 })).obj.list;
    let items: MonitorItem[] = [];
    await expect.poll(async () => (items = await list()).filter((i) => i.gpsTime).length, { timeout: 15_000 }).toBe(10);
    const boxed = items.filter((i) => i.readings?.['item.e1'] !== undefined).map((i) => i.terminalNo).sort();
    expect(boxed).toEqual(['013800000004', '013800000009']);
    const types = await server.store.db.selectFrom('vehicles').innerJoin('terminals', 'terminals.vehicle_id', 'vehicles.id')
      .select(['terminals.display_no', 'vehicles.vehicle_type']).where('terminals.display_no', 'in', boxed).execute();
    expect(types.map((t) => t.vehicle_type)).toEqual(['冷藏车', '冷藏车']);
    for (const i of items.filter((x) => boxed.includes(x.terminalNo))) {
      const celsius = ((parseInt(String(i.readings!['item.e1']), 16) << 16) >> 16) / 10;
      expect(celsius).toBeGreaterThanOrEqual(2.7);
      expect(celsius).toBeLessThanOrEqual(12.6);
    }
  });
});
