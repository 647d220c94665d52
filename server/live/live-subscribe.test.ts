import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MonitorItem } from '../api/monitor/monitor-item';
import { demoTenantClients, type ApiClient } from '../testing/api-client';
import { LiveTestClient } from '../testing/live-client';
import { createTestServer, type TestServer } from '../testing/test-server';
import { DEMO_TENANT } from '../store/seed-demo';

// A console page that shows no positions (the alarm desk on 告警中心) subscribes to none: it gets
// alarms and no snapshot; a monitor subscribes and gets one snapshot, then the pushes.
let server: TestServer;
let httpPort: number;
let admin: ApiClient;
let tenantId: number;
let terminalId: number;
const sockets: LiveTestClient[] = [];

beforeAll(async () => {
  server = await createTestServer({ demo: true, simulate: false, config: { simDevices: 2 } });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  httpPort = (server.app.server.address() as AddressInfo).port;
  ({ admin } = await demoTenantClients(server.app));
  tenantId = (await server.store.org.findTenantByName(DEMO_TENANT))!.id;
  const first = (await admin.get<{ list: MonitorItem[] }>('/car/v4/api/monitor/list.json', { pageSize: 1 })).obj.list[0]!;
  terminalId = (await server.store.monitor.findAsset(tenantId, first.terminalNo.replace(/^0+/, '')))!.terminalId;
});

afterAll(async () => {
  for (const s of sockets) s.close();
  await server.close();
});

async function live(positions?: boolean): Promise<LiveTestClient> {
  const c = await LiveTestClient.authenticated(httpPort, admin, positions === undefined ? undefined : { positions });
  sockets.push(c);
  return c;
}

/** Everything the server sent before this returns has arrived (the socket keeps order). */
async function drained(c: LiveTestClient): Promise<void> {
  const pongs = c.of('pong').length;
  c.send({ type: 'ping' });
  await c.until((m) => m.filter((x) => x.type === 'pong').length > pongs, 5000, 'pong');
}

/** The demo terminal's item goes out again (to the sockets that get positions), once the monitor role has it. */
async function pushed(witness: LiveTestClient): Promise<void> {
  const before = witness.of('positions').length;
  server.fleet.bus.publish({ type: 'assets', tenantId, terminalIds: [terminalId] });
  await witness.until((m) => m.filter((x) => x.type === 'positions').length > before, 5000, 'positions on the subscribed socket');
}

describe('the live channel sends positions only to sockets subscribed to them', () => {
  it('a socket without positions gets alarms and no snapshot or positions; subscribing brings one snapshot and the pushes; unsubscribing stops them', async () => {
    const monitor = await live(); // no choice: positions, as clients that never choose
    const desk = await live(false);
    expect(desk.of('ready')).toHaveLength(1);

    server.fleet.bus.publish({ type: 'alarm', tenantId, groupId: null, event: 'start', alarm: { id: 1, terminalNo: '013800000001' } as never });
    await desk.until((m) => m.some((x) => x.type === 'alarm'), 5000, 'the alarm');
    await pushed(monitor);
    await drained(desk);
    expect(desk.of('snapshot')).toEqual([]);
    expect(desk.of('positions')).toEqual([]);

    desk.send({ type: 'subscribe', positions: true });
    await desk.until((m) => m.some((x) => x.type === 'snapshot'), 5000, 'the snapshot');
    expect((desk.of('snapshot')[0]!.list as MonitorItem[]).length).toBeGreaterThan(0);
    await pushed(desk);
    // asking again while subscribed sends no second snapshot
    desk.send({ type: 'subscribe', positions: true });
    await drained(desk);
    expect(desk.of('snapshot')).toHaveLength(1);

    desk.send({ type: 'subscribe', positions: false });
    await drained(desk);
    const received = desk.of('positions').length;
    await pushed(monitor);
    await drained(desk);
    expect(desk.of('positions')).toHaveLength(received);

    // subscribed again: a fresh snapshot, then the pushes again
    desk.send({ type: 'subscribe', positions: true });
    await desk.until((m) => m.filter((x) => x.type === 'snapshot').length === 2, 5000, 'the second snapshot');
    await pushed(desk);
    expect(monitor.of('snapshot')).toHaveLength(1);
  }, 30_000);

  it('an auth that subscribes gets the snapshot, as one that does not say', async () => {
    const c = await live(true);
    expect(c.of('snapshot')).toHaveLength(1);
    expect((c.of('snapshot')[0]!.list as MonitorItem[]).length).toBeGreaterThan(0);
  });
});
