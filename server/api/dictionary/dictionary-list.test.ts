import { afterAll, beforeAll, expect, it } from 'vitest';
import { ApiClient } from '../../testing/api-client';
import { createTestServer, type TestServer } from '../../testing/test-server';

let server: TestServer;
let client: ApiClient;

beforeAll(async () => {
  server = await createTestServer({ demo: true });
  client = new ApiClient(server.app);
  await client.login('admin', 'Admin@123');
});
afterAll(() => server.close());

it('lists dictionary entries, optionally of one type, in sort order', async () => {
  const all = await client.get<{ type: string; code: string; name: string; sort: number }[]>('/car/v4/api/system/dictionary/list.json');
  expect(new Set(all.obj.map((e) => e.type))).toEqual(new Set(['alarmType', 'onlineStatus', 'plateColor', 'terminalProtocol', 'vehicleType']));
  const colours = await client.get<{ type: string; name: string; sort: number }[]>('/car/v4/api/system/dictionary/list.json', { type: 'plateColor' });
  expect(colours.obj.map((e) => e.name)).toEqual(['蓝色', '黄色', '黑色', '白色', '绿色']);
});
