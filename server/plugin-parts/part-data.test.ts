import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AlarmApi } from '../../sdk/contracts/alarm';
import type { Alarm } from '../../sdk/services/alarm-service';
import type { MonitorItem } from '../api/monitor/monitor-item';
import { Jt808TestTerminal } from '../gateway/testing/jt808-test-terminal';
import { tenantIds } from '../testing/asset-admin';
import { ApiClient, demoTenantClients } from '../testing/api-client';
import { LiveTestClient } from '../testing/live-client';
import { pollUntil } from '../testing/poll-until';
import { createTestServer, listenOnFreePort, type TestServer } from '../testing/test-server';

// Installed plugins' server parts fed with the platform's data: a cold-chain part that decodes the
// temperature an item 0xE1 carries, subscribes to positions and alarms and raises its own alarm
// type; parts whose handler or decoder throws; a part whose reading key is not its own.
const COLD_CHAIN_SERVER = `
const positions = [];
const alarms = [];
export default {
  name: 'coldchain',
  readings: {
    'coldchain.t1': (p) => { const hex = p.item(0xE1); return hex === undefined ? undefined : ((parseInt(hex, 16) << 16) >> 16) / 10; },
  },
  subscriptions: {
    positions(batch) { positions.push(...batch); },
    async alarms(event) { alarms.push({ event: event.event, alarmType: event.alarm.alarmType, alarmName: event.alarm.alarmName }); },
  },
  routes: [
    { method: 'GET', url: '/plugins/coldchain/api/seen.json', handler: async () => ({ positions, alarms }) },
    {
      method: 'POST', url: '/plugins/coldchain/api/raise.json',
      async handler({ body, plugin }) {
        const row = await plugin.alarms.raise({ tenantId: body.tenantId, terminalId: body.terminalId, alarmType: body.alarmType, time: plugin.clock.now(), lon: 113.3, lat: 23.2, detail: { celsius: 9.5 } });
        return row ? { id: row.id, alarmType: row.alarmType } : null;
      },
    },
    {
      method: 'POST', url: '/plugins/coldchain/api/end.json',
      async handler({ body, plugin }) {
        const row = await plugin.alarms.end(body.terminalId, body.alarmType, plugin.clock.now());
        return row ? { id: row.id, ended: row.endTime !== null } : null;
      },
    },
  ],
};
`;

const T0 = Date.parse('2026-05-01T02:00:00Z');
const OVER_TEMP = { alarmType: 'coldchain.overTemp', alarmName: '冷链超温', lifecycle: 'condition' };

let server: TestServer;
let pluginsDir: string;
let gatewayPort: number;
let httpPort: number;
let admin: ApiClient;
let other: ApiClient;
let demoTenant: number;
let otherTenant: number;
const terminals: Jt808TestTerminal[] = [];
const clients: LiveTestClient[] = [];

function record(systemId: string, platformId: number, extra: Record<string, unknown> = {}) {
  return {
    platformId, systemId, name: systemId, productionEntry: `/child/${systemId}/index.js`, developmentEntry: `/child/${systemId}/index.js`,
    title: systemId, icon: 'Apps', path: `/${systemId}/`, created: '2026-11-27', iconfont: '', enabled: true, serverEntry: 'server/index.js', ...extra,
  };
}

async function install(folder: string, manifest: unknown, serverCode: string): Promise<void> {
  const dir = join(pluginsDir, folder);
  await mkdir(join(dir, 'server'), { recursive: true });
  await writeFile(join(dir, 'manifest.json'), JSON.stringify(manifest));
  await writeFile(join(dir, 'index.js'), 'export default {};\n');
  await writeFile(join(dir, 'server', 'index.js'), serverCode);
}

async function terminal(phone: string): Promise<Jt808TestTerminal> {
  const t = await Jt808TestTerminal.connect(gatewayPort, phone, '2013');
  terminals.push(t);
  await t.login();
  return t;
}

async function live(api: ApiClient): Promise<LiveTestClient> {
  const c = await LiveTestClient.connect(httpPort);
  clients.push(c);
  c.send({ type: 'auth', sessionId: api.sessionId, userId: api.userId });
  await c.until((m) => m.some((x) => x.type === 'snapshot'), 10_000, 'snapshot');
  return c;
}

const pushedAt = (ws: LiveTestClient, gpsTime: string) => ws.messages.flatMap((x) => (x.type === 'positions' ? (x.list as MonitorItem[]) : [])).find((i) => i.gpsTime === gpsTime);
const seen = async () => (await admin.get<{ positions: { terminalNo: string; tenantId: number; terminalId: number; deviceTime: string; readings?: Record<string, unknown> }[]; alarms: { event: string; alarmType: string; alarmName: string }[] }>('/plugins/coldchain/api/seen.json')).obj;
const serverErrors = async () => Object.fromEntries(((await server.app.inject({ method: 'GET', url: '/plugins.manifest.json' })).json() as { systemId: string; serverError?: string }[]).map((r) => [r.systemId, r.serverError]));

beforeAll(async () => {
  pluginsDir = await mkdtemp(join(tmpdir(), 'tianlu-part-data-'));
  await install('coldchain', record('coldchain', 95, { title: '冷链监控', contributes: { alarmTypes: [OVER_TEMP] } }), COLD_CHAIN_SERVER);
  await install('sloppy', record('sloppy', 96), `export default { name: 'sloppy', subscriptions: { positions() { throw new Error('订阅处理出错'); } } };\n`);
  await install('garbled', record('garbled', 97), `export default { name: 'garbled', readings: { 'garbled.x': () => { throw new Error('解码出错'); } } };\n`);
  // never done with its first batch: nothing else waits for it
  await install('sluggish', record('sluggish', 99), `export default { name: 'sluggish', subscriptions: { positions: () => new Promise(() => {}) } };\n`);
  await install('grabby', record('grabby', 98), `export default { name: 'grabby', readings: { 'coldchain.t1': () => 1 } };\n`);
  server = await createTestServer({ demo: true, simulate: false, config: { pluginsDir, simDevices: 2 } });
  httpPort = await listenOnFreePort(server);
  gatewayPort = server.fleet.gateway!.port;
  ({ admin, other } = await demoTenantClients(server.app));
  ({ demo: demoTenant, other: otherTenant } = await tenantIds(server.store));
  await server.store.fleet.provision({ tenantId: otherTenant, groupId: null, terminalNo: '13900000001', displayNo: '013900000001', authCode: 'other-1', plateNo: '粤B90001' });
}, 60_000);

afterAll(async () => {
  for (const c of clients) c.close();
  for (const t of terminals) t.close();
  await server?.close();
  await rm(pluginsDir, { recursive: true, force: true });
});

describe('server parts fed with positions, readings and alarms', () => {
  it('refuses at load a reading key that is not the plugin’s own', async () => {
    expect((await serverErrors()).grabby).toContain('readings 的读数键 coldchain.t1 必须以插件的 systemId 加点开头');
  });

  it('feeds committed positions with their raw items and decoded readings to the part, to the push, list.json and the track; not another tenant’s', async () => {
    const ws = await live(admin);
    const stranger = await terminal('013900000001');
    await stranger.ackFor(stranger.sendLocation({ latitude: 23.1, longitude: 113.1, gpsTime: T0, items: [{ id: 0xe1, hex: '0064' }] }));
    const t = await terminal('013800000001');
    // acknowledged only after commit; the part hears of it after that
    expect((await t.ackFor(t.sendLocation({ latitude: 23.2, longitude: 113.3, gpsTime: T0 + 60_000, items: [{ id: 0xe1, hex: '00FA' }] }))).result).toBe(0);
    const readings = { 'item.e1': '00FA', 'coldchain.t1': 25 };
    const got = await pollUntil(seen, (s) => s.positions.some((p) => p.terminalNo === '13800000001'), 'the part to get the position');
    expect(got.positions.find((p) => p.terminalNo === '13800000001')).toMatchObject({ tenantId: demoTenant, lon: 113.3, lat: 23.2, deviceTime: '2026-05-01T02:01:00.000Z', readings });
    expect(got.positions.some((p) => p.terminalNo === '13900000001' || p.tenantId === otherTenant)).toBe(false);

    await ws.until(() => pushedAt(ws, '2026-05-01T10:01:00+08:00') !== undefined, 5000, 'the push');
    expect(pushedAt(ws, '2026-05-01T10:01:00+08:00')!.readings).toEqual(readings);
    const listed = await admin.get<{ list: MonitorItem[] }>('/car/v4/api/monitor/list.json', { keyword: '013800000001' });
    expect(listed.obj.list[0]!.readings).toEqual(readings);
    const track = await admin.get<{ points: MonitorItem[] }>('/car/v4/api/track/list.json', { terminalNo: '013800000001', start: '2026-05-01T10:00:00+08:00', end: '2026-05-01T10:02:00+08:00' });
    expect(track.obj.points.map((p) => p.readings)).toEqual([readings]);
    // the tenant without the plugin gets its raw item, nothing decoded
    const theirs = await other.get<{ list: MonitorItem[] }>('/car/v4/api/monitor/list.json', { keyword: '013900000001' });
    expect(theirs.obj.list[0]!.readings).toEqual({ 'item.e1': '0064' });
  });

  it('stops only the part whose handler or decoder threw; positions keep flowing to the live channel and the other part', async () => {
    const errors = await pollUntil(serverErrors, (e) => Boolean(e.sloppy && e.garbled), 'the faulty parts to stop');
    expect(errors.sloppy).toContain('插件 sloppy 的服务端运行出错，已停止：订阅处理出错');
    expect(errors.garbled).toContain('插件 garbled 的服务端运行出错，已停止：读数 garbled.x 的解码函数出错：解码出错');
    expect(errors.coldchain).toBeUndefined();
    expect(errors.sluggish).toBeUndefined();
    const ws = await live(admin);
    const t = terminals.find((x) => x.phone === '013800000001') ?? (await terminal('013800000001'));
    await t.ackFor(t.sendLocation({ latitude: 23.3, longitude: 113.3, gpsTime: T0 + 120_000, items: [{ id: 0xe1, hex: 'FF9C' }] }));
    await ws.until(() => pushedAt(ws, '2026-05-01T10:02:00+08:00') !== undefined, 5000, 'the push after the faults');
    expect(pushedAt(ws, '2026-05-01T10:02:00+08:00')!.readings).toEqual({ 'item.e1': 'FF9C', 'coldchain.t1': -10 });
    await pollUntil(seen, (s) => s.positions.some((p) => p.deviceTime === '2026-05-01T02:02:00.000Z'), 'the part to get the next position');
  });

  it('raises its contributed alarm type once while open, visible in 告警中心 by its Chinese name, and ends it', async () => {
    const terminalId = (await seen()).positions.find((p) => p.terminalNo === '13800000001')!.terminalId;
    const body = { tenantId: demoTenant, terminalId, alarmType: OVER_TEMP.alarmType };
    const raised = await admin.postJson<{ id: number; alarmType: string } | null>('/plugins/coldchain/api/raise.json', body);
    expect(raised).toMatchObject({ flag: 1, obj: { alarmType: 'coldchain.overTemp' } });
    expect((await admin.postJson('/plugins/coldchain/api/raise.json', body)).obj).toBeNull();
    const realtime = await admin.get<{ total: number; list: Alarm[] }>(AlarmApi.realtime.path, { current: 1, pageSize: 50, alarmType: 'coldchain.overTemp' });
    expect(realtime.obj.list).toHaveLength(1);
    expect(realtime.obj.list[0]).toMatchObject({ alarmType: 'coldchain.overTemp', alarmName: '冷链超温', terminalNo: '013800000001' });

    const ended = await admin.postJson<{ id: number; ended: boolean }>('/plugins/coldchain/api/end.json', body);
    expect(ended.obj).toEqual({ id: raised.obj!.id, ended: true });
    const heard = await pollUntil(seen, (s) => s.alarms.length >= 2, 'the part to hear the alarm raised and ended');
    expect(heard.alarms.filter((a) => a.alarmType === 'coldchain.overTemp')).toEqual([
      { event: 'start', alarmType: 'coldchain.overTemp', alarmName: '冷链超温' },
      { event: 'end', alarmType: 'coldchain.overTemp', alarmName: '冷链超温' },
    ]);
  });

  it('refuses types it did not contribute and terminals of another tenant, and raises nothing the tenant turned off', async () => {
    const terminalId = (await seen()).positions.find((p) => p.terminalNo === '13800000001')!.terminalId;
    const sos = await admin.postJson('/plugins/coldchain/api/raise.json', { tenantId: demoTenant, terminalId, alarmType: 'sos' });
    expect(sos).toMatchObject({ flag: 400, msg: expect.stringContaining('告警类型 sos 不是插件 coldchain 在 manifest.json 的 contributes.alarmTypes 中声明的类型') });
    const foreign = await admin.postJson('/plugins/coldchain/api/raise.json', { tenantId: otherTenant, terminalId, alarmType: OVER_TEMP.alarmType });
    expect(foreign).toMatchObject({ flag: 400, msg: expect.stringContaining('不属于租户') });
    expect((await admin.postJson(AlarmApi.controlSave.path, { items: [{ alarmType: OVER_TEMP.alarmType, enabled: false }] })).flag).toBe(1);
    expect((await admin.postJson('/plugins/coldchain/api/raise.json', { tenantId: demoTenant, terminalId, alarmType: OVER_TEMP.alarmType })).obj).toBeNull();
    const realtime = await admin.get<{ total: number }>(AlarmApi.realtime.path, { current: 1, pageSize: 50, alarmType: 'coldchain.overTemp' });
    expect(realtime.obj.total).toBe(1);
  });
});
