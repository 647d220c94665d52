import { describe, expect, it } from 'vitest';
import { autorun } from 'mobx';
import fc from 'fast-check';
import type { MonitorItem } from '@tianlu/sdk';
import { LivePositions } from './live-positions';
import { PositionQueue } from './position-queue';
import { monitorItem } from '../../sdk/testing/monitor-item';

function item(terminalNo: string, patch: Partial<MonitorItem> = {}): MonitorItem {
  return monitorItem(terminalNo, { plateNo: `京A${terminalNo}`, ...patch });
}

/** A queue whose slices run when the test says, and whose clock moves 1 ms per look. */
function setup(sliceMs = 4) {
  const positions = new LivePositions();
  let clock = 0;
  const slices: (() => void)[] = [];
  const queue = new PositionQueue(positions, { schedule: (s) => slices.push(s), now: () => clock++, sliceMs });
  const runScheduled = () => {
    let n = 0;
    while (slices.length) {
      slices.shift()!();
      n++;
    }
    return n;
  };
  return { positions, queue, runScheduled };
}

type Message = { type: 'positions'; list: MonitorItem[] } | { type: 'snapshot'; list: MonitorItem[] } | { type: 'online'; terminalNo: string; online: boolean };

/** The channel's messages applied one by one, each completely, in order. */
function applyInOrder(messages: readonly Message[]): Map<string, MonitorItem> {
  const map = new Map<string, MonitorItem>();
  for (const m of messages) {
    if (m.type === 'snapshot') {
      map.clear();
      for (const i of m.list) map.set(i.terminalNo, i);
    } else if (m.type === 'positions') {
      for (const i of m.list) map.set(i.terminalNo, i);
    } else {
      const current = map.get(m.terminalNo);
      if (current && !current.expired && current.online !== m.online) map.set(m.terminalNo, { ...current, online: m.online });
    }
  }
  return map;
}

const terminal = fc.constantFrom('1', '2', '3', '4', '5', '6');
const anItem = fc.record({ t: terminal, lon: fc.integer({ min: 0, max: 1000 }), online: fc.boolean(), expired: fc.boolean() }).map(({ t, lon, online, expired }) => item(t, { lon, online, expired }));
const aMessage: fc.Arbitrary<Message> = fc.oneof(
  fc.array(anItem, { maxLength: 8 }).map((list) => ({ type: 'positions' as const, list })),
  fc.array(anItem, { maxLength: 6 }).map((list) => ({ type: 'snapshot' as const, list })),
  fc.record({ terminalNo: terminal, online: fc.boolean() }).map((m) => ({ type: 'online' as const, ...m })),
);

describe('PositionQueue', () => {
  it('ends in the state of applying every message in order, however slices fall between them', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(aMessage, fc.constantFrom('none', 'slice', 'scheduled')), { maxLength: 30 }), fc.integer({ min: 0, max: 3 }), (steps, sliceMs) => {
        const { positions, queue, runScheduled } = setup(sliceMs);
        for (const [m, then] of steps) {
          if (m.type === 'snapshot') queue.snapshot(m.list);
          else if (m.type === 'positions') queue.push(m.list);
          else queue.setOnline(m.terminalNo, m.online);
          if (then === 'slice') queue.runSlice();
          if (then === 'scheduled') runScheduled();
        }
        runScheduled();
        expect(queue.size).toBe(0);
        expect(new Map(positions)).toEqual(applyInOrder(steps.map(([m]) => m)));
      }),
    );
  });

  it('a later message for an asset wins over an earlier one still waiting or already applied', () => {
    const { positions, queue, runScheduled } = setup();
    queue.push([item('1', { lon: 1 }), item('2', { lon: 1 })]);
    queue.push([item('1', { lon: 2, gpsTime: '2026-01-01T07:00:00+08:00' })]);
    runScheduled();
    expect(positions.get('1')?.lon).toBe(2);
    queue.push([item('2', { lon: 3 })]);
    queue.setOnline('2', false);
    runScheduled();
    expect(positions.get('2')).toMatchObject({ lon: 3, online: false });
  });

  it('takes HTTP items unless what is stored or queued is newer', () => {
    const { positions, queue, runScheduled } = setup();
    queue.push([item('1', { lon: 1, gpsTime: '2026-01-01T08:00:10+08:00' })]);
    queue.merge([item('1', { lon: 2, gpsTime: '2026-01-01T08:00:00+08:00' }), item('2', { lon: 2 })]);
    runScheduled();
    expect(positions.get('1')?.lon).toBe(1);
    expect(positions.get('2')?.lon).toBe(2);
  });

  it('applies a large push in slices of bounded time, observers running once per slice', () => {
    const { positions, queue, runScheduled } = setup(4);
    queue.push(Array.from({ length: 600 }, (_, i) => item(String(i))));
    runScheduled();
    let valueRuns = 0;
    let keyRuns = 0;
    const stopValues = autorun(() => {
      valueRuns++;
      for (const v of positions.values()) void v.lon;
    });
    const stopKeys = autorun(() => {
      keyRuns++;
      void [...positions.keys()];
    });
    valueRuns = keyRuns = 0;
    // the test clock moves 1 ms per look and looks every 256 items: 4 ms pass after 1,024 items
    queue.push(Array.from({ length: 600 }, (_, i) => item(String(i), { lon: 1 })).concat(Array.from({ length: 2000 }, (_, i) => item(`n${i}`))));
    const slices = runScheduled();
    expect(slices).toBeGreaterThan(1);
    expect(valueRuns).toBe(slices);
    expect(positions.size).toBe(2600);
    expect([...positions.values()].every((v) => v.terminalNo.startsWith('n') || v.lon === 1)).toBe(true);
    // moving vehicles only: whoever reads the keys alone is not disturbed
    keyRuns = 0;
    queue.push(Array.from({ length: 100 }, (_, i) => item(String(i), { lon: 2 })));
    runScheduled();
    expect(keyRuns).toBe(0);
    stopValues();
    stopKeys();
  });
});
