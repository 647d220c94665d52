import { afterEach, describe, expect, it } from 'vitest';
import { Jt808MsgId, encodeFrame, escapeJt808, jt808CheckCode, unescapeJt808 } from './index';
import { sleep, waitFor } from '../testing/gateway-fakes';
import { locationBody } from '../testing/jt808-test-terminal';
import { startTestGateway, type TestGateway } from '../testing/start-test-gateway';

let t: TestGateway;
afterEach(async () => t?.stop());

describe('Jt808Gateway byte stream', () => {
  it('handles a frame delivered byte by byte', async () => {
    t = await startTestGateway();
    const term = await t.terminal();
    await term.login();
    const { bytes, serial } = term.frame(Jt808MsgId.Location, locationBody());
    for (const b of bytes) {
      term.write(Uint8Array.of(b));
      await sleep(1);
    }
    expect((await term.ackFor(serial)).result).toBe(0);
  });

  it('handles many frames coalesced in one write', async () => {
    t = await startTestGateway();
    const term = await t.terminal();
    await term.login();
    const frames = Array.from({ length: 50 }, () => term.frame(Jt808MsgId.Location, locationBody()));
    const joined = Buffer.concat(frames.map((f) => f.bytes));
    term.write(joined);
    for (const f of frames) expect((await term.ackFor(f.serial)).result).toBe(0);
    expect(t.sink.committed).toHaveLength(50);
    expect(t.sink.batches).toBeLessThan(50); // they were batched
  });

  it('drops a frame with a bad check code and processes the next one on the same connection', async () => {
    t = await startTestGateway();
    const term = await t.terminal();
    await term.login();
    const bad = term.frame(Jt808MsgId.Location, locationBody());
    const corrupt = Uint8Array.from(bad.bytes);
    corrupt[corrupt.length - 2] ^= 0x01; // the check code byte (not 0x7d/0x7e here)
    const good = term.frame(Jt808MsgId.Heartbeat);
    term.write(Buffer.concat([corrupt, good.bytes]));
    expect((await term.ackFor(good.serial)).result).toBe(0);
    await sleep(30);
    expect(term.pending()).toEqual([]);
    expect(term.closedNow).toBe(false);
    expect(t.sink.committed).toEqual([]);
    expect(t.gateway.metrics().badFrames).toBe(1);
  });

  it('logs the first dropped frames of a connection, then one line per thousand, while counting every one', async () => {
    const lines: string[] = [];
    const log = { info: (_: object, msg: string) => lines.push(msg), warn: () => undefined, error: () => undefined };
    t = await startTestGateway({ log });
    const term = await t.terminal();
    await term.login();
    const bad = Uint8Array.from(term.frame(Jt808MsgId.Heartbeat).bytes);
    bad[bad.length - 2] ^= 0x01;
    const good = term.frame(Jt808MsgId.Heartbeat);
    term.write(Buffer.concat([...Array.from({ length: 2500 }, () => bad), good.bytes]));
    expect((await term.ackFor(good.serial)).result).toBe(0);
    expect(t.gateway.metrics().badFrames).toBe(2500);
    expect(lines.filter((l) => l === 'jt808 frame dropped')).toHaveLength(7); // 5, then the 1000th and 2000th
  });

  it('drops a frame whose phone is not BCD rather than failing to address the answer to it', async () => {
    t = await startTestGateway();
    const term = await t.terminal();
    await term.login();
    // a package numbered past its total is answered at once with "message error": that answer
    // once threw (the phone cannot be encoded back) inside the socket's data handler
    const frame = encodeFrame({ msgId: Jt808MsgId.Location, phone: '13800000009', serial: 7, edition: '2013', body: locationBody(), subpackage: { total: 1, index: 2 } });
    const content = unescapeJt808(frame.subarray(1, -1));
    if (!content.ok) throw new Error('fixture');
    content.value[4] = 0x0d; // phone 0d3800000009
    content.value[content.value.length - 1] = jt808CheckCode(content.value, 0, content.value.length - 1);
    const heartbeat = term.frame(Jt808MsgId.Heartbeat);
    term.write(Buffer.concat([Uint8Array.of(0x7e, ...escapeJt808(content.value), 0x7e), heartbeat.bytes]));
    expect((await term.ackFor(heartbeat.serial)).result).toBe(0);
    expect(term.closedNow).toBe(false);
    expect(t.gateway.metrics().badFrames).toBe(1);
  });

  it('closes a connection sending garbage or an oversized frame, leaving others alone', async () => {
    t = await startTestGateway();
    t.directory.add('13800000002');
    const healthy = await t.terminal('013800000002');
    await healthy.login();
    const garbage = await t.terminal('013800000003');
    garbage.write(new Uint8Array(5000).fill(0x41));
    await garbage.closed;
    const oversized = await t.terminal('013800000004');
    oversized.write(Uint8Array.of(0x7e, ...new Uint8Array(5000).fill(0x01)));
    await oversized.closed;
    expect(t.gateway.metrics().streamFaults).toBe(2);
    expect((await healthy.ackFor(healthy.sendLocation())).result).toBe(0);
    expect(t.gateway.metrics().connections).toBe(1);
  });

  it('closes an idle connection and reports the terminal offline', async () => {
    t = await startTestGateway({ idleTimeoutMs: 150 });
    const term = await t.terminal();
    await term.login();
    // activity keeps it open
    for (let i = 0; i < 4; i++) {
      await sleep(60);
      await term.ackFor(term.send(Jt808MsgId.Heartbeat));
    }
    expect(term.closedNow).toBe(false);
    await term.closed;
    expect(t.events.of('terminalOffline')).toEqual([expect.objectContaining({ terminalNo: '13800000001', reason: 'idle' })]);
    expect(t.gateway.isOnline('13800000001')).toBe(false);
  });

  it('pauses reading while the sink is slow so queued positions stay bounded', async () => {
    t = await startTestGateway({ batcher: { maxDelayMs: 1, maxBatch: 10, minBatch: 10, maxInFlight: 2, highWater: 30, lowWater: 10 } });
    const term = await t.terminal();
    await term.login();
    t.sink.hold();
    const serials: number[] = [];
    // ~220 kB: more than one socket read, so pausing has something to hold back
    const TOTAL = 5000;
    for (let i = 0; i < TOTAL; i++) {
      const f = term.frame(Jt808MsgId.Location, locationBody());
      serials.push(f.serial);
      term.write(f.bytes);
    }
    await waitFor(() => t.gateway.metrics().readingPaused, 2000, 'back-pressure');
    await sleep(100);
    const m = t.gateway.metrics();
    expect(m.readingPaused).toBe(true);
    // reading stopped: frames stay in the kernel, not in our queue
    expect(m.framesReceived).toBeLessThan(TOTAL / 2);
    // bounded by the high-water mark plus the frames of the one 64 KiB socket read in progress
    const framesPerRead = Math.ceil(65536 / 44);
    expect(m.batcher.queuedRows + m.batcher.inFlightRows).toBeLessThanOrEqual(30 + framesPerRead + 10);
    expect(t.sink.held.length).toBeLessThanOrEqual(2);
    t.sink.release();
    for (const s of serials) expect((await term.ackFor(s, 10000)).result).toBe(0);
    expect(t.sink.committed).toHaveLength(TOTAL);
    expect(t.gateway.metrics().readingPaused).toBe(false);
  });

  it('counts frames, acks and connections', async () => {
    t = await startTestGateway();
    const term = await t.terminal();
    await term.login();
    await term.ackFor(term.sendLocation());
    const m = t.gateway.metrics();
    expect(m).toMatchObject({ connections: 1, terminalsOnline: 1, framesReceived: 3, badFrames: 0, positionsStored: 1, acksSent: 2 });
    expect(m.ackLatencyMs.p50).toBeGreaterThan(0);
    expect(m.ackLatencyMs.p99).toBeGreaterThanOrEqual(m.ackLatencyMs.p50);
  });
});
