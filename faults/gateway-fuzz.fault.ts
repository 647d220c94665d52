import { afterAll, describe, expect, it } from 'vitest';
import { normalizePhone } from '../server/gateway/jt808/index';
import type { ApiClient } from '../server/testing/api-client';
import type { TestServer } from '../server/testing/test-server';
import { FUZZ_PROTOCOLS, type FuzzProtocol } from './fuzz-frames';
import { GatewayFuzzer, type FuzzSent } from './gateway-fuzzer';
import {
  gatewayConnections, latencyLines, loadAverage, memoryMb, protocolMetrics, startGatewayServer, wellBehavedTerminals,
} from './gateway-rig';
import { sleep, until } from './waiting';
import { percentile, placeOf, type ReportingTerminal } from './reporting-terminals';

// Every terminal port gets over a million mutated frames — bit flips, wrong and huge declared
// lengths, truncated frames, garbage, storms of delimiters, frames whose checksum was made right
// again after the damage — over many connections, plus connections that stop half way through a
// frame. Meanwhile one provisioned terminal per protocol keeps reporting. The gateway must stay
// up, keep acknowledging the good terminals on time, hold its memory, close the stalled
// connections, and store nothing but the good terminals' positions, exactly as they were sent.

const FRAMES: Record<FuzzProtocol, number> = { jt808: 400_000, gt06: 320_000, watch: 320_000 };
const IDLE_SECONDS = 5;
const REPORT_MS = 200;
// generous: the machine is shared; this catches a gateway that stalls, not one that is slow
const ACK_P99_LIMIT_MS = 2000;
// reports a good terminal must have had answered: while the frames went in (a few seconds at least,
// at one report per REPORT_MS), and in all (enough for the p99)
const MIN_ACKED_DURING_FUZZ = 5;
const MIN_ACKED = 25;
const HEAP_GROWTH_LIMIT_MB = 64;
const RSS_PEAK_GROWTH_LIMIT_MB = 512;

let server: TestServer | undefined;
let fuzzer: GatewayFuzzer | undefined;
let terminals: ReportingTerminal[] = [];

afterAll(async () => {
  await Promise.all(terminals.map((t) => t.stop(0)));
  fuzzer?.kill();
  await server?.close().catch(() => {});
});

async function terminalCount(s: TestServer): Promise<number> {
  const row = await s.store.db.selectFrom('terminals').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('gateway under a million mutated frames', () => {
  it('stays up, acknowledges the good terminals on time, bounds its memory and stores nothing malformed', async () => {
    const started = Date.now();
    const rig = await startGatewayServer(IDLE_SECONDS);
    server = rig.server;
    const admin: ApiClient = rig.admin;
    fuzzer = GatewayFuzzer.start();
    terminals = wellBehavedTerminals(rig.ports);
    for (const t of terminals) await t.connect();
    const terminalsBefore = await terminalCount(server);
    const positionsBefore = await server.store.positions.count();
    for (const t of terminals) t.start(REPORT_MS);
    await sleep(1000);

    const before = memoryMb();
    let peakRss = before.rss;
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss / 2 ** 20)), 250);

    const stalled = await fuzzer.hold({ ports: rig.ports, kind: 'stalled', count: 60, seed: 7 });
    const ackedBefore = terminals.map((t) => t.acked.length);
    const sent: Record<FuzzProtocol, FuzzSent> = await fuzzer.fuzz({
      ports: rig.ports, frames: FRAMES, connections: 4, writesPerConnection: { jt808: 100, gt06: 1, watch: 1 }, seed: 20_260_101,
    });
    // how many reports each good terminal had answered while the frames went in (the fuzzing's length depends on the machine)
    const ackedDuringFuzz = terminals.map((t, i) => t.acked.length - ackedBefore[i]!);
    clearInterval(sampler);
    const fuzzLoad = loadAverage();

    // the stalled connections said half a frame and nothing more: the idle timeout ends them
    await until(async () => (await fuzzer!.held()).stalled!.closedByServer === stalled.opened, (IDLE_SECONDS + 10) * 1000, 'stalled connections closed');
    await sleep(1000);
    await Promise.all(terminals.map((t) => t.stop(5000)));
    const batcherIdle = () => {
      const b = server!.fleet.gateway!.metrics().batcher;
      return b.queuedRows === 0 && b.inFlightRows === 0;
    };
    await until(batcherIdle, 10_000, 'batcher idle');
    const after = memoryMb();
    const metrics = await protocolMetrics(admin);

    console.log(`fuzzed for ${Math.max(...FUZZ_PROTOCOLS.map((p) => sent[p].seconds)).toFixed(1)} s, load average ${fuzzLoad} (${loadAverage()} now)`);
    for (const p of FUZZ_PROTOCOLS) {
      const s = sent[p];
      const m = metrics[p];
      const oversized = p === 'jt808' ? `, ${s.oversizedRuns} closed by the gateway for an oversized frame` : '';
      console.log(`${p.padEnd(5)} sent ${s.frames} mutated frames, ${(s.bytes / 2 ** 20).toFixed(1)} MiB, cut into ${s.expectedFrames} by the protocol's splitter; ${s.connections} connections${oversized}, ${s.unanswered} batches resent`);
      console.log(`${p.padEnd(5)} mutations ${JSON.stringify(s.byMutation)}`);
      console.log(`${p.padEnd(5)} gateway: frames ${m.framesReceived}, malformed ${m.badFrames}, stream faults ${m.streamFaults}, bytes skipped ${m.bytesSkipped}, devices refused ${m.devicesRefused}, positions rejected ${m.positionsRejected}, stored ${m.positionsStored}, acks ${m.acksSent}`);
    }
    for (const line of latencyLines(terminals)) console.log(line);
    console.log(`reports acknowledged while fuzzing: ${terminals.map((t, i) => `${t.protocol} ${ackedDuringFuzz[i]}`).join(', ')}`);
    console.log(`memory after a full GC: heap ${before.heap.toFixed(0)} → ${after.heap.toFixed(0)} MB, RSS ${before.rss.toFixed(0)} → ${after.rss.toFixed(0)} MB (peak ${peakRss.toFixed(0)} MB)`);
    console.log(`stalled connections: ${stalled.opened} opened, all ended by the idle timeout (${IDLE_SECONDS} s)`);

    // over a million mutated frames went out, and the gateway read and refused them per protocol
    const total = FUZZ_PROTOCOLS.reduce((n, p) => n + sent[p].frames, 0);
    console.log(`total ${total} mutated frames; test took ${((Date.now() - started) / 1000).toFixed(1)} s`);
    expect(total).toBeGreaterThanOrEqual(1_000_000);
    for (const p of FUZZ_PROTOCOLS) {
      expect(sent[p].frames, p).toBeGreaterThanOrEqual(FRAMES[p]);
      expect(metrics[p].badFrames, `${p} malformed frames counted`).toBeGreaterThan(0);
      // the gateway cut (nearly) every frame we sent; GT06 and watch connections close at the first unknown device
      expect(metrics[p].framesReceived, `${p} frames read`).toBeGreaterThanOrEqual(0.9 * sent[p].expectedFrames);
    }
    expect(metrics.jt808.streamFaults, 'oversized JT/T 808 frames ended their connections').toBeGreaterThanOrEqual(sent.jt808.oversizedRuns);
    expect(sent.jt808.oversizedRuns).toBeGreaterThan(0);
    expect(metrics.jt808.positionsRejected, 'resealed JT/T 808 reports of unknown terminals refused').toBeGreaterThan(0);
    expect(metrics.gt06.devicesRefused + metrics.watch.devicesRefused, 'unknown devices refused').toBeGreaterThan(0);

    // the good terminals kept their links, every report was answered with success, on time, the fuzzing's time included
    terminals.forEach((t, i) => {
      expect(t.lostConnections, `${t.protocol} connection kept`).toBe(0);
      expect(t.problems, `${t.protocol} replies`).toEqual([]);
      expect(t.outstanding, `${t.protocol} reports left unanswered`).toBe(0);
      expect(ackedDuringFuzz[i], `${t.protocol} reports acknowledged while fuzzing`).toBeGreaterThanOrEqual(MIN_ACKED_DURING_FUZZ);
      expect(t.acked.length, `${t.protocol} reports acknowledged`).toBeGreaterThanOrEqual(MIN_ACKED);
      expect(percentile(t.latencies, 99), `${t.protocol} ack p99 (ms)`).toBeLessThan(ACK_P99_LIMIT_MS);
    });

    // memory: retained heap and peak RSS grew within bounds
    expect(after.heap - before.heap).toBeLessThan(HEAP_GROWTH_LIMIT_MB);
    expect(peakRss - before.rss).toBeLessThan(RSS_PEAK_GROWTH_LIMIT_MB);
    await until(() => gatewayConnections(server!) === 0, 5000, 'every connection closed');

    // nothing stored but the good terminals' reports: each acknowledged one, where it was sent
    let goodRows = 0;
    for (const t of terminals) {
      const id = (await server.store.fleet.terminalAuth(normalizePhone(t.terminalNo)))!.terminalId;
      const rows = await server.store.positions.track(id, new Date(0), new Date(Date.now() + 86_400_000), 100_000);
      goodRows += rows.length;
      const stored = new Set(rows.map((r) => r.deviceTime.getTime()));
      expect(t.acked.filter((x) => !stored.has(x)), `${t.protocol} acknowledged but not stored`).toEqual([]);
      for (const r of rows) {
        const k = t.sent.get(r.deviceTime.getTime());
        expect(k, `${t.protocol} stored a fix time it never sent: ${r.deviceTime.toISOString()}`).toBeDefined();
        const place = placeOf(k!);
        expect(Math.abs(r.lon - place.lon), `${t.protocol} report ${k} longitude`).toBeLessThan(1e-5);
        expect(Math.abs(r.lat - place.lat), `${t.protocol} report ${k} latitude`).toBeLessThan(1e-5);
      }
      expect(metrics[t.protocol].positionsStored, `${t.protocol} positions stored`).toBe(rows.length);
    }
    expect(await server.store.positions.count(), 'rows of terminals other than the good ones').toBe(positionsBefore + goodRows);
    expect(await terminalCount(server), 'terminals provisioned by fuzz frames').toBe(terminalsBefore);
  });
});
