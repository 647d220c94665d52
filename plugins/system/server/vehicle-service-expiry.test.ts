import type { MonitorItem } from '../../../sdk/services/live-service';
import { API, createTestServer, demoTenantClients, Jt808TestTerminal, LiveTestClient, pollUntil, type ApiClient, type TestServer } from '../../../server/module/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MonitorApi, PlatformApi } from '../../../sdk/contracts';

// An asset whose service ran out shows no live data anywhere until it is renewed.
let server: TestServer;
let httpPort: number;
let admin: ApiClient;
let terminal: Jt808TestTerminal;
let ws: LiveTestClient;

const LIST = MonitorApi.list.path;
const TREE = MonitorApi.tree.path;
const TRACK = MonitorApi.track.path;
const OVERVIEW = PlatformApi.overview.path;
const T0 = Date.parse('2026-05-01T02:00:00Z');
const PHONE = '013800000001';

beforeAll(async () => {
  server = await createTestServer({ demo: true, simulate: false, config: { simDevices: 2 } });
  httpPort = Number(new URL(await server.app.listen({ port: 0, host: '127.0.0.1' })).port);
  ({ admin } = await demoTenantClients(server.app));
  terminal = await Jt808TestTerminal.connect(server.fleet.gateway!.port, PHONE, '2013');
  await terminal.login();
  expect((await terminal.ackFor(terminal.sendLocation({ latitude: 39.909, longitude: 116.397, speedKmh: 30, gpsTime: T0, alarmFlags: 1 }))).result).toBe(0);
  ws = await LiveTestClient.connect(httpPort);
  ws.send({ type: 'auth', sessionId: admin.sessionId, userId: admin.userId });
  await ws.until((m) => m.some((x) => x.type === 'snapshot'), 10_000, 'snapshot');
});

afterAll(async () => {
  ws.close();
  terminal.close();
  await server.close();
});

const overviewAssets = async () => (await admin.get<{ assets: Record<string, number> }>(OVERVIEW, { platformId: 8 })).obj.assets;
const item = async () => (await admin.get<{ list: MonitorItem[] }>(LIST, { keyword: PHONE })).obj.list[0]!;
const pushedFor = (from: number) =>
  ws.messages.slice(from).filter((m) => m.type === 'positions').flatMap((m) => m.list as MonitorItem[]).filter((i) => i.terminalNo === PHONE);

describe('service expiry', () => {
  it('withholds live data of an expired asset until it is renewed', async () => {
    const before = await item();
    expect(before).toMatchObject({ online: true, lat: 39.909, alarmFlags: 1 });
    expect((ws.of('snapshot')[0]!.list as MonitorItem[]).find((i) => i.terminalNo === PHONE)).toMatchObject({ lat: 39.909 });
    // the alarm engine counts the alarm in its own time after the position is stored
    expect(await pollUntil(overviewAssets, (a) => a.alarm === 1, 'the overview to count the alarm')).toEqual({ total: 2, online: 1, offline: 1, alarm: 1 });
    const vehicle = (await admin.get<{ list: { id: number; plateNo: string }[] }>(`${API}/vehicle/list.json`, { keyword: before.plateNo! })).obj.list[0]!;

    let from = ws.messages.length;
    const expired = await admin.postJson(`${API}/vehicle/update.json`, { id: vehicle.id, plateNo: vehicle.plateNo, expiryDate: '2020-01-01' });
    expect(expired.flag).toBe(1);
    expect(await item()).toMatchObject({
      expired: true, hint: '服务已到期，请续费', online: false, lon: null, lat: null, speed: null, gpsTime: null, alarmFlags: 0, plateNo: vehicle.plateNo,
    });
    expect((await admin.get<{ total: number }>(LIST, { status: 'online' })).obj.total).toBe(0);
    expect((await admin.get<{ total: number }>(LIST, { status: 'alarm' })).obj.total).toBe(0);
    const tree = await admin.get<{ counts: { online: number; alarm: number } }[]>(TREE);
    expect(tree.obj[0]!.counts).toMatchObject({ online: 0, alarm: 0 });
    // 概览: connected and alarming, but expired: neither online nor in alarm
    expect(await overviewAssets()).toEqual({ total: 2, online: 0, offline: 2, alarm: 0 });
    // the live channel says so at once
    await ws.until(() => pushedFor(from).some((i) => i.expired === true), 5000, 'expired push');
    expect(pushedFor(from).at(-1)).toMatchObject({ expired: true, lat: null, online: false });
    // positions keep arriving and being stored, but are not shown
    expect((await terminal.ackFor(terminal.sendLocation({ latitude: 39.95, longitude: 116.4, gpsTime: T0 + 60_000 }))).result).toBe(0);
    expect(await item()).toMatchObject({ expired: true, lat: null });
    const track = await admin.get(TRACK, { terminalNo: PHONE, start: '2026-05-01T09:00:00+08:00', end: '2026-05-01T11:00:00+08:00' });
    expect(track).toMatchObject({ flag: 400, msg: '服务已到期，请续费', obj: { expired: true, terminalNo: PHONE, plateNo: vehicle.plateNo } });

    from = ws.messages.length;
    const renewed = await admin.postJson(`${API}/vehicle/renew.json`, { ids: [vehicle.id], months: 12 });
    expect(renewed.flag).toBe(1);
    const back = await item();
    expect(back).toMatchObject({ online: true, lat: 39.95, lon: 116.4 });
    expect(back.expired).toBeUndefined();
    // the first report's SOS ended with the next one, but nobody handled it: still in alarm
    expect(await overviewAssets()).toEqual({ total: 2, online: 1, offline: 1, alarm: 1 });
    expect(back).toMatchObject({ alarmFlags: 0, openAlarms: 1, openAlarmTypes: ['sos'] });
    await ws.until(() => pushedFor(from).some((i) => i.lat === 39.95), 5000, 'renewed push');
    expect(pushedFor(from).at(-1)!.expired).toBeUndefined();
    const points = await admin.get<{ points: MonitorItem[] }>(TRACK, { terminalNo: PHONE, start: '2026-05-01T09:00:00+08:00', end: '2026-05-01T11:00:00+08:00' });
    expect(points.obj.points.map((p) => p.lat)).toEqual([39.909, 39.95]);
  });
});
