/**
 * Ingest: N concurrent terminals report (JT/T 808 0x0200, or GT06 0x22) into the real gateway (PositionBatcher,
 * the store's batch writer, the bus bridge) on PostgreSQL (DATABASE_URL, fresh schema) or PGlite
 * (temporary DATA_DIR). Figures: positions/s persisted (rows counted in the store across a fixed
 * window after warm-up) and ack latency p50/p99 at the terminals, read against two references
 * measured in the same run: decoding the same frames in memory, and batch-inserting the same
 * rows straight into the store with its own writer (the raw ceiling under the pipeline).
 *
 *   npx tsx bench/ingest.bench.ts                       (PGlite)
 *   DATABASE_URL=postgres://root@127.0.0.1:5432/test npx tsx bench/ingest.bench.ts
 *   env: BENCH_TERMINALS=5000  BENCH_RATE=<offered reports/s; default 1.1 × goal>
 *        BENCH_WARMUP_S=8  BENCH_MEASURE_S=20  BENCH_REF_S=6  BENCH_BATCH_DELAY_MS=<batcher maxDelayMs override>
 */
import { cpus, loadavg } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createEventBus } from '../server/bus/create-event-bus';
import { gatewayBusBridge } from '../server/bus/gateway-bus-bridge';
import { systemClock } from '../server/clock';
import { DeviceGateway } from '../server/gateway/device-gateway';
import { GatewayCore } from '../server/gateway/gateway-core';
import { gt06Protocol } from '../server/gateway/gt06/index';
import { Jt808Gateway, type PositionRow, type PositionSink } from '../server/gateway/index';
import { StorePositionSink, StoreTerminalDirectory } from '../server/store/store-gateway-ports';
import { BenchReport, MachineLoad, thousands } from './bench-report';
import { openBenchStore, provisionTerminals } from './bench-store';
import { measureDecode, measureStoreInserts } from './ingest-references';
import { ForkedLoadGenerator } from './load-generator-process';

const TERMINALS = Number(process.env.BENCH_TERMINALS ?? 5000);
const WARMUP_S = Number(process.env.BENCH_WARMUP_S ?? 8);
const MEASURE_S = Number(process.env.BENCH_MEASURE_S ?? 20);
const REF_S = Number(process.env.BENCH_REF_S ?? 6);
const BATCH_DELAY_MS = process.env.BENCH_BATCH_DELAY_MS ? Number(process.env.BENCH_BATCH_DELAY_MS) : undefined;
const START_NUMBERS = { jt808: '016600000001', gt06: '358710070000001' } as const;
const GOALS = { postgres: { rate: 20_000, p99: 100 }, pglite: { rate: 10_000, p99: 100 } } as const;

/** The store's sink, timing each commit (diagnostics beside the ack latency). */
class TimedSink implements PositionSink {
  private samples: number[] = [];

  constructor(private readonly inner: PositionSink) {}

  async writeBatch(rows: PositionRow[]): Promise<void> {
    const t0 = performance.now();
    await this.inner.writeBatch(rows);
    this.samples.push(performance.now() - t0);
  }

  mark(): void {
    this.samples = [];
  }

  window(): { p50: number; p99: number; max: number } {
    const sorted = this.samples.sort((a, b) => a - b);
    const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0;
    return { p50: at(0.5), p99: at(0.99), max: sorted.at(-1) ?? 0 };
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Runs the ingest benchmark for one protocol and prints its BENCH lines and goals. */
export async function runIngestBench(protocol: 'jt808' | 'gt06'): Promise<void> {
  const START_PHONE = START_NUMBERS[protocol];
  const report = new BenchReport();
  const bench = await openBenchStore();
  const { store, label } = bench;
  const goal = GOALS[label];
  const rate = Number(process.env.BENCH_RATE ?? Math.round(goal.rate * 1.1));
  console.log(`store: ${bench.where}`);
  console.log(`load: ${thousands(TERMINALS)} terminals offering ${thousands(rate)} reports/s (${(rate / TERMINALS).toFixed(2)}/s each); warm-up ${WARMUP_S} s, window ${MEASURE_S} s`);
  console.log(protocol === 'gt06'
    ? 'load generator: lean GT06 terminals (login with IMEI, pre-encoded 0x22 template patched per report, acked by the 0x22 reply after commit, one pacing timer)'
    : 'load generator: lean JT/T 808 terminals (real codec, pre-encoded 0x0200 template patched per report, one pacing timer)');
  console.log('  in a child process on this same machine (loopback), so it competes with the gateway and the database for the cores');

  let gen: ForkedLoadGenerator | undefined;
  let gateway: Jt808Gateway | DeviceGateway | undefined;
  try {
    const t0 = performance.now();
    const fleet = await provisionTerminals(store, TERMINALS, START_PHONE, protocol);
    console.log(`provisioned ${thousands(TERMINALS)} terminals in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

    // pipeline fix times: one second apart per terminal, ending before now; the reference writes older ones
    const perTerminal = Math.ceil((rate / TERMINALS) * (WARMUP_S + MEASURE_S + 30));
    const fixBaseMs = Math.floor(Date.now() / 1000) * 1000 - (perTerminal + 600) * 1000;

    // reference (a): the same frames decoded in memory
    const decode = measureDecode(TERMINALS, START_NUMBERS.jt808, fixBaseMs, Math.min(REF_S, 3));
    // reference (b): the same rows, straight into the store's batch writer
    const ceiling = await measureStoreInserts(store, fleet, START_NUMBERS.jt808, fixBaseMs - 6 * 3600_000, REF_S);

    const bus = await createEventBus(undefined);
    const bridge = gatewayBusBridge(bus, store.fleet, systemClock, (err) => console.error('bus bridge:', err));
    const sink = new TimedSink(new StorePositionSink(store.positions));
    const log = { info() {}, warn: (o: object, m: string) => console.warn(m, o), error: (o: object, m: string) => console.error(m, o) };
    const core = new GatewayCore({ sink, ...(BATCH_DELAY_MS !== undefined && { batcher: { maxDelayMs: BATCH_DELAY_MS } }), events: bridge.events, log });
    gateway = protocol === 'gt06'
      ? new DeviceGateway({ protocol: gt06Protocol, directory: new StoreTerminalDirectory(store.fleet), core, log })
      : new Jt808Gateway({ directory: new StoreTerminalDirectory(store.fleet), core, log });
    const port = await gateway.listen(0, '127.0.0.1');
    console.log(`gateway: ${protocol === 'gt06' ? 'DeviceGateway (GT06)' : 'Jt808Gateway'} with the store's directory and sink and the in-process bus bridge, as createServer wires it; batcher ${BATCH_DELAY_MS === undefined ? 'defaults (≤ 1000 rows, no fill wait: a free slot takes what queued meanwhile, 2 commits in flight)' : `maxDelayMs ${BATCH_DELAY_MS} (BENCH_BATCH_DELAY_MS)`}`);
    const before = await store.positions.count();

    gen = ForkedLoadGenerator.start({ protocol, port, terminals: TERMINALS, startPhone: START_PHONE, fixBaseMs });
    const login = await gen.connect();
    console.log(`logged in ${thousands(login.online)} terminals in ${(login.ms / 1000).toFixed(1)} s${login.failed ? `; ${login.failed} failed: ${login.firstError}` : ''}`);
    await bridge.settled();

    await gen.start(rate);
    await sleep(WARMUP_S * 1000);
    // rows are counted at both ends of the window; the latency window sits inside it, clear of the
    // counts (on PGlite a count runs on the gateway's thread and would stall acks for its duration)
    const w0 = performance.now();
    const c0 = await store.positions.count();
    const countMs = performance.now() - w0;
    await sleep(1000);
    const machine = new MachineLoad();
    const cpu0 = process.cpuUsage();
    const stats0 = gateway.metrics().batcher;
    const loopDelay = monitorEventLoopDelay({ resolution: 5 });
    loopDelay.enable();
    sink.mark();
    await gen.mark();
    await sleep(MEASURE_S * 1000);
    const win = await gen.window();
    const stats1 = gateway.metrics().batcher;
    loopDelay.disable();
    const commits = sink.window();
    const serverCpu = process.cpuUsage(cpu0);
    const busy = machine.busy();
    const metrics = gateway.metrics();
    const w1 = performance.now();
    const c1 = await store.positions.count();

    const stopped = await gen.stop(10_000);
    gen = undefined;
    await gateway.close();
    gateway = undefined;
    await bridge.settled();
    await bus.close();
    const stored = (await store.positions.count()) - before;

    const seconds = (w1 - w0) / 1000;
    const cpuSeconds = win.seconds;
    const persisted = (c1 - c0) / seconds;
    const offered = win.offered / win.seconds;
    const batches = stats1.batchesCommitted - stats0.batchesCommitted;
    const name = protocol === 'gt06' ? `ingest.gt06.${label}` : `ingest.${label}`;
    report.bench('reference.jt808-decode-0200', decode.framesPerSecond, 'frames/s');
    report.bench(`reference.store-batch-insert.${label}`, ceiling.rowsPerSecond, 'rows/s');
    report.bench(`${name}.offered`, offered, 'positions/s');
    report.bench(`${name}.sent`, win.sent / win.seconds, 'positions/s');
    report.bench(`${name}.persisted`, persisted, 'positions/s');
    report.bench(`${name}.ack-p50`, win.ackMs.p50, 'ms');
    report.bench(`${name}.ack-p99`, win.ackMs.p99, 'ms');
    report.bench(`${name}.persisted-over-store-ceiling`, persisted / ceiling.rowsPerSecond, 'x');
    console.log(`  rows counted ${seconds.toFixed(1)} s apart: ${thousands(c1 - c0)} (a count took ${countMs.toFixed(0)} ms); terminal window ${win.seconds.toFixed(1)} s inside it: offered ${thousands(win.offered)}, sent ${thousands(win.sent)}, skipped (32 unacked) ${thousands(win.skipped)}, acked ${thousands(win.acked)}, refused ${win.refused}`);
    console.log(`  ack ms at the terminals: p50 ${win.ackMs.p50.toFixed(1)}  p95 ${win.ackMs.p95.toFixed(1)}  p99 ${win.ackMs.p99.toFixed(1)}  max ${win.ackMs.max.toFixed(1)}  (gateway's own histogram, whole run: p50 ${metrics.ackLatencyMs.p50}  p99 ${metrics.ackLatencyMs.p99})`);
    console.log(`  batches in window ${thousands(batches)}, ${batches ? thousands((stats1.rowsCommitted - stats0.rowsCommitted) / batches) : 0} rows each, commit ms p50 ${commits.p50.toFixed(1)} p99 ${commits.p99.toFixed(1)} max ${commits.max.toFixed(0)}; reference wrote ${ceiling.batchSize}-row batches, ${ceiling.inFlight} in flight`);
    console.log(`  gateway event-loop delay in window: p50 ${(loopDelay.percentile(50) / 1e6).toFixed(1)} ms, p99 ${(loopDelay.percentile(99) / 1e6).toFixed(1)} ms`);
    console.log(`  cpu in window: gateway+store process ${((serverCpu.user + serverCpu.system) / 1e6 / cpuSeconds * 100).toFixed(0)} % of a core, load generator ${(win.cpuCore * 100).toFixed(0)} % of a core${busy === undefined ? '' : `, whole machine ${(busy * 100).toFixed(0)} % busy (${cpus().length} cores, load average ${loadavg()[0]!.toFixed(1)}; anything beyond this bench and its database is other work on the machine)`}`);
    console.log(`  reference (a): ${thousands(decode.frames)} frames split, decoded and mapped to rows in ${decode.seconds.toFixed(1)} s on one core`);
    console.log(`  reference (b): ${thousands(ceiling.rows)} rows in ${ceiling.seconds.toFixed(1)} s through store.positions.writeBatch (no gateway, no sockets)`);

    report.check(persisted >= goal.rate, `goal: ${label} persisted ${thousands(persisted)} positions/s >= ${thousands(goal.rate)} (offered ${thousands(offered)}; store ceiling ${thousands(ceiling.rowsPerSecond)} rows/s; decode ${thousands(decode.framesPerSecond)} frames/s)`);
    report.check(win.ackMs.p99 < goal.p99 && win.acked > 0, `goal: ${label} ack p99 ${win.ackMs.p99.toFixed(1)} ms < ${goal.p99} ms (p50 ${win.ackMs.p50.toFixed(1)} ms)`);
    report.check(stored >= stopped.totals.acked, `every acknowledged position is stored: ${thousands(stopped.totals.acked)} acked, ${thousands(stored)} rows (sent ${thousands(stopped.totals.sent)}, unacked at stop ${stopped.open})`);
  } finally {
    gen?.kill();
    await gateway?.close().catch(() => undefined);
    await bench.close();
  }
  console.log(`(reproduce: ${process.env.DATABASE_URL ? 'DATABASE_URL=… ' : ''}BENCH_TERMINALS=${TERMINALS} BENCH_RATE=${rate} npx tsx bench/${protocol === 'gt06' ? 'gt06-ingest' : 'ingest'}.bench.ts)`);
  report.finish();
}
