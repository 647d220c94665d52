// The simulator against the real gateway (in-memory store fakes at its edges).
import { afterEach, describe, expect, it } from 'vitest';
import { Jt808MsgId, encodeSetParams } from '../gateway/jt808/index';
import { type TestGateway, startTestGateway } from '../gateway/testing/start-test-gateway';
import { waitFor } from '../gateway/testing/gateway-fakes';
import { type FleetHandle, startFleet } from './fleet-simulator';
import { cityBounds, insideBounds } from './sim-cities';

let gw: TestGateway | undefined;
let fleet: FleetHandle | undefined;

afterEach(async () => {
  await fleet?.stop();
  await gw?.stop();
  fleet = gw = undefined;
});

describe('simulated fleet against Jt808Gateway', () => {
  it('registers, authenticates, reports, backfills and answers commands end to end', async () => {
    gw = await startTestGateway();
    for (let i = 2; i <= 12; i++) gw.directory.add(String(13800000000 + i));
    fleet = startFleet({ devices: 12, intervalSec: 1, port: gw.port, edition: 'mixed', rampSec: 0.2, seed: 5 });
    await waitFor(() => fleet!.stats().authenticated === 12, 10_000, 'fleet online');
    expect(gw.gateway.onlineTerminals()).toHaveLength(12);

    await waitFor(() => new Set(gw!.sink.committed.map((r) => r.terminalNo)).size === 12, 10_000, 'positions from everyone');
    for (const row of gw.sink.committed) {
      const t = fleet.terminals.find((x) => x.phone.replace(/^0+/, '') === row.terminalNo)!;
      expect(insideBounds(cityBounds(t.route.city), row.lat, row.lon)).toBe(true);
      expect(Math.abs(row.deviceTime.getTime() - Date.now())).toBeLessThan(10_000);
    }

    // 0x8201 → 0x0201, 0x8103 → 0x0001 result 0 (the interval takes effect)
    const { serial } = await gw.gateway.sendCommand('013800000003', Jt808MsgId.QueryLocation);
    await waitFor(() => gw!.events.of('commandResponse').some((e) => e.msgId === 0x0201 && e.replySerial === serial), 5000, '0x0201');
    const set = await gw.gateway.sendCommand('13800000004', Jt808MsgId.SetParams, encodeSetParams([{ id: 0x0029, type: 'dword', value: 2 }]));
    await waitFor(() => gw!.events.of('commandResponse').some((e) => e.msgId === 0x0001 && e.replySerial === set.serial && e.result === 0), 5000, '0x0001');
    expect(fleet.terminals[3]!.intervalSec).toBe(2);

    // a blind area ends in a 0x0704 backfill the gateway stores as backfill rows
    const t1 = fleet.terminals[0]!;
    t1.loseSignal(2.5);
    await waitFor(() => gw!.sink.committed.some((r) => r.terminalNo === '13800000001' && r.backfill), 10_000, 'backfill rows');
    const backfill = gw.sink.committed.filter((r) => r.terminalNo === '13800000001' && r.backfill).map((r) => r.deviceTime.getTime());
    expect(backfill.length).toBeGreaterThanOrEqual(2);
    expect([...backfill].sort((a, b) => a - b)).toEqual(backfill);

    await waitFor(() => fleet!.stats().inFlight === 0, 5000, 'all acknowledged');
    const s = fleet.stats();
    expect(s.positionsAcked).toBe(s.positionsSent + s.backfilledPositions);
    expect(s.connectFailures + s.registerRefusals + s.authFailures).toBe(0);
  });

  it('is refused registration for unknown terminals and keeps backing off', async () => {
    gw = await startTestGateway();
    fleet = startFleet({ devices: 2, intervalSec: 1, port: gw.port, startPhone: '013999999990', rampSec: 0, terminal: { backoffMs: [200, 400] } });
    await waitFor(() => fleet!.stats().registerRefusals >= 2, 5000, 'refusals');
    expect(fleet.stats().authenticated).toBe(0);
  });
});
