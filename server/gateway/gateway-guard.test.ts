import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { DeviceGateway } from './device-gateway';
import { GatewayCore } from './gateway-core';
import type { GatewayGuardSettings } from './gateway-guard';
import { EventRecorder, MemoryPositionSink, MemoryTerminalDirectory, waitFor } from './testing/gateway-fakes';
import { lineProtocol } from './testing/line-protocol';

// Real sockets against a device gateway speaking the test line protocol. Source addresses differ
// by binding the client to 127.0.0.1 (the real device) or 127.0.0.2 (someone else).

const IMEI = '359710049090001';
const OTHER = '359710049090019';

class Client {
  readonly lines: string[] = [];
  closed = false;
  private constructor(private readonly socket: Socket) {
    let buf = '';
    socket.on('data', (d) => {
      buf += d.toString();
      let nl: number;
      while ((nl = buf.indexOf('\n')) >= 0) {
        this.lines.push(buf.slice(0, nl));
        buf = buf.slice(nl + 1);
      }
    });
    socket.on('close', () => (this.closed = true));
    socket.on('error', () => {});
  }
  static open(port: number, from = '127.0.0.1'): Promise<Client> {
    return new Promise((resolve, reject) => {
      const s = connect({ port, host: '127.0.0.1', localAddress: from }, () => resolve(new Client(s)));
      s.once('error', reject);
    });
  }
  send(text: string): void {
    this.socket.write(text);
  }
  /** Logs in and waits for the gateway's OK (or the close of a refused login). */
  async login(imei = IMEI): Promise<boolean> {
    this.send(`L,${imei}\n`);
    await waitFor(() => this.lines.includes('OK') || this.closed, 5000, `login of ${imei}`);
    return this.lines.includes('OK') && !this.closed;
  }
  close(): void {
    this.socket.destroy();
  }
}

interface Rig {
  gateway: DeviceGateway;
  sink: MemoryPositionSink;
  events: EventRecorder;
  port: number;
  client(from?: string): Promise<Client>;
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
  const clients: Client[] = [];
  rig = {
    gateway, sink, events, port,
    async client(from) {
      const c = await Client.open(port, from);
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
    expect(await device.login()).toBe(true);
    const t0 = Date.now() - 60_000;
    device.send(report(121.1, new Date(t0)));
    await waitFor(() => device.lines.includes('ACK'), 5000, 'the real report acknowledged');

    // someone who knows the IMEI logs in from elsewhere and sends an SOS
    const spoofer = await client('127.0.0.2');
    expect(await spoofer.login()).toBe(false);
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
    expect(await first.login()).toBe(true);
    const again = await client('127.0.0.1');
    expect(await again.login()).toBe(true);
    await waitFor(() => first.closed, 5000, 'the first connection replaced');
    expect(events.of('terminalTakeover')).toEqual([]);

    // the device moved networks: its old connection is silent (here: any silence counts)
    const moved = await client('127.0.0.2');
    expect(await moved.login()).toBe(true);
    await waitFor(() => again.closed, 5000, 'the silent connection replaced');
    expect(events.of('terminalTakeover')).toEqual([expect.objectContaining({ terminalNo: IMEI, refused: false })]);
  });
});

describe('logins per terminal', () => {
  it('refuses a terminal logging in more often than the limit, and counts it; other terminals are unaffected', async () => {
    const { gateway, client } = await start({ loginsPerMinute: 3 });
    for (let i = 0; i < 3; i++) {
      const c = await client('127.0.0.1');
      expect(await c.login(), `login ${i + 1}`).toBe(true);
    }
    const fourth = await client('127.0.0.1');
    expect(await fourth.login()).toBe(false);
    await waitFor(() => fourth.closed, 5000, 'the throttled connection closed');
    const other = await client('127.0.0.1');
    expect(await other.login(OTHER)).toBe(true);
    expect(gateway.metrics()).toMatchObject({ loginsThrottled: 1 });
    expect(gateway.isOnline(IMEI)).toBe(true);
  });
});

describe('connections that never identify', () => {
  it('closes one that sends a byte every 2 s but never logs in once the deadline passes, and counts it', async () => {
    const { gateway, client } = await start({ identifyTimeoutMs: 3000 });
    const loris = await client('127.0.0.2');
    const device = await client('127.0.0.2');
    expect(await device.login()).toBe(true);
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
    expect(await held[0]!.login()).toBe(true);

    const local = await Promise.all(Array.from({ length: 5 }, () => client('127.0.0.1')));
    expect(await local[4]!.login(OTHER)).toBe(true);

    held[2]!.close();
    await waitFor(() => gateway.metrics().connections === 2 + 5, 5000, 'the freed place');
    const next = await client('127.0.0.2');
    await waitFor(() => gateway.metrics().connections === 3 + 5, 5000, 'the new connection held');
    expect(next.closed).toBe(false);
    expect(gateway.metrics().connectionsRefused).toBe(2);
  });
});
