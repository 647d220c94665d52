import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MonitorItem } from './api/monitor/monitor-item';
import { Jt808TestTerminal } from './gateway/testing/jt808-test-terminal';
import { ApiClient, demoTenantClients } from './testing/api-client';
import { LiveTestClient } from './testing/live-client';
import { createTestServer, type TestServer } from './testing/test-server';

// terminal → gateway → store → bus → /ws and the HTTP API, with real components throughout.
let server: TestServer;
let httpPort: number;
let gatewayPort: number;
let admin: ApiClient;
let other: ApiClient;
const terminals: Jt808TestTerminal[] = [];
const clients: LiveTestClient[] = [];

const LIST = '/car/v4/api/monitor/list.json';
const TRACK = '/car/v4/api/track/list.json';
const T0 = Date.parse('2026-05-01T02:00:00Z');

async function terminal(phone: string, edition: '2013' | '2019' = '2013'): Promise<Jt808TestTerminal> {
  const t = await Jt808TestTerminal.connect(gatewayPort, phone, edition);
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

beforeAll(async () => {
  server = await createTestServer({ demo: true, simulate: false, config: { simDevices: 3 } });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  httpPort = (server.app.server.address() as AddressInfo).port;
  gatewayPort = server.fleet.gateway!.port;
  ({ admin, other } = await demoTenantClients(server.app));
});

afterAll(async () => {
  for (const c of clients) c.close();
  for (const t of terminals) t.close();
  await server.close();
});

describe('from terminal to map', () => {
  it('snapshots the tenant on /ws, then pushes committed positions and online transitions', async () => {
    const ws = await live(admin);
    expect(ws.messages[0]).toEqual({ type: 'ready' });
    const snapshot = ws.of('snapshot')[0]!.list as MonitorItem[];
    expect(snapshot.map((i) => i.terminalNo).sort()).toEqual(['013800000001', '013800000002', '013800000003']);
    expect(snapshot.every((i) => i.online === false && i.lon === null)).toBe(true);

    const t = await terminal('013800000001');
    await ws.until((m) => m.some((x) => x.type === 'online' && x.online === true && x.terminalNo === '013800000001'), 5000, 'online');
    const serial = t.sendLocation({ latitude: 39.909, longitude: 116.397, speedKmh: 42, gpsTime: T0, statusFlags: 3 });
    expect((await t.ackFor(serial)).result).toBe(0);
    const located = (m: Record<string, unknown>) => m.type === 'positions' && (m.list as MonitorItem[]).some((i) => i.gpsTime !== null);
    await ws.until((m) => m.some(located), 5000, 'positions');
    const pushed = ws.of('positions').flatMap((p) => p.list as MonitorItem[]).find((i) => i.gpsTime !== null)!;
    expect(pushed).toMatchObject({
      terminalNo: '013800000001', online: true, lon: 116.397, lat: 39.909, speed: 42, acc: true, located: true,
      gpsTime: '2026-05-01T10:00:00+08:00', groupName: '北京车队',
    });

    const list = await admin.get<{ total: number; list: MonitorItem[] }>(LIST, { pageSize: 10, status: 'online' });
    expect(list.obj.total).toBe(1);
    expect(list.obj.list[0]).toMatchObject({ terminalNo: '013800000001', online: true, lon: 116.397 });

    // a reconnecting client gets the current state first
    const again = await live(admin);
    const current = (again.of('snapshot')[0]!.list as MonitorItem[]).find((i) => i.terminalNo === '013800000001')!;
    expect(current).toMatchObject({ online: true, lat: 39.909, gpsTime: '2026-05-01T10:00:00+08:00' });

    t.close();
    await ws.until((m) => m.some((x) => x.type === 'online' && x.online === false), 5000, 'offline');
    expect((await admin.get<{ total: number }>(LIST, { status: 'online' })).obj.total).toBe(0);
  });

  it('coalesces a burst into at most one push per asset per second', async () => {
    const ws = await live(admin);
    const t = await terminal('013800000002', '2019');
    const start = ws.messages.length;
    const serials = [];
    for (let i = 0; i < 20; i++) serials.push(t.sendLocation({ latitude: 31.23 + i * 0.001, longitude: 121.47, gpsTime: T0 + i * 1000 }));
    for (const s of serials) await t.ackFor(s);
    await ws.until((m) => m.slice(start).some((x) => x.type === 'positions' && (x.list as MonitorItem[]).some((i) => i.gpsTime === '2026-05-01T10:00:19+08:00')), 5000, 'last position');
    const pushes = ws.messages.slice(start).filter((x) => x.type === 'positions').flatMap((x) => x.list as MonitorItem[]).filter((i) => i.terminalNo === '013800000002');
    expect(pushes.length).toBeLessThanOrEqual(3);
    expect(pushes.at(-1)!.lat).toBeCloseTo(31.249, 6);
  });

  it('keeps the other tenant blind to the demo tenant', async () => {
    const ws = await live(other);
    expect((ws.of('snapshot')[0]!.list as MonitorItem[]).every((i) => i.terminalNo.startsWith('0139'))).toBe(true);
    const t = await terminal('013800000003');
    const serial = t.sendLocation({ latitude: 23.13, longitude: 113.26, gpsTime: T0 });
    await t.ackFor(serial);
    await new Promise((r) => setTimeout(r, 1500));
    expect(ws.messages.filter((m) => m.type === 'positions' || m.type === 'online')).toEqual([]);
    const theirs = await other.get<{ total: number; list: MonitorItem[] }>(LIST, { pageSize: 100 });
    expect(theirs.obj.total).toBe(5);
    expect(theirs.obj.list.some((i) => i.terminalNo.startsWith('0138'))).toBe(false);
    expect((await other.get<{ total: number }>(LIST, { keyword: '013800000003' })).obj.total).toBe(0);
    expect((await other.get(TRACK, { terminalNo: '013800000003', start: '2026-05-01T00:00:00+08:00', end: '2026-05-02T00:00:00+08:00' })).flag).toBe(404);
    expect((await other.get('/car/v4/api/vehicle/detail.json', { terminalNo: '013800000003' })).flag).toBe(404);
  });

  it('refuses /ws without a valid session', async () => {
    const c = await LiveTestClient.connect(httpPort);
    clients.push(c);
    c.send({ type: 'auth', sessionId: 'f'.repeat(64), userId: 1 });
    expect((await c.closed).code).toBe(4401);
    expect(c.messages).toEqual([{ type: 'error', flag: 4010, msg: '会话过期' }]);
  });

  it('answers ping with pong', async () => {
    const c = await live(admin);
    c.send({ type: 'ping' });
    await c.until((m) => m.some((x) => x.type === 'pong'), 2000, 'pong');
  });

  it('returns the committed track in time order', async () => {
    const t = await terminal('013800000003');
    // sent out of order, the track comes back ordered by device time
    const offsets = [5, 1, 3, 2, 4];
    for (const k of offsets) await t.ackFor(t.sendLocation({ latitude: 23.1 + k / 100, longitude: 113.2, gpsTime: T0 + 3600_000 + k * 10_000 }));
    const res = await admin.get<{ points: MonitorItem[] }>(TRACK, { terminalNo: '13800000003', start: '2026-05-01T11:00:00+08:00', end: '2026-05-01T12:00:00+08:00' });
    expect(res.flag).toBe(1);
    expect(res.obj.points.map((p) => p.gpsTime)).toEqual([1, 2, 3, 4, 5].map((k) => `2026-05-01T11:00:${String(k * 10).padStart(2, '0')}+08:00`));
    expect(res.obj.points[0]).toMatchObject({ terminalNo: '013800000003', lat: 23.11, lon: 113.2 });
  });

  it('carries a report’s readings, its uninterpreted items as item.<id>, in pushes, list.json and the track', async () => {
    const ws = await live(admin);
    const t = await terminal('013800000003');
    const gpsTime = T0 + 2 * 3600_000;
    const items = [{ id: 0xe1, hex: '01f4' }, { id: 0x04, hex: '0003' }];
    await t.ackFor(t.sendLocation({ latitude: 23.2, longitude: 113.3, gpsTime, extras: { fuelLitres: 52.5, signalStrength: 21, satellites: 9 }, items }));
    const readings = { fuel: 52.5, signal: 21, satellites: 9, 'item.e1': '01F4', 'item.04': '0003' };
    const at = '2026-05-01T12:00:00+08:00';
    const found = (m: Record<string, unknown>[]) => m.flatMap((x) => (x.type === 'positions' ? (x.list as MonitorItem[]) : [])).find((i) => i.gpsTime === at);
    await ws.until((m) => found(m) !== undefined, 5000, 'pushed with readings');
    expect(found(ws.messages)!.readings).toEqual(readings);
    const listed = await admin.get<{ list: MonitorItem[] }>(LIST, { keyword: '013800000003' });
    expect(listed.obj.list[0]!.readings).toEqual(readings);
    const track = await admin.get<{ points: MonitorItem[] }>(TRACK, { terminalNo: '013800000003', start: '2026-05-01T12:00:00+08:00', end: '2026-05-01T12:01:00+08:00' });
    expect(track.obj.points.map((p) => p.readings)).toEqual([readings]);
    // a report without any leaves them out of the push
    await t.ackFor(t.sendLocation({ latitude: 23.21, longitude: 113.3, gpsTime: gpsTime + 10_000 }));
    await ws.until((m) => m.some((x) => x.type === 'positions' && (x.list as MonitorItem[]).some((i) => i.gpsTime === '2026-05-01T12:00:10+08:00')), 5000, 'pushed without');
    const bare = ws.of('positions').flatMap((p) => p.list as MonitorItem[]).find((i) => i.gpsTime === '2026-05-01T12:00:10+08:00')!;
    expect('readings' in bare).toBe(false);
  });

  it('validates track input in Chinese', async () => {
    const q = (start: string, end: string) => admin.get(TRACK, { terminalNo: '013800000001', start, end });
    expect(await q('yesterday', '2026-05-02T00:00:00+08:00')).toMatchObject({ flag: 400, msg: expect.stringContaining('开始时间格式不正确') });
    expect(await q('2026-05-02T00:00:00+08:00', '2026-05-01T00:00:00+08:00')).toMatchObject({ flag: 400, msg: '结束时间不能早于开始时间' });
    expect(await q('2026-05-01T00:00:00+08:00', '2026-05-09T00:00:00+08:00')).toMatchObject({ flag: 400, msg: '查询时间范围不能超过 7 天' });
    expect(await admin.get(TRACK, { start: '2026-05-01T00:00:00Z', end: '2026-05-01T01:00:00Z' })).toMatchObject({ flag: 400, msg: '终端号不能为空' });
    expect((await admin.get(TRACK, { terminalNo: '019999999999', start: '2026-05-01T00:00:00Z', end: '2026-05-01T01:00:00Z' })).flag).toBe(404);
  });

  it('filters the monitor list and counts the group tree', async () => {
    const byKeyword = await admin.get<{ total: number; list: MonitorItem[] }>(LIST, { keyword: '00000002' });
    expect(byKeyword.obj.list.map((i) => i.terminalNo)).toEqual(['013800000002']);
    const tree = await admin.get<{ id: number; name: string; counts: { all: number }; children: unknown[] }[]>('/car/v4/api/monitor/tree.json');
    expect(tree.obj[0]).toMatchObject({ name: '天路演示车队', counts: { all: 3 } });
    const shanghai = JSON.stringify(tree.obj).match(/"id":(\d+),"name":"上海车队"/);
    const inGroup = await admin.get<{ total: number; list: MonitorItem[] }>(LIST, { groupId: Number(shanghai![1]) });
    expect(inGroup.obj.list.map((i) => i.terminalNo)).toEqual(['013800000002']);
    const east = JSON.stringify(tree.obj).match(/"id":(\d+),"name":"华东区域"/);
    expect((await admin.get<{ total: number }>(LIST, { groupId: Number(east![1]) })).obj.total).toBe(1);
    expect(await admin.get(LIST, { status: 'moving' })).toMatchObject({ flag: 400, msg: '状态取值不正确' });
    const detail = await admin.get<Record<string, unknown>>('/car/v4/api/vehicle/detail.json', { terminalNo: '013800000002' });
    expect(detail.obj).toMatchObject({ terminalNo: '013800000002', groupName: '上海车队', terminalModel: 'TL-808G', plateNo: expect.stringMatching(/^沪/) });
    const overview = await admin.get<{ assets: { total: number; online: number; offline: number } }>('/car/v1/api/platform/overview.json', { platformId: 8 });
    expect(overview.obj.assets).toMatchObject({ total: 3 });
    expect(overview.obj.assets.online + overview.obj.assets.offline).toBe(3);
    const metrics = await admin.get<{ enabled: boolean; positionsStored: number }>('/car/v1/api/gateway/metrics.json');
    expect(metrics.obj.enabled).toBe(true);
    expect(metrics.obj.positionsStored).toBeGreaterThan(20);
    expect((await new ApiClient(server.app).get('/car/v1/api/gateway/metrics.json')).flag).toBe(4010);
  });
});

describe('what the live channel pushes after an edit', () => {
  const NO = '013800000001';
  const SYSTEM = '/car/v1/api/system';

  it('shows an asset renamed, moved to another group or gone offline in its next push', async () => {
    const ws = await live(admin);
    const t = await terminal(NO);
    const items = (await admin.get<{ list: MonitorItem[] }>(LIST, { pageSize: 10 })).obj.list;
    const mine = items.find((i) => i.terminalNo === NO)!;
    const elsewhere = items.find((i) => i.groupId !== null && i.groupId !== mine.groupId)!;
    const pushed = async (minute: number) => {
      const gpsTime = T0 + 3_600_000 + minute * 60_000;
      await t.ackFor(t.sendLocation({ latitude: 39.9 + minute / 1000, longitude: 116.4, gpsTime }));
      const at = new Date(gpsTime + 8 * 3_600_000).toISOString().replace('.000Z', '+08:00');
      const found = (m: Record<string, unknown>[]) => m.flatMap((x) => (x.type === 'positions' ? (x.list as MonitorItem[]) : [])).find((i) => i.terminalNo === NO && i.gpsTime === at);
      await ws.until((m) => found(m) !== undefined, 5000, `position at ${at}`);
      return found(ws.messages)!;
    };
    expect(await pushed(1)).toMatchObject({ plateNo: mine.plateNo, groupId: mine.groupId });

    expect(await admin.postJson(`${SYSTEM}/vehicle/update.json`, { id: mine.vehicleId, plateNo: '京A7L001' })).toMatchObject({ flag: 1 });
    expect(await pushed(2)).toMatchObject({ plateNo: '京A7L001', groupId: mine.groupId });

    expect(await admin.postJson(`${SYSTEM}/group/assign.json`, { vehicleIds: [mine.vehicleId], groupId: elsewhere.groupId })).toMatchObject({ flag: 1 });
    expect(await pushed(3)).toMatchObject({ plateNo: '京A7L001', groupId: elsewhere.groupId, groupName: elsewhere.groupName, online: true });

    const start = ws.messages.length;
    t.close();
    await ws.until((m) => m.slice(start).some((x) => x.type === 'positions' && (x.list as MonitorItem[]).some((i) => i.terminalNo === NO && !i.online)), 5000, 'offline item');
    expect(ws.messages.slice(start).find((x) => x.type === 'online')).toMatchObject({ terminalNo: NO, online: false });
  });
});
