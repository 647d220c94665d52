import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AlarmApi } from '../../sdk/contracts/alarm';
import { AlarmPushApi } from '../../sdk/contracts/kernel';
import type { AlarmControlItem } from '../../sdk/services/alarm-service';
import { scanPluginsDir } from '../installed-plugins/plugins-dir-scan';
import { ApiClient } from '../testing/api-client';
import { createTestServer, type TestServer } from '../testing/test-server';
import { ALARM_TYPES, alarmTypes, takenAlarmTypes } from './alarm-catalogue';

let server: TestServer;
let pluginsDir: string;
let admin: ApiClient;
let other: ApiClient;

function record(systemId: string, platformId: number, alarmTypes: unknown[]) {
  return {
    platformId, systemId, name: systemId, productionEntry: `/child/${systemId}/index.js`, developmentEntry: '', title: `${systemId}插件`, icon: 'Apps',
    path: `/${systemId}/`, created: '2026-11-27', iconfont: '', enabled: true, contributes: { alarmTypes },
  };
}

async function install(manifest: ReturnType<typeof record>): Promise<void> {
  const dir = join(pluginsDir, manifest.systemId);
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, 'manifest.json'), JSON.stringify(manifest));
  await writeFile(join(dir, 'index.js'), 'export default {};\n');
}

const OVER_TEMP = { alarmType: 'cold.overTemp', alarmName: '冷链超温', defaultLevel: 'urgent', lifecycle: 'condition' };
const DOOR = { alarmType: 'cold.doorOpen', alarmName: '冷藏门未关' };

const systemIds = async () => ((await server.app.inject({ method: 'GET', url: '/plugins.manifest.json' })).json() as { systemId: string }[]).map((r) => r.systemId);
const controls = async (client: ApiClient) => (await client.postJson<AlarmControlItem[]>(AlarmApi.controlList.path, {})).obj;

beforeAll(async () => {
  pluginsDir = await mkdtemp(join(tmpdir(), 'tianlu-alarm-plugins-'));
  await install(record('cold', 93, [OVER_TEMP, DOOR]));
  // codes already taken: the platform's SOS, 电动车租赁's 租约逾期, and the first plugin's own
  await install(record('clash-sos', 92, [{ alarmType: 'sos', alarmName: '我的紧急报警' }]));
  await install(record('clash-lease', 91, [{ alarmType: 'leaseOverdue', alarmName: '逾期' }]));
  await install(record('copycat', 89, [{ alarmType: 'cold.overTemp', alarmName: '超温' }]));
  server = await createTestServer({ demo: true, config: { pluginsDir } });
  admin = new ApiClient(server.app);
  other = new ApiClient(server.app);
  await admin.login('admin', 'Admin@123');
  await other.login('other', 'Other@123');
});

afterAll(async () => {
  await server?.close();
  await rm(pluginsDir, { recursive: true, force: true });
});

describe('alarm types installed plugins contribute', () => {
  it('join the catalogue after the built-in ones, defaults filled in', () => {
    expect(alarmTypes().slice(0, ALARM_TYPES.length)).toEqual(ALARM_TYPES);
    expect(alarmTypes().slice(ALARM_TYPES.length)).toEqual([
      expect.objectContaining({ ...OVER_TEMP, defaultEnabled: true, source: 'platform', platformId: 93, thresholds: [] }),
      expect.objectContaining({ ...DOOR, defaultEnabled: true, defaultLevel: 'normal', lifecycle: 'event', platformId: 93 }),
    ]);
  });

  it('show in 告警设置 of a tenant granted the plugin, after the built-in ones, and can be set there', async () => {
    const mine = await controls(admin);
    expect(mine.slice(-3).map((c) => [c.alarmType, c.alarmName, c.level, c.enabled])).toEqual([
      ['leaseOverdue', '租约逾期', 'normal', true],
      ['cold.overTemp', '冷链超温', 'urgent', true],
      ['cold.doorOpen', '冷藏门未关', 'normal', true],
    ]);
    const saved = await admin.postJson<AlarmControlItem[]>(AlarmApi.controlSave.path, { items: [{ alarmType: 'cold.doorOpen', enabled: false, level: 'info' }] });
    expect(saved.flag).toBe(1);
    expect(saved.obj.find((c) => c.alarmType === 'cold.doorOpen')).toMatchObject({ enabled: false, level: 'info', defaultLevel: 'normal' });
  });

  it('stay out of 告警设置 of a tenant not granted it, which cannot set them either', async () => {
    const theirs = await controls(other);
    expect(theirs.length).toBeGreaterThan(0);
    expect(theirs.map((c) => c.alarmType)).not.toContain('cold.overTemp');
    // nor 电动车租赁's, which the second tenant does not have
    expect(theirs.map((c) => c.alarmType)).not.toContain('leaseOverdue');
    const refused = await other.postJson(AlarmApi.controlSave.path, { items: [{ alarmType: 'cold.overTemp', enabled: false }] });
    expect(refused).toMatchObject({ flag: 400, msg: '告警类型 cold.overTemp 不存在' });
  });

  it('are pushed by default and counted by name in 实时告警', async () => {
    const push = await admin.postJson<{ alarmTypes: string[] }>(AlarmPushApi.settings.path, {});
    expect(push.obj.alarmTypes).toEqual(expect.arrayContaining(['cold.overTemp', 'cold.doorOpen']));
    const tenantId = (await server.store.org.findTenantByName('天路演示'))!.id;
    const { terminalId } = await server.store.fleet.provision({ tenantId, groupId: null, terminalNo: '13910009101', displayNo: '13910009101', authCode: 'x', plateNo: '冷链车02', assetKind: 'vehicle' });
    await server.store.alarms.open({ tenantId, terminalId, alarmType: 'cold.overTemp', source: 'platform', startTime: new Date(Date.now() - 60_000), lon: null, lat: null, speed: null, detail: {} });
    const counts = await admin.get<{ types: { alarmType: string; alarmName: string; count: number }[] }>(AlarmApi.realtimeCount.path);
    expect(counts.obj.types).toContainEqual({ alarmType: 'cold.overTemp', alarmName: '冷链超温', count: 1 });
  });

  it('refuses a plugin whose alarm type code is already taken, saying whose it is; the plugin does not install', async () => {
    const ids = await systemIds();
    expect(ids).toContain('cold');
    for (const refused of ['clash-sos', 'clash-lease', 'copycat']) expect(ids).not.toContain(refused);
    const builtIns = { platforms: new Map(), systemIds: new Map(), paths: new Set<string>(), resourceIds: new Set<number>(), alarmTypes: takenAlarmTypes() };
    const { problems } = await scanPluginsDir(pluginsDir, builtIns);
    expect(problems).toEqual(expect.arrayContaining([
      expect.stringContaining('告警类型 sos 已被平台的「紧急报警」占用'),
      expect.stringContaining('告警类型 leaseOverdue 已被电动车租赁的「租约逾期」占用'),
      expect.stringContaining('告警类型 cold.overTemp 已被已安装的插件「cold」占用'),
    ]));
    expect(alarmTypes().filter((t) => t.alarmType === 'cold.overTemp')).toHaveLength(1);
  });

  it('follow PLUGINS_DIR: a plugin added or removed adds or takes its types at the next read', async () => {
    await install(record('fridge', 88, [{ alarmType: 'fridge.powerLoss', alarmName: '冰柜断电' }]));
    expect(await systemIds()).toContain('fridge');
    expect((await controls(admin)).map((c) => c.alarmName)).toContain('冰柜断电');
    await rm(join(pluginsDir, 'fridge'), { recursive: true });
    expect(await systemIds()).not.toContain('fridge');
    expect(alarmTypes().map((t) => t.alarmType)).not.toContain('fridge.powerLoss');
  });
});
