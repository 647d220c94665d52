import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BusEvent } from './bus/bus-events';
import { DEMO_TENANT } from './store/seed-demo';
import { demoTenantClients, type ApiClient } from './testing/api-client';
import { createTestServer, type TestServer } from './testing/test-server';

// Someone who knows a badge's IMEI (watch frames carry no other secret) logs in from another
// address while the badge is connected and reporting, and presses SOS. The whole server: the badge
// keeps its link, the impostor is refused, 操作日志 records 设备冒用嫌疑 under the terminal, and the
// tenant gets a 设备冒用嫌疑 alarm in 告警中心 and on the live channel — and no SOS.

const IMEI = '868710047352916';
let server: TestServer;
let admin: ApiClient;
const busEvents: BusEvent[] = [];

class Watch {
  received = '';
  closed = false;
  private constructor(private readonly socket: Socket) {
    socket.on('data', (d) => (this.received += d.toString('latin1')));
    socket.on('close', () => (this.closed = true));
    socket.on('error', () => {});
  }
  static open(port: number, from: string): Promise<Watch> {
    return new Promise((resolve, reject) => {
      const s = connect({ port, host: '127.0.0.1', localAddress: from }, () => resolve(new Watch(s)));
      s.once('error', reject);
    });
  }
  send(content: string): void {
    this.socket.write(`[3G*${IMEI}*${Buffer.byteLength(content).toString(16).toUpperCase().padStart(4, '0')}*${content}]`);
  }
  close(): void {
    this.socket.destroy();
  }
}

function location(kind: 'UD' | 'AL', d: Date, status: string): string {
  const p = (n: number) => String(n).padStart(2, '0');
  const date = `${p(d.getUTCDate())}${p(d.getUTCMonth() + 1)}${p(d.getUTCFullYear() - 2000)}`;
  const time = `${p(d.getUTCHours())}${p(d.getUTCMinutes())}${p(d.getUTCSeconds())}`;
  return `${kind},${date},${time},A,31.326500,N,120.719500,E,0.00,0,12.0,8,80,76,1200,0,${status},0,0,460,0,0`;
}

async function until(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 15_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

beforeAll(async () => {
  server = await createTestServer({ demo: true, simulate: false });
  ({ admin } = await demoTenantClients(server.app));
  const tenant = (await server.store.org.findTenantByName(DEMO_TENANT))!;
  await server.store.fleet.provision({
    tenantId: tenant.id, groupId: null, terminalNo: IMEI, displayNo: IMEI, authCode: '', imei: IMEI, protocol: 'watch', edition: 'watch',
    plateNo: '冒用测试', plateColor: 0, assetKind: 'person',
  });
  server.fleet.bus.subscribe((e) => busEvents.push(e));
});

afterAll(async () => {
  await server?.close();
});

const alarms = (alarmType: string) => admin.get<{ total: number; list: { alarmType: string; alarmName: string; terminalNo: string; detail: Record<string, unknown> }[] }>(
  '/car/v1/accelerate/report/alarm/newQueryAlarm',
  { start: new Date(Date.now() - 3600_000).toISOString(), end: new Date(Date.now() + 3600_000).toISOString(), alarmType, pageSize: 10 },
);

describe('a badge someone else logs in as', () => {
  it('keeps the real badge connected, refuses the impostor, records 设备冒用嫌疑 and alarms the tenant', async () => {
    const port = server.fleet.devices.watch!.port;
    const badge = await Watch.open(port, '127.0.0.1');
    badge.send('LK,1200,0,80');
    await until(() => badge.received.includes('*LK]'), 'the badge logged in');
    badge.send(location('UD', new Date(Date.now() - 5000), '00000000'));

    const impostor = await Watch.open(port, '127.0.0.2');
    impostor.send('LK,1200,0,80');
    impostor.send(location('AL', new Date(), '00010000'));
    await until(() => impostor.closed, 'the impostor disconnected');
    expect(impostor.received).toBe('');

    await until(async () => (await alarms('spoofSuspected')).obj.total === 1, 'the 设备冒用嫌疑 alarm');
    const [alarm] = (await alarms('spoofSuspected')).obj.list;
    expect(alarm).toMatchObject({ alarmName: '设备冒用嫌疑', terminalNo: IMEI, detail: { protocol: 'watch', address: expect.stringMatching(/^127\.0\.0\.2:/) } });
    expect(busEvents.some((e) => e.type === 'alarm' && e.alarm.alarmType === 'spoofSuspected')).toBe(true);
    const log = await admin.get<{ list: { account: string; action: string; target: string; ip: string }[] }>('/car/v1/api/system/log/list.json', { keyword: IMEI, pageSize: 10 });
    expect(log.obj.list).toEqual([expect.objectContaining({ account: '系统（设备安全）', action: '设备冒用嫌疑', target: `终端 ${IMEI}`, ip: '127.0.0.2' })]);
    // the impostor's SOS was neither stored nor raised
    expect((await alarms('sos')).obj.total).toBe(0);

    // the real badge still has its link and its answers
    badge.received = '';
    badge.send(location('AL', new Date(), '00000000'));
    await until(() => badge.received.includes('*AL]'), 'the real badge answered');
    expect(badge.closed).toBe(false);
    badge.close();
  });
});
