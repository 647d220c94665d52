// Refrigerated boxes of simulated terminals, as the real gateway decodes them into readings.
import { afterEach, describe, expect, it } from 'vitest';
import { positionReadings } from '../gateway/position-readings';
import { type TestGateway, startTestGateway } from '../gateway/testing/start-test-gateway';
import { waitFor } from '../gateway/testing/gateway-fakes';
import type { ColdBoxOptions } from './cold-box';
import { type FleetHandle, startFleet } from './fleet-simulator';
import { findSimCity } from './sim-cities';
import { SimulatedTerminal } from './simulated-terminal';

let gw: TestGateway | undefined;
let fleet: FleetHandle | undefined;
const terminals: SimulatedTerminal[] = [];

afterEach(async () => {
  await Promise.all(terminals.splice(0).map((t) => t.stop()));
  await fleet?.stop();
  await gw?.stop();
  fleet = gw = undefined;
});

/** A terminal with a box on a manual clock (starting now) against the gateway; `report` moves on one interval. */
function boxed(phone: string, coldBox: ColdBoxOptions) {
  let now = Date.now();
  const terminal = new SimulatedTerminal({
    phone, host: '127.0.0.1', port: gw!.port, intervalSec: 1, city: findSimCity('shanghai')!, seed: 9,
    clock: () => now, ticker: 'manual', route: { signalLossPerSecond: 0, sosPerSecond: 0 }, coldBox,
  });
  terminals.push(terminal);
  const rows = () => gw!.sink.committed.filter((r) => r.terminalNo === phone.replace(/^0+/, ''));
  /** The readings of every committed position, once `count` have arrived. */
  const readings = async (count: number) => {
    await waitFor(() => rows().length >= count, 5000, `${count} positions of ${phone}`);
    return rows().map((r) => positionReadings(r.extras) ?? {});
  };
  /** One report interval later (acknowledgements in transit arrive first). */
  const step = async () => {
    await waitFor(() => terminal.backlog.inFlight === 0, 5000, 'acknowledged');
    now += 1000;
    terminal.tick(now);
  };
  const report = async () => {
    const before = rows().length;
    await step();
    await waitFor(() => rows().length > before, 5000, 'the next position');
  };
  terminal.start();
  terminal.tick(now);
  return { terminal, readings, step, report, rows };
}

describe('simulated refrigerated boxes through Jt808Gateway', () => {
  it('carry a forced temperature the gateway keeps as readings item.e1, negative and "no sensor" too', async () => {
    gw = await startTestGateway();
    const t = boxed('013800000001', { celsius: 9.5 });
    expect((await t.readings(1))[0]).toMatchObject({ 'item.e1': '005F', fuel: expect.any(Number), satellites: expect.any(Number) });
    t.terminal.setColdBoxTemperature(-18.5);
    await t.report();
    t.terminal.setColdBoxTemperature(null);
    await t.report();
    expect((await t.readings(3)).map((r) => r['item.e1'])).toEqual(['005F', 'FF47', '7FFF']);
    expect(t.terminal.coldBoxCelsius).toBeNull();
  });

  it('writes each encoding under its own item id', async () => {
    gw = await startTestGateway();
    gw.directory.add('13800000002');
    gw.directory.add('13800000003');
    const a = boxed('013800000001', { celsius: -18.3 });
    const b = boxed('013800000002', { celsius: -18.3, encoding: 'uint16offset', itemId: 0xe2 });
    const c = boxed('013800000003', { celsius: -18.3, encoding: 'int8', itemId: 0xf0 });
    expect((await a.readings(1))[0]!['item.e1']).toBe('FF49');
    expect((await b.readings(1))[0]).toMatchObject({ 'item.e2': '013D' });
    expect((await b.readings(1))[0]!['item.e1']).toBeUndefined();
    expect((await c.readings(1))[0]).toMatchObject({ 'item.f0': 'EE' });
  });

  it('keeps the box temperature in positions backfilled with 0x0704', async () => {
    gw = await startTestGateway();
    const t = boxed('013800000001', { celsius: 5.2 });
    await t.readings(1);
    t.terminal.loseSignal(2.5);
    t.terminal.setColdBoxTemperature(8.7);
    for (let i = 0; i < 3; i++) await t.step(); // buffered in the blind area, then backfilled
    await waitFor(() => t.rows().some((r) => r.backfill), 5000, 'backfilled positions');
    const backfilled = t.rows().filter((r) => r.backfill).map((r) => positionReadings(r.extras)?.['item.e1']);
    expect(backfilled.length).toBeGreaterThanOrEqual(2);
    expect(new Set(backfilled)).toEqual(new Set(['0057']));
  });

  it('puts boxes on the fleet terminals asked for, with modelled temperatures around the setpoint', async () => {
    gw = await startTestGateway();
    for (let i = 2; i <= 4; i++) gw.directory.add(String(13800000000 + i));
    fleet = startFleet({ devices: 4, intervalSec: 1, port: gw.port, rampSec: 0.2, seed: 5, coldBox: { terminals: [1, 3] } });
    await waitFor(() => new Set(gw!.sink.committed.map((r) => r.terminalNo)).size === 4, 10_000, 'positions from everyone');
    const withBox = new Set<string>();
    for (const row of gw.sink.committed) {
      const hex = positionReadings(row.extras)?.['item.e1'];
      if (hex === undefined) continue;
      withBox.add(row.terminalNo);
      const celsius = ((parseInt(hex as string, 16) << 16) >> 16) / 10;
      expect(celsius).toBeGreaterThanOrEqual(2.7);
      expect(celsius).toBeLessThanOrEqual(12.6);
    }
    expect([...withBox].sort()).toEqual(['13800000002', '13800000004']);
    expect(fleet.terminals.map((x) => x.coldBoxCelsius === undefined)).toEqual([true, false, true, false]);
  });
});
