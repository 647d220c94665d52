/**
 * The two ingest pipelines the sweep compares, each wired as the server wires it: the gateway in
 * the server's own process (one event loop for sockets, decoding, batching and acks), or
 * GATEWAY_WORKERS forked gateway processes sharing the port, each with its own batcher and pool,
 * reporting committed batches to the primary, which publishes them on the bus.
 */
import cluster from 'node:cluster';
import { readFileSync } from 'node:fs';
import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { createEventBus } from '../server/bus/create-event-bus';
import { gatewayBusBridge } from '../server/bus/gateway-bus-bridge';
import { systemClock } from '../server/clock';
import { GatewayCore } from '../server/gateway/gateway-core';
import type { GatewayEvents } from '../server/gateway/gateway-ports';
import { Jt808Gateway } from '../server/gateway/jt808/jt808-gateway';
import { WORKER_BATCHER, type GatewayWorkerSettings } from '../server/gateway-workers/gateway-worker';
import { GatewayWorkerPool } from '../server/gateway-workers/gateway-worker-pool';
import { StorePositionSink, StoreTerminalDirectory } from '../server/store/store-gateway-ports';
import type { BenchStore } from './bench-store';

/** A running pipeline: its JT/T 808 port, rows committed so far and the processes doing the work. */
export interface IngestPipeline {
  port: number;
  describe: string;
  /** Rows whose commit the primary has heard of (after the commit, as the bus does). */
  committedRows(): number;
  /** Gateway processes (the primary first). */
  pids(): number[];
  close(): Promise<void>;
}

const log = { info() {}, warn: (o: object, m: string) => console.warn(m, o), error: (o: object, m: string) => console.error(m, o) };

async function withBridge(bench: BenchStore, start: (events: Partial<GatewayEvents>) => Promise<Omit<IngestPipeline, 'committedRows'>>): Promise<IngestPipeline> {
  const bus = await createEventBus(undefined);
  const bridge = gatewayBusBridge(bus, bench.store.fleet, systemClock, (err) => console.error('bus bridge:', err));
  let committed = 0;
  const events: Partial<GatewayEvents> = {
    ...bridge.events,
    positionsCommitted(rows) {
      committed += rows.length;
      bridge.events.positionsCommitted!(rows);
    },
  };
  const pipeline = await start(events);
  return {
    ...pipeline,
    committedRows: () => committed,
    async close() {
      await pipeline.close();
      await bridge.settled();
      await bus.close();
    },
  };
}

/** Today's default: the whole gateway in this process. */
export function startSingleProcess(bench: BenchStore): Promise<IngestPipeline> {
  return withBridge(bench, async (events) => {
    const core = new GatewayCore({ sink: new StorePositionSink(bench.store.positions), events, log });
    const gateway = new Jt808Gateway({ directory: new StoreTerminalDirectory(bench.store.fleet), core, log });
    const port = await gateway.listen(0, '127.0.0.1');
    return { port, describe: 'single process (GATEWAY_WORKERS=0), batcher defaults (no fill wait)', pids: () => [process.pid], close: () => gateway.close() };
  });
}

/** GATEWAY_WORKERS=n on the bench's PostgreSQL schema. */
export function startWorkers(bench: BenchStore, workers: number, batcher?: GatewayWorkerSettings['batcher']): Promise<IngestPipeline> {
  if (!bench.postgres) throw new Error('gateway workers need PostgreSQL');
  const { databaseUrl, schema } = bench.postgres;
  return withBridge(bench, async (events) => {
    const pool = new GatewayWorkerPool({
      workers,
      settings: { databaseUrl, schema, host: '127.0.0.1', ports: { jt808: 0, gt06: 0, watch: 0 }, autoRegister: false, idleTimeoutMs: 0, logLevel: 'warn', ...(batcher && { batcher }) },
      directory: new StoreTerminalDirectory(bench.store.fleet),
      events,
      log,
    });
    const { jt808 } = await pool.start();
    return {
      port: jt808, describe: `${workers} gateway workers (GATEWAY_WORKERS=${workers}), batcher ${JSON.stringify(batcher ?? WORKER_BATCHER)}`,
      pids: () => [process.pid, ...pool.workerPids()], close: () => pool.close(),
    };
  });
}

/**
 * CPU seconds (user + system) of the PostgreSQL server processes working for the bench store: the
 * backends of its connections (tagged with its schema as application_name) and the server's own
 * background processes (WAL writer, checkpointer, …), from /proc. Backends of other clients of the
 * same server are left out, so a busy machine does not inflate the figure.
 */
export async function postgresCpuSeconds(bench: BenchStore): Promise<Map<number, number>> {
  const cpu = new Map<number, number>();
  if (!bench.postgres) return cpu;
  const { rows } = await sql<{ pid: number }>`
    select pid from pg_stat_activity where application_name = ${bench.postgres.schema} or backend_type <> 'client backend'`.execute(bench.store.db);
  for (const { pid } of rows) cpu.set(Number(pid), processCpuSeconds(Number(pid)));
  return cpu;
}

/** CPU seconds (user + system) a process has used, from /proc; 0 off Linux or once it is gone. */
export function processCpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (USER_HZ 100)
  } catch {
    return 0;
  }
}

/**
 * The ack floor: `workers` processes sharing the port through node:cluster, like the gateway
 * workers, answering every frame from its header (ack-floor-worker.ts). The same terminals
 * against it show what the sockets alone cost this machine: the part of the machine no decoding,
 * batching or store can win back. `committedRows` counts answers (nothing is stored).
 */
export async function startAckFloor(workers: number): Promise<IngestPipeline> {
  const ext = extname(fileURLToPath(import.meta.url));
  cluster.setupPrimary({
    exec: fileURLToPath(new URL(`./ack-floor-worker${ext}`, import.meta.url)), execArgv: ext === '.ts' ? ['--import', 'tsx'] : [], silent: false,
  });
  const answered = new Map<number, number>();
  const forked = Array.from({ length: workers }, () => cluster.fork());
  const ports = await Promise.all(forked.map((w, i) => new Promise<number>((resolve, reject) => {
    w.once('exit', (code) => reject(new Error(`ack floor process ${i} exited with ${code}`)));
    w.on('message', (m: { t: 'listening'; port: number } | { t: 'answered'; answered: number }) => {
      if (m.t === 'listening') resolve(m.port);
      else answered.set(i, m.answered);
    });
  })));
  return {
    port: ports[0]!,
    describe: `ack floor: ${workers} processes sharing the port (node:cluster) answer every frame from its header; no decoding, nothing stored`,
    committedRows: () => [...answered.values()].reduce((a, b) => a + b, 0),
    pids: () => [process.pid, ...forked.map((w) => w.process.pid!)],
    async close() {
      await Promise.all(forked.map((w) => new Promise<void>((resolve) => {
        if (w.isDead()) return resolve();
        w.once('exit', () => resolve());
        w.kill();
      })));
    },
  };
}
