import { afterEach, describe, expect, it } from 'vitest';
import { OfflineCellLocator } from './cell-locator';
import { DeviceGateway, type DeviceGatewayOptions } from './device-gateway';
import { GatewayCore } from './gateway-core';
import { EventRecorder, MemoryPositionSink, MemoryTerminalDirectory, sleep, waitFor } from './testing/gateway-fakes';
import { LineClient } from './testing/line-client';
import { lineProtocol } from './testing/line-protocol';

const IMEI = '359710049090001';

interface Rig {
  gateway: DeviceGateway;
  sink: MemoryPositionSink;
  directory: MemoryTerminalDirectory;
  events: EventRecorder;
  client(): Promise<LineClient>;
  stop(): Promise<void>;
}

let rig: Rig | undefined;
afterEach(async () => {
  await rig?.stop();
  rig = undefined;
});

async function start(options: Partial<DeviceGatewayOptions> = {}): Promise<Rig> {
  const sink = new MemoryPositionSink();
  const events = new EventRecorder();
  const directory = new MemoryTerminalDirectory();
  directory.addDevice(IMEI, 'gt06');
  const core = new GatewayCore({ sink, events, batcher: { maxDelayMs: 5 } });
  const gateway = new DeviceGateway({ protocol: lineProtocol, directory, core, ...options });
  const port = await gateway.listen(0, '127.0.0.1');
  const clients: LineClient[] = [];
  rig = {
    gateway, sink, directory, events,
    async client() {
      const c = await LineClient.connect(port);
      clients.push(c);
      return c;
    },
    async stop() {
      for (const c of clients) c.close();
      sink.release();
      await gateway.close();
    },
  };
  return rig;
}

const now = () => new Date().toISOString();

describe('DeviceGateway', () => {
  it('identifies a known device, answers its login at once and stores its positions before acknowledging them', async () => {
    const r = await start();
    const c = await r.client();
    c.send(`L,${IMEI}\n`);
    await waitFor(() => c.lines.includes('OK'));
    expect(r.gateway.isOnline(IMEI)).toBe(true);
    expect(r.events.of('terminalOnline')).toEqual([expect.objectContaining({ terminalNo: IMEI, edition: 'gt06' })]);

    r.sink.hold();
    c.send(`P,113.32,23.12,35,${now()}\n`);
    await waitFor(() => r.sink.held.length === 1);
    await sleep(30);
    expect(c.lines).not.toContain('ACK'); // not committed yet: no reply
    r.sink.held[0]!.commit();
    await waitFor(() => c.lines.includes('ACK'));
    expect(r.sink.committed).toEqual([expect.objectContaining({ terminalNo: IMEI, lon: 113.32, lat: 23.12, speed: 35 })]);
  });

  it('leaves a position unacknowledged when its commit fails', async () => {
    const r = await start();
    const c = await r.client();
    c.send(`L,${IMEI}\n`);
    await waitFor(() => c.lines.includes('OK'));
    r.sink.failWith(new Error('disk full'));
    c.send(`P,113.32,23.12,35,${now()}\n`);
    await waitFor(() => r.gateway.metrics().positionsFailed === 1);
    await sleep(30);
    expect(c.lines).toEqual(['OK']);
  });

  it('refuses and disconnects an unknown device, storing nothing', async () => {
    const r = await start();
    const c = await r.client();
    c.send(`L,359710049099999\nP,113.32,23.12,35,${now()}\n`);
    await waitFor(() => c.closed);
    expect(c.lines).toEqual([]);
    expect(r.sink.committed).toEqual([]);
    expect(r.gateway.metrics().devicesRefused).toBe(1);
  });

  it('auto-registers an unknown device when enabled', async () => {
    const r = await start({ autoRegister: true });
    const c = await r.client();
    c.send('L,359710049099999\n');
    await waitFor(() => c.lines.includes('OK'));
    expect(r.directory.registrations).toEqual([{ terminalNo: '359710049099999', protocol: 'gt06' }]);
    expect(r.gateway.isOnline('359710049099999')).toBe(true);
  });

  it('refuses a number provisioned for another protocol', async () => {
    const r = await start({ autoRegister: false });
    r.directory.add('13800000001');
    const c = await r.client();
    c.send('L,13800000001\n');
    await waitFor(() => c.closed);
    expect(r.gateway.isOnline('13800000001')).toBe(false);
  });

  it('drops frames before identification and counts malformed ones, keeping the link', async () => {
    const r = await start();
    const c = await r.client();
    c.send(`P,113.32,23.12,35,${now()}\nXYZ\nL,12\n`);
    c.send(`L,${IMEI}\n`);
    await waitFor(() => c.lines.includes('OK'));
    const m = r.gateway.metrics();
    expect(m.badFrames).toBe(2);
    expect(m.positionsRejected).toBe(1);
    expect(r.sink.committed).toEqual([]);
    expect(c.closed).toBe(false);
  });

  it('closes a stream that cannot be framed without touching other connections', async () => {
    const r = await start();
    const good = await r.client();
    good.send(`L,${IMEI}\n`);
    await waitFor(() => good.lines.includes('OK'));
    const bad = await r.client();
    bad.send('x'.repeat(1000));
    await waitFor(() => bad.closed);
    good.send(`P,113.32,23.12,35,${now()}\n`);
    await waitFor(() => good.lines.includes('ACK'));
    expect(r.gateway.metrics().streamFaults).toBe(1);
  });

  it('maps alarms with a JT/T 808 bit into the alarm word and keeps the others as device alarms', async () => {
    const r = await start();
    const c = await r.client();
    c.send(`L,${IMEI}\nP,113.32,23.12,0,${now()},sos\nP,113.33,23.12,0,${new Date(Date.now() + 1000).toISOString()},vibration\n`);
    await waitFor(() => r.sink.committed.length === 2);
    expect(r.sink.committed.map((p) => [p.alarmFlags, p.extras.deviceAlarms])).toEqual([[1, undefined], [0, ['vibration']]]);
  });

  it('places an LBS report with the offline cell table, approximate with its accuracy, and keeps the last status with it', async () => {
    const locator = new OfflineCellLocator();
    locator.addCell({ mcc: 460, mnc: 0, lac: 1, cid: 77 }, { lon: 113.4, lat: 23.1, range: 500 });
    const r = await start({ locator });
    const c = await r.client();
    c.send(`L,${IMEI}\nH,64\nC,77,${now()}\nC,78,${new Date(Date.now() + 1000).toISOString()}\n`);
    await waitFor(() => r.sink.committed.length === 2);
    const [found, unknown] = r.sink.committed;
    expect(found).toMatchObject({ lon: 113.4, lat: 23.1, statusFlags: 0, extras: { fix: 'lbs', accuracy: 500, battery: 64 } });
    // an unknown cell stays where the device was last seen, flagged as such
    // … with the cell's radius grown for the second since it
    expect(unknown).toMatchObject({ lon: 113.4, lat: 23.1, extras: { fix: 'last', accuracy: 501 } });
  });

  it('lets a second connection of the same device replace the first', async () => {
    const r = await start();
    const first = await r.client();
    first.send(`L,${IMEI}\n`);
    await waitFor(() => first.lines.includes('OK'));
    const second = await r.client();
    second.send(`L,${IMEI}\n`);
    await waitFor(() => second.lines.includes('OK'));
    await waitFor(() => first.closed);
    expect(r.gateway.isOnline(IMEI)).toBe(true);
    expect(r.events.of('terminalOffline')).toEqual([]);
    second.close();
    await waitFor(() => r.events.of('terminalOffline').length === 1);
  });

  it('sends commands to online devices and reports their answers with the match key', async () => {
    const r = await start();
    const c = await r.client();
    await expect(r.gateway.sendCommand(IMEI, { type: 'locate' })).rejects.toThrow('offline');
    c.send(`L,${IMEI}\n`);
    await waitFor(() => c.lines.includes('OK'));
    const { matchKey } = await r.gateway.sendCommand(IMEI, { type: 'locate' });
    await waitFor(() => c.lines.some((l) => l.startsWith('CMD')));
    expect(c.lines).toContain(`CMD,${matchKey},locate`);
    await expect(r.gateway.sendCommand(IMEI, { type: 'findDevice' })).rejects.toThrow('no findDevice');
    c.send(`R,${matchKey},Lat:23.12 Lon:113.32\n`);
    await waitFor(() => r.events.of('commandResponse').length === 1);
    expect(r.events.of('commandResponse')[0]).toMatchObject({ terminalNo: IMEI, msgId: 'device', matchKey, text: 'Lat:23.12 Lon:113.32' });
  });
});
