import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WebSocket } from 'ws';
import type { MonitorItem } from '../api/monitor/monitor-item';
import type { Alarm } from '../../sdk/services/alarm-service';
import type { BusPosition } from '../bus/bus-events';
import { TenantFanout, type LiveClient, type LiveItemSource, type LiveScope } from './tenant-fanout';

const TENANT = 7;

// the item source answers each terminal's latest fix time; the test moves it forward
const gpsTimes = new Map<number, string>();
// terminals 1–9 are in group 100 + id % 2 (odd ids in 101, even ones in 102)
const groupOf = (id: number) => 100 + (id % 2);
const source: LiveItemSource = {
  async items(_tenantId, terminalIds) {
    return terminalIds.map((id) => ({ terminalId: id, terminalNo: `0138000000${id}`, groupId: groupOf(id), gpsTime: gpsTimes.get(id) ?? null, online: true } as MonitorItem & { terminalId: number }));
  },
  async asset(_tenantId, terminalId) {
    return { terminalNo: `0138000000${terminalId}`, groupId: groupOf(terminalId) };
  },
};

type Sent = { at: number; type: string; ids: string[]; text: string };

function client(scope: LiveScope = { tenantIds: [TENANT], groupIds: null }): { client: LiveClient; pushes: () => { at: number; ids: string[] }[]; sent: Sent[] } {
  const sent: Sent[] = [];
  const socket = {
    readyState: 1,
    send: (text: string) => {
      const msg = JSON.parse(text) as { type: string; list?: MonitorItem[]; terminalNo?: string };
      sent.push({ at: Date.now(), type: msg.type, ids: msg.list ? msg.list.map((i) => i.terminalNo) : [msg.terminalNo!], text });
    },
  };
  return {
    client: { socket: socket as unknown as WebSocket, scope, backlog: undefined, grants: { positions: true, alarms: true, commands: true }, streams: { positions: true } },
    pushes: () => sent.filter((s) => s.type === 'positions').map(({ at, ids }) => ({ at, ids })),
    sent,
  };
}

function report(fanout: TenantFanout, terminalId: number, second: number, tenantId = TENANT): void {
  gpsTimes.set(terminalId, `2026-05-01T10:00:${String(second).padStart(2, '0')}+08:00`);
  fanout.handle({ type: 'positions', tenantId, positions: [{ terminalId } as BusPosition] });
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

  it('sends an alarm at once and then its asset\'s item again, though its position did not change', async () => {
    const fanout = new TenantFanout(source, 1000);
    const { client: c, sent } = client();
    fanout.add(c);
    report(fanout, 1, 0);
    await vi.advanceTimersByTimeAsync(60);
    await vi.advanceTimersByTimeAsync(2000);
    const before = sent.length;
    fanout.handle({ type: 'alarm', tenantId: TENANT, groupId: groupOf(1), terminalId: 1, event: 'processed', alarm: { id: 9 } as never });
    await vi.advanceTimersByTimeAsync(60);
    expect(sent.slice(before).map((m) => m.type === 'alarm' ? 'alarm' : `${m.type}:${m.ids.join(',')}`)).toEqual(['alarm', 'positions:01380000001']);
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

  it('gives a parent tenant the assets of the tenants below it and a group-scoped user only its groups', async () => {
    const fanout = new TenantFanout(source, 1000);
    const whole = client();
    const parent = client({ tenantIds: [1, TENANT], groupIds: null });
    const oddGroup = client({ tenantIds: [TENANT], groupIds: [101] });
    const otherTenant = client({ tenantIds: [8], groupIds: null });
    for (const c of [whole, parent, oddGroup, otherTenant]) fanout.add(c.client);
    expect(fanout.audienceCount()).toBe(4);

    report(fanout, 1, 0);
    report(fanout, 2, 0);
    await vi.advanceTimersByTimeAsync(60);
    expect(whole.pushes().flatMap((p) => p.ids).sort()).toEqual(['01380000001', '01380000002']);
    expect(parent.pushes().flatMap((p) => p.ids).sort()).toEqual(['01380000001', '01380000002']);
    expect(oddGroup.pushes().flatMap((p) => p.ids)).toEqual(['01380000001']);
    expect(otherTenant.sent).toEqual([]);

    // online transitions follow the same rule
    fanout.handle({ type: 'online', tenantId: TENANT, terminalId: 2, terminalNo: '1380000002', online: true, at: '2026-05-01T10:00:00+08:00' });
    await vi.advanceTimersByTimeAsync(10);
    expect(parent.sent.filter((s) => s.type === 'online').map((s) => s.ids)).toEqual([['01380000002']]);
    expect(oddGroup.sent.filter((s) => s.type === 'online')).toEqual([]);
    expect(otherTenant.sent).toEqual([]);
    fanout.close();
  });

  it('serialises a message once for the sockets that share a scope', async () => {
    const fanout = new TenantFanout(source, 1000);
    const a = client();
    const b = client({ tenantIds: [TENANT], groupIds: null });
    fanout.add(a.client);
    fanout.add(b.client);
    expect(fanout.audienceCount()).toBe(1);
    report(fanout, 3, 0);
    await vi.advanceTimersByTimeAsync(60);
    expect(a.sent).toHaveLength(1);
    // the very same string object went to both sockets
    expect(b.sent[0]!.text).toBe(a.sent[0]!.text);

    fanout.remove(a.client);
    fanout.remove(b.client);
    expect(fanout.audienceCount()).toBe(0);
    expect(fanout.clientCount()).toBe(0);
    fanout.close();
  });

  it('reads and sends positions only while a client subscribed to them; online transitions and alarms go either way', async () => {
    const reads = vi.fn(source.items);
    const fanout = new TenantFanout({ ...source, items: reads }, 1000);
    const desk = client();
    desk.client.streams = { positions: false };
    fanout.add(desk.client);
    report(fanout, 1, 0);
    fanout.handle({ type: 'online', tenantId: TENANT, terminalId: 2, terminalNo: '1380000002', online: true, at: '2026-05-01T10:00:00+08:00' });
    fanout.handle({ type: 'alarm', tenantId: TENANT, groupId: groupOf(1), terminalId: 1, event: 'start', alarm: { id: 9 } as never });
    await vi.advanceTimersByTimeAsync(2000);
    expect(desk.sent.map((m) => m.type).sort()).toEqual(['alarm', 'online']);
    expect(reads).not.toHaveBeenCalled();

    // subscribed: the next update is read and pushed
    desk.client.streams = { positions: true };
    report(fanout, 1, 5);
    await vi.advanceTimersByTimeAsync(60);
    expect(desk.pushes().map((p) => p.ids)).toEqual([['01380000001']]);
    expect(reads).toHaveBeenCalledOnce();
    fanout.close();
  });

  it('moves a client to its new scope and sends asset messages only where the asset is visible', async () => {
    const fanout = new TenantFanout(source, 1000);
    const c = client({ tenantIds: [TENANT], groupIds: [102] });
    fanout.add(c.client);
    fanout.sendForAsset(TENANT, 101, 'alarms', { type: 'alarm', event: 'start', alarm: { terminalNo: '01380000001' } as Alarm });
    expect(c.sent).toEqual([]);
    fanout.rescope(c.client, { tenantIds: [TENANT], groupIds: null });
    fanout.sendForAsset(TENANT, 101, 'alarms', { type: 'alarm', event: 'start', alarm: { terminalNo: '01380000001' } as Alarm });
    expect(c.sent.map((s) => s.type)).toEqual(['alarm']);
    expect(fanout.clientCount(TENANT)).toBe(1);
    fanout.close();
  });
});
