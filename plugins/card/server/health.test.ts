import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PersonRecord } from '../../../server/module';
import { createTestServer, demoTenantClients, ManualClock, type ApiClient, type PositionRow, type TestServer } from '../../../server/module/testing';
import { CardApi } from '../../../sdk/contracts';

let server: TestServer;
let admin: ApiClient;
let other: ApiClient;
let person: PersonRecord;

interface Series { threshold: { heartRateMax: number }; readings: { time: string; heartRate: number | null; systolic: number | null; temperature: number | null; steps: number | null }[] }
interface Line { vehicleId: number; heartRate: { min: number; max: number; avg: number }; temperature: { max: number }; systolic: { avg: number }; spo2: { min: number; max: number; avg: number }; steps: number; readings: number; alarms: number }

beforeAll(async () => {
  server = await createTestServer({ demo: true, simulate: false, clock: new ManualClock(new Date('2026-06-01T12:00:00+08:00')), config: { simAssets: true } });
  ({ admin, other } = await demoTenantClients(server.app));
  const tenantId = (await server.store.org.findTenantByName('天路演示'))!.id;
  const scope = { userId: 0, tenantId, tenantIds: [tenantId], groupIds: null };
  person = (await server.store.people.list(scope)).find((p) => p.terminalId !== null)!;
  const at = (hhmm: string) => new Date(`2026-06-01T${hhmm}:00+08:00`);
  const row = (hhmm: string, extras: Record<string, number>): PositionRow => ({
    terminalNo: 'x', terminalId: person.terminalId!, tenantId, deviceTime: at(hhmm), receivedTime: at(hhmm),
    lon: 120.72, lat: 31.33, altitude: 0, speed: 0, course: 0, alarmFlags: 0, statusFlags: 2, mileage: undefined, extras, backfill: false,
  });
  await server.store.positions.writeBatch([
    row('09:00', { heartRate: 70, systolic: 118, diastolic: 76, spo2: 97, temperature: 36.4, steps: 1200 }),
    row('09:05', { battery: 80 }), // a position without readings
    row('10:00', { heartRate: 130, temperature: 37.6, steps: 3400 }),
    row('11:00', { heartRate: 82, systolic: 122, diastolic: 80, spo2: 94, temperature: 36.8, steps: 5100 }),
  ]);
  await server.store.alarms.open({
    tenantId, terminalId: person.terminalId!, alarmType: 'heartRateAbnormal', source: 'platform', startTime: at('10:00'), lon: 120.72, lat: 31.33, speed: 0, detail: { heartRate: 130 },
  });
});
afterAll(() => server.close());

describe('健康', () => {
  it('answers a person’s readings of a day in time order with the tenant’s thresholds', async () => {
    const res = await admin.get<Series>(CardApi.healthSeries.path, { vehicleId: person.vehicleId, day: '2026-06-01' });
    expect(res.flag).toBe(1);
    expect(res.obj.threshold.heartRateMax).toBe(120);
    expect(res.obj.readings.map((r) => [r.time, r.heartRate, r.systolic, r.temperature, r.steps])).toEqual([
      ['2026-06-01T09:00:00+08:00', 70, 118, 36.4, 1200],
      ['2026-06-01T10:00:00+08:00', 130, null, 37.6, 3400],
      ['2026-06-01T11:00:00+08:00', 82, 122, 36.8, 5100],
    ]);
    expect((await admin.get<Series>(CardApi.healthSeries.path, { vehicleId: person.vehicleId, day: '2026-06-02' })).obj.readings).toEqual([]);
  });

  it('sums each person’s day in 健康报表: min, max and average, most steps, readings and health alarms', async () => {
    const res = await admin.get<{ total: number; list: Line[] }>(CardApi.healthReport.path, { day: '2026-06-01', keyword: person.name });
    const line = res.obj.list.find((l) => l.vehicleId === person.vehicleId)!;
    expect(line).toMatchObject({
      heartRate: { min: 70, max: 130, avg: 94 }, temperature: { max: 37.6 }, systolic: { avg: 120 }, spo2: { min: 94, max: 97, avg: 95.5 }, steps: 5100, readings: 3, alarms: 1,
    });
  });

  it('refuses bad input in Chinese and keeps people of other tenants out', async () => {
    expect(await admin.get(CardApi.healthSeries.path, { vehicleId: person.vehicleId, day: '2026-6-1' })).toMatchObject({
      flag: 400, msg: '日期格式不正确，应为 YYYY-MM-DD，例如 2026-01-01',
    });
    expect(await admin.get(CardApi.healthSeries.path, { day: '2026-06-01' })).toMatchObject({ flag: 400, msg: '人员不能为空' });
    expect(await admin.get(CardApi.healthSeries.path, { vehicleId: 999999, day: '2026-06-01' })).toMatchObject({ flag: 404, msg: '人员不存在' });
    expect(await other.get(CardApi.healthSeries.path, { vehicleId: person.vehicleId, day: '2026-06-01' })).toMatchObject({ flag: 403 });
  });
});

describe('person/detail.json', () => {
  it('gives the person card with each reading’s latest value', async () => {
    const res = await admin.get<{ name: string; readings: Record<string, { value: number; time: string }> }>(CardApi.personDetail.path, { terminalNo: person.terminalNo! });
    expect(res.obj.name).toBe(person.name);
    expect(res.obj.readings).toEqual({
      heartRate: { value: 82, time: '2026-06-01T11:00:00+08:00' },
      systolic: { value: 122, time: '2026-06-01T11:00:00+08:00' },
      diastolic: { value: 80, time: '2026-06-01T11:00:00+08:00' },
      spo2: { value: 94, time: '2026-06-01T11:00:00+08:00' },
      temperature: { value: 36.8, time: '2026-06-01T11:00:00+08:00' },
      steps: { value: 5100, time: '2026-06-01T11:00:00+08:00' },
    });
    expect(await admin.get(CardApi.personDetail.path, { terminalNo: '000' })).toMatchObject({ flag: 404, msg: '人员不存在' });
    expect(await other.get(CardApi.personDetail.path, { terminalNo: person.terminalNo! })).toMatchObject({ flag: 403 });
  });
});
