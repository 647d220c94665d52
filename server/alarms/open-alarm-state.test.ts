import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DashboardData } from '../../sdk/dashboard';
import type { VehicleGroup } from '../../sdk/services/live-service';
import type { MonitorItem } from '../api/monitor/monitor-item';
import { Jt808TestTerminal } from '../gateway/testing/jt808-test-terminal';
import { ApiClient, demoTenantClients } from '../testing/api-client';
import { LiveTestClient } from '../testing/live-client';
import { createTestServer, type TestServer } from '../testing/test-server';
import type { Alarm } from './alarm-model';

// The open-alarm state every counter reads, driven by real terminals: an SOS (an event alarm) stays
// open after the terminal's next normal report until it is handled; 平台超速 (a condition alarm) is
// open while the asset speeds and is not handled. PostgreSQL too when DATABASE_URL is set.
let server: TestServer;
let admin: ApiClient;
let ws: LiveTestClient;
const terminals: Jt808TestTerminal[] = [];

const LIST = '/car/v4/api/monitor/list.json';
const TREE = '/car/v4/api/monitor/tree.json';
const DASHBOARD = '/car/v1/api/dataCenter/dashboard.json';
const HISTORY = '/car/v1/accelerate/report/alarm/newQueryAlarm';
const PROCESS = '/car/v1/api/monitor/processAlarm';
// whole seconds: the position codec carries no milliseconds
const T0 = Math.floor(Date.now() / 1000) * 1000 - 600_000;
const SOS = 1;
const LOCATED_ACC = 3;

async function terminal(phone: string): Promise<Jt808TestTerminal> {
  const t = await Jt808TestTerminal.connect(server.fleet.gateway!.port, phone, '2013');
  terminals.push(t);
  await t.login();
  return t;
}

async function report(t: Jt808TestTerminal, seconds: number, alarmFlags = 0, speedKmh = 30): Promise<void> {
  const serial = t.sendLocation({ latitude: 39.909, longitude: 116.397, gpsTime: T0 + seconds * 1000, alarmFlags, statusFlags: LOCATED_ACC, speedKmh });
  expect((await t.ackFor(serial)).result).toBe(0);
  await server.fleet.alarms.settled();
}

async function item(terminalNo: string): Promise<MonitorItem> {
  return (await admin.get<{ list: MonitorItem[] }>(LIST, { keyword: terminalNo })).obj.list.find((i) => i.terminalNo === terminalNo)!;
}

/** 报警 of the tree's node named `name` (anywhere in the tree). */
async function treeAlarms(name: string): Promise<number> {
  const find = (nodes: VehicleGroup[]): VehicleGroup | undefined => {
    for (const n of nodes) {
      if (n.name === name) return n;
      const below = find(n.children ?? []);
      if (below) return below;
    }
    return undefined;
  };
  return find((await admin.get<VehicleGroup[]>(TREE, { assetKind: 'vehicle' })).obj)!.counts!.alarm;
}

async function dashboard(): Promise<DashboardData> {
  return (await admin.get<DashboardData>(DASHBOARD)).obj;
}

/** The counters an operator looks at: the group's 报警, the asset's open alarms, 数据看板's 告警 and 未处理告警. */
async function counters(terminalNo: string) {
  const [i, d] = await Promise.all([item(terminalNo), dashboard()]);
  return {
    tree: await treeAlarms(i.groupName!),
    openAlarms: i.openAlarms,
    types: i.openAlarmTypes ?? [],
    inAlarmFilter: (await admin.get<{ list: MonitorItem[] }>(LIST, { status: 'alarm', keyword: terminalNo })).obj.list.length,
    dashboardAlarm: d.totals.alarm,
    // 未处理告警: 告警中心's 实时告警, open or not
    dashboardUnprocessed: d.unprocessedAlarms.total,
    latest: d.unprocessedAlarms.latest.map((a) => a.id),
  };
}

/** The last item the live channel pushed for the terminal. */
function pushedItem(terminalNo: string): MonitorItem | undefined {
  const lists = ws.of('positions').flatMap((m) => m.list as MonitorItem[]).filter((i) => i.terminalNo === terminalNo);
  return lists.at(-1);
}

async function alarmsOf(terminalNo: string, alarmType: string): Promise<Alarm[]> {
  return (await admin.get<{ list: Alarm[] }>(HISTORY, {
    start: new Date(T0 - 3600_000).toISOString(), end: new Date(T0 + 3600_000).toISOString(), alarmType, keyword: terminalNo, pageSize: 50,
  })).obj.list;
}

beforeAll(async () => {
  server = await createTestServer({ demo: true, simulate: false, config: { simDevices: 3 } });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  ({ admin } = await demoTenantClients(server.app));
  ws = await LiveTestClient.connect((server.app.server.address() as AddressInfo).port);
  ws.send({ type: 'auth', sessionId: admin.sessionId, userId: admin.userId });
  await ws.until((m) => m.some((x) => x.type === 'snapshot'), 10_000, 'snapshot');
});

afterAll(async () => {
  ws.close();
  for (const t of terminals) t.close();
  await server.close();
});

describe('an SOS (event alarm)', () => {
  it('stays in the tree’s 报警, on the item and in 数据看板’s 告警 after the next normal report, until handled', async () => {
    const no = '013800000001';
    const t = await terminal(no);
    await report(t, 0);
    const before = await counters(no);
    expect(before).toMatchObject({ openAlarms: 0, types: [], inAlarmFilter: 0 });

    await report(t, 5, SOS);
    await report(t, 10); // the bit cleared: the alarm ended, but nobody handled it
    const [sos] = await alarmsOf(no, 'sos');
    expect(sos).toMatchObject({ status: 0, level: 'urgent' });
    expect(sos!.endTime).not.toBeNull();

    const open = await counters(no);
    expect(open).toMatchObject({
      tree: before.tree + 1, openAlarms: 1, types: ['sos'], inAlarmFilter: 1, dashboardAlarm: before.dashboardAlarm + 1, dashboardUnprocessed: before.dashboardUnprocessed + 1,
    });
    expect(open.latest[0]).toBe(sos!.id);
    expect((await dashboard()).unprocessedAlarms.latest[0]).toMatchObject({ id: sos!.id, alarmType: 'sos', level: 'urgent' });
    // the live channel carries the same state, and the alarm with its level
    await ws.until(() => pushedItem(no)?.openAlarms === 1, 5000, 'the item with its open SOS');
    expect(ws.of('alarm').find((m) => m.event === 'start' && (m.alarm as Alarm).id === sos!.id)!.alarm).toMatchObject({ level: 'urgent' });

    expect((await admin.postJson<{ updated: number }>(PROCESS, { ids: [sos!.id], note: '已电话确认，误触' })).obj.updated).toBe(1);
    const handled = await counters(no);
    expect(handled).toMatchObject({
      tree: before.tree, openAlarms: 0, types: [], inAlarmFilter: 0, dashboardAlarm: before.dashboardAlarm, dashboardUnprocessed: before.dashboardUnprocessed,
    });
    expect(handled.latest).not.toContain(sos!.id);
    await ws.until(() => ws.of('alarm').some((m) => m.event === 'processed' && (m.alarm as Alarm).id === sos!.id), 5000, 'processed');
    await ws.until(() => pushedItem(no)?.openAlarms === 0, 5000, 'the item without it');
  });
});

describe('平台超速 (condition alarm)', () => {
  it('is open while the asset speeds and not handled: it leaves the counters when the speed drops or when handled', async () => {
    const no = '013800000002';
    const t = await terminal(no);
    await report(t, 0);
    const before = await counters(no);

    for (const s of [5, 10, 15, 20]) await report(t, s, 0, 130);
    const speeding = await counters(no);
    expect(speeding).toMatchObject({ tree: before.tree + 1, openAlarms: 1, types: ['platformOverspeed'], dashboardAlarm: before.dashboardAlarm + 1 });

    // the speed drops: the condition ended, the alarm is no longer open though nobody handled it
    // (未处理告警 still counts it: 告警中心 lists it until someone handles it)
    await report(t, 25, 0, 60);
    const [first] = await alarmsOf(no, 'platformOverspeed');
    expect(first).toMatchObject({ status: 0, level: 'normal' });
    expect(first!.endTime).not.toBeNull();
    expect(await counters(no)).toMatchObject({
      tree: before.tree, openAlarms: 0, dashboardAlarm: before.dashboardAlarm, dashboardUnprocessed: before.dashboardUnprocessed + 1,
    });

    // speeding again, handled while it lasts: closed at once, and no second alarm while it goes on
    for (const s of [30, 35, 40, 45]) await report(t, s, 0, 130);
    const second = (await alarmsOf(no, 'platformOverspeed')).find((a) => a.endTime === null)!;
    expect((await counters(no)).openAlarms).toBe(1);
    await admin.postJson(PROCESS, { ids: [second.id], note: '已提醒司机减速' });
    await report(t, 50, 0, 130);
    expect(await counters(no)).toMatchObject({ tree: before.tree, openAlarms: 0, dashboardAlarm: before.dashboardAlarm });
    expect(await alarmsOf(no, 'platformOverspeed')).toHaveLength(2);
  });
});
