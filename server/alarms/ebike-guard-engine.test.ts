import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AlarmEvent, BusEvent } from '../bus/bus-events';
import { MemoryEventBus } from '../bus/memory-event-bus';
import type { PositionExtras, PositionRow } from '../gateway/gateway-ports';
import { DEMO_TENANT } from '../store/seed-demo';
import { createTestServer, type TestServer } from '../testing/test-server';
import type { AlarmEngine } from './alarm-engine';
import { alarmEvents, feed as feedStore, positionRow, testEngine, type EngineTerminal } from './testing/engine-fixtures';

// 震动告警 episodes and 位移告警 of a GT06 e-bike guard through the engine and a real store: one
// alarm row per episode, its count kept in the detail, ended by a later report, by the sweep when the
// guard falls silent, and picked up again after a restart. PostgreSQL too when DATABASE_URL is set.
let server: TestServer;
let terminal: EngineTerminal;
const T0 = Date.parse('2026-05-01T02:00:00Z');
const METRES = 1 / 111_194.93;
/** The engines' clock: the tests move it. */
let now = T0;

const engine = (events: BusEvent[], bus?: MemoryEventBus): AlarmEngine => testEngine(server.store, events, () => now, bus);
const feed = (e: AlarmEngine, rows: PositionRow[]) => feedStore(server.store, e, rows);

/** A report of the parked guard: armed unless said, with a GPS fix of nine satellites. */
const guard = (seconds: number, extras: PositionExtras = {}, p: Partial<PositionRow> = {}) =>
  positionRow(terminal, T0, seconds, { speed: 0, statusFlags: 2, extras: { armed: true, satellites: 9, ...extras }, ...p });
const jolts = (...seconds: number[]) => seconds.map((t) => guard(t, { deviceAlarms: ['vibration'] }));

async function alarmsOf(type: string) {
  const scope = { userId: 0, tenantId: terminal.tenantId, tenantIds: [terminal.tenantId], groupIds: null };
  const page = await server.store.alarms.page(scope, { alarmTypes: [type], offset: 0, limit: 50 });
  return page.list.filter((a) => a.terminalId === terminal.terminalId).reverse();
}

const since = (seconds: number) => async (type: string) => (await alarmsOf(type)).filter((a) => a.startTime.getTime() >= T0 + seconds * 1000);

beforeAll(async () => {
  server = await createTestServer({ demo: true, simulate: false, gateway: false });
  const tenant = (await server.store.org.findTenantByName(DEMO_TENANT))!;
  const group = await server.store.fleet.ensureGroup(tenant.id, null, '卫士引擎', 70);
  const imei = '358710060009991';
  const { terminalId } = await server.store.fleet.provision({
    tenantId: tenant.id, groupId: group, terminalNo: imei, displayNo: imei, authCode: '', imei, protocol: 'gt06', plateNo: '粤B·T09991', plateColor: 0, assetKind: 'ebike',
  });
  terminal = { terminalNo: imei, terminalId, tenantId: tenant.id };
});
afterAll(() => server.close());

describe('震动告警 episodes in the engine', () => {
  it('stores a burst as one alarm with its count and last vibration, ends it after the quiet window, and a later burst is a second alarm', async () => {
    const events: BusEvent[] = [];
    const e = engine(events);
    await feed(e, jolts(0, 10, 20, 30, 40));
    expect(alarmEvents(events)).toEqual(['start:vibration']);
    let [first] = await alarmsOf('vibration');
    expect(first).toMatchObject({ startTime: new Date(T0), endTime: null, detail: { count: 5, lastTime: '2026-05-01T10:00:40+08:00', windowSeconds: 180 } });

    await feed(e, [guard(100), guard(300)]);
    expect(alarmEvents(events)).toEqual(['start:vibration', 'end:vibration']);
    [first] = await alarmsOf('vibration');
    expect(first!.endTime).toEqual(new Date(T0 + 40_000));

    await feed(e, jolts(400, 410, 420));
    expect(alarmEvents(events)).toEqual(['start:vibration', 'end:vibration', 'start:vibration']);
    const rows = await alarmsOf('vibration');
    expect(rows.map((a) => [a.startTime.getTime() - T0, a.detail.count])).toEqual([[0, 5], [400_000, 3]]);
    await feed(e, [guard(700)]);
    await e.close();
  });

  it('raises nothing while the e-bike is disarmed', async () => {
    const events: BusEvent[] = [];
    const e = engine(events);
    await feed(e, [800, 810, 820, 830].map((t) => guard(t, { armed: false, deviceAlarms: ['vibration'] })));
    expect(alarmEvents(events)).toEqual([]);
    expect(await since(800)('vibration')).toEqual([]);
    await e.close();
  });

  it('goes on with the same alarm after a restart in the middle of an episode', async () => {
    const before: BusEvent[] = [];
    const first = engine(before);
    await feed(first, jolts(1000, 1010));
    await first.close();
    const after: BusEvent[] = [];
    const second = engine(after);
    await feed(second, jolts(1020, 1030));
    expect([...alarmEvents(before), ...alarmEvents(after)]).toEqual(['start:vibration']);
    await feed(second, [guard(1300)]);
    expect(alarmEvents(after)).toEqual(['end:vibration']);
    const rows = await since(1000)('vibration');
    expect(rows.map((a) => [a.detail.count, a.endTime!.getTime() - T0])).toEqual([[4, 1_030_000]]);
    await second.close();
  });

  it('ends the episode of a guard that fell silent once its window (and a minute’s grace) passed, at its last vibration', async () => {
    const events: BusEvent[] = [];
    const e = engine(events);
    await feed(e, jolts(2000, 2010));
    now = T0 + (2010 + 180 + 30) * 1000;
    expect(await e.endQuietEpisodes()).toBe(0);
    now = T0 + (2010 + 180 + 61) * 1000;
    expect(await e.endQuietEpisodes()).toBe(1);
    expect(alarmEvents(events)).toEqual(['start:vibration', 'end:vibration']);
    const [row] = await since(2000)('vibration');
    expect(row!.endTime).toEqual(new Date(T0 + 2_010_000));
    // the next jolts are a new episode
    await feed(e, jolts(2400, 2410));
    expect(alarmEvents(events)).toEqual(['start:vibration', 'end:vibration', 'start:vibration']);
    await feed(e, [guard(2700)]);
    await e.close();
  });

  it('applies the device’s own 震动灵敏度 and 告警间隔 from its next position once the change is announced', async () => {
    const bus = new MemoryEventBus();
    const events: BusEvent[] = [];
    const e = engine(events, bus);
    await feed(e, [guard(2990)]);
    // as 电动车卫士's 防盗设置 saves them
    await server.store.db.insertInto('device_guard_settings')
      .values({ terminal_id: terminal.terminalId, vibration_sensitivity: 1, vibration_window_seconds: 60, updated_at: new Date(), updated_by: 0, push_batch_id: null })
      .execute();
    bus.publish({ type: 'assets', tenantId: terminal.tenantId, terminalIds: [terminal.terminalId] });
    // 低: three vibrations, each within 60 s of the one before (3050 → 3150 is not)
    await feed(e, jolts(3000, 3050, 3150, 3200));
    expect(alarmEvents(events)).toEqual([]);
    await feed(e, jolts(3240));
    const [alarm] = events.filter((x): x is AlarmEvent => x.type === 'alarm').map((x) => x.alarm);
    expect(alarm).toMatchObject({ alarmType: 'vibration', startTime: '2026-05-01T10:52:30+08:00', detail: { count: 3, sensitivity: 1, windowSeconds: 60 } });
    await feed(e, [guard(3400)]);
    await server.store.db.deleteFrom('device_guard_settings').where('terminal_id', '=', terminal.terminalId).execute();
    bus.publish({ type: 'assets', tenantId: terminal.tenantId, terminalIds: [terminal.terminalId] });
    await e.close();
  });
});

describe('位移告警 in the engine', () => {
  const at = (seconds: number, north: number, speed = 0) => guard(seconds, {}, { lat: 39.909 + north * METRES, speed });

  it('raises one urgent 位移告警 when the armed e-bike is taken away, none for GPS jitter where it stands', async () => {
    const events: BusEvent[] = [];
    const e = engine(events);
    await feed(e, [0, 14, -20, 9, 70, -3, 25, -11].map((m, i) => at(4000 + i * 10, m)));
    expect(alarmEvents(events)).toEqual([]);
    await feed(e, [at(4100, 60, 8), at(4110, 140, 9), at(4120, 230, 9), at(4130, 320, 10)]);
    expect(alarmEvents(events)).toEqual(['start:displacement']);
    const [moved] = await since(4000)('displacement');
    expect(moved).toMatchObject({ alarmType: 'displacement', source: 'platform', startTime: new Date(T0 + 4_110_000), endTime: new Date(T0 + 4_110_000) });
    const alarm = events.find((x): x is AlarmEvent => x.type === 'alarm')!.alarm;
    expect([alarm.alarmName, alarm.level]).toEqual(['位移告警', 'urgent']);
    await e.close();
  });
});
