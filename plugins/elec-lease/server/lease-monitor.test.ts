import { describe, expect, it } from 'vitest';
import type { Store } from '../../../server/module';
import { ManualClock } from '../../../server/module/testing';
import { LeaseMonitor } from './lease-monitor';
import type { LeaseQueries } from './lease-queries';

/** A monitor whose passes each wait until the test lets them finish. */
function gatedMonitor() {
  const gates: (() => void)[] = [];
  let finished = 0;
  const lease = {
    refreshStatuses: () => new Promise<[]>((done) => gates.push(() => done([]))),
  } as unknown as LeaseQueries;
  const monitor = new LeaseMonitor({ lease, store: {} as Store, clock: new ManualClock(new Date('2026-03-10T10:00:00+08:00')), log: { warn: () => undefined } });
  const settle = () => new Promise((r) => setTimeout(r, 0));
  return {
    monitor,
    /** Passes begun so far, once the calls made have had their turn. */
    started: async () => {
      await settle();
      return gates.length + finished;
    },
    finish: async () => {
      await settle();
      finished += 1;
      gates.shift()!();
      await settle();
    },
  };
}

describe('电动车租赁 due and overdue check', () => {
  it('runs a pass that starts after each call; calls made during a pass share the one queued behind it', async () => {
    const g = gatedMonitor();
    const first = g.monitor.check();
    expect(await g.started()).toBe(1);
    const during = [g.monitor.check(), g.monitor.check(), g.monitor.check()];
    expect(await g.started()).toBe(1);
    await g.finish();
    await first;
    expect(await g.started()).toBe(2);
    // a call made while the shared pass runs gets a pass of its own, after it
    const later = g.monitor.check();
    await g.finish();
    await Promise.all(during);
    expect(await g.started()).toBe(3);
    await g.finish();
    await later;
    expect(await g.started()).toBe(3);
  });
});
