import { afterEach, describe, expect, it } from 'vitest';
import { DeviceGateway } from './device-gateway';
import { GatewayCore } from './gateway-core';
import type { GatewayGuardSettings } from './gateway-guard';
import { EventRecorder, MemoryPositionSink, MemoryTerminalDirectory, waitFor } from './testing/gateway-fakes';
import { LineClient } from './testing/line-client';
import { lineProtocol } from './testing/line-protocol';

// Real sockets against a device gateway speaking the test line protocol. Source addresses differ
// by binding the client to 127.0.0.1 (the real device) or 127.0.0.2 (someone else).

const IMEI = '359710049090001';
const OTHER = '359710049090019';

/** Logs in and waits for the gateway's OK (or the close of a refused login). */
async function login(client: LineClient, imei = IMEI): Promise<boolean> {
  client.send(`L,${imei}\n`);
  await waitFor(() => client.lines.includes('OK') || client.closed, 5000, `login of ${imei}`);
  return client.lines.includes('OK') && !client.closed;
}

interface Rig {
  gateway: DeviceGateway;
  sink: MemoryPositionSink;
  events: EventRecorder;
  port: number;
  client(from?: string): Promise<LineClient>;
  stop(): Promise<void>;
}

let rig: Rig | undefined;
afterEach(async () => {
  await rig?.stop();
  rig = undefined;
});

async function start(guard: Partial<GatewayGuardSettings> = {}): Promise<Rig> {
  const sink = new MemoryPositionSink();
  const events = new EventRecorder();
  const directory = new MemoryTerminalDirectory();
  directory.addDevice(IMEI, 'gt06');
  directory.addDevice(OTHER, 'gt06');
  const core = new GatewayCore({ sink, events, batcher: { maxDelayMs: 5 }, guard });
  const gateway = new DeviceGateway({ protocol: lineProtocol, directory, core });
  const port = await gateway.listen(0, '127.0.0.1');
  const clients: LineClient[] = [];
  rig = {
    gateway, sink, events, port,
    async client(from) {
      const c = await LineClient.connect(port, from);
      clients.push(c);
      return c;
    },
    async stop() {
      for (const c of clients) c.close();
      await gateway.close();
    },
  };
  return rig;
}

const report = (lon: number, at: Date, alarm = '') => `P,${lon},31.2,10,${at.toISOString()}${alarm ? `,${alarm}` : ''}\n`;

describe('a login from another address while the device is connected', () => {
  it('is refused and reported while the live connection reports; the real device keeps working', async () => {
    const { gateway, sink, events, client } = await start();
    const device = await client('127.0.0.1');
    expect(await login(device)).toBe(true);
    const t0 = Date.now() - 60_000;
    device.send(report(121.1, new Date(t0)));
    await waitFor(() => device.lines.includes('ACK'), 5000, 'the real report acknowledged');

    // someone who knows the IMEI logs in from elsewhere and sends an SOS
    const spoofer = await client('127.0.0.2');
    expect(await login(spoofer)).toBe(false);
    spoofer.send(report(100, new Date(t0 + 1000), 'sos'));
    await waitFor(() => spoofer.closed, 5000, 'the spoofed connection closed');

    expect(events.of('terminalTakeover')).toEqual([expect.objectContaining({
      terminalNo: IMEI, protocol: 'gt06', refused: true, address: expect.stringMatching(/^127\.0\.0\.2:/), liveAddress: expect.stringMatching(/^127\.0\.0\.1:/),
    })]);
    expect(gateway.metrics()).toMatchObject({ takeoversRefused: 1, terminalsOnline: 1 });
    // the real device was not pushed off: still online on its own link, still acknowledged
    expect(events.of('terminalOffline')).toEqual([]);
    expect(events.of('terminalOnline')).toHaveLength(1);
    device.send(report(121.2, new Date(t0 + 2000)));
    await waitFor(() => device.lines.filter((l) => l === 'ACK').length === 2, 5000, 'the next real report acknowledged');
    expect(device.closed).toBe(false);
    expect(sink.committed.map((r) => r.lon)).toEqual([121.1, 121.2]);
  });

  it('replaces the connection as before from the same address, or once the live one went silent (and says so)', async () => {
    const { events, client } = await start({ takeoverSilentMs: 0 });
    const first = await client('127.0.0.1');
    expect(await login(first)).toBe(true);
    const again = await client('127.0.0.1');
    expect(await login(again)).toBe(true);
    await waitFor(() => first.closed, 5000, 'the first connection replaced');
    expect(events.of('terminalTakeover')).toEqual([]);

    // the device moved networks: its old connection is silent (here: any silence counts)
    const moved = await client('127.0.0.2');
    expect(await login(moved)).toBe(true);
    await waitFor(() => again.closed, 5000, 'the silent connection replaced');
    expect(events.of('terminalTakeover')).toEqual([expect.objectContaining({ terminalNo: IMEI, refused: false })]);
  });
});

describe('logins per terminal', () => {
  it('refuses a terminal logging in more often than the limit, and counts it; other terminals are unaffected', async () => {
    const { gateway, client } = await start({ loginsPerMinute: 3 });
    for (let i = 0; i < 3; i++) {
      const c = await client('127.0.0.1');
      expect(await login(c), `login ${i + 1}`).toBe(true);
    }
    const fourth = await client('127.0.0.1');
    expect(await login(fourth)).toBe(false);
    await waitFor(() => fourth.closed, 5000, 'the throttled connection closed');
    const other = await client('127.0.0.1');
    expect(await login(other, OTHER)).toBe(true);
    expect(gateway.metrics()).toMatchObject({ loginsThrottled: 1 });
    expect(gateway.isOnline(IMEI)).toBe(true);
  });
});

describe('connections that never identify', () => {
  it('closes one that sends a byte every 2 s but never logs in once the deadline passes, and counts it', async () => {
    const { gateway, client } = await start({ identifyTimeoutMs: 3000 });
    const loris = await client('127.0.0.2');
    const device = await client('127.0.0.2');
    expect(await login(device)).toBe(true);
    const dribble = setInterval(() => loris.closed || loris.send('x'), 2000);
    try {
      await waitFor(() => loris.closed, 15_000, 'the unidentified connection closed');
    } finally {
      clearInterval(dribble);
    }
    expect(gateway.metrics()).toMatchObject({ identifyTimeouts: 1, terminalsOnline: 1, connections: 1 });
    // the identified one is not subject to the deadline
    expect(device.closed).toBe(false);
  });
});

describe('connections per source address', () => {
  it('refuses connections beyond the cap and counts them; exempt addresses and freed places are let in', async () => {
    const { gateway, client } = await start({ maxConnectionsPerAddress: 3, uncappedAddresses: ['127.0.0.1'] });
    const held = [await client('127.0.0.2'), await client('127.0.0.2'), await client('127.0.0.2')];
    const beyond = [await client('127.0.0.2'), await client('127.0.0.2')];
    await waitFor(() => beyond.every((c) => c.closed), 5000, 'the connections beyond the cap closed');
    expect(gateway.metrics()).toMatchObject({ connectionsRefused: 2 });
    expect(held.some((c) => c.closed)).toBe(false);
    expect(await login(held[0]!)).toBe(true);

    const local = await Promise.all(Array.from({ length: 5 }, () => client('127.0.0.1')));
    expect(await login(local[4]!, OTHER)).toBe(true);

    held[2]!.close();
    await waitFor(() => gateway.metrics().connections === 2 + 5, 5000, 'the freed place');
    const next = await client('127.0.0.2');
    await waitFor(() => gateway.metrics().connections === 3 + 5, 5000, 'the new connection held');
    expect(next.closed).toBe(false);
    expect(gateway.metrics().connectionsRefused).toBe(2);
  });
});
