import { afterEach, describe, expect, it } from 'vitest';
import {
  Jt808MsgId, encodeBatchLocation, encodeGeneralResponse, encodeLocationQueryResponse, encodeTextMessage, decodeTextMessage,
} from './index';
import { TerminalOfflineError } from './jt808-gateway';
import { sleep, waitFor } from '../testing/gateway-fakes';
import { locationBody } from '../testing/jt808-test-terminal';
import { startTestGateway, type TestGateway } from '../testing/start-test-gateway';

let t: TestGateway;
afterEach(async () => t?.stop());

describe('Jt808Gateway positions', () => {
  it('acknowledges a location only after the sink committed it', async () => {
    t = await startTestGateway();
    const term = await t.terminal();
    await term.login();
    t.sink.hold();
    const serial = term.sendLocation({
      latitude: -33.5, longitude: 151.25, speedKmh: 72.5, direction: 181, altitude: 30, alarmFlags: 1, statusFlags: 3,
      extras: { mileageKm: 1234.5, fuelLitres: 40.2, satellites: 9, signalStrength: 25 },
      items: [{ id: 0xe1, hex: 'abcd' }],
    });
    await waitFor(() => t.sink.held.length === 1, 2000, 'the write');
    await sleep(40);
    expect(term.pending()).toEqual([]); // nothing acknowledged while the commit is open
    t.sink.held[0]!.commit();
    expect(await term.ackFor(serial)).toEqual({ replySerial: serial, replyMsgId: 0x0200, result: 0 });
    expect(t.sink.committed).toEqual([{
      terminalNo: '13800000001', terminalId: 1, tenantId: 1,
      deviceTime: new Date('2026-01-01T00:00:00Z'), receivedTime: expect.any(Date),
      lon: 151.25, lat: -33.5, altitude: 30, speed: 72.5, course: 181, alarmFlags: 1,
      statusFlags: 3 | 4, mileage: 1234.5,
      extras: { fuel: 40.2, satellites: 9, signal: 25, raw: [{ id: 0xe1, hex: 'abcd' }] },
      backfill: false,
    }]);
    const m = t.gateway.metrics();
    expect(m.positionsStored).toBe(1);
    expect(m.ackLatencyMs.count).toBe(1);
    expect(t.events.of('positionsCommitted')).toHaveLength(1);
  });

  it('does not acknowledge when the commit fails', async () => {
    t = await startTestGateway();
    const term = await t.terminal();
    await term.login();
    t.sink.failWith(new Error('disk full'));
    term.sendLocation();
    await waitFor(() => t.gateway.metrics().positionsFailed === 1);
    await sleep(30);
    expect(term.pending()).toEqual([]);
    expect(t.sink.committed).toEqual([]);
    // the terminal resends; once the store is back it is acknowledged
    t.sink.failWith(undefined);
    const again = term.sendLocation();
    expect((await term.ackFor(again)).result).toBe(0);
  });

  it('answers invalid coordinates with failure and stores nothing', async () => {
    t = await startTestGateway();
    const term = await t.terminal();
    await term.login();
    const body = locationBody();
    body.set([0x0b, 0xeb, 0xc2, 0x01], 8); // latitude 200.000001°
    const serial = term.send(Jt808MsgId.Location, body);
    expect((await term.ackFor(serial)).result).toBe(1);
    expect(t.sink.committed).toEqual([]);
    expect(t.gateway.metrics().positionsRejected).toBe(1);
  });

  it('stores every item of a 0x0704 backfill and acknowledges them once, after the commit', async () => {
    t = await startTestGateway();
    const term = await t.terminal();
    await term.login();
    t.sink.hold();
    const bodies = [0, 1, 2].map((i) => locationBody({ gpsTime: new Date(Date.UTC(2026, 0, 1, i)) }));
    const serial = term.send(Jt808MsgId.BatchLocation, encodeBatchLocation(1, bodies));
    await waitFor(() => t.sink.held.length === 1);
    expect(t.sink.held[0]!.rows).toHaveLength(3);
    expect(term.pending()).toEqual([]);
    t.sink.release();
    expect(await term.ackFor(serial)).toEqual({ replySerial: serial, replyMsgId: 0x0704, result: 0 });
    expect(t.sink.committed.map((r) => [r.backfill, r.deviceTime.toISOString()])).toEqual([
      [true, '2026-01-01T00:00:00.000Z'], [true, '2026-01-01T01:00:00.000Z'], [true, '2026-01-01T02:00:00.000Z'],
    ]);
    await sleep(20);
    expect(term.pending()).toEqual([]); // one ack for the whole upload
  });

  it('reassembles a sub-packaged 0x0704 and acknowledges every package after the commit', async () => {
    t = await startTestGateway();
    const term = await t.terminal();
    await term.login();
    const bodies = Array.from({ length: 40 }, (_, i) => locationBody({ gpsTime: new Date(Date.UTC(2026, 0, 1, 0, i)) }));
    const whole = encodeBatchLocation(0, bodies);
    const parts = [whole.subarray(0, 1000), whole.subarray(1000)];
    const serials = parts.map((p, i) => term.send(Jt808MsgId.BatchLocation, p, { serial: 100 + i, subpackage: { total: 2, index: i + 1 } }));
    for (const s of serials) expect((await term.ackFor(s)).result).toBe(0);
    expect(t.sink.committed).toHaveLength(40);
    expect(t.sink.committed.every((r) => !r.backfill)).toBe(true);
  });

  it('reports 0x0001 and 0x0201 as command responses and sends commands in the terminal edition', async () => {
    t = await startTestGateway();
    const term = await t.terminal('00000000013800000001', '2019');
    await term.login();
    const { serial } = await t.gateway.sendCommand('013800000001', Jt808MsgId.TextMessage, encodeTextMessage({ flag: 8, text: '你好' }, '2019'));
    const cmd = await term.next(Jt808MsgId.TextMessage);
    expect(cmd.header).toMatchObject({ edition: '2019', phoneBcd: '00000000013800000001', serial });
    expect(decodeTextMessage(cmd.body, '2019')).toMatchObject({ ok: true, value: { text: '你好' } });
    term.send(Jt808MsgId.TerminalGeneralResponse, encodeGeneralResponse({ replySerial: serial, replyMsgId: 0x8300, result: 0 }));
    const query = await t.gateway.sendCommand('13800000001', Jt808MsgId.QueryLocation, new Uint8Array(0));
    expect(query.serial).toBe((serial + 1) & 0xffff);
    term.send(Jt808MsgId.LocationQueryResponse, encodeLocationQueryResponse(query.serial, locationBody()));
    await waitFor(() => t.events.of('commandResponse').length === 2);
    expect(t.events.of('commandResponse')).toEqual([
      { terminalNo: '13800000001', tenantId: 1, msgId: 0x0001, replySerial: serial, replyMsgId: 0x8300, result: 0 },
      { terminalNo: '13800000001', tenantId: 1, msgId: 0x0201, replySerial: query.serial, position: expect.objectContaining({ lat: 22.543096 }) },
    ]);
    await waitFor(() => t.sink.committed.length === 1);
  });

  it('rejects a command to an offline terminal', async () => {
    t = await startTestGateway();
    await expect(t.gateway.sendCommand('13800000001', Jt808MsgId.QueryLocation)).rejects.toBeInstanceOf(TerminalOfflineError);
  });

  it('on shutdown commits and acknowledges what is queued, then reports terminals offline', async () => {
    t = await startTestGateway();
    const term = await t.terminal();
    await term.login();
    t.sink.hold();
    const serial = term.sendLocation();
    await waitFor(() => t.sink.held.length === 1);
    const closing = t.gateway.close();
    await sleep(10);
    expect(t.events.of('terminalOffline')).toEqual([]);
    t.sink.release();
    expect((await term.ackFor(serial)).result).toBe(0);
    await closing;
    await term.closed;
    expect(t.events.of('terminalOffline')).toEqual([expect.objectContaining({ terminalNo: '13800000001', reason: 'shutdown' })]);
  });
});
