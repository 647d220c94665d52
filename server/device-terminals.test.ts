import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommandView } from './commands/command-view';
import type { AddressInfo } from 'node:net';
import type { TrackPoint } from '../sdk/track';
import { LAST_FIX_FLOOR_M } from './gateway/last-fix-accuracy';
import { DEMO_TENANT } from './store/seed-demo';
import { demoTenantClients, type ApiClient } from './testing/api-client';
import { LiveTestClient } from './testing/live-client';
import { createTestServer, type TestServer } from './testing/test-server';
import { pollUntil as waitFor } from './testing/poll-until';

// A badge (watch protocol), a pet collar and an e-bike guard (GT06) driven by clients written here
// from the protocol documents — their frames are built byte by byte in this file, not with the
// gateway's codecs — against the whole server: they log in, report, get their replies, show in the
// monitor list and answer a 位置查询 with 成功. On PostgreSQL too when DATABASE_URL is set.

const BADGE = '868710040000011';
const COLLAR = '358710040000013';
const EBIKE = '358710060000017';
const SEND = '/car/v1/api/command/commandDownBatch.json';
const LIST = '/car/v1/api/command/list.json';
const MONITOR = '/car/v4/api/monitor/list.json';

// CRC-ITU (CRC-16/X-25) as the GT06 document gives it: reflected 0x1021, init and final xor 0xFFFF
function crcItu(bytes: Uint8Array): number {
  let crc = 0xffff;
  for (const b of bytes) {
    crc ^= b;
    for (let i = 0; i < 8; i++) crc = crc & 1 ? (crc >>> 1) ^ 0x8408 : crc >>> 1;
  }
  return ~crc & 0xffff;
}

/** 78 78 | length | protocol | content | serial | CRC | 0D 0A */
function gt06(protocol: number, content: number[], serial: number): Buffer {
  const body = [protocol, ...content, serial >> 8, serial & 0xff];
  const checked = Uint8Array.from([body.length + 2, ...body]);
  const crc = crcItu(checked);
  return Buffer.from([0x78, 0x78, ...checked, crc >> 8, crc & 0xff, 0x0d, 0x0a]);
}

/** 79 79 | length (2 bytes) | protocol | content | serial | CRC | 0D 0A: the long frame of information 0x94. */
function gt06Long(protocol: number, content: number[], serial: number): Buffer {
  const body = [protocol, ...content, serial >> 8, serial & 0xff];
  const length = body.length + 2;
  const checked = Uint8Array.from([length >> 8, length & 0xff, ...body]);
  const crc = crcItu(checked);
  return Buffer.from([0x79, 0x79, ...checked, crc >> 8, crc & 0xff, 0x0d, 0x0a]);
}

const bcdImei = (imei: string) => Buffer.from(`0${imei}`, 'hex');

function gt06DateTime(d: Date): number[] {
  return [d.getUTCFullYear() - 2000, d.getUTCMonth() + 1, d.getUTCDate(), d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds()];
}

const u32 = (n: number) => [(n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff];

/** GPS block of 0x12 / 0x16: time, satellites, lat, lon (×1 800 000), speed, course and status (fixed, north, east). */
function gt06Gps(d: Date, lon: number, lat: number, speed: number, course: number): number[] {
  const status = (1 << 12) | (1 << 10) | course; // GPS fixed, north latitude, east longitude
  return [...gt06DateTime(d), 0xc8, ...u32(Math.round(lat * 1_800_000)), ...u32(Math.round(lon * 1_800_000)), speed, status >> 8, status & 0xff];
}

const lbs = [0x01, 0xcc, 0x00, 0x28, 0x7d, 0x00, 0x1f, 0xb8]; // MCC 460, MNC 0, LAC, cell id

function watch(imei: string, content: string): Buffer {
  return Buffer.from(`[3G*${imei}*${Buffer.byteLength(content).toString(16).toUpperCase().padStart(4, '0')}*${content}]`);
}

function watchUd(d: Date, lon: number, lat: number): string {
  const p = (n: number) => String(n).padStart(2, '0');
  const date = `${p(d.getUTCDate())}${p(d.getUTCMonth() + 1)}${p(d.getUTCFullYear() - 2000)}`;
  const time = `${p(d.getUTCHours())}${p(d.getUTCMinutes())}${p(d.getUTCSeconds())}`;
  return `UD,${date},${time},A,${lat.toFixed(6)},N,${lon.toFixed(6)},E,4.50,90,12.0,8,80,76,1200,0,00000000,0,0,460,0,0`;
}

class RawDevice {
  readonly received: Buffer[] = [];
  private buffer: Buffer = Buffer.alloc(0);
  private constructor(private readonly socket: Socket, split: (b: Buffer) => [Buffer[], Buffer]) {
    socket.on('data', (d) => {
      const [frames, rest] = split(Buffer.concat([this.buffer, d]));
      this.buffer = rest;
      this.received.push(...frames);
    });
    socket.on('error', () => {});
  }
  static open(port: number, split: (b: Buffer) => [Buffer[], Buffer]): Promise<RawDevice> {
    return new Promise((resolve) => {
      const s = connect(port, '127.0.0.1', () => resolve(new RawDevice(s, split)));
    });
  }
  send(frame: Buffer): void {
    this.socket.write(frame);
  }
  async next(match: (f: Buffer) => boolean, what: string, timeoutMs = 10_000): Promise<Buffer> {
    const end = Date.now() + timeoutMs;
    for (;;) {
      const i = this.received.findIndex(match);
      if (i >= 0) return this.received.splice(i, 1)[0]!;
      if (Date.now() > end) throw new Error(`no ${what}; got ${this.received.map((f) => f.toString('hex')).join(' ')}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }
  close(): void {
    this.socket.destroy();
  }
}

function splitGt06(b: Buffer): [Buffer[], Buffer] {
  const frames: Buffer[] = [];
  let at = 0;
  while (b.length - at >= 5) {
    const long = b[at] === 0x79;
    const len = long ? b.readUInt16BE(at + 2) : b[at + 2]!;
    const total = (long ? 4 : 3) + len + 2;
    if (b.length - at < total) break;
    frames.push(b.subarray(at, at + total));
    at += total;
  }
  return [frames, b.subarray(at)];
}

function splitWatch(b: Buffer): [Buffer[], Buffer] {
  const frames: Buffer[] = [];
  let text = b.toString('latin1');
  let end: number;
  while (text.startsWith('[') && (end = text.indexOf(']')) > 0) {
    frames.push(Buffer.from(text.slice(0, end + 1), 'latin1'));
    text = text.slice(end + 1);
  }
  return [frames, Buffer.from(text, 'latin1')];
}

let server: TestServer;
let admin: ApiClient;
const devices: RawDevice[] = [];


interface MonitorRow { terminalNo: string; online: boolean; lon: number | null; lat: number | null; speed: number | null; battery?: number; externalVoltage?: number }
const monitorRow = (no: string) => admin.get<{ total: number; list: MonitorRow[] }>(MONITOR, { keyword: no, pageSize: 5 });

beforeAll(async () => {
  server = await createTestServer({ demo: true, simulate: false });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  ({ admin } = await demoTenantClients(server.app));
  const tenant = (await server.store.org.findTenantByName(DEMO_TENANT))!;
  const group = await server.store.fleet.ensureGroup(tenant.id, null, '设备测试', 50);
  const provision = (imei: string, protocol: string, plateNo: string, assetKind: string, profile?: Record<string, string>) => server.store.fleet.provision({
    tenantId: tenant.id, groupId: group, terminalNo: imei, displayNo: imei, authCode: '', imei, protocol, plateNo, plateColor: 0, assetKind, profile,
  });
  await provision(BADGE, 'watch', '测试员工', 'person');
  await provision(COLLAR, 'gt06', '测试宠物', 'pet');
  await provision(EBIKE, 'gt06', '粤B·D99999', 'ebike', { batteryVoltage: '48' });
});

afterAll(async () => {
  for (const d of devices) d.close();
  await server.close();
});

describe('GT06 and watch-protocol devices end to end', () => {
  it('a GT06 collar logs in, reports, has its alarm acknowledged, shows live and answers 位置查询 with 成功', async () => {
    const port = server.fleet.devices.gt06!.port;
    const collar = await RawDevice.open(port, splitGt06);
    devices.push(collar);
    collar.send(gt06(0x01, [...bcdImei(COLLAR)], 1));
    const loginAck = await collar.next((f) => f[3] === 0x01, 'login reply');
    expect(loginAck.toString('hex')).toBe(gt06(0x01, [], 1).toString('hex'));

    const now = new Date(Math.floor(Date.now() / 1000) * 1000 - 5000);
    collar.send(gt06(0x12, [...gt06Gps(now, 120.1190, 30.2880, 4, 90), ...lbs], 2));
    const row = await waitFor(() => monitorRow(COLLAR), (r) => r.obj.list[0]?.lon !== null && r.obj.list[0]?.lon !== undefined, 'collar on the monitor');
    expect(row.obj.list[0]).toMatchObject({ terminalNo: COLLAR, online: true, speed: 4 });
    expect(row.obj.list[0]!.lon).toBeCloseTo(120.119, 5);
    expect(row.obj.list[0]!.lat).toBeCloseTo(30.288, 5);

    // an SOS alarm (0x16, alarm byte 0x01) is answered with the same protocol number and serial once stored
    const later = new Date(now.getTime() + 2000);
    collar.send(gt06(0x16, [...gt06Gps(later, 120.1191, 30.2881, 0, 90), 0x09, ...lbs.slice(0, 8), 0x44, 0x06, 0x04, 0x01, 0x02], 3));
    const alarmAck = await collar.next((f) => f[3] === 0x16, 'alarm reply');
    expect(alarmAck.subarray(4, 6).toString('hex')).toBe('0003');

    const sent = await admin.postJson<{ batchId: string; commands: CommandView[] }>(SEND, { terminalNos: [COLLAR], commandType: 'locate', params: {} });
    expect(sent.flag).toBe(1);
    const command = await collar.next((f) => f[3] === 0x80, 'online command 0x80');
    const flag = command.subarray(5, 9);
    const answer = Buffer.from('Lat:N30.288000,Lon:E120.119000,Course:90.00,Speed:0.00km/h');
    collar.send(gt06(0x15, [4 + answer.length, ...flag, ...answer, 0x00, 0x02], 4));
    const done = await waitFor(() => admin.get<{ list: CommandView[] }>(LIST, { batchId: sent.obj.batchId }), (r) => r.obj.list[0]?.status === 2, 'locate 成功');
    expect(done.obj.list[0]).toMatchObject({ terminalNo: COLLAR, statusText: '成功' });
  });

  it('a watch-protocol badge links, reports, has its alarm acknowledged, shows live and answers 位置查询 with 成功', async () => {
    const port = server.fleet.devices.watch!.port;
    const badge = await RawDevice.open(port, splitWatch);
    devices.push(badge);
    badge.send(watch(BADGE, 'LK,1200,0,80'));
    const lk = await badge.next((f) => f.toString().includes('*LK'), 'LK reply');
    expect(lk.toString()).toBe(`[3G*${BADGE}*0002*LK]`);

    const now = new Date(Math.floor(Date.now() / 1000) * 1000 - 5000);
    badge.send(watch(BADGE, watchUd(now, 120.7195, 31.3265)));
    const row = await waitFor(() => monitorRow(BADGE), (r) => r.obj.list[0]?.lon !== null && r.obj.list[0]?.lon !== undefined, 'badge on the monitor');
    expect(row.obj.list[0]!.lat).toBeCloseTo(31.3265, 5);

    badge.send(watch(BADGE, `AL${watchUd(new Date(now.getTime() + 2000), 120.7196, 31.3266).slice(2).replace('00000000', '00010000')}`));
    const al = await badge.next((f) => f.toString().includes('*AL'), 'AL reply');
    expect(al.toString()).toBe(`[3G*${BADGE}*0002*AL]`);

    // a heart rate of 135 (健康设置: 50–120) then two positions: exactly one 心率异常, still open
    badge.send(watch(BADGE, 'heart,135'));
    for (const [i, ms] of [4000, 6000].entries()) {
      badge.send(watch(BADGE, `AL${watchUd(new Date(now.getTime() + ms), 120.7196 + i / 1e4, 31.3266).slice(2)}`));
      await badge.next((f) => f.toString().includes('*AL'), 'AL reply');
    }
    const badgeId = (await server.store.fleet.terminalAuth(BADGE))!.terminalId;
    await waitFor(() => server.store.alarms.openTypes(badgeId), (types) => types.includes('heartRateAbnormal'), '心率异常 open');
    await new Promise((r) => setTimeout(r, 300)); // the second position is evaluated too
    const tenant = (await server.store.org.findTenantByName(DEMO_TENANT))!;
    const scope = { userId: 0, tenantId: tenant.id, tenantIds: [tenant.id], groupIds: null };
    const health = (await server.store.alarms.page(scope, { offset: 0, limit: 50 })).list.filter((a) => a.terminalId === badgeId && a.alarmType === 'heartRateAbnormal');
    expect(health).toHaveLength(1);
    expect(health[0]!.detail).toMatchObject({ heartRate: 135, max: 120 });

    const sent = await admin.postJson<{ batchId: string }>(SEND, { terminalNos: [BADGE], commandType: 'locate', params: {} });
    expect(sent.flag).toBe(1);
    const cr = await badge.next((f) => f.toString().includes('*CR'), 'CR command');
    expect(cr.toString()).toBe(`[3G*${BADGE}*0002*CR]`);
    badge.send(watch(BADGE, 'CR'));
    await waitFor(() => admin.get<{ list: CommandView[] }>(LIST, { batchId: sent.obj.batchId }), (r) => r.obj.list[0]?.status === 2, 'CR 成功');
  });

  it('lists each kind of asset for its own sub-application, and leaves other kinds\' groups out of a kind\'s tree', async () => {
    const kinds = async (assetKind: string) => (await admin.get<{ list: (MonitorRow & { assetKind: string; protocol: string })[] }>(MONITOR, { assetKind, pageSize: 500 })).obj.list;
    expect((await kinds('person')).map((i) => [i.terminalNo, i.protocol])).toEqual([[BADGE, 'watch']]);
    expect((await kinds('pet')).map((i) => [i.terminalNo, i.protocol])).toEqual([[COLLAR, 'gt06']]);
    expect((await kinds('ebike')).map((i) => i.terminalNo)).toEqual([EBIKE]);
    expect((await kinds('vehicle')).every((i) => i.assetKind === 'vehicle' && i.protocol === 'jt808')).toBe(true);
    expect(await admin.get(MONITOR, { assetKind: 'robot' })).toMatchObject({ flag: 400 });
    interface Node { name: string; counts: { all: number }; children: Node[] }
    const names = (nodes: Node[]): string[] => nodes.flatMap((n) => [n.name, ...names(n.children)]);
    const vehicleTree = (await admin.get<Node[]>('/car/v4/api/monitor/tree.json', { assetKind: 'vehicle' })).obj;
    const personTree = (await admin.get<Node[]>('/car/v4/api/monitor/tree.json', { assetKind: 'person' })).obj;
    expect(names(vehicleTree)).not.toContain('设备测试');
    expect(personTree.find((n) => n.name === '设备测试')?.counts.all).toBe(1);
  });

  it('refuses an unknown GT06 device, counts and drops malformed frames while an e-bike guard logs in, reports and answers 位置查询 with 成功', async () => {
    const port = server.fleet.devices.gt06!.port;
    const before = server.fleet.devices.gt06!.metrics();
    const stranger = await RawDevice.open(port, splitGt06);
    devices.push(stranger);
    stranger.send(gt06(0x01, [...bcdImei('358710069999990')], 1));
    await new Promise((r) => setTimeout(r, 300));
    expect(stranger.received).toEqual([]);

    const ebike = await RawDevice.open(port, splitGt06);
    devices.push(ebike);
    const bad = gt06(0x01, [...bcdImei(EBIKE)], 1);
    bad[bad.length - 3] ^= 0xff; // broken CRC
    ebike.send(bad);
    ebike.send(Buffer.from('garbage that is no frame at all'));
    ebike.send(gt06(0x01, [...bcdImei(EBIKE)], 2));
    await ebike.next((f) => f[3] === 0x01, 'login reply after the bad frames');
    const after = server.fleet.devices.gt06!.metrics();
    expect(after.badFrames - before.badFrames).toBeGreaterThanOrEqual(1);
    expect(after.bytesSkipped).toBeGreaterThan(before.bytesSkipped);
    expect(after.devicesRefused - before.devicesRefused).toBe(1);
    const ebikeId = (await server.store.fleet.terminalAuth(EBIKE))!.terminalId;
    expect(await server.store.positions.count(ebikeId)).toBe(0);
    expect(await server.store.fleet.terminalAuth('358710069999990')).toBeUndefined();

    // half a frame, then silence, on a connection of its own: nothing stored, the e-bike unaffected
    const halting = await RawDevice.open(port, splitGt06);
    devices.push(halting);
    halting.send(gt06(0x22, [...gt06Gps(new Date(), 114.05, 22.54, 10, 0), ...lbs, 0x01, 0x00, 0x00], 9).subarray(0, 14));

    // the e-bike reports its battery at 50.4 V (0x94), then a GPS+LBS position with ACC on (0x22), answered once stored,
    // and shows on its monitor with the charge of its 48 V battery
    const now = new Date(Math.floor(Date.now() / 1000) * 1000 - 5000);
    ebike.send(gt06Long(0x94, [0x00, ...[5040 >> 8, 5040 & 0xff]], 7));
    ebike.send(gt06(0x22, [...gt06Gps(now, 114.0579, 22.5431, 18, 45), ...lbs, 0x01, 0x00, 0x00], 3));
    const ack = await ebike.next((f) => f[3] === 0x22, 'location reply after commit');
    expect(ack.subarray(4, 6).toString('hex')).toBe('0003');
    expect(await server.store.positions.count(ebikeId)).toBe(1);
    const row = await waitFor(() => monitorRow(EBIKE), (r) => r.obj.list[0]?.lon != null, 'e-bike on the monitor');
    expect(row.obj.list[0]).toMatchObject({ terminalNo: EBIKE, online: true, speed: 18, externalVoltage: 50.4, battery: 78 });
    expect(row.obj.list[0]!.lat).toBeCloseTo(22.5431, 5);

    const sent = await admin.postJson<{ batchId: string }>(SEND, { terminalNos: [EBIKE], commandType: 'locate', params: {} });
    const command = await ebike.next((f) => f[3] === 0x80, 'online command 0x80');
    const answer = Buffer.from('Lat:N22.543100,Lon:E114.057900,Course:45.00,Speed:18.00km/h');
    ebike.send(gt06(0x15, [4 + answer.length, ...command.subarray(5, 9), ...answer, 0x00, 0x02], 4));
    const done = await waitFor(() => admin.get<{ list: CommandView[] }>(LIST, { batchId: sent.obj.batchId }), (r) => r.obj.list[0]?.status === 2, 'locate 成功');
    expect(done.obj.list[0]).toMatchObject({ terminalNo: EBIKE, statusText: '成功' });
    expect(halting.received).toEqual([]);

    // 断电 while it rides at 18 km/h is refused for safety (骑行中, as an e-bike says it) and never sent; forced, it goes out
    ebike.send(gt06(0x22, [...gt06Gps(new Date(Math.ceil(Date.now() / 1000) * 1000 + 1000), 114.058, 22.5432, 18, 45), ...lbs, 0x01, 0x00, 0x00], 6));
    await ebike.next((f) => f[3] === 0x22 && f[5] === 6, 'the riding position stored');
    const cut = { terminalNos: [EBIKE], commandType: 'oilPower', params: { action: 'cut' }, password: 'Admin@123' };
    const refused = await admin.postJson<{ batchId: string; commands: CommandView[] }>(SEND, cut);
    expect(refused.obj.commands[0]).toMatchObject({ statusText: '失败', result: { text: '骑行中（18 km/h），为安全未断电；停稳后再试，或确认安全后强制执行' } });
    await new Promise((r) => setTimeout(r, 300));
    expect(ebike.received.filter((f) => f[3] === 0x80)).toEqual([]);
    const forced = await admin.postJson<{ batchId: string }>(SEND, { ...cut, params: { action: 'cut', force: true } });
    const dyd = await ebike.next((f) => f[3] === 0x80, 'the forced power cut 0x80');
    expect(dyd.subarray(9, dyd.length - 6).toString()).toContain('DYD');
    const dydAnswer = Buffer.from('DYD=Success!');
    ebike.send(gt06(0x15, [4 + dydAnswer.length, ...dyd.subarray(5, 9), ...dydAnswer, 0x00, 0x02], 5));
    await waitFor(() => admin.get<{ list: CommandView[] }>(LIST, { batchId: forced.obj.batchId }), (r) => r.obj.list[0]?.status === 2, 'forced cut 成功');
  });

  it('places a report without a fix at the last known one with a radius grown since it: on the monitor, the live channel and the track', async () => {
    const WANDERER = '868710040000029';
    const tenant = (await server.store.org.findTenantByName(DEMO_TENANT))!;
    const group = await server.store.fleet.ensureGroup(tenant.id, null, '设备测试', 50);
    await server.store.fleet.provision({
      tenantId: tenant.id, groupId: group, terminalNo: WANDERER, displayNo: WANDERER, authCode: '', imei: WANDERER, protocol: 'watch', plateNo: '测试访客', plateColor: 0, assetKind: 'person',
    });
    const live = await LiveTestClient.connect((server.app.server.address() as AddressInfo).port);
    try {
      live.send({ type: 'auth', sessionId: admin.sessionId, userId: admin.userId });
      await live.until((m) => m.some((x) => x.type === 'snapshot'), 10_000, 'snapshot');
      const badge = await RawDevice.open(server.fleet.devices.watch!.port, splitWatch);
      devices.push(badge);
      badge.send(watch(WANDERER, 'LK,1200,0,80'));
      await badge.next((f) => f.toString().includes('*LK'), 'LK reply');
      // a GPS fix, then two minutes later a report with neither a fix nor a cell: 120 s at walking pace past the floor
      const fixed = new Date(Math.floor(Date.now() / 1000) * 1000 - 180_000);
      badge.send(watch(WANDERER, watchUd(fixed, 120.7195, 31.3265)));
      badge.send(watch(WANDERER, watchUd(new Date(fixed.getTime() + 120_000), 0, 0).replace(',A,', ',V,')));
      const expected = { fix: 'last', accuracy: LAST_FIX_FLOOR_M + 120 };
      const row = await waitFor(() => admin.get<{ list: Record<string, unknown>[] }>(MONITOR, { keyword: WANDERER }), (r) => r.obj.list[0]?.fix === 'last', 'the last known position on the monitor');
      expect(row.obj.list[0]).toMatchObject({ ...expected, located: false });
      expect(row.obj.list[0]!.lat).toBeCloseTo(31.3265, 5);
      await live.until((m) => m.some((x) => x.type === 'positions' && (x.list as Record<string, unknown>[]).some((i) => i.terminalNo === WANDERER && i.fix === 'last')), 10_000, 'the live position');
      const pushed = live.of('positions').flatMap((x) => x.list as Record<string, unknown>[]).filter((i) => i.terminalNo === WANDERER && i.fix === 'last');
      expect(pushed.at(-1)).toMatchObject(expected);
      const track = await admin.get<{ points: TrackPoint[] }>('/car/v4/api/track/list.json', {
        terminalNo: WANDERER, start: new Date(fixed.getTime() - 60_000).toISOString(), end: new Date().toISOString(),
      });
      expect(track.obj.points.map((p) => [p.fix, p.accuracy])).toEqual([[undefined, undefined], ['last', LAST_FIX_FLOOR_M + 120]]);
    } finally {
      live.close();
    }
  });
});
