import { createServer as createHttpServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MonitorItem } from '../api/monitor/monitor-item';
import { toChinaIso } from '../time/china-time';
import { Jt808MsgId, encodeBatchLocation } from '../gateway/jt808';
import { Jt808TestTerminal, locationBody } from '../gateway/testing/jt808-test-terminal';
import { hashPassword } from '../auth/password-hasher';
import { DEMO_TENANT } from '../store/seed-demo';
import { ApiClient, demoTenantClients } from '../testing/api-client';
import { LiveTestClient } from '../testing/live-client';
import { createTestServer, type TestServer } from '../testing/test-server';
import type { Alarm } from './alarm-model';

// A real terminal drives into a fence: gateway → store → alarm engine → bus → /ws, then an
// operator processes the alarm and finds it in the history. PostgreSQL too when DATABASE_URL is set.
let server: TestServer;
let httpPort: number;
let admin: ApiClient;
let other: ApiClient;
/** A user of the demo tenant who sees 上海车队 only. */
let shanghaiOnly: ApiClient;
const terminals: Jt808TestTerminal[] = [];
const clients: LiveTestClient[] = [];

const HISTORY = '/car/v1/accelerate/report/alarm/newQueryAlarm';
const REAL_TIME = '/car/v1/accelerate/report/alarm/actualTimeAlarmQuery.json';
const REAL_TIME_NUM = '/car/v1/accelerate/report/alarm/queryActualTimeAlarmNum.json';
const PROCESS = '/car/v1/api/monitor/processAlarm';
// whole seconds: the position codec carries no milliseconds
const T0 = Math.floor(Date.now() / 1000) * 1000 - 600_000;
const CENTRE = { lon: 116.397, lat: 39.909 };
const METRES = 1 / 111_194.93;
const SOS = 1;
const LOCATED_ACC = 3;

type AlarmMessage = { type: 'alarm'; event: 'start' | 'end' | 'processed'; alarm: Alarm };

async function terminal(phone: string): Promise<Jt808TestTerminal> {
  const t = await Jt808TestTerminal.connect(server.fleet.gateway!.port, phone, '2013');
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

const alarms = (c: LiveTestClient) => c.of('alarm') as unknown as AlarmMessage[];

async function report(t: Jt808TestTerminal, seconds: number, metresNorth: number, alarmFlags = 0, speedKmh = 30): Promise<void> {
  const serial = t.sendLocation({ latitude: CENTRE.lat + metresNorth * METRES, longitude: CENTRE.lon, gpsTime: T0 + seconds * 1000, alarmFlags, statusFlags: LOCATED_ACC, speedKmh });
  expect((await t.ackFor(serial)).result).toBe(0);
}

async function vehicleIdOf(terminalNo: string): Promise<number> {
  const list = await admin.get<{ list: MonitorItem[] }>('/car/v4/api/monitor/list.json', { keyword: terminalNo });
  return list.obj.list[0]!.vehicleId!;
}

function history(api: ApiClient, query: Record<string, string | number> = {}) {
  return api.get<{ total: number; list: Alarm[] }>(HISTORY, {
    start: new Date(T0 - 3600_000).toISOString(), end: new Date(T0 + 3600_000).toISOString(), pageSize: 50, ...query,
  });
}

beforeAll(async () => {
  server = await createTestServer({ demo: true, simulate: false, config: { simDevices: 4 } });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  httpPort = (server.app.server.address() as AddressInfo).port;
  ({ admin, other } = await demoTenantClients(server.app));
  const tenant = (await server.store.org.findTenantByName(DEMO_TENANT))!;
  const role = await server.store.org.ensureRole(tenant.id, '管理员');
  const userId = await server.store.users.create({
    account: 'sh_ops', passwordHash: await hashPassword('Pass@1234'), name: 'sh_ops', phone: null, tenantId: tenant.id, roleId: role.id, passwordChangedAt: new Date(0),
  });
  const shanghai = (await server.store.fleet.groups(tenant.id)).find((g) => g.name === '上海车队')!;
  await server.store.db.insertInto('user_groups').values({ user_id: userId, group_id: shanghai.id }).execute();
  shanghaiOnly = new ApiClient(server.app);
  await shanghaiOnly.login('sh_ops', 'Pass@1234');
});

afterAll(async () => {
  for (const c of clients) c.close();
  for (const t of terminals) t.close();
  await server.close();
});

describe('fence alarms from a real terminal', () => {
  it('pushes the enter alarm over /ws, takes a note and shows it processed in the history', async () => {
    const vehicleId = await vehicleIdOf('013800000001');
    const saved = await admin.postJson<{ id: number }>('/car/v4/api/fence/save.json', {
      name: '天安门广场', shape: 'circle', center: [CENTRE.lon, CENTRE.lat], radius: 300, trigger: 'both', vehicleIds: [vehicleId],
    });
    expect(saved.flag).toBe(1);
    const ws = await live(admin);
    const theirs = await live(other);
    const scoped = await live(shanghaiOnly);
    const t = await terminal('013800000001');

    await report(t, 0, 1000);
    await report(t, 10, 500);
    await report(t, 20, 50);
    await ws.until((m) => m.some((x) => x.type === 'alarm'), 5000, 'fence alarm');
    const [enter] = alarms(ws);
    expect(enter).toMatchObject({
      event: 'start',
      alarm: {
        alarmType: 'fenceEnter', alarmName: '进入围栏', source: 'platform', terminalNo: '013800000001', vehicleId, groupName: '北京车队',
        status: 0, processNote: null, detail: { fenceId: saved.obj.id, fenceName: '天安门广场' },
      },
    });
    expect(enter!.alarm.startTime).toBe(enter!.alarm.endTime);
    expect(enter!.alarm.lat).toBeCloseTo(CENTRE.lat + 50 * METRES, 6);

    const processed = await admin.postJson<{ updated: number }>(PROCESS, { ids: [enter!.alarm.id], note: '司机已确认，正常进场' });
    expect(processed).toMatchObject({ flag: 1, obj: { updated: 1 } });
    await ws.until((m) => m.some((x) => x.type === 'alarm' && x.event === 'processed'), 5000, 'processed event');
    expect(alarms(ws).find((m) => m.event === 'processed')!.alarm).toMatchObject({ id: enter!.alarm.id, status: 1, processNote: '司机已确认，正常进场', processUser: 'admin' });

    const found = await history(admin, { alarmType: 'fenceEnter' });
    expect(found.obj.total).toBe(1);
    expect(found.obj.list[0]).toMatchObject({ id: enter!.alarm.id, status: 1, processNote: '司机已确认，正常进场', processUser: 'admin', plateNo: expect.stringMatching(/^京/) });
    expect(found.obj.list[0]!.processTime).toMatch(/\+08:00$/);
    // processing twice changes nothing
    expect((await admin.postJson<{ updated: number }>(PROCESS, { ids: [enter!.alarm.id], note: '再次处理' })).obj.updated).toBe(0);

    // leaving the fence is the next event
    await report(t, 30, 800);
    await ws.until((m) => m.some((x) => x.type === 'alarm' && (x as unknown as AlarmMessage).alarm.alarmType === 'fenceExit'), 5000, 'exit alarm');
    await new Promise((r) => setTimeout(r, 300));
    expect(theirs.of('alarm')).toEqual([]);
    // same tenant, but not its vehicle group
    expect(scoped.of('alarm')).toEqual([]);
  });

  it('opens one SOS alarm however often it is repeated and ends it when the bit clears', async () => {
    const ws = await live(admin);
    const scoped = await live(shanghaiOnly);
    const t = await terminal('013800000002');
    for (let i = 0; i < 4; i++) await report(t, 100 + i * 5, 5000, SOS);
    await report(t, 130, 5000);
    await ws.until((m) => m.some((x) => x.type === 'alarm' && x.event === 'end'), 5000, 'SOS end');
    const sos = alarms(ws).filter((m) => m.alarm.alarmType === 'sos');
    expect(sos.map((m) => m.event)).toEqual(['start', 'end']);
    expect(sos[1]!.alarm).toMatchObject({ id: sos[0]!.alarm.id, startTime: sos[0]!.alarm.startTime });
    expect(sos[1]!.alarm.endTime).not.toBeNull();
    // a 上海车队 user gets the alarms of its own group
    await scoped.until((m) => m.some((x) => x.type === 'alarm' && x.event === 'end'), 5000, 'scoped SOS end');
    expect(alarms(scoped).map((m) => `${m.event}:${m.alarm.alarmType}`)).toEqual(['start:sos', 'end:sos']);
    expect((await history(admin, { alarmType: 'sos', keyword: '013800000002' })).obj.total).toBe(1);

    const realTime = await admin.get<{ total: number; list: Alarm[] }>(REAL_TIME, { alarmType: 'sos' });
    expect(realTime.obj.list.map((a) => [a.id, a.level])).toEqual([[sos[0]!.alarm.id, 'urgent']]);
    const counts = await admin.get<{ total: number; types: { alarmType: string; alarmName: string; count: number }[] }>(REAL_TIME_NUM);
    expect(counts.obj.types).toContainEqual({ alarmType: 'sos', alarmName: '紧急报警', count: 1 });
    expect(counts.obj.total).toBe(counts.obj.types.reduce((n, x) => n + x.count, 0));
  });

  it('raises nothing for a type the tenant switched off', async () => {
    const off = await admin.postJson('/car/v4/api/alarm/control/configAlarmControl.json', { items: [{ alarmType: 'sos', enabled: false }] });
    expect(off.flag).toBe(1);
    try {
      const t = await terminal('013800000003');
      await report(t, 200, 5000, SOS);
      await report(t, 205, 5000, SOS);
      await server.fleet.alarms.settled();
      expect((await history(admin, { alarmType: 'sos', keyword: '013800000003' })).obj.total).toBe(0);
    } finally {
      await admin.postJson('/car/v4/api/alarm/control/configAlarmControl.json', { items: [{ alarmType: 'sos', enabled: true }] });
    }
  });

  it('raises an offline alarm for a silent terminal and ends it with its next position', async () => {
    const ws = await live(admin);
    const raised = await server.fleet.alarms.checkOffline(new Date(Date.now() + 31 * 60_000));
    expect(raised).toBeGreaterThanOrEqual(1);
    // a second check finds them open already
    expect(await server.fleet.alarms.checkOffline(new Date(Date.now() + 32 * 60_000))).toBe(0);
    await ws.until((m) => m.some((x) => x.type === 'alarm' && (x as unknown as AlarmMessage).alarm.alarmType === 'offline'), 5000, 'offline alarm');
    const offline = alarms(ws).find((m) => m.alarm.alarmType === 'offline' && m.alarm.terminalNo === '013800000002')!;
    expect(offline.alarm).toMatchObject({ alarmName: '离线超时', endTime: null, detail: { minutes: 30 } });
    const t = terminals.find((x) => x.phone === '013800000002')!;
    await report(t, 300, 5000);
    await ws.until((m) => m.some((x) => x.type === 'alarm' && x.event === 'end' && (x as unknown as AlarmMessage).alarm.id === offline.alarm.id), 5000, 'offline end');
  });

  it('posts new alarms to the tenant webhook', async () => {
    const received: { body: Alarm; event: string | undefined }[] = [];
    const hook: Server = createHttpServer((req, res) => {
      let data = '';
      req.on('data', (c: Buffer) => (data += String(c)));
      req.on('end', () => {
        received.push({ body: JSON.parse(data) as Alarm, event: req.headers['x-tianlu-event'] as string | undefined });
        res.end('ok');
      });
    });
    await new Promise<void>((r) => hook.listen(0, '127.0.0.1', () => r()));
    try {
      const url = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/alarms`;
      const saved = await admin.postJson('/car/v4/api/alarm/push/configAlarmPush.json', {
        popup: true, sound: false, alarmTypes: ['sos'], email: { enabled: false, to: [] }, sms: { enabled: false, phones: [] },
      });
      expect(saved.flag).toBe(1);
      // the webhook is a channel of 推送渠道
      const channel = await admin.postJson('/car/v4/api/alarm/notify/saveChannel.json', {
        kind: 'webhook', name: '值班系统', enabled: true, values: { url, secret: 'flow-test-signing-secret' },
      });
      expect(channel.flag).toBe(1);
      const t = terminals.find((x) => x.phone === '013800000002')!;
      await report(t, 400, 5000, SOS);
      await report(t, 405, 5000);
      await server.fleet.alarms.settled();
      const deadline = Date.now() + 5000;
      while (received.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      // only the pushed type, only its start
      expect(received).toHaveLength(1);
      expect(received[0]).toMatchObject({ event: 'alarm', body: { alarmType: 'sos', level: 'urgent', terminalNo: '013800000002', status: 0 } });
    } finally {
      hook.close();
    }
  });
});

describe('alarms that arrive late (补报)', () => {
  const LATE = '013800000004';
  const NOW = Math.floor(Date.now() / 1000) * 1000;
  const at = (seconds: number) => new Date(NOW + seconds * 1000);
  const body = (seconds: number, alarmFlags = 0) => locationBody({ latitude: CENTRE.lat, longitude: CENTRE.lon, gpsTime: at(seconds), alarmFlags, statusFlags: LOCATED_ACC, speedKmh: 0 });
  const sosOf = (c: LiveTestClient) => alarms(c).filter((m) => m.alarm.alarmType === 'sos' && m.alarm.terminalNo === LATE && m.event === 'start');
  const stored = async () => (await admin.get<{ list: Alarm[] }>(HISTORY, {
    start: at(-3 * 3600).toISOString(), end: at(600).toISOString(), alarmType: 'sos', keyword: LATE, pageSize: 50,
  })).obj.list.map((a) => [a.startTime, a.endTime, a.late]);
  let t: Jt808TestTerminal;
  let ws: LiveTestClient;

  async function send(msgId: number, payload: Uint8Array): Promise<void> {
    expect((await t.ackFor(t.send(msgId, payload))).result).toBe(0);
  }
  const upload = (bodies: Uint8Array[]) => send(Jt808MsgId.BatchLocation, encodeBatchLocation(1, bodies));
  /** A live SOS, then its end: what follows every late one on /ws, so its absence can be read without waiting. */
  async function liveSos(seconds: number): Promise<void> {
    await send(Jt808MsgId.Location, body(seconds, SOS));
    await send(Jt808MsgId.Location, body(seconds + 1));
    await ws.until(() => alarms(ws).some((m) => m.event === 'end' && m.alarm.terminalNo === LATE && m.alarm.startTime === toChinaIso(at(seconds))), 5000, 'the live SOS ended');
  }

  beforeAll(async () => {
    ws = await live(admin);
    t = await terminal(LATE);
    await send(Jt808MsgId.Location, body(-20));
  });

  it('records an SOS sent as 0x0704 补传 at its own time flagged 补报, pushes it on /ws while recent, and only once however often it is resent', async () => {
    // from a tunnel two hours ago (recorded, too old to raise as new) and five minutes ago (held for two reports)
    const old = [body(-7200, SOS), body(-7195)];
    const recent = [body(-300, SOS), body(-295, SOS), body(-290)];
    await upload(old);
    await upload(recent);
    await ws.until(() => sosOf(ws).length > 0, 5000, 'the late SOS on /ws');
    expect(sosOf(ws)[0]!.alarm).toMatchObject({ alarmName: '紧急报警', late: true, startTime: toChinaIso(at(-300)) });
    // the acknowledgement was lost: the terminal sends both uploads again
    await upload(recent);
    await upload(old);
    await liveSos(-10);
    expect(sosOf(ws).map((m) => [m.alarm.startTime, m.alarm.late])).toEqual([[toChinaIso(at(-300)), true], [toChinaIso(at(-10)), false]]);
    expect(await stored()).toEqual([
      [toChinaIso(at(-10)), toChinaIso(at(-9)), false],
      [toChinaIso(at(-300)), toChinaIso(at(-295)), true],
      [toChinaIso(at(-7200)), toChinaIso(at(-7200)), true],
    ]);
  });

  it('records an SOS dated before the last evaluated position, flagged 补报, pushed once', async () => {
    const pushedBefore = sosOf(ws).length;
    await send(Jt808MsgId.Location, body(-60, SOS));
    await send(Jt808MsgId.Location, body(-60, SOS)); // resent
    await liveSos(-5);
    expect(sosOf(ws).slice(pushedBefore).map((m) => [m.alarm.startTime, m.alarm.late])).toEqual([[toChinaIso(at(-60)), true], [toChinaIso(at(-5)), false]]);
    expect((await stored()).filter(([start]) => start === toChinaIso(at(-60)))).toEqual([[toChinaIso(at(-60)), toChinaIso(at(-60)), true]]);
  });
});

describe('a vehicle speed limit set in 车辆管理', () => {
  it('applies to the terminal’s next positions instead of the tenant threshold', async () => {
    const vehicleId = await vehicleIdOf('013800000003');
    const vehicles = await admin.get<{ list: Record<string, unknown>[] }>('/car/v1/api/system/vehicle/list.json', { pageSize: 50 });
    const vehicle = vehicles.obj.list.find((v) => v.id === vehicleId)!;
    const t = terminals.find((x) => x.phone === '013800000003')!;
    // 70 km/h is under the tenant's 100 km/h
    for (const s of [500, 505, 510, 515]) await report(t, s, 5000, 0, 70);
    await server.fleet.alarms.settled();
    expect((await history(admin, { alarmType: 'platformOverspeed', keyword: '013800000003' })).obj.total).toBe(0);

    const { id, plateNo, plateColor, vehicleType, vin, driver, assetKind, groupId, expiryDate } = vehicle;
    const edited = await admin.postJson('/car/v1/api/system/vehicle/update.json', { id, plateNo, plateColor, vehicleType, vin, driver, assetKind, groupId, expiryDate, speedLimit: 60 });
    expect(edited).toMatchObject({ flag: 1, obj: { speedLimit: 60 } });
    for (const s of [520, 525, 530, 535]) await report(t, s, 5000, 0, 70);
    await server.fleet.alarms.settled();
    const found = await history(admin, { alarmType: 'platformOverspeed', keyword: '013800000003' });
    expect(found.obj.list.map((a) => a.detail)).toEqual([{ speedLimit: 60, minDurationSeconds: 10, maxSpeed: 70 }]);
    expect(found.obj.list[0]!.startTime).toBe(toChinaIso(new Date(T0 + 520_000)));
  });
});

describe('another tenant', () => {
  it('sees none of the alarms and cannot process them', async () => {
    const mine = await history(admin);
    expect(mine.obj.total).toBeGreaterThan(0);
    expect((await history(other)).obj).toEqual({ total: 0, list: [] });
    expect((await other.get<{ total: number }>(REAL_TIME)).obj.total).toBe(0);
    expect((await other.get<{ total: number }>(REAL_TIME_NUM)).obj).toEqual({ total: 0, types: [] });
    const id = mine.obj.list[0]!.id;
    expect(await other.postJson(PROCESS, { ids: [id], note: '越权处理' })).toMatchObject({ flag: 404 });
    expect((await history(admin)).obj.list.find((a) => a.id === id)!.processNote).not.toBe('越权处理');
  });
});
