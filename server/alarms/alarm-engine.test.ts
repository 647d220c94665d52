import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AlarmEvent, BusEvent } from '../bus/bus-events';
import { MemoryEventBus } from '../bus/memory-event-bus';
import type { PositionRow } from '../gateway/gateway-ports';
import { createTestServer, type TestServer } from '../testing/test-server';
import type { AlarmEngine } from './alarm-engine';
import { alarmEvents, feed as feedStore, positionRow, testEngine, type EngineTerminal } from './testing/engine-fixtures';

// The engine against a real store: what it remembers survives a restart (a fresh engine on the same database).
let server: TestServer;
let terminal: EngineTerminal;
const T0 = Date.parse('2026-05-01T02:00:00Z');
const METRES = 1 / 111_194.93;

const engine = (events: BusEvent[], bus = new MemoryEventBus()): AlarmEngine => testEngine(server.store, events, () => T0 + 3600_000, bus);
const row = (seconds: number, p: Partial<PositionRow> = {}): PositionRow => positionRow(terminal, T0, seconds, p);
const feed = (e: AlarmEngine, rows: PositionRow[]) => feedStore(server.store, e, rows);

const lateAlarms = async () => {
  const scope = { userId: 0, tenantId: terminal.tenantId, tenantIds: [terminal.tenantId], groupIds: null };
  return (await server.store.alarms.page(scope, { offset: 0, limit: 100 })).list.filter((a) => a.terminalId === terminal.terminalId && a.late);
};

beforeAll(async () => {
  server = await createTestServer({ demo: true, simulate: false, gateway: false, config: { simDevices: 1 } });
  const auth = (await server.store.fleet.terminalAuth('13800000001'))!;
  terminal = { terminalNo: '13800000001', terminalId: auth.terminalId, tenantId: auth.tenantId };
});
afterAll(() => server.close());

describe('alarm engine across a restart', () => {
  it('does not open the same alarm again and ends the stored one', async () => {
    const before: BusEvent[] = [];
    const first = engine(before);
    await feed(first, [row(0, { alarmFlags: 1 }), row(5, { alarmFlags: 1 })]);
    expect(alarmEvents(before)).toEqual(['start:sos']);
    await first.close();

    const after: BusEvent[] = [];
    const second = engine(after);
    await feed(second, [row(10, { alarmFlags: 1 }), row(15)]);
    expect(alarmEvents(after)).toEqual(['end:sos']);
    expect(await server.store.alarms.openTypes(terminal.terminalId)).toEqual([]);
    await second.close();
  });

  it('remembers the fence side and the overspeed stretch', async () => {
    const demoScope = await server.store.scope.forUser({ id: 0, tenantId: terminal.tenantId });
    const vehicleId = (await server.store.fleet.detail(terminal.tenantId, '13800000001'))!.vehicleId!;
    await server.store.fences.create(demoScope, terminal.tenantId, {
      name: '重启测试', shape: 'circle', center: [116.397, 39.909], radius: 300, points: null, trigger: 'both', vehicleIds: [vehicleId], groupIds: [],
    }, new Date());
    const before: BusEvent[] = [];
    const first = engine(before);
    // outside the fence, speeding from 100 s on (the tenant's limit: 100 km/h for 10 s)
    await feed(first, [row(95, { lat: 39.909 + 900 * METRES }), row(100, { lat: 39.909 + 900 * METRES, speed: 120 }), row(105, { lat: 39.909 + 900 * METRES, speed: 122 })]);
    expect(alarmEvents(before)).toEqual([]);
    await first.close();

    const after: BusEvent[] = [];
    const second = engine(after);
    await feed(second, [row(110, { speed: 125 })]);
    expect(alarmEvents(after).sort()).toEqual(['start:fenceEnter', 'start:platformOverspeed']);
    const overspeed = after.find((e): e is AlarmEvent => e.type === 'alarm' && e.alarm.alarmType === 'platformOverspeed')!;
    expect(overspeed.alarm.startTime).toBe('2026-05-01T10:01:40+08:00');
    expect(overspeed.alarm.detail).toEqual({ speedLimit: 100, minDurationSeconds: 10, maxSpeed: 125 });
    await second.close();
  });

  it('records the SOS of an old backfill as 补报 without raising it, and leaves the condition rules alone', async () => {
    const events: BusEvent[] = [];
    const e = engine(events);
    const openBefore = await server.store.alarms.openTypes(terminal.terminalId);
    await feed(e, [row(50, { alarmFlags: 1, backfill: true, speed: 150 }), row(55, { alarmFlags: 1, backfill: true, speed: 150 }), row(60, { speed: 150, backfill: true })]);
    // an hour old: recorded, not pushed as new
    expect(alarmEvents(events)).toEqual([]);
    const stored = await lateAlarms();
    expect(stored.map((a) => [a.alarmType, a.startTime.getTime() - T0, a.endTime!.getTime() - T0, a.late])).toEqual([['sos', 50_000, 55_000, true]]);
    expect(await server.store.alarms.openTypes(terminal.terminalId)).toEqual(openBefore);
    await e.close();
  });

  it('raises a recent late SOS once, however often its upload is resent', async () => {
    const events: BusEvent[] = [];
    const e = engine(events);
    // the clock reads T0 + 1 h: five minutes old
    const upload = [row(3300, { alarmFlags: 1, backfill: true }), row(3305, { alarmFlags: 1, backfill: true })];
    await feed(e, upload);
    await feed(e, upload);
    expect(alarmEvents(events)).toEqual(['start:sos']);
    await e.close();
    const again = engine(events);
    await feed(again, upload);
    await again.close();
    expect(alarmEvents(events)).toEqual(['start:sos']);
    expect((await lateAlarms()).filter((a) => a.startTime.getTime() === T0 + 3300_000)).toHaveLength(1);
  });

  it('does not raise a live SOS again when its report is resent', async () => {
    const events: BusEvent[] = [];
    const e = engine(events);
    await feed(e, [row(3400, { alarmFlags: 1 }), row(3410, { alarmFlags: 1 })]);
    await feed(e, [row(3400, { alarmFlags: 1 })]);
    await feed(e, [row(3420), row(3410, { alarmFlags: 1 })]);
    expect(alarmEvents(events).filter((x) => x.endsWith(':sos'))).toEqual(['start:sos', 'end:sos']);
    expect((await lateAlarms()).filter((a) => a.startTime.getTime() >= T0 + 3400_000)).toEqual([]);
    await e.close();
  });
});

describe("a vehicle's own speed limit", () => {
  const setLimit = (limit: number | null) =>
    server.store.db.updateTable('vehicles').set({ speed_limit: limit }).where('id', 'in', (eb) => eb.selectFrom('terminals').select('vehicle_id').where('id', '=', terminal.terminalId)).execute();
  const overspeedStarts = (events: BusEvent[]) => events.filter((e): e is AlarmEvent => e.type === 'alarm' && e.event === 'start' && e.alarm.alarmType === 'platformOverspeed');

  it('overrides the tenant threshold from the next position once the vehicle change is announced', async () => {
    const bus = new MemoryEventBus();
    const events: BusEvent[] = [];
    const e = engine(events, bus);
    // a higher own limit lets 110 km/h pass although the tenant's limit is 100
    await setLimit(120);
    await feed(e, [row(200, { speed: 30 }), row(210, { speed: 110 }), row(215, { speed: 112 }), row(220, { speed: 111 }), row(225, { speed: 110 })]);
    expect(overspeedStarts(events)).toEqual([]);
    await feed(e, [row(230, { speed: 30 })]);

    // lowered to 60 km/h: the engine reads it again when the edit is announced on the bus
    await setLimit(60);
    bus.publish({ type: 'assets', tenantId: terminal.tenantId, terminalIds: [terminal.terminalId] });
    await feed(e, [row(240, { speed: 70 }), row(245, { speed: 72 }), row(250, { speed: 71 })]);
    const started = overspeedStarts(events);
    expect(started).toHaveLength(1);
    expect(started[0]!.alarm.startTime).toBe('2026-05-01T10:04:00+08:00');
    expect(started[0]!.alarm.detail).toEqual({ speedLimit: 60, minDurationSeconds: 10, maxSpeed: 72 });
    await feed(e, [row(260, { speed: 30 })]);
    await e.close();
    await setLimit(null);
  });
});
