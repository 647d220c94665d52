import type { AlarmEvent, BusEvent } from '../../bus/bus-events';
import { MemoryEventBus } from '../../bus/memory-event-bus';
import type { PositionRow } from '../../gateway/gateway-ports';
import type { Store } from '../../store/create-store';
import { AlarmEngine } from '../alarm-engine';

/** What the engine tests build: an engine on a real store, positions of one terminal, the alarm events it published. */

export interface EngineTerminal {
  terminalNo: string;
  terminalId: number;
  tenantId: number;
}

/** An engine whose clock reads `nowMs` (a function: the tests move it) and whose bus events land in `events`. */
export function testEngine(store: Store, events: BusEvent[], now: () => number, bus = new MemoryEventBus()): AlarmEngine {
  bus.subscribe((e) => events.push(e));
  return new AlarmEngine({ store, bus, clock: { now: () => new Date(now()) }, onError: (err) => { throw err; } });
}

/** A position of the terminal `seconds` after `t0`, located with ACC on unless the patch says otherwise. */
export function positionRow(terminal: EngineTerminal, t0: number, seconds: number, p: Partial<PositionRow> = {}): PositionRow {
  return {
    terminalNo: terminal.terminalNo, terminalId: terminal.terminalId, tenantId: terminal.tenantId, deviceTime: new Date(t0 + seconds * 1000),
    receivedTime: new Date(t0 + seconds * 1000), lon: 116.397, lat: 39.909, altitude: 40, speed: 30, course: 0, alarmFlags: 0, statusFlags: 3,
    extras: {}, backfill: false, ...p,
  };
}

/** Commits the rows as the gateway does, then hands them to the engine. */
export async function feed(store: Store, e: AlarmEngine, rows: PositionRow[]): Promise<void> {
  await store.positions.writeBatch(rows);
  e.gatewayEvents.positionsCommitted!(rows);
  await e.settled();
}

/** The alarm events as `start:type`, `end:type`. */
export const alarmEvents = (events: BusEvent[]) => events.filter((e): e is AlarmEvent => e.type === 'alarm').map((e) => `${e.event}:${e.alarm.alarmType}`);
