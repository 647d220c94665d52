import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addScopedUser, ApiClient, createTestServer, DEMO_TENANT, demoTenantClients, DeviceMotion, EBIKE_AREAS, gt06SimCodec, OTHER_TENANT, pollUntil,
  SimTicker, SimulatedDevice, type TestServer,
} from '../../../server/module/testing';
import { ElecCarApi, type GuardSettingsBody } from '../../../sdk/contracts/elec-car';
import type { GuardSettingsView } from '../../../sdk/ebike-guard';
import { GuardSettingsQueries } from './guard-settings-queries';
import { MonitorApi } from '../../../sdk/contracts';

// 电动车卫士 防盗设置 end to end: read with their defaults, refused in Chinese when out of range (and
// nothing saved), saved per device, the 震动灵敏度 sent to a simulated GT06 guard that answers it,
// left to the platform for a JT/T 808 e-bike, and out of reach of other tenants and of roles without
// 防盗设置. PostgreSQL too when DATABASE_URL is set.

const GUARD = '358710060007771';
const JT808_EBIKE = '13800077701';
const OTHERS_EBIKE = '358710060007789';

let server: TestServer;
let admin: ApiClient;
let other: ApiClient;
let viewer: ApiClient;
let device: SimulatedDevice;
let motion: DeviceMotion;
let demoTenantId: number;
const ticker = new SimTicker(100);

const read = (client: ApiClient, terminalNo: string) => client.get<GuardSettingsView>(ElecCarApi.guardSettings.path, { terminalNo });
// refusals send what the contract would not let the console send
const save = (client: ApiClient, body: Partial<Record<keyof GuardSettingsBody, unknown>>) => client.postJson<GuardSettingsView>(ElecCarApi.guardSave.path, body);
const saved = (terminalId: number) => new GuardSettingsQueries(server.store.db).get(terminalId);

beforeAll(async () => {
  server = await createTestServer({ demo: true, simulate: false });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  ({ admin, other } = await demoTenantClients(server.app));
  const provision = async (tenantName: string, terminalNo: string, protocol: 'gt06' | 'jt808', plateNo: string) => {
    const tenant = (await server.store.org.findTenantByName(tenantName))!;
    const group = await server.store.fleet.ensureGroup(tenant.id, null, '防盗设置', 70);
    await server.store.fleet.provision({ tenantId: tenant.id, groupId: group, terminalNo, displayNo: terminalNo, authCode: '', imei: terminalNo, protocol, plateNo, plateColor: 0, assetKind: 'ebike' });
    return tenant;
  };
  const demo = await provision(DEMO_TENANT, GUARD, 'gt06', '粤B·S07771');
  demoTenantId = demo.id;
  await provision(DEMO_TENANT, JT808_EBIKE, 'jt808', '粤B·S07701');
  await provision(OTHER_TENANT, OTHERS_EBIKE, 'gt06', '粤B·S07789');
  // sees 电动车监控 of 电动车卫士 but may not edit e-bikes
  await addScopedUser(server.store, { tenantId: demo.id, account: 'watcher', password: 'Watcher@123', role: '值班员', platformIds: [18], resourceIds: [1801, 1802] });
  viewer = new ApiClient(server.app);
  await viewer.login('watcher', 'Watcher@123');
  motion = new DeviceMotion('ebike', 21, EBIKE_AREAS[0]!);
  device = new SimulatedDevice({ imei: GUARD, codec: gt06SimCodec, motion, host: '127.0.0.1', port: server.fleet.devices.gt06!.port, intervalSec: 5, ticker });
  device.start();
});

afterAll(async () => {
  await device?.stop();
  await server.close();
});

describe('防盗设置 of an e-bike', () => {
  it('reads the defaults of a device that has none saved: 中, 180 s, and whether its guard takes the level', async () => {
    const res = await read(admin, GUARD);
    expect(res.flag, res.msg).toBe(1);
    expect(res.obj).toMatchObject({ terminalNo: GUARD, plateNo: '粤B·S07771', sensitivity: 2, windowSeconds: 180, saved: false, push: { supported: true, command: null } });
  });

  it('refuses out-of-range values in Chinese and saves nothing', async () => {
    const refusals = await Promise.all([
      save(admin, { terminalNo: GUARD, sensitivity: 5, windowSeconds: 180 }),
      save(admin, { terminalNo: GUARD, sensitivity: 0, windowSeconds: 180 }),
      save(admin, { terminalNo: GUARD, sensitivity: 2, windowSeconds: 10 }),
      save(admin, { terminalNo: GUARD, sensitivity: 2, windowSeconds: 7200 }),
      save(admin, { terminalNo: GUARD, sensitivity: 2 }),
      save(admin, { terminalNo: GUARD, sensitivity: 2, windowSeconds: 90.5 }),
    ]);
    expect(refusals.map((r) => [r.flag, r.msg])).toEqual([
      [400, '震动灵敏度必须是 1（低）、2（中）或 3（高）'],
      [400, '震动灵敏度必须是 1（低）、2（中）或 3（高）'],
      [400, '告警间隔必须在 30–3600 秒之间'],
      [400, '告警间隔必须在 30–3600 秒之间'],
      [400, '告警间隔不能为空'],
      [400, '告警间隔必须是整数'],
    ]);
    expect((await read(admin, GUARD)).obj).toMatchObject({ sensitivity: 2, windowSeconds: 180, saved: false });
    const scope = await server.store.scope.forUser({ id: 0, tenantId: demoTenantId });
    expect(await server.store.commands.page(scope, { terminalNo: GUARD, offset: 0, limit: 5 })).toMatchObject({ total: 0 });
  });

  it('saves them and tells the online GT06 guard its new 震动灵敏度, which it answers 成功', async () => {
    await pollUntil(() => admin.get<{ list: { online: boolean }[] }>(MonitorApi.list.path, { keyword: GUARD }), (r) => r.obj.list[0]?.online === true, 'the guard online');
    const res = await save(admin, { terminalNo: GUARD, sensitivity: 3, windowSeconds: 120 });
    expect(res.flag, res.msg).toBe(1);
    expect(res.obj).toMatchObject({ sensitivity: 3, windowSeconds: 120, saved: true, push: { supported: true, command: { commandType: 'vibrationSensitivity', commandName: '设置震动灵敏度' } } });
    const answered = await pollUntil(() => read(admin, GUARD), (r) => (r.obj.push.command?.status ?? 0) >= 2, 'the guard’s answer');
    expect(answered.obj.push.command).toMatchObject({ status: 2, statusText: '成功', params: { level: 3 } });
    expect(answered.obj.push.command!.result).toMatchObject({ code: 0, text: '震动灵敏度已设为高', raw: 'Sensitivity set to 3: Success!' });
    expect(motion.vibrationSensitivity).toBe(3);

    // only the window changed: the guard already has its level, nothing is sent again
    const again = await save(admin, { terminalNo: GUARD, sensitivity: 3, windowSeconds: 300 });
    expect(again.obj).toMatchObject({ windowSeconds: 300, push: { command: { id: answered.obj.push.command!.id } } });
    expect(await saved((await server.store.fleet.terminalAuth(GUARD))!.terminalId)).toMatchObject({ sensitivity: 3, windowSeconds: 300 });
  });

  it('keeps the settings of a JT/T 808 e-bike for the platform alone: its protocol has no such parameter', async () => {
    const res = await save(admin, { terminalNo: JT808_EBIKE, sensitivity: 1, windowSeconds: 600 });
    expect(res.flag, res.msg).toBe(1);
    expect(res.obj).toMatchObject({ sensitivity: 1, windowSeconds: 600, saved: true, push: { supported: false, reason: '该终端不支持设置震动灵敏度，仅由平台按震动次数过滤', command: null } });
  });

  it('refuses another tenant’s e-bike, and callers without 电动车卫士 or without 防盗设置', async () => {
    expect(await read(admin, OTHERS_EBIKE)).toMatchObject({ flag: 404, msg: `终端 ${OTHERS_EBIKE} 不存在` });
    expect(await save(admin, { terminalNo: OTHERS_EBIKE, sensitivity: 1, windowSeconds: 60 })).toMatchObject({ flag: 404 });
    expect((await read(other, OTHERS_EBIKE)).flag).toBe(403);
    expect((await save(other, { terminalNo: GUARD, sensitivity: 1, windowSeconds: 60 })).flag).toBe(403);
    // a watcher reads them but may not change them
    expect((await read(viewer, GUARD)).obj).toMatchObject({ sensitivity: 3, windowSeconds: 300 });
    expect(await save(viewer, { terminalNo: GUARD, sensitivity: 1, windowSeconds: 60 })).toMatchObject({ flag: 403 });
    expect((await read(admin, GUARD)).obj).toMatchObject({ sensitivity: 3, windowSeconds: 300 });
    const othersId = (await server.store.fleet.terminalAuth(OTHERS_EBIKE))!.terminalId;
    expect(await saved(othersId)).toBeUndefined();
  });
});
