/**
 * Report-to-browser latency: the real server (createServer: gateway on a free port, PGlite in a
 * temporary DATA_DIR, demo tenant with 1,000 provisioned terminals, no simulator) and a /ws client
 * logged in as the tenant's admin. Lean terminals report every 5 s, each report with a fix time
 * no other report of that terminal has; the time from writing a 0x0200 to the socket to receiving
 * the `positions` item with that terminal and fix time on /ws is the figure. Reference in the same
 * run: the same reports' ack latency (terminal → commit → 0x8001), so the live channel's own cost
 * (bus, coalescing, the item query, fan-out) is what separates the two. The process CPU per pushed
 * position covers everything in this process (gateway, store, live channel, load generator): the
 * part that is not the live channel is the same from run to run at one load. The rows the live
 * channel read from the monitor query per pushed position do not depend on the machine's load.
 *
 * With BENCH_LIVE_PARTS=1 an installed plugin's server part (PLUGINS_DIR) decodes a reading of
 * every position and subscribes to the committed positions: run it beside a run without to see
 * what parts cost on the push path.
 *
 *   npx tsx bench/live-latency.bench.ts      env: BENCH_LIVE_TERMINALS=1000  BENCH_LIVE_INTERVAL_S=5
 *                                                 BENCH_WARMUP_S=6  BENCH_MEASURE_S=20  BENCH_LIVE_PARTS=0
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { MonitorItem } from '../server/api/monitor/monitor-item';
import type { TianluServer } from '../server/app';
import { DEMO_START_PHONE } from '../server/demo/demo-fleet';
import { phoneAt } from '../server/sim/index';
import { ApiClient } from '../server/testing/api-client';
import { LiveTestClient } from '../server/testing/live-client';
import { BenchReport, MachineLoad, thousands } from './bench-report';
import { startDemoServer } from './demo-server';
import { LoadGenerator } from './jt808-load-generator';

const TERMINALS = Number(process.env.BENCH_LIVE_TERMINALS ?? 1000);
const INTERVAL_S = Number(process.env.BENCH_LIVE_INTERVAL_S ?? 5);
const WARMUP_S = Number(process.env.BENCH_WARMUP_S ?? 6);
const MEASURE_S = Number(process.env.BENCH_MEASURE_S ?? 20);
const GOAL_P95_MS = 500;
const WITH_PARTS = process.env.BENCH_LIVE_PARTS === '1';

/** A cold-chain plugin in PLUGINS_DIR whose server part decodes item 0xE1 and counts the positions it is fed. */
async function installColdChainPart(pluginsDir: string): Promise<void> {
  const dir = join(pluginsDir, 'coldchain');
  await mkdir(join(dir, 'server'), { recursive: true });
  await writeFile(join(dir, 'index.js'), 'export default {};\n');
  await writeFile(join(dir, 'manifest.json'), JSON.stringify({
    platformId: 95, systemId: 'coldchain', name: 'coldchain', productionEntry: '/child/coldchain/index.js', developmentEntry: '/child/coldchain/index.js',
    title: '冷链监控', icon: 'Apps', path: '/coldchain/', created: '2026-11-27', iconfont: '', enabled: true, serverEntry: 'server/index.js',
  }));
  await writeFile(join(dir, 'server', 'index.js'), `let fed = 0;
export default {
  name: 'coldchain',
  readings: { 'coldchain.t1': (p) => { const hex = p.item(0xE1); return hex === undefined ? undefined : ((parseInt(hex, 16) << 16) >> 16) / 10; } },
  subscriptions: { positions(batch) { fed += batch.length; globalThis.__coldChainFed = fed; } },
};
`);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function percentiles(samples: readonly number[]): { p50: number; p95: number; p99: number; max: number } {
  const s = Float64Array.from(samples).sort();
  const at = (q: number) => (s.length ? s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)]! : 0);
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99), max: s.length ? s[s.length - 1]! : 0 };
}

async function main() {
  const report = new BenchReport();
  const dataDir = await mkdtemp(join(tmpdir(), 'tianlu-bench-live-'));
  let server: TianluServer | undefined;
  let gen: LoadGenerator | undefined;
  let ws: LiveTestClient | undefined;
  try {
    const t0 = performance.now();
    if (WITH_PARTS) await installColdChainPart(join(dataDir, 'plugins'));
    const started = await startDemoServer(dataDir, TERMINALS);
    server = started.server;
    const { httpPort } = started;
    const gatewayPort = server.fleet.gateway!.port;
    console.log(`server: createServer with PGlite in ${dataDir} (deleted afterwards), demo tenant with ${thousands(TERMINALS)} provisioned terminals, no simulator; up in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    if (WITH_PARTS) console.log('server parts: one installed plugin decoding a reading of every position and subscribed to the committed positions (BENCH_LIVE_PARTS=1)');
    console.log(`load: lean JT/T 808 terminals in this process (one pacing timer), each reporting every ${INTERVAL_S} s: ${thousands(TERMINALS / INTERVAL_S)} reports/s; warm-up ${WARMUP_S} s, window ${MEASURE_S} s`);

    // the monitor query's reads while measuring: the live channel's (the bench's /ws client reads no list)
    const monitor = server.store.monitor;
    const assets = monitor.assets.bind(monitor);
    const reads = { on: false, queries: 0, rows: 0 };
    monitor.assets = async (...args: Parameters<typeof assets>) => {
      const answer = await assets(...args);
      if (reads.on) {
        reads.queries++;
        reads.rows += answer.list.length;
      }
      return answer;
    };

    const admin = new ApiClient(server.app);
    const login = await admin.login('admin', 'Admin@123');
    if (login.flag !== 1) throw new Error(`login failed: ${login.msg}`);
    ws = await LiveTestClient.connect(httpPort);
    const sentAt = new Map<string, number>();
    const samples: number[] = [];
    let measuring = false;
    let pushes = 0;
    let items = 0;
    ws.socket.on('message', (data) => {
      const at = performance.now();
      const msg = JSON.parse(String(data)) as { type: string; list?: MonitorItem[] };
      if (msg.type !== 'positions' || !msg.list) return;
      pushes++;
      for (const item of msg.list) {
        items++;
        if (item.gpsTime === null) continue;
        const key = `${item.terminalNo}|${Date.parse(item.gpsTime)}`;
        const sent = sentAt.get(key);
        if (sent === undefined) continue; // pushed again (online flag changed) or sent outside the window
        sentAt.delete(key);
        samples.push(at - sent);
      }
    });
    ws.send({ type: 'auth', sessionId: admin.sessionId, userId: admin.userId });
    await ws.until((m) => m.some((x) => x.type === 'snapshot'), 30_000, 'snapshot');
    ws.messages.length = 0; // LiveTestClient keeps every message; this bench only needs its own listener

    let measuredSent = 0;
    const phones = Array.from({ length: TERMINALS }, (_, i) => phoneAt(DEMO_START_PHONE, i));
    gen = new LoadGenerator({
      port: gatewayPort, terminals: TERMINALS, startPhone: DEMO_START_PHONE,
      // the fix time is the send time (whole seconds on the wire): unique per terminal at one report per 5 s
      fixTime: (_index, _k, nowMs) => nowMs,
      onSent: (index, fixTimeMs, at) => {
        if (!measuring) return;
        measuredSent++;
        sentAt.set(`${phones[index]}|${Math.floor(fixTimeMs / 1000) * 1000}`, at);
      },
    });
    const connected = await gen.connect();
    console.log(`logged in ${thousands(connected.online)} terminals in ${(connected.ms / 1000).toFixed(1)} s${connected.failed ? `; ${connected.failed} failed: ${connected.firstError}` : ''}`);
    gen.start(TERMINALS / INTERVAL_S);
    await sleep(WARMUP_S * 1000);

    const machine = new MachineLoad();
    const cpu0 = process.cpuUsage();
    const pushes0 = pushes;
    const items0 = items;
    measuring = true;
    reads.on = true;
    gen.mark();
    await sleep(MEASURE_S * 1000);
    gen.stopSending();
    measuring = false;
    const ack = gen.window();
    // reports of the window's last moments may still be on their way to /ws
    await sleep(2000);
    const busy = machine.busy();
    reads.on = false;
    const windowItems = items - items0;
    const cpu = process.cpuUsage(cpu0);
    const cpuMs = (cpu.user + cpu.system) / 1000;
    const missing = sentAt.size;
    const live = percentiles(samples);
    const windowPushes = pushes - pushes0;

    report.bench('reference.live.ack-p50', ack.ackMs.p50, 'ms');
    report.bench('reference.live.ack-p95', ack.ackMs.p95, 'ms');
    report.bench('reference.live.ack-p99', ack.ackMs.p99, 'ms');
    report.bench('live.report-to-ws-p50', live.p50, 'ms');
    report.bench('live.report-to-ws-p95', live.p95, 'ms');
    report.bench('live.report-to-ws-p99', live.p99, 'ms');
    report.bench('live.report-to-ws-p95-over-ack-p95', live.p95 - ack.ackMs.p95, 'ms');
    report.bench('live.process-cpu-per-pushed-position', windowItems ? cpuMs / windowItems : 0, 'ms');
    report.bench('live.monitor-query-rows-per-pushed-position', windowItems ? reads.rows / windowItems : 0, 'rows');
    console.log(`  window ${ack.seconds.toFixed(1)} s: ${thousands(measuredSent)} reports sent, ${thousands(ack.acked)} acked, ${thousands(samples.length)} seen on /ws, ${thousands(missing)} never pushed; max ${live.max.toFixed(0)} ms`);
    console.log(`  /ws: ${thousands(windowPushes)} positions messages, ${windowPushes ? (((items - items0) / windowPushes)).toFixed(1) : 0} items each${busy === undefined ? '' : `; machine ${(busy * 100).toFixed(0)} % busy (${cpus().length} cores, load average ${loadavg()[0]!.toFixed(1)})`}`);
    console.log(`  this process (server, PGlite and the load generator): ${thousands(Math.round(cpuMs))} ms CPU over the window and the 2 s after, ${thousands(windowItems)} positions pushed; the live channel read ${thousands(reads.rows)} rows in ${thousands(reads.queries)} monitor queries`);
    if (WITH_PARTS) console.log(`  the server part was fed ${thousands(Number((globalThis as { __coldChainFed?: number }).__coldChainFed ?? 0))} positions in all`);
    console.log('  note: /ws sends an asset\'s update at once and later ones at most once per second per asset, so a terminal reporting faster than 1/s sees up to ~1 s of coalescing');

    report.check(live.p95 < GOAL_P95_MS && samples.length > 0, `goal: report-to-browser p95 ${live.p95.toFixed(0)} ms < ${GOAL_P95_MS} ms (ack p95 ${ack.ackMs.p95.toFixed(1)} ms; p50 ${live.p50.toFixed(0)} ms, p99 ${live.p99.toFixed(0)} ms)`);
    report.check(missing === 0, `every report of the window reached /ws: ${thousands(samples.length)} of ${thousands(measuredSent)}`);
  } finally {
    gen?.close();
    ws?.close();
    await server?.close();
    await rm(dataDir, { recursive: true, force: true });
  }
  console.log(`(reproduce: ${WITH_PARTS ? 'BENCH_LIVE_PARTS=1 ' : ''}npx tsx bench/live-latency.bench.ts)`);
  report.finish();
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(2);
});
