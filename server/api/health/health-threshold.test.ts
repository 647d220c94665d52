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
    // the first four fields alone, as before: the other limits keep their values
    expect(await admin.postJson(UPDATE, value)).toMatchObject({ flag: 1, obj: value });
    expect((await admin.get(GET)).obj).toEqual({ ...DEFAULT_HEALTH_THRESHOLD, ...value });
    const full = { ...value, systolicMin: 95, systolicMax: 150, diastolicMin: 55, diastolicMax: 95, spo2Min: 93, temperatureMin: 35.5 };
    expect(await admin.postJson(UPDATE, full)).toMatchObject({ flag: 1, obj: full });
    expect((await admin.get(GET)).obj).toEqual(full);
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
    const base = { heartRateMin: 55, heartRateMax: 130, temperatureMax: 37.8, stepGoal: 1 };
    expect(await admin.postJson(UPDATE, { ...base, temperatureMin: 37.9 })).toMatchObject({ flag: 400, msg: '体温下限不能大于 37' });
    expect(await admin.postJson(UPDATE, { ...base, temperatureMax: 36.5, temperatureMin: 36.8 })).toMatchObject({ flag: 400, msg: '体温下限必须小于体温上限' });
    expect(await admin.postJson(UPDATE, { ...base, systolicMin: 150, systolicMax: 140 })).toMatchObject({ flag: 400, msg: '收缩压下限必须小于收缩压上限' });
    expect(await admin.postJson(UPDATE, { ...base, spo2Min: 101 })).toMatchObject({ flag: 400, msg: '血氧下限不能大于 100' });
    expect(await admin.postJson(UPDATE, { ...base, diastolicMax: 88.5 })).toMatchObject({ flag: 400, msg: '舒张压上限必须是整数' });
    expect((await admin.get(GET)).obj).toEqual(before);
  });
});
