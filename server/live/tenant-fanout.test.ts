import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WebSocket } from 'ws';
import type { MonitorItem } from '../api/monitor/monitor-item';
import type { BusPosition } from '../bus/bus-events';
import { TenantFanout, type LiveClient, type LiveItemSource } from './tenant-fanout';

const TENANT = 7;

// the item source answers each terminal's latest fix time; the test moves it forward
const gpsTimes = new Map<number, string>();
const source: LiveItemSource = {
  async items(_tenantId, terminalIds) {
    return (terminalIds ?? []).map((id) => ({ terminalId: id, terminalNo: `0138000000${id}`, gpsTime: gpsTimes.get(id) ?? null, online: true } as MonitorItem & { terminalId: number }));
  },
  async displayNo(_tenantId, terminalId) {
    return `0138000000${terminalId}`;
  },
};

function client(): { client: LiveClient; pushes: () => { at: number; ids: string[] }[] } {
  const sent: { at: number; ids: string[] }[] = [];
  const socket = { readyState: 1, send: (text: string) => sent.push({ at: Date.now(), ids: (JSON.parse(text) as { list: MonitorItem[] }).list.map((i) => i.terminalNo) }) };
  return { client: { socket: socket as unknown as WebSocket, tenantId: TENANT, backlog: undefined }, pushes: () => sent };
}

function report(fanout: TenantFanout, terminalId: number, second: number): void {
  gpsTimes.set(terminalId, `2026-05-01T10:00:${String(second).padStart(2, '0')}+08:00`);
  fanout.handle({ type: 'positions', tenantId: TENANT, positions: [{ terminalId } as BusPosition] });
}

describe('tenant fan-out', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 1_000_000 });
    gpsTimes.clear();
  });
  afterEach(() => vi.useRealTimers());

  it('pushes an asset at once, then at most once per interval with its latest state', async () => {
    const fanout = new TenantFanout(source, 1000);
    const { client: c, pushes } = client();
    fanout.add(c);
    const t0 = Date.now();
    report(fanout, 1, 0);
    await vi.advanceTimersByTimeAsync(60);
    expect(pushes()).toEqual([{ at: t0, ids: ['01380000001'] }]);

    // two more updates within the second are coalesced into one push a second after the first
    await vi.advanceTimersByTimeAsync(200);
    report(fanout, 1, 1);
    report(fanout, 1, 2);
    await vi.advanceTimersByTimeAsync(600);
    expect(pushes()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(200);
    expect(pushes()).toHaveLength(2);
    expect(pushes()[1]!.at).toBe(t0 + 1000);
    fanout.close();
  });

  it('does not hold a fresh asset back behind another asset\'s interval', async () => {
    const fanout = new TenantFanout(source, 1000);
    const { client: c, pushes } = client();
    fanout.add(c);
    report(fanout, 1, 0);
    await vi.advanceTimersByTimeAsync(300);
    report(fanout, 2, 0);
    const sentAt = Date.now();
    await vi.advanceTimersByTimeAsync(60);
    expect(pushes().map((p) => p.ids)).toEqual([['01380000001'], ['01380000002']]);
    expect(pushes()[1]!.at - sentAt).toBeLessThanOrEqual(50);
    fanout.close();
  });
});
