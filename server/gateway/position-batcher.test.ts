import { describe, expect, it } from 'vitest';
import type { PositionRow } from './gateway-ports';
import { PositionBatcher } from './position-batcher';
import { MemoryPositionSink, sleep, waitFor } from './testing/gateway-fakes';

function rows(n: number, terminalNo = '1'): PositionRow[] {
  return Array.from({ length: n }, (_, i) => ({
    terminalNo, terminalId: Number(terminalNo), tenantId: 1, deviceTime: new Date(i * 1000), receivedTime: new Date(),
    lon: 114, lat: 22, altitude: 0, speed: 0, course: 0, alarmFlags: 0, statusFlags: 0, extras: {}, backfill: false,
  }));
}

describe('PositionBatcher', () => {
  it('flushes as soon as the size target is reached', async () => {
    const sink = new MemoryPositionSink();
    const b = new PositionBatcher(sink, { minBatch: 5, maxBatch: 5, maxDelayMs: 10_000 });
    const done = Promise.all([0, 1, 2, 3, 4].map(() => b.add(rows(1))));
    await done;
    expect(sink.batches).toBe(1);
    expect(sink.committed).toHaveLength(5);
  });

  it('flushes a small batch after maxDelayMs', async () => {
    const sink = new MemoryPositionSink();
    const b = new PositionBatcher(sink, { minBatch: 100, maxDelayMs: 20 });
    const started = performance.now();
    await Promise.all([b.add(rows(1)), b.add(rows(2))]);
    expect(performance.now() - started).toBeGreaterThanOrEqual(15);
    expect(sink.batches).toBe(1);
  });

  it('keeps at most maxInFlight commits open and grows batches while they run', async () => {
    const sink = new MemoryPositionSink();
    sink.hold();
    const b = new PositionBatcher(sink, { minBatch: 1, maxBatch: 1000, maxDelayMs: 0, maxInFlight: 2 });
    const all: Promise<void>[] = [];
    for (let i = 0; i < 50; i++) all.push(b.add(rows(1)));
    await sleep(10);
    expect(sink.held).toHaveLength(2);
    expect(b.snapshot().queuedRows).toBe(48);
    sink.release();
    await Promise.all(all);
    expect(sink.committed).toHaveLength(50);
    expect(sink.batches).toBeLessThanOrEqual(4);
  });

  it('without maxDelayMs, commits what queued in the same turn at once, and what queued meanwhile next', async () => {
    const sink = new MemoryPositionSink();
    sink.hold();
    const b = new PositionBatcher(sink, { maxInFlight: 1 });
    const first = [0, 1, 2].map(() => b.add(rows(1)));
    await sleep(5);
    expect(sink.held).toHaveLength(1);
    const second = [0, 1, 2, 3].map(() => b.add(rows(1)));
    sink.release();
    await Promise.all([...first, ...second]);
    expect(sink.batches).toBe(2);
    expect(sink.committed).toHaveLength(7);
  });

  it('calls back enqueue once its batch settled', async () => {
    const sink = new MemoryPositionSink();
    const b = new PositionBatcher(sink);
    const outcome = await new Promise((resolve) => b.enqueue(rows(2), resolve));
    expect(outcome).toBeUndefined();
    sink.failWith(new Error('down'));
    const failed = await new Promise<{ error: unknown } | undefined>((resolve) => b.enqueue(rows(1), resolve));
    expect((failed?.error as Error).message).toBe('down');
  });

  it('keeps the rows of one add in one batch', async () => {
    const sink = new MemoryPositionSink();
    const b = new PositionBatcher(sink, { minBatch: 2, maxBatch: 4, maxDelayMs: 0 });
    await b.add(rows(7));
    expect(sink.batches).toBe(1);
  });

  it('rejects every add of a failed batch and carries on', async () => {
    const sink = new MemoryPositionSink();
    sink.failWith(new Error('down'));
    const b = new PositionBatcher(sink, { minBatch: 10, maxDelayMs: 1 });
    const results = await Promise.allSettled([b.add(rows(1)), b.add(rows(1))]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(b.snapshot().batchFailures).toBe(1);
    sink.failWith(undefined);
    await b.add(rows(1));
    expect(sink.committed).toHaveLength(1);
  });

  it('signals pressure above the high-water mark and relief below the low-water mark', async () => {
    const sink = new MemoryPositionSink();
    sink.hold();
    const signals: boolean[] = [];
    const b = new PositionBatcher(sink, { minBatch: 10, maxBatch: 10, maxDelayMs: 0, maxInFlight: 1, highWater: 25, lowWater: 5, onPressure: (p) => signals.push(p) });
    const all = Array.from({ length: 30 }, () => b.add(rows(1)));
    expect(signals).toEqual([true]);
    expect(b.isPaused).toBe(true);
    sink.release();
    await Promise.all(all);
    expect(signals).toEqual([true, false]);
  });

  it('grows the size target when commits are slow and shrinks it when they are fast', async () => {
    const slow = { writeBatch: () => sleep(30) };
    const b = new PositionBatcher(slow, { minBatch: 10, maxBatch: 1000, maxDelayMs: 5 });
    await b.add(rows(10));
    expect(b.snapshot().batchTarget).toBe(20);
    const fast = new MemoryPositionSink();
    const c = new PositionBatcher(fast, { minBatch: 10, maxBatch: 1000, maxDelayMs: 100 });
    (c as unknown as { target: number }).target = 80;
    await c.add(rows(80));
    expect(c.snapshot().batchTarget).toBe(40);
  });

  it('commits what is queued on close and refuses rows afterwards', async () => {
    const sink = new MemoryPositionSink();
    const b = new PositionBatcher(sink, { minBatch: 100, maxDelayMs: 60_000 });
    const pending = b.add(rows(3));
    await b.close();
    await pending;
    expect(sink.committed).toHaveLength(3);
    await expect(b.add(rows(1))).rejects.toThrow(/closed/);
  });

  it('reports committed rows to the listener after the commit', async () => {
    const sink = new MemoryPositionSink();
    const seen: number[] = [];
    const b = new PositionBatcher(sink, { maxDelayMs: 1, onCommitted: (r) => seen.push(r.length) });
    await b.add(rows(4));
    await waitFor(() => seen.length === 1);
    expect(seen).toEqual([4]);
  });
});
