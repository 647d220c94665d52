import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpService, PetApi, type HttpService as Http, type SafeZone } from '@tianlu/sdk';
import { startPageServer, type PageServer } from '../../../testing/plugin-page-kit';
import ZonesPage from './zones-page';

let kit: PageServer;
const PET_NO = '17400000001';
/** Where the pet last reported (WGS84). */
const AT = { lon: 120.73, lat: 31.33 };
let zones: SafeZone[];

beforeAll(async () => {
  kit = await startPageServer();
  const { store } = kit.server;
  const demo = (await store.org.findTenantByName('天路演示'))!;
  const { vehicleId, terminalId } = await store.fleet.provision({ tenantId: demo.id, groupId: null, terminalNo: PET_NO, displayNo: PET_NO, authCode: 'x', plateNo: '豆豆', assetKind: 'pet' });
  const now = new Date();
  await store.positions.writeBatch([{
    terminalNo: PET_NO, terminalId, tenantId: demo.id, deviceTime: now, receivedTime: now, ...AT,
    altitude: 0, speed: 0, course: 0, alarmFlags: 0, statusFlags: 2, mileage: undefined, extras: {}, backfill: false,
  }]);
  // two zones of 豆豆, saved as the demo admin through the API
  const { kernel, unmount } = await kit.render(<div />);
  const http = kernel.get<Http>(HttpService);
  zones = [];
  for (const [name, center, radius] of [['家', [120.72, 31.32], 200], ['公园', [120.75, 31.34], 500]] as const) {
    const res = await http.call(PetApi.zoneSave, { vehicleId, name, center: [...center], radius });
    expect(res.flag, res.msg).toBe(1);
    zones.push(res.obj);
  }
  unmount();
});

afterAll(() => kit?.close());

/** The WGS84 box of the pet's position and the circles, as the map's region says it (6 decimals). */
function box(circles: readonly SafeZone[]): string {
  const lons = [AT.lon], lats = [AT.lat];
  for (const z of circles) {
    const dLat = z.radius / 111_195;
    const dLon = dLat / Math.cos((z.center[1] * Math.PI) / 180);
    lons.push(z.center[0] - dLon, z.center[0] + dLon);
    lats.push(z.center[1] - dLat, z.center[1] + dLat);
  }
  return [Math.min(...lons), Math.min(...lats), Math.max(...lons), Math.max(...lats)].map((v) => v.toFixed(6)).join(',');
}

describe('安全区域 opens on the pet and its zones', () => {
  it('marks the pet and fits it with all its zones, then with the zone edited only', async () => {
    await kit.render(<ZonesPage />);
    const side = await screen.findByRole('complementary', { name: '安全区域' });
    fireEvent.change(within(side).getByRole('textbox', { name: '搜索宠物' }), { target: { value: PET_NO } });
    const map = screen.getByRole('region', { name: '安全区域地图' });
    await waitFor(() => expect(map.getAttribute('data-marked')).toBe(PET_NO), { timeout: 10_000 });
    await waitFor(() => expect(map.getAttribute('data-bounds')).toBe(box(zones)));

    const park = zones.find((z) => z.name === '公园')!;
    const row = side.querySelector(`[data-zone="公园"]`) as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: '编辑' }));
    await waitFor(() => expect(map.getAttribute('data-bounds')).toBe(box([park])));
    // 家 lies outside the box now: the view is on the park and 豆豆
    expect(box([park])).not.toBe(box(zones));
    expect(map.getAttribute('data-marked')).toBe(PET_NO);
  });
});
