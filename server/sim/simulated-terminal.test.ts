import { afterEach, describe, expect, it } from 'vitest';
import {
  Jt808MsgId, Jt808StatusBit, decodeBatchLocation, decodeGeneralResponse, decodeLocation, decodeLocationQueryResponse,
  encodeSetParams, encodeTemporaryTracking, encodeTerminalControl, encodeTextMessage, encodeVehicleControl, normalizePhone,
} from '../gateway/jt808/index';
import { FakeJt808Platform, type ReceivedMessage } from './testing/fake-jt808-platform';
import { cityBounds, findSimCity, insideBounds } from './sim-cities';
import { SimulatedTerminal, type SimulatedTerminalOptions } from './simulated-terminal';

const T0 = Date.UTC(2026, 0, 15, 2, 0, 0); // 10:00 in Beijing
const PHONE = '013800000001';
const cleanups: (() => Promise<void>)[] = [];

afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

/** A terminal on a manual clock against a fresh fake platform; `advance` moves time and ticks. */
async function setup(opts: Partial<SimulatedTerminalOptions> = {}, platform = new FakeJt808Platform()) {
  const port = await platform.listen();
  let now = T0;
  const terminal = new SimulatedTerminal({
    phone: PHONE, host: '127.0.0.1', port, intervalSec: 30, city: findSimCity('beijing')!, seed: 42,
    clock: () => now, ticker: 'manual', route: { signalLossPerSecond: 0, sosPerSecond: 0 }, backoffMs: [1000, 8000],
    ...opts,
  });
  cleanups.push(async () => {
    await terminal.stop();
    await platform.close();
  });
  const advance = (ms: number) => {
    now += ms;
    terminal.tick(now);
  };
  const online = async (waitAck = true) => {
    terminal.start();
    terminal.tick(now);
    await platform.waitForNext(Jt808MsgId.Location, 0);
    if (waitAck) await acked();
  };
  /** Lets every acknowledgement in transit arrive before time moves on. */
  const acked = () => until(() => terminal.backlog.inFlight === 0);
  return { platform, terminal, advance, online, acked, now: () => now };
}

function location(m: ReceivedMessage) {
  const d = decodeLocation(m.body);
  if (!d.ok) throw new Error(d.detail);
  return d.value;
}

async function until(cond: () => boolean, timeoutMs = 3000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!cond()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await pause(5);
  }
}

const pause = (ms = 60) => new Promise((r) => setTimeout(r, ms));

describe('SimulatedTerminal', () => {
  it('registers with a GBK plate, authenticates with the code it got, then reports inside its city', async () => {
    const { platform, terminal, online } = await setup();
    await online();
    const ids = platform.received.map((m) => m.header.msgId);
    expect(ids.slice(0, 3)).toEqual([Jt808MsgId.Register, Jt808MsgId.Authenticate, Jt808MsgId.Location]);
    const reg = platform.received[0]!.message;
    expect(reg?.type === 'register' && reg.value).toMatchObject({ province: 11, city: 100, plate: terminal.identity.plate });
    expect(terminal.identity.plate).toMatch(/^京[A-Z]/);
    const auth = platform.received[1]!.message;
    expect(auth?.type === 'auth' && auth.value.authCode).toBe('AC13800000001');
    expect(terminal.state).toBe('online');

    const loc = location(platform.messages(Jt808MsgId.Location)[0]!);
    expect(insideBounds(cityBounds(findSimCity('beijing')!), loc.latitude, loc.longitude)).toBe(true);
    expect(loc.statusFlags & (Jt808StatusBit.South | Jt808StatusBit.West)).toBe(0);
    expect(loc.latitudeRaw).toBe(Math.round(loc.latitude * 1e6));
    expect(loc.fixed).toBe(true);
    expect(loc.gpsTimeMs).toBe(T0);
    expect(loc.gpsTime).toBe('2026-01-15T10:00:00+08:00');
    expect(loc.extras.mileageKm).toBeGreaterThan(0);
    expect(loc.extras.satellites).toBeGreaterThanOrEqual(5);
    expect(loc.extras.fuelLitres).toBeGreaterThan(0);
    expect(loc.extras.signalStrength).toBeGreaterThan(0);
    await pause();
    expect(terminal.counters.positionsAcked).toBe(1);
  });

  it('reports on the interval, and a 0x8103 default interval takes effect at once', async () => {
    const { platform, terminal, advance, online } = await setup();
    await online();
    advance(29_000);
    await pause();
    expect(platform.messages(Jt808MsgId.Location)).toHaveLength(1);
    advance(1_000);
    await platform.waitFor(() => platform.messages(Jt808MsgId.Location).length === 2);

    const mark = platform.received.length;
    const serial = platform.send(PHONE, Jt808MsgId.SetParams, encodeSetParams([{ id: 0x0029, type: 'dword', value: 5 }]));
    const ack = decodeGeneralResponse((await platform.waitForNext(Jt808MsgId.TerminalGeneralResponse, mark)).body);
    expect(ack.ok && ack.value).toEqual({ replySerial: serial, replyMsgId: Jt808MsgId.SetParams, result: 0 });
    expect(terminal.intervalSec).toBe(5);
    advance(5_000);
    const next = await platform.waitForNext(Jt808MsgId.Location, mark);
    expect(location(next).gpsTimeMs).toBe(T0 + 35_000);
  });

  it('answers 0x8201 with 0x0201 carrying the current position', async () => {
    const { platform, online } = await setup();
    await online();
    const mark = platform.received.length;
    const serial = platform.send(PHONE, Jt808MsgId.QueryLocation, new Uint8Array());
    const m = await platform.waitForNext(Jt808MsgId.LocationQueryResponse, mark);
    const r = decodeLocationQueryResponse(m.body);
    expect(r.ok && r.value.replySerial).toBe(serial);
    expect(r.ok && r.value.location.ok && r.value.location.value.gpsTimeMs).toBe(T0);
  });

  it('reports status bits 10 and 11 after 0x8500 cuts oil and power, and clears them on restore', async () => {
    const { platform, terminal, advance, online } = await setup();
    await online();
    const OIL_AND_CIRCUIT = (1 << 10) | (1 << 11);
    let mark = platform.received.length;
    const serial = platform.send(PHONE, Jt808MsgId.VehicleControl, encodeVehicleControl({ oilPowerCut: true }, '2013'));
    const ack = decodeGeneralResponse((await platform.waitForNext(Jt808MsgId.TerminalGeneralResponse, mark)).body);
    expect(ack.ok && ack.value).toEqual({ replySerial: serial, replyMsgId: Jt808MsgId.VehicleControl, result: 0 });
    expect(terminal.oilAndPowerCut).toBe(true);
    advance(30_000);
    expect(location(await platform.waitForNext(Jt808MsgId.Location, mark)).statusFlags & OIL_AND_CIRCUIT).toBe(OIL_AND_CIRCUIT);
    mark = platform.received.length;
    platform.send(PHONE, Jt808MsgId.VehicleControl, encodeVehicleControl({ oilPowerCut: false }, '2013'));
    await platform.waitForNext(Jt808MsgId.TerminalGeneralResponse, mark);
    advance(30_000);
    expect(location(await platform.waitForNext(Jt808MsgId.Location, mark)).statusFlags & OIL_AND_CIRCUIT).toBe(0);
  });

  it('answers text, unknown commands and temporary tracking like a real terminal', async () => {
    const { platform, terminal, advance, online } = await setup();
    await online();
    let mark = platform.received.length;
    platform.send(PHONE, Jt808MsgId.TextMessage, encodeTextMessage({ flag: 0x04, text: '请注意安全驾驶' }, '2013'));
    const textAck = decodeGeneralResponse((await platform.waitForNext(Jt808MsgId.TerminalGeneralResponse, mark)).body);
    expect(textAck.ok && textAck.value.result).toBe(0);
    expect(terminal.lastText).toBe('请注意安全驾驶');

    mark = platform.received.length;
    platform.send(PHONE, 0x8f01, Uint8Array.of(1, 2));
    const unknown = decodeGeneralResponse((await platform.waitForNext(Jt808MsgId.TerminalGeneralResponse, mark)).body);
    expect(unknown.ok && unknown.value).toMatchObject({ replyMsgId: 0x8f01, result: 3 });

    mark = platform.received.length;
    platform.send(PHONE, Jt808MsgId.TemporaryTracking, encodeTemporaryTracking({ intervalSec: 2, validitySec: 6 }));
    await platform.waitForNext(Jt808MsgId.TerminalGeneralResponse, mark);
    for (let i = 0; i < 10; i++) {
      advance(2_000);
      await pause(15);
    }
    await pause();
    const times = platform.messages(Jt808MsgId.Location).map((m) => (location(m).gpsTimeMs - T0) / 1000);
    // every 2 s while tracking is valid, then back to the 30 s default
    expect(times).toEqual([0, 2, 4, 6]);
  });

  it('retransmits a location the platform did not acknowledge, same serial and body', async () => {
    let skipped = false;
    const platform = new FakeJt808Platform({
      shouldAck: (m) => m.header.msgId !== Jt808MsgId.Location || skipped || !(skipped = true),
    });
    const { terminal, advance, online } = await setup({ ackTimeoutMs: 2_000 }, platform);
    await online(false);
    await pause();
    expect(terminal.backlog.inFlight).toBe(1);
    advance(2_000);
    await platform.waitFor(() => platform.messages(Jt808MsgId.Location).length === 2);
    const [first, again] = platform.messages(Jt808MsgId.Location);
    expect(again!.header.serial).toBe(first!.header.serial);
    expect(Buffer.from(again!.body).equals(Buffer.from(first!.body))).toBe(true);
    await pause();
    expect(terminal.backlog.inFlight).toBe(0);
    expect(terminal.counters).toMatchObject({ resends: 1, positionsAcked: 1 });
  });

  it('buffers positions in a blind area and backfills them in order with 0x0704 type 1', async () => {
    const { platform, terminal, advance, online } = await setup({ intervalSec: 10 });
    await online();
    terminal.loseSignal(35);
    for (let i = 0; i < 3; i++) advance(10_000);
    await pause();
    expect(platform.messages(Jt808MsgId.Location)).toHaveLength(1);
    expect(terminal.backlog.buffered).toBe(3);
    const mark = platform.received.length;
    advance(10_000);
    const batch = decodeBatchLocation((await platform.waitForNext(Jt808MsgId.BatchLocation, mark)).body);
    if (!batch.ok) throw new Error(batch.detail);
    expect(batch.value.batchType).toBe(1);
    expect(batch.value.positions.map((p) => (p.ok ? (p.value.gpsTimeMs - T0) / 1000 : -1))).toEqual([10, 20, 30]);
    const live = await platform.waitForNext(Jt808MsgId.Location, mark);
    expect(platform.received.indexOf(live)).toBeGreaterThan(mark);
    expect(location(live).gpsTimeMs).toBe(T0 + 40_000);
    await pause();
    expect(terminal.counters).toMatchObject({ backfilledPositions: 3, positionsAcked: 5 });
  });

  it('reconnects after a drop, re-authenticates with the saved code and backfills what it produced offline', async () => {
    const { platform, terminal, advance, online } = await setup({ intervalSec: 10 });
    await online();
    await pause();
    platform.disconnectAll();
    await new Promise<void>((r) => terminal.once('state', () => r()));
    expect(terminal.state).toBe('waiting');
    advance(10_000); // reconnect is due (backoff ≤ 1 s) and a report falls while offline
    const mark = platform.received.length;
    const auth = await platform.waitForNext(Jt808MsgId.Authenticate, mark);
    expect(platform.messages(Jt808MsgId.Register)).toHaveLength(1);
    expect(auth.message?.type === 'auth' && auth.message.value.authCode).toBe('AC13800000001');
    await pause();
    expect(terminal.state).toBe('online');
    advance(0);
    const batch = decodeBatchLocation((await platform.waitForNext(Jt808MsgId.BatchLocation, mark)).body);
    expect(batch.ok && batch.value.positions.length).toBeGreaterThanOrEqual(1);
    expect(terminal.counters.disconnects).toBe(1);
  });

  it('factory reset answers 0x0001, then comes back registering from scratch', async () => {
    const { platform, terminal, advance, online } = await setup();
    await online();
    const mark = platform.received.length;
    platform.send(PHONE, Jt808MsgId.TerminalControl, encodeTerminalControl({ command: 5 }));
    const ack = decodeGeneralResponse((await platform.waitForNext(Jt808MsgId.TerminalGeneralResponse, mark)).body);
    expect(ack.ok && ack.value).toMatchObject({ replyMsgId: Jt808MsgId.TerminalControl, result: 0 });
    await until(() => terminal.state === 'waiting');
    expect(terminal.authCode).toBeUndefined();
    advance(3_000);
    await platform.waitForNext(Jt808MsgId.Register, mark);
    await platform.waitForNext(Jt808MsgId.Location, mark);
  });

  it('waits the longest backoff when registration is refused', async () => {
    const platform = new FakeJt808Platform({ registerResult: () => 4 });
    const { terminal, advance } = await setup({}, platform);
    terminal.start();
    terminal.tick(T0);
    await platform.waitForNext(Jt808MsgId.Register, 0);
    await until(() => terminal.state === 'waiting');
    expect(terminal.counters.registerRefusals).toBe(1);
    advance(7_000);
    await pause();
    expect(platform.messages(Jt808MsgId.Register)).toHaveLength(1);
    advance(1_000);
    await platform.waitFor(() => platform.messages(Jt808MsgId.Register).length === 2);
  });

  it('speaks 2019: version flag, 10-byte phone, 2019 register and auth layouts', async () => {
    const { platform, online } = await setup({ edition: '2019', phone: '013800000002', city: findSimCity('shenzhen')! });
    await online();
    for (const m of platform.received) {
      expect(m.header.versionFlag).toBe(true);
      expect(m.header.phoneBcd).toHaveLength(20);
      expect(normalizePhone(m.header.phoneBcd)).toBe('13800000002');
    }
    const reg = platform.received[0]!.message;
    expect(reg?.type === 'register' && reg.value.layout).toBe('2019');
    expect(reg?.type === 'register' && reg.value.plate).toMatch(/^粤B/);
    const auth = platform.received[1]!.message;
    expect(auth?.type === 'auth' && auth.value).toMatchObject({ authCode: 'AC13800000002', imei: expect.stringMatching(/^\d{15}$/) });
    const loc = location(platform.messages(Jt808MsgId.Location)[0]!);
    expect(insideBounds(cityBounds(findSimCity('shenzhen')!), loc.latitude, loc.longitude)).toBe(true);
  });

  it('sends the same drive for the same seed', async () => {
    const a = await setup();
    await a.online();
    const b = await setup();
    await b.online();
    for (let i = 0; i < 5; i++) {
      a.advance(30_000);
      b.advance(30_000);
      await pause(20);
      await a.acked();
      await b.acked();
    }
    await a.platform.waitFor(() => a.platform.messages(Jt808MsgId.Location).length === 6);
    await b.platform.waitFor(() => b.platform.messages(Jt808MsgId.Location).length === 6);
    const bodies = (p: FakeJt808Platform) => p.messages(Jt808MsgId.Location).map((m) => Buffer.from(m.body).toString('hex'));
    expect(bodies(a.platform)).toEqual(bodies(b.platform));
    // ACC off always comes with speed 0 (parked), whatever the drive
    for (const m of a.platform.messages(Jt808MsgId.Location)) {
      const l = location(m);
      if (!l.accOn) expect(l.speedKmh).toBe(0);
    }
  });

  it('sends a heartbeat when idle, and none while reports keep the link busy', async () => {
    const { platform, advance, online } = await setup({ intervalSec: 600, heartbeatSec: 20 });
    await online();
    advance(19_000);
    await pause();
    expect(platform.messages(Jt808MsgId.Heartbeat)).toHaveLength(0);
    advance(1_000);
    await platform.waitForNext(Jt808MsgId.Heartbeat, 0);
  });
});
