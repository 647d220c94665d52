/**
 * Ingest sweep: offered load from 5k reports/s upward in steps until the pipeline collapses (ack
 * p99 past a second, or persisted below 90 % of offered), for the single-process gateway and, on
 * PostgreSQL, for GATEWAY_WORKERS forked gateway workers, side by side, read against the store
 * ceiling measured in the same run. Per step: persisted/s (rows whose commit the primary heard of,
 * checked at the end against the rows in the store), ratio to the ceiling, ack p50/p99 at the
 * terminals, how busy the machine was and where the CPU went. First the ack floor: the same
 * terminals against bare acknowledgers, which shows what the sockets alone take of the machine;
 * with the store's cost per row at its ceiling, that bounds what any gateway could reach here.
 */
import { cpus, loadavg } from 'node:os';
import { BenchReport, MachineLoad, thousands } from './bench-report';
import { openBenchStore, provisionTerminals, type BenchStore } from './bench-store';
import { measureStoreInserts } from './ingest-references';
import { postgresCpuSeconds, processCpuSeconds, startAckFloor, startSingleProcess, startWorkers, type IngestPipeline } from './ingest-pipelines';
import { ForkedLoadGenerators } from './load-generator-process';

const TERMINALS = Number(process.env.BENCH_TERMINALS ?? 5000);
const WORKERS = Number(process.env.BENCH_WORKERS ?? cpus().length);
// load generator processes: one is a single event loop, which the floor saturates before the machine
const GENERATORS = Number(process.env.BENCH_GENERATORS ?? cpus().length);
const STEP = Number(process.env.BENCH_SWEEP_STEP ?? 5000);
const MAX_RATE = Number(process.env.BENCH_SWEEP_MAX ?? 100_000);
const WARMUP_S = Number(process.env.BENCH_STEP_WARMUP_S ?? 3);
const MEASURE_S = Number(process.env.BENCH_STEP_S ?? 8);
const REF_S = Number(process.env.BENCH_REF_S ?? 6);
// after the logins, before the first step: fresh processes compile their hot paths
const SETTLE_S = Number(process.env.BENCH_SETTLE_S ?? 5);
const WORKER_BATCHER = process.env.BENCH_WORKER_BATCHER ? (JSON.parse(process.env.BENCH_WORKER_BATCHER) as Record<string, number>) : undefined;
const MODES = (process.env.BENCH_MODES ?? 'floor,single,workers').split(',');
const START_PHONE = '016700000001';
const COLLAPSE_P99_MS = 1000;
const GOALS = { postgres: { ceilingShare: 0.45, p99: 100 }, pglite: { rate: 10_000, p99: 100 } } as const;

interface Step {
  mode: string;
  offered: number;
  sent: number;
  persisted: number;
  p50: number;
  p99: number;
  busy: number | undefined;
  gatewayCores: number;
  generatorCores: number;
  collapsed: boolean;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const pad = (s: string, n: number) => s.padStart(n);

function header(): string {
  return `${'mode'.padEnd(8)}${pad('offered/s', 11)}${pad('sent/s', 9)}${pad('persisted/s', 13)}${pad('×ceiling', 10)}${pad('ack p50', 9)}${pad('ack p99', 9)}${pad('machine', 9)}${pad('gateway', 9)}${pad('loadgen', 9)}`;
}

function row(s: Step, ceiling: number): string {
  const busy = s.busy === undefined ? '?' : `${(s.busy * 100).toFixed(0)} %`;
  // the floor stores nothing: its column is answers/s, and no share of the store's ceiling
  return `${s.mode.padEnd(8)}${pad(thousands(s.offered), 11)}${pad(thousands(s.sent), 9)}${pad(thousands(s.persisted), 13)}${pad(s.mode === 'floor' ? '-' : (s.persisted / ceiling).toFixed(2), 10)}${pad(s.p50.toFixed(1), 9)}${pad(s.p99.toFixed(1), 9)}${pad(busy, 9)}${pad(s.gatewayCores.toFixed(2), 9)}${pad(s.generatorCores.toFixed(2), 9)}${s.collapsed ? '  ← collapse' : ''}`;
}

/** One mode's sweep on a fresh pipeline and load generator; checks every acked report is stored. */
async function sweep(bench: BenchStore, mode: string, pipeline: IngestPipeline, fixBaseMs: number, ceiling: number, report: BenchReport): Promise<Step[]> {
  const before = await bench.store.positions.count();
  const gen = ForkedLoadGenerators.start({ port: pipeline.port, terminals: TERMINALS, startPhone: START_PHONE, fixBaseMs, processes: GENERATORS });
  const steps: Step[] = [];
  try {
    const login = await gen.connect();
    console.log(`\n${pipeline.describe}: ${thousands(login.online)} terminals logged in in ${(login.ms / 1000).toFixed(1)} s${login.failed ? `; ${login.failed} failed: ${login.firstError}` : ''}`);
    await gen.start(STEP);
    await sleep(SETTLE_S * 1000);
    console.log(header());
    for (let rate = STEP; rate <= MAX_RATE; rate += STEP) {
      await gen.start(rate);
      await sleep(WARMUP_S * 1000);
      const pids = pipeline.pids();
      const cpu0 = pids.map(processCpuSeconds);
      const machine = new MachineLoad();
      const c0 = pipeline.committedRows();
      const t0 = performance.now();
      await gen.mark();
      await sleep(MEASURE_S * 1000);
      const win = await gen.window();
      const seconds = (performance.now() - t0) / 1000;
      const persisted = (pipeline.committedRows() - c0) / seconds;
      const cpu = pids.reduce((sum, pid, i) => sum + processCpuSeconds(pid) - cpu0[i]!, 0);
      const offered = win.offered / win.seconds;
      const collapsed = win.ackMs.p99 > COLLAPSE_P99_MS || persisted < 0.9 * offered;
      const step: Step = {
        mode, offered, sent: win.sent / win.seconds, persisted, p50: win.ackMs.p50, p99: win.ackMs.p99,
        busy: machine.busy(), gatewayCores: cpu / seconds, generatorCores: win.cpuCore, collapsed,
      };
      steps.push(step);
      console.log(row(step, ceiling));
      if (collapsed) break;
    }
  } finally {
    const stopped = await gen.stop(15_000).catch(() => undefined);
    gen.kill();
    await pipeline.close();
    const stored = (await bench.store.positions.count()) - before;
    if (stopped && mode !== 'floor') {
      report.check(stored >= stopped.totals.acked, `${mode}: every acknowledged position is stored: ${thousands(stopped.totals.acked)} acked, ${thousands(stored)} rows in the store, ${thousands(pipeline.committedRows())} reported committed (unacked at stop ${stopped.open})`);
    }
  }
  return steps;
}

/** The step with the most persisted/s among those with ack p99 under `p99`. */
function best(steps: Step[], p99: number): Step | undefined {
  return steps.filter((s) => s.p99 < p99 && !s.collapsed).sort((a, b) => b.persisted - a.persisted)[0];
}

export async function runIngestSweep(): Promise<void> {
  const report = new BenchReport();
  const idle = new MachineLoad();
  await sleep(1000);
  const idleBusy = idle.busy();
  const bench = await openBenchStore();
  const { store, label } = bench;
  const modes = label === 'postgres' ? MODES : MODES.filter((m) => m !== 'workers');
  console.log(`store: ${bench.where}`);
  console.log(`machine: ${cpus().length} cores (${cpus()[0]?.model ?? '?'}), load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}, ${idleBusy === undefined ? '?' : `${(idleBusy * 100).toFixed(0)} %`} busy in the second before the bench (other work)`);
  console.log(`load: ${thousands(TERMINALS)} lean JT/T 808 terminals in ${GENERATORS} forked load generator processes on this machine (loopback), ≤ 32 unacked each; steps of ${thousands(STEP)}/s (after ${SETTLE_S} s at the first), warm-up ${WARMUP_S} s and window ${MEASURE_S} s per step; collapse: ack p99 > ${COLLAPSE_P99_MS} ms or persisted < 90 % of offered`);
  if (label === 'pglite') console.log('PGlite: one writer in one process, so GATEWAY_WORKERS does not apply; single process only');
  if (modes.includes('floor')) console.log(`floor: the same terminals against ${WORKERS} bare acknowledgers (node:cluster, like the workers) that answer every frame from its header, no decoding, nothing stored; its persisted/s column is answers/s. What the machine spends there, the sockets of terminals and gateway alone, no gateway can win back`);
  console.log('columns: machine = whole machine busy (all cores); gateway = cores used by the gateway processes (primary + workers); loadgen = cores used by the load generators; the rest is PostgreSQL and the kernel');
  try {
    const fleet = await provisionTerminals(store, TERMINALS, START_PHONE);
    // fix times: every mode starts 3 h after the previous one, the ceiling's rows 3 h before the first
    const now = Math.floor(Date.now() / 1000) * 1000;
    const fixBase = (i: number) => now - (modes.length - i) * 3 * 3600_000;
    // what storing costs per row at its most efficient (1000-row batches), a lower bound for any gateway: the CPU of
    // this process and of the store's PostgreSQL processes (PGlite runs in this one), not other work on the machine
    const self0 = processCpuSeconds(process.pid);
    const pg0 = await postgresCpuSeconds(bench);
    const ceiling = await measureStoreInserts(store, fleet, START_PHONE, fixBase(0) - 3 * 3600_000, REF_S);
    const self1 = processCpuSeconds(process.pid);
    const pg1 = await postgresCpuSeconds(bench);
    // a backend opened during the measurement started from nothing
    const pgSeconds = [...pg1].reduce((sum, [pid, seconds]) => sum + seconds - (pg0.get(pid) ?? 0), 0);
    const storeCoresPerRow = (self1 - self0 + pgSeconds) / ceiling.rows;
    console.log(`store ceiling (same run): ${thousands(ceiling.rowsPerSecond)} rows/s through store.positions.writeBatch, ${ceiling.batchSize}-row batches, ${ceiling.inFlight} in flight, no gateway`);
    const results: Step[][] = [];
    for (const [i, mode] of modes.entries()) {
      const pipeline = mode === 'workers' ? await startWorkers(bench, WORKERS, WORKER_BATCHER) : mode === 'floor' ? await startAckFloor(WORKERS) : await startSingleProcess(bench);
      results.push(await sweep(bench, mode, pipeline, fixBase(i), ceiling.rowsPerSecond, report));
    }

    console.log('\nsweep, side by side:');
    console.log(header());
    const longest = Math.max(...results.map((r) => r.length));
    for (let k = 0; k < longest; k++) for (const steps of results) if (steps[k]) console.log(row(steps[k]!, ceiling.rowsPerSecond));

    report.bench(`reference.store-batch-insert.${label}`, ceiling.rowsPerSecond, 'rows/s');
    for (const [i, mode] of modes.entries()) {
      // the best step under 100 ms p99; when none made it, the best step that did not collapse, said so
      const met = best(results[i]!, 100);
      const top = met ?? best(results[i]!, COLLAPSE_P99_MS);
      if (!top) continue;
      if (!met) console.log(`${mode}: no step had ack p99 < 100 ms; the BENCH lines below are its best step that did not collapse`);
      if (mode === 'floor') {
        report.bench(`reference.ack-floor-${WORKERS}.answered`, top.persisted, 'reports/s');
        report.bench(`reference.ack-floor-${WORKERS}.answered-over-store-ceiling`, top.persisted / ceiling.rowsPerSecond, 'x');
        report.bench(`reference.ack-floor-${WORKERS}.ack-p99`, top.p99, 'ms');
        report.bench(`reference.ack-floor-${WORKERS}.machine-busy`, (top.busy ?? 0) * 100, '%');
        continue;
      }
      const name = `ingest-sweep.${label}.${mode === 'workers' ? `workers-${WORKERS}` : 'single'}`;
      report.bench(`${name}.offered`, top.offered, 'positions/s');
      report.bench(`${name}.persisted`, top.persisted, 'positions/s');
      report.bench(`${name}.persisted-over-store-ceiling`, top.persisted / ceiling.rowsPerSecond, 'x');
      report.bench(`${name}.ack-p50`, top.p50, 'ms');
      report.bench(`${name}.ack-p99`, top.p99, 'ms');
      report.bench(`${name}.machine-busy`, (top.busy ?? 0) * 100, '%');
    }
    const floor = results[modes.indexOf('floor')];
    if (floor) {
      // how much of the machine the sockets alone take at the goal's rate: what is left for decoding and storing
      const goalRate = label === 'postgres' ? GOALS.postgres.ceilingShare * ceiling.rowsPerSecond : GOALS.pglite.rate;
      const near = floor.filter((s) => !s.collapsed).sort((a, b) => Math.abs(a.offered - goalRate) - Math.abs(b.offered - goalRate))[0];
      const top = best(floor, GOALS.postgres.p99);
      if (near) console.log(`floor: at ${thousands(near.offered)}/s (the goal's rate is ${thousands(goalRate)}/s) the terminals and bare acknowledgers alone kept the machine ${near.busy === undefined ? '?' : `${(near.busy * 100).toFixed(0)} %`} busy (acknowledgers ${near.gatewayCores.toFixed(2)} cores, load generator ${near.generatorCores.toFixed(2)}), ack p99 ${near.p99.toFixed(1)} ms`);
      if (top) console.log(`floor: the most it answered with ack p99 < ${GOALS.postgres.p99} ms: ${thousands(top.persisted)}/s = ${(top.persisted / ceiling.rowsPerSecond).toFixed(2)} × the store ceiling, before any decoding or storing`);
      if (near) {
        // the sockets at the goal's rate (the floor's step nearest it, scaled; the CPU of its processes, not the machine's
        // busy share, so other work does not count) plus storing its rows at the ceiling's cost per row
        const socketCores = ((near.gatewayCores + near.generatorCores) * goalRate) / near.offered;
        const storeCores = storeCoresPerRow * goalRate;
        console.log(`bound: at the goal's ${thousands(goalRate)}/s, sockets ${socketCores.toFixed(2)} cores (the floor's acknowledgers and load generators) + storing ${storeCores.toFixed(2)} cores (the ceiling's ${(storeCoresPerRow * 1e6).toFixed(1)} µs of CPU per row in the bench and ${label === 'postgres' ? 'PostgreSQL' : 'PGlite'}, its best batch size) = ${(socketCores + storeCores).toFixed(2)} of this machine's ${cpus().length} cores, before decoding a single report (kernel work outside these processes not counted)`);
        report.bench('reference.goal-rate.sockets-plus-store', socketCores + storeCores, 'cores');
        // the gateway's own work over the floor (decoding, batching, the store's client, the bus), per position, at the
        // highest rate both ran without collapsing: what a gateway adds on top of the bound
        for (const mode of ['workers', 'single']) {
          const steps = results[modes.indexOf(mode)];
          const pair = steps?.filter((s) => !s.collapsed).reverse()
            .map((s) => ({ s, f: floor.find((f) => !f.collapsed && Math.abs(f.offered - s.offered) < STEP / 10) }))
            .find((p) => p.f);
          if (!pair?.f) continue;
          const extraPerPosition = (pair.s.gatewayCores - pair.f.gatewayCores) / pair.s.offered;
          const total = socketCores + storeCores + extraPerPosition * goalRate;
          console.log(`${mode}: the gateway's own work over the floor at ${thousands(pair.s.offered)}/s is ${(extraPerPosition * 1e6).toFixed(1)} µs of CPU per position; with it the goal's rate needs ${total.toFixed(2)} of ${cpus().length} cores`);
          report.bench(`reference.goal-rate.${mode}.cores-needed`, total, 'cores');
        }
      }
    }
    if (label === 'postgres') {
      const i = modes.indexOf('workers');
      const top = i >= 0 ? best(results[i]!, GOALS.postgres.p99) : undefined;
      const share = top ? top.persisted / ceiling.rowsPerSecond : 0;
      const single = best(results[modes.indexOf('single')] ?? [], GOALS.postgres.p99);
      const beside = single ? `; single process: ${thousands(single.persisted)}/s = ${(single.persisted / ceiling.rowsPerSecond).toFixed(2)} × at p99 ${single.p99.toFixed(1)} ms` : '';
      report.check(share >= GOALS.postgres.ceilingShare, top
        ? `goal: postgres with ${WORKERS} gateway workers persisted ${thousands(top.persisted)}/s = ${share.toFixed(2)} × the store ceiling ${thousands(ceiling.rowsPerSecond)} rows/s (>= ${GOALS.postgres.ceilingShare}) with ack p99 ${top.p99.toFixed(1)} ms < ${GOALS.postgres.p99} ms${beside}`
        : `goal: postgres with ${WORKERS} gateway workers: no step had ack p99 < ${GOALS.postgres.p99} ms (need >= ${GOALS.postgres.ceilingShare} × the store ceiling ${thousands(ceiling.rowsPerSecond)} rows/s)${beside}`);
    } else {
      const at = results[0]!.find((s) => Math.round(s.offered / 1000) * 1000 === GOALS.pglite.rate);
      report.check(!!at && at.p99 < GOALS.pglite.p99 && at.persisted >= 0.9 * at.offered, `goal: pglite ack p99 ${at ? at.p99.toFixed(1) : '-'} ms < ${GOALS.pglite.p99} ms at ${thousands(GOALS.pglite.rate)}/s offered (persisted ${thousands(at?.persisted ?? 0)}/s)`);
    }
  } finally {
    await bench.close();
  }
  console.log(`(reproduce: ${process.env.DATABASE_URL ? 'DATABASE_URL=… ' : ''}BENCH_TERMINALS=${TERMINALS} BENCH_WORKERS=${WORKERS} BENCH_GENERATORS=${GENERATORS} npx tsx bench/ingest-sweep.bench.ts)`);
  report.finish();
}
