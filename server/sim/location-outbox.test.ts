import { describe, expect, it } from 'vitest';
import { LocationOutbox } from './location-outbox';

const entry = (timeMs: number, size = 44) => ({ timeMs, body: new Uint8Array(size).fill(timeMs & 0xff) });

describe('LocationOutbox', () => {
  it('cuts backfill batches that fit one 0x0704 body, oldest first', () => {
    const o = new LocationOutbox({ ackTimeoutMs: 1000, maxAttempts: 3, maxBuffered: 100 });
    for (let i = 0; i < 50; i++) o.buffer(entry(i));
    const first = o.takeBatch();
    expect(first.map((e) => e.timeMs)).toEqual([...Array(first.length).keys()]);
    expect(3 + first.reduce((n, e) => n + 2 + e.body.length, 0)).toBeLessThanOrEqual(1023);
    expect(first.length).toBe(Math.floor(1020 / 46));
    expect(o.buffered).toBe(50 - first.length);
  });

  it('retransmits on timeout with growing waits and reports a dead link after the last attempt', () => {
    const o = new LocationOutbox({ ackTimeoutMs: 1000, maxAttempts: 3, maxBuffered: 100 });
    o.track(7, 0x0200, [entry(1)], new Uint8Array([1]), 0);
    expect(o.overdue(999).resend).toHaveLength(0);
    expect(o.overdue(1000).resend.map((m) => m.serial)).toEqual([7]);
    expect(o.overdue(2999).resend).toHaveLength(0);
    expect(o.overdue(3000).resend).toHaveLength(1);
    expect(o.overdue(6000)).toEqual({ resend: [], dead: true });
    expect(o.ack(7, 0x0704)).toBeUndefined();
    expect(o.ack(7, 0x0200)?.entries).toHaveLength(1);
    expect(o.inFlight).toBe(0);
  });

  it('puts unacknowledged positions back in time order on disconnect and counts overflow drops', () => {
    const o = new LocationOutbox({ ackTimeoutMs: 1000, maxAttempts: 3, maxBuffered: 4 });
    o.track(1, 0x0200, [entry(10)], new Uint8Array(), 0);
    o.buffer(entry(20));
    o.track(2, 0x0704, [entry(5), entry(6)], new Uint8Array(), 0);
    o.requeueInFlight();
    expect(o.takeBatch().map((e) => e.timeMs)).toEqual([5, 6, 10, 20]);
    for (let i = 0; i < 6; i++) o.buffer(entry(i));
    expect(o.dropped).toBe(2);
    expect(o.takeBatch().map((e) => e.timeMs)).toEqual([2, 3, 4, 5]);
  });
});
