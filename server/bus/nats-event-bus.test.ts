import { describe, expect, it } from 'vitest';
import { waitFor } from '../gateway/testing/gateway-fakes';
import type { BusEvent } from './bus-events';
import { MemoryEventBus } from './memory-event-bus';
import { NatsEventBus } from './nats-event-bus';

const NATS_URL = process.env.NATS_URL;
if (!NATS_URL) console.log('NATS bus test skipped: set NATS_URL (e.g. nats://127.0.0.1:4222) to run it against a real server');

const positions = (tenantId: number): BusEvent => ({
  type: 'positions', tenantId, positions: [{
    terminalNo: '13800000001', terminalId: 1, deviceTime: '2026-01-01T00:00:00.000Z', receivedTime: '2026-01-01T00:00:01.000Z',
    lon: 116.4, lat: 39.9, altitude: 40, speed: 30, course: 90, alarmFlags: 0, statusFlags: 3, mileage: 1, backfill: false,
  }],
});

describe('MemoryEventBus', () => {
  it('delivers to every listener and survives a throwing one', () => {
    const errors: unknown[] = [];
    const bus = new MemoryEventBus((e) => errors.push(e));
    const got: BusEvent[] = [];
    bus.subscribe(() => {
      throw new Error('bad listener');
    });
    const off = bus.subscribe((e) => got.push(e));
    bus.publish(positions(1));
    off();
    bus.publish(positions(2));
    expect(got.map((e) => e.tenantId)).toEqual([1]);
    expect(errors).toHaveLength(2);
  });
});

describe.skipIf(!NATS_URL)('NatsEventBus (real NATS server)', () => {
  it('shares events between two instances, each delivered once', async () => {
    const prefix = `tianlu_test_${Math.random().toString(36).slice(2)}`;
    const a = await NatsEventBus.connect({ url: NATS_URL!, prefix });
    const b = await NatsEventBus.connect({ url: NATS_URL!, prefix });
    try {
      const atA: BusEvent[] = [];
      const atB: BusEvent[] = [];
      a.subscribe((e) => atA.push(e));
      b.subscribe((e) => atB.push(e));
      a.publish(positions(7));
      b.publish({ type: 'online', tenantId: 7, terminalId: 1, terminalNo: '13800000001', online: true, at: '2026-01-01T00:00:00.000Z' });
      await a.flush();
      await b.flush();
      await waitFor(() => atA.length === 2 && atB.length === 2, 5000, 'events on both instances');
      await new Promise((r) => setTimeout(r, 100));
      expect(atA.map((e) => e.type).sort()).toEqual(['online', 'positions']);
      expect(atB.find((e) => e.type === 'positions')).toEqual(positions(7));
      expect(atA).toHaveLength(2);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
