import { execFileSync } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../server/testing/test-server';
import { GatewayFuzzer, type HeldStatus } from './gateway-fuzzer';
import {
  gatewayConnections, latencyLines, loadAverage, memoryMb, protocolMetrics, startGatewayServer, wellBehavedTerminals,
} from './gateway-rig';
import { sleep, until } from './waiting';
import { percentile, type ReportingTerminal } from './reporting-terminals';

// 5,000 connections that never say a word and slow-loris connections that dribble a frame one
// byte every 300 ms are held against the three terminal ports. A well-behaved terminal of each
// protocol must still connect, log in and have its reports acknowledged promptly; the silent
// connections must be closed by the idle timeout, the dribbling ones not, and the memory they
// held must come back.

const IDLE_CONNECTIONS = 5000;
const SLOW_LORIS = 60;
const IDLE_SECONDS = 8;
const REPORT_MS = 250;
const LOGIN_LIMIT_MS = 2000;
const ACK_P99_LIMIT_MS = 2000;
const HEAP_GROWTH_LIMIT_MB = 64;

let server: TestServer | undefined;
let fuzzer: GatewayFuzzer | undefined;
let terminals: ReportingTerminal[] = [];

afterAll(async () => {
  await Promise.all(terminals.map((t) => t.stop(0)));
  await fuzzer?.release().catch(() => {});
  fuzzer?.kill();
  await server?.close().catch(() => {});
});

/** The soft limit on open files; the server's process and the fuzzer's each need one per connection. */
function openFileLimit(): number {
  const out = execFileSync('/bin/sh', ['-c', 'ulimit -n'], { encoding: 'utf8' }).trim();
  return out === 'unlimited' ? Number.POSITIVE_INFINITY : Number(out);
}

describe('gateway holding idle and slow-loris connections', () => {
  it('serves the good terminals promptly, closes the silent connections on time and gives their memory back', async () => {
    const started = Date.now();
    const limit = openFileLimit();
    // the server's process also holds its database, its HTTP side and the test's own sockets
    const idleCount = Math.min(IDLE_CONNECTIONS, limit - SLOW_LORIS - 1000);
    if (idleCount < IDLE_CONNECTIONS) console.log(`open-file limit ${limit}: holding ${idleCount} idle connections instead of ${IDLE_CONNECTIONS}`);

    const rig = await startGatewayServer(IDLE_SECONDS);
    server = rig.server;
    fuzzer = GatewayFuzzer.start();
    const before = memoryMb();

    const slow = await fuzzer.hold({ ports: rig.ports, kind: 'slowloris', count: SLOW_LORIS, intervalMs: 300, seed: 11 });
    const openingAt = Date.now();
    const idle = await fuzzer.hold({ ports: rig.ports, kind: 'idle', count: idleCount, concurrency: 200, seed: 12 });
    const openSeconds = (Date.now() - openingAt) / 1000;
    // a connect completes in the kernel before the gateway's accept runs: wait for the accepts
    let peak = 0;
    await until(async () => {
      const slowOpen = (await fuzzer!.held()).slowloris!.open;
      peak = gatewayConnections(server!);
      return peak >= idleCount + slowOpen;
    }, 5000, 'the gateway to accept the idle connections');
    const acceptedSeconds = (Date.now() - openingAt) / 1000;
    const closedWhileOpening = (await fuzzer.held()).idle!.closedByServer;
    const holding = memoryMb();

    // a good terminal of each protocol arrives while all of them are held
    terminals = wellBehavedTerminals(rig.ports);
    const loginMs: number[] = [];
    for (const t of terminals) loginMs.push(await t.connect());
    for (const t of terminals) t.start(REPORT_MS);

    await until(async () => (await fuzzer!.held()).idle!.closedByServer === idle.opened, (IDLE_SECONDS + 20) * 1000, 'idle connections closed');
    const allClosedSeconds = (Date.now() - openingAt) / 1000;
    await sleep(2000); // the good terminals and the slow ones keep going with the idle ones gone
    const held = await fuzzer.held();
    const slowNow: HeldStatus = held.slowloris!;
    const connectionsNow = gatewayConnections(server);
    await Promise.all(terminals.map((t) => t.stop(5000)));
    const metrics = await protocolMetrics(rig.admin);
    await fuzzer.release();
    await until(() => gatewayConnections(server!) === 0, 5000, 'every connection closed');
    const after = memoryMb();

    console.log(`open-file limit ${limit}; load average ${loadAverage()}`);
    console.log(`idle: ${idle.opened} opened in ${openSeconds.toFixed(1)} s (${idle.failed} failed${idle.firstError ? `: ${idle.firstError}` : ''}), ${peak} gateway connections ${acceptedSeconds.toFixed(1)} s after the first, all closed by the ${IDLE_SECONDS} s idle timeout ${allClosedSeconds.toFixed(1)} s after the first opened`);
    console.log(`slow-loris: ${slow.opened} opened, ${slowNow.bytes} bytes dribbled, still open ${JSON.stringify(slowNow.openByProtocol)}, ${slowNow.closedByServer} closed by the gateway once their frame named an unknown device`);
    console.log(`login (connect, register/identify, authenticate): ${terminals.map((t, i) => `${t.protocol} ${loginMs[i]!.toFixed(0)} ms`).join(', ')}`);
    for (const line of latencyLines(terminals)) console.log(line);
    console.log(`memory after a full GC: heap ${before.heap.toFixed(0)} MB → ${holding.heap.toFixed(0)} MB holding the connections → ${after.heap.toFixed(0)} MB after; RSS ${before.rss.toFixed(0)} → ${holding.rss.toFixed(0)} → ${after.rss.toFixed(0)} MB`);
    console.log(`gateway: ${Object.entries(metrics).map(([p, m]) => `${p} ${m.framesReceived} frames, ${m.streamFaults} stream faults, ${m.devicesRefused} devices refused`).join('; ')}; test took ${((Date.now() - started) / 1000).toFixed(1)} s`);

    // every idle connection was accepted and held at once, and none closed before its time
    expect(idle.failed).toBe(0);
    expect(idle.opened).toBe(idleCount);
    expect(acceptedSeconds, 'connections accepted within the idle timeout').toBeLessThan(IDLE_SECONDS);
    expect(closedWhileOpening, 'idle connections closed early').toBe(0);
    expect(peak).toBeGreaterThanOrEqual(idleCount);
    // then the idle timeout closed every one of them
    expect(allClosedSeconds).toBeLessThan(openSeconds + IDLE_SECONDS + 10);

    // the dribbling connections are never idle: JT/T 808 refuses their frames and keeps them, the
    // device protocols close them at the first frame naming an unknown device, never for silence
    expect(slowNow.bytes).toBeGreaterThan(0);
    expect(slowNow.openByProtocol.jt808).toBe(SLOW_LORIS / 3);
    expect(connectionsNow).toBeGreaterThanOrEqual(slowNow.openByProtocol.jt808 + terminals.length);
    expect(connectionsNow).toBeLessThanOrEqual(SLOW_LORIS + terminals.length);
    expect(metrics.jt808.streamFaults + metrics.gt06.streamFaults + metrics.watch.streamFaults).toBe(0);

    // the good terminals logged in promptly and every report was acknowledged on time
    for (const [i, t] of terminals.entries()) {
      expect(loginMs[i], `${t.protocol} login (ms)`).toBeLessThan(LOGIN_LIMIT_MS);
      expect(t.lostConnections, `${t.protocol} connection kept`).toBe(0);
      expect(t.problems, `${t.protocol} replies`).toEqual([]);
      expect(t.outstanding, `${t.protocol} reports left unanswered`).toBe(0);
      expect(t.acked.length, `${t.protocol} reports acknowledged`).toBeGreaterThan(20);
      expect(percentile(t.latencies, 99), `${t.protocol} ack p99 (ms)`).toBeLessThan(ACK_P99_LIMIT_MS);
    }

    // the memory the connections held came back
    expect(after.heap - before.heap).toBeLessThan(HEAP_GROWTH_LIMIT_MB);
  });
});
