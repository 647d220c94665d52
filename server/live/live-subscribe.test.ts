import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MonitorItem } from '../api/monitor/monitor-item';
import type { LiveTestClient } from '../testing/live-client';
import { startLiveTestServer, type LiveTestServer } from '../testing/live-test-server';

// A console page that shows no positions (the alarm desk on 告警中心) subscribes to none: it gets
// alarms and no snapshot; a monitor subscribes and gets one snapshot, then the pushes.
let fixture: LiveTestServer;

beforeAll(async () => {
  fixture = await startLiveTestServer();
});

afterAll(async () => {
  await fixture.close();
});

/** The demo terminal's item goes out again; `witness`, a socket that gets positions, has it. */
async function pushed(witness: LiveTestClient): Promise<void> {
  const before = witness.of('positions').length;
  fixture.report();
  await witness.until((m) => m.filter((x) => x.type === 'positions').length > before, 5000, 'positions on the subscribed socket');
}

describe('the live channel sends positions only to sockets subscribed to them', () => {
  it('a socket without positions gets alarms and no snapshot or positions; subscribing brings one snapshot and the pushes; unsubscribing stops them', async () => {
    const { admin, tenantId } = fixture;
    const monitor = await fixture.live(admin); // no choice: positions, as clients that never choose
    const desk = await fixture.live(admin, { positions: false });
    expect(desk.of('ready')).toHaveLength(1);

    fixture.server.fleet.bus.publish({ type: 'alarm', tenantId, groupId: null, event: 'start', alarm: { id: 1, terminalNo: '013800000001' } as never });
    await desk.until((m) => m.some((x) => x.type === 'alarm'), 5000, 'the alarm');
    await pushed(monitor);
    await desk.drained();
    expect(desk.of('snapshot')).toEqual([]);
    expect(desk.of('positions')).toEqual([]);

    desk.send({ type: 'subscribe', positions: true });
    await desk.until((m) => m.some((x) => x.type === 'snapshot'), 5000, 'the snapshot');
    expect((desk.of('snapshot')[0]!.list as MonitorItem[]).length).toBeGreaterThan(0);
    await pushed(desk);
    // asking again while subscribed sends no second snapshot
    desk.send({ type: 'subscribe', positions: true });
    await desk.drained();
    expect(desk.of('snapshot')).toHaveLength(1);

    desk.send({ type: 'subscribe', positions: false });
    await desk.drained();
    const received = desk.of('positions').length;
    await pushed(monitor);
    await desk.drained();
    expect(desk.of('positions')).toHaveLength(received);

    // subscribed again: a fresh snapshot, then the pushes again
    desk.send({ type: 'subscribe', positions: true });
    await desk.until((m) => m.filter((x) => x.type === 'snapshot').length === 2, 5000, 'the second snapshot');
    await pushed(desk);
    expect(monitor.of('snapshot')).toHaveLength(1);
  }, 30_000);

  it('an auth that subscribes gets the snapshot, as one that does not say', async () => {
    const c = await fixture.live(fixture.admin, { positions: true });
    expect(c.of('snapshot')).toHaveLength(1);
    expect((c.of('snapshot')[0]!.list as MonitorItem[]).length).toBeGreaterThan(0);
  });
});
