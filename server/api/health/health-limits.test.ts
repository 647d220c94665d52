import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RuleContextCache } from '../../alarms/rule-context-cache';
import type { PersonRecord } from '../../store/people-queries';
import { demoTenantClients, type ApiClient } from '../../testing/api-client';
import { createTestServer, type TestServer } from '../../testing/test-server';

const BASE = '/car/v4/api/health/threshold';
const UPDATE = `${BASE}/updateHealthThreshold.json`;
const LIST = `${BASE}/listHealthLimitOverrides.json`;
const SAVE = `${BASE}/saveHealthLimitOverride.json`;
const DELETE = `${BASE}/deleteHealthLimitOverride.json`;
const SERIES = '/car/v4/api/card/health/series.json';

interface Limits { heartRateMax: number; spo2Min: number; temperatureMin: number; systolicMax: number }
interface Listed { tenant: Limits; departments: string[]; overrides: { id: number; scope: string; name: string; limits: Partial<Limits>; effective: Limits }[] }

let server: TestServer;
let admin: ApiClient;
let other: ApiClient;
/** Two people of one department and one of another. */
let ann: PersonRecord;
let bob: PersonRecord;
let cat: PersonRecord;

beforeAll(async () => {
  server = await createTestServer({ demo: true, simulate: false, config: { simAssets: true } });
  ({ admin, other } = await demoTenantClients(server.app));
  const tenantId = (await server.store.org.findTenantByName('天路演示'))!.id;
  const people = (await server.store.people.list({ userId: 0, tenantId, tenantIds: [tenantId], groupIds: null })).filter((p) => p.terminalId !== null && p.department);
  ann = people[0]!;
  bob = people.find((p) => p !== ann && p.department === ann.department)!;
  cat = people.find((p) => p.department !== ann.department)!;
  // the tenant's own: heart rate up to 120, SpO₂ from 94, temperature from 35.5
  await admin.postJson(UPDATE, { heartRateMin: 50, heartRateMax: 120, temperatureMax: 37.3, stepGoal: 8000, spo2Min: 94, temperatureMin: 35.5, systolicMax: 140 });
});
afterAll(() => server.close());

const threshold = async (p: PersonRecord) => (await admin.get<{ threshold: Limits }>(SERIES, { vehicleId: p.vehicleId, day: '2026-06-01' })).obj.threshold;

describe('健康设置 per department and person', () => {
  it('resolves field by field: the person over the department over the tenant', async () => {
    expect(await admin.postJson(SAVE, { department: ann.department, limits: { heartRateMax: 110, spo2Min: 92 } })).toMatchObject({ flag: 1 });
    expect(await admin.postJson(SAVE, { vehicleId: ann.vehicleId, limits: { heartRateMax: 100 } })).toMatchObject({ flag: 1 });

    // ann: her own 100, her department's 92, the tenant's 35.5 and 140
    expect(await threshold(ann)).toMatchObject({ heartRateMax: 100, spo2Min: 92, temperatureMin: 35.5, systolicMax: 140 });
    // bob, same department, nothing of his own
    expect(await threshold(bob)).toMatchObject({ heartRateMax: 110, spo2Min: 92, temperatureMin: 35.5 });
    // cat, another department: the tenant's
    expect(await threshold(cat)).toMatchObject({ heartRateMax: 120, spo2Min: 94, temperatureMin: 35.5 });

    // the alarm rules read the same limits for each badge
    const contexts = new RuleContextCache(server.store, () => Date.now());
    const health = async (p: PersonRecord) => (await contexts.forTerminal(p.terminalId!))!.health;
    expect(await health(ann)).toMatchObject({ heartRateMax: 100, spo2Min: 92, temperatureMin: 35.5 });
    expect(await health(bob)).toMatchObject({ heartRateMax: 110, spo2Min: 92 });
    expect(await health(cat)).toMatchObject({ heartRateMax: 120, spo2Min: 94 });

    const listed = (await admin.get<Listed>(LIST)).obj;
    expect(listed.departments).toContain(ann.department);
    expect(listed.overrides.map((o) => [o.scope, o.name, o.limits, o.effective.heartRateMax, o.effective.spo2Min])).toEqual([
      ['department', ann.department, { heartRateMax: 110, spo2Min: 92 }, 110, 92],
      ['person', ann.name, { heartRateMax: 100 }, 100, 92],
    ]);
  });

  it('rejects bad limits with a Chinese message and saves nothing', async () => {
    const before = (await admin.get<Listed>(LIST)).obj.overrides;
    const cases: [unknown, string][] = [
      [{ vehicleId: bob.vehicleId, limits: { systolicMin: 150, systolicMax: 140 } }, '收缩压下限必须小于收缩压上限'],
      // bob's department caps his heart rate at 110: a lower limit of 112 cannot stand under it
      [{ vehicleId: bob.vehicleId, limits: { heartRateMin: 112 } }, `心率下限必须小于心率上限（心率上限沿用部门“${ann.department}”的设置：110）`],
      [{ department: cat.department, limits: { temperatureMin: 37.5 } }, '体温下限不能大于 37'],
      [{ department: cat.department, limits: { spo2Min: 69 } }, '血氧下限不能小于 70'],
      [{ department: cat.department, limits: {} }, '请至少填写一项阈值'],
      [{ limits: { spo2Min: 90 } }, '请选择一个部门或一个人员'],
      [{ department: cat.department, vehicleId: cat.vehicleId, limits: { spo2Min: 90 } }, '请选择一个部门或一个人员'],
    ];
    for (const [body, msg] of cases) expect(await admin.postJson(SAVE, body), msg).toMatchObject({ flag: 400, msg });
    expect(await admin.postJson(SAVE, { department: '不存在的部门', limits: { spo2Min: 90 } })).toMatchObject({ flag: 404, msg: '部门不存在' });
    expect(await other.postJson(SAVE, { vehicleId: ann.vehicleId, limits: { spo2Min: 90 } })).toMatchObject({ flag: 404, msg: '人员不存在' });
    expect((await admin.get<Listed>(LIST)).obj.overrides).toEqual(before);
  });

  it('falls back to the department once the person’s own limits are deleted', async () => {
    const own = (await admin.get<Listed>(LIST)).obj.overrides.find((o) => o.scope === 'person')!;
    expect(await admin.postJson(DELETE, { id: own.id })).toMatchObject({ flag: 1 });
    expect(await threshold(ann)).toMatchObject({ heartRateMax: 110, spo2Min: 92 });
    expect(await admin.postJson(DELETE, { id: own.id })).toMatchObject({ flag: 404, msg: '该阈值不存在' });
  });
});
