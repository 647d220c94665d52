import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_HEALTH_THRESHOLD } from '../../store/health-queries';
import { demoTenantClients, type ApiClient } from '../../testing/api-client';
import { createTestServer, type TestServer } from '../../testing/test-server';

const GET = '/car/v4/api/health/threshold/getHealthThreshold.json';
const UPDATE = '/car/v4/api/health/threshold/updateHealthThreshold.json';

let server: TestServer;
let admin: ApiClient;
let other: ApiClient;

beforeAll(async () => {
  server = await createTestServer({ demo: true });
  ({ admin, other } = await demoTenantClients(server.app));
});
afterAll(() => server.close());

describe('health thresholds', () => {
  it('starts from defaults and saves per tenant', async () => {
    expect((await admin.get(GET)).obj).toEqual(DEFAULT_HEALTH_THRESHOLD);
    const value = { heartRateMin: 55, heartRateMax: 130, temperatureMax: 37.8, stepGoal: 10000 };
    expect(await admin.postJson(UPDATE, value)).toMatchObject({ flag: 1, obj: value });
    expect((await admin.get(GET)).obj).toEqual(value);
    expect((await other.get(GET)).obj).toEqual(DEFAULT_HEALTH_THRESHOLD);
  });

  it('rejects bad values with a Chinese message and keeps what was saved', async () => {
    const before = (await admin.get(GET)).obj;
    expect(await admin.postJson(UPDATE, { heartRateMin: 55, heartRateMax: 130, temperatureMax: 50, stepGoal: 1 })).toMatchObject({
      flag: 400,
      msg: '体温上限不能大于 42',
    });
    expect(await admin.postJson(UPDATE, { heartRateMin: 120, heartRateMax: 60, temperatureMax: 37, stepGoal: 1 })).toMatchObject({
      flag: 400,
      msg: '心率下限必须小于心率上限',
    });
    expect(await admin.postJson(UPDATE, { heartRateMax: 60, temperatureMax: 37, stepGoal: 1 })).toMatchObject({ flag: 400, msg: '心率下限不能为空' });
    expect(await admin.postJson(UPDATE, { heartRateMin: 'fast', heartRateMax: 60, temperatureMax: 37, stepGoal: 1 })).toMatchObject({
      flag: 400,
      msg: '心率下限必须是整数',
    });
    expect((await admin.get(GET)).obj).toEqual(before);
  });
});
