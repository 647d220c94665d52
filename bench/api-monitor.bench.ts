/**
 * API load on 实时监控's list: the real server (createServer over HTTP on a free port, PGlite in a
 * temporary DATA_DIR, the demo with 1,000 provisioned terminals, each with a latest position, no
 * gateway or simulator) and autocannon in a child process sending
 * GET /car/v4/api/monitor/list.json?current=1&pageSize=50 with the demo admin's session headers
 * at 50 connections. Reference in the same run: the same load on the public site-config route
 * (one small query, the same envelope, hooks and headers), so the ratio says what the monitor
 * page itself costs on this machine, whatever else it is doing.
 *
 *   npx tsx bench/api-monitor.bench.ts      env: BENCH_API_TERMINALS=1000  BENCH_API_CONNECTIONS=50
 *                                                 BENCH_API_SECONDS=10  BENCH_WARMUP_S=2
 */
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer, type TianluServer } from '../server/app';
import { buildConfig } from '../server/config';
import type { PositionRow } from '../server/gateway/gateway-ports';
import { DEMO_TENANT } from '../server/store/seed-demo';
import { ApiClient } from '../server/testing/api-client';
import { BenchReport, MachineLoad, thousands } from './bench-report';
import { runHttpLoad, type HttpLoadOptions, type HttpLoadResult } from './http-load-process';

const TERMINALS = Number(process.env.BENCH_API_TERMINALS ?? 1000);
const CONNECTIONS = Number(process.env.BENCH_API_CONNECTIONS ?? 50);
const SECONDS = Number(process.env.BENCH_API_SECONDS ?? 10);
const WARMUP_S = Number(process.env.BENCH_WARMUP_S ?? 2);
const PAGE_SIZE = 50;
const GOAL_P99_MS = 1000;

/** One latest position per terminal of the demo tenant, spread over China, reported in the last minutes. */
async function writeLatestPositions(server: TianluServer): Promise<number> {
  const { store } = server;
  const tenant = (await store.org.findTenantByName(DEMO_TENANT))!;
  const terminals = await store.db.selectFrom('terminals').select(['id', 'terminal_no']).where('tenant_id', '=', tenant.id).orderBy('id').execute();
  const now = Date.now();
  const rows: PositionRow[] = terminals.map((t, i) => ({
    terminalNo: t.terminal_no, terminalId: t.id, tenantId: tenant.id,
    deviceTime: new Date(now - (i % 300) * 1000), receivedTime: new Date(now),
    lon: 100 + ((i * 7919) % 2000) / 100, lat: 22 + ((i * 104729) % 1800) / 100, altitude: 40,
    speed: i % 3 ? 30 + (i % 50) : 0, course: (i * 37) % 360, alarmFlags: i % 40 === 0 ? 1 : 0, statusFlags: 3,
    mileage: 1000 + i, extras: {}, backfill: false,
  }));
  for (let i = 0; i < rows.length; i += 500) await store.positions.writeBatch(rows.slice(i, i + 500));
  return rows.length;
}

function show(name: string, r: HttpLoadResult): string {
  const l = r.latencyMs;
  return `${name}: ${thousands(r.rps)} req/s, latency p50 ${l.p50} ms, p90 ${l.p90} ms, p99 ${l.p99} ms, max ${l.max} ms (${thousands(r.requests)} answers; ${r.errors} errors, ${r.non2xx} non-2xx, ${r.notOk} not flag 1)`;
}

async function main() {
  const report = new BenchReport();
  const dataDir = await mkdtemp(join(tmpdir(), 'tianlu-bench-api-'));
  let server: TianluServer | undefined;
  try {
    const t0 = performance.now();
    const config = {
      ...buildConfig({}), dataDir, pluginsDir: join(dataDir, 'plugins'), databaseUrl: undefined,
      host: '127.0.0.1', jt808Port: 0, gt06Port: 0, watchPort: 0, simDevices: TERMINALS, simAssets: false,
    };
    server = await createServer({ config, demo: true, gateway: false, simulate: false, logger: false, distDir: false, database: { pgliteDataDir: join(dataDir, 'pglite') } });
    const positions = await writeLatestPositions(server);
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
    console.log(`server: createServer with PGlite in ${dataDir} (deleted afterwards), demo tenant with ${thousands(TERMINALS)} provisioned terminals and ${thousands(positions)} latest positions, no gateway; up in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

    const admin = new ApiClient(server.app);
    const login = await admin.login('admin', 'Admin@123');
    if (login.flag !== 1) throw new Error(`login failed: ${login.msg}`);
    const headers = { sessionId: admin.sessionId!, userId: String(admin.userId), platformId: '8' };
    const monitorUrl = `${base}/car/v4/api/monitor/list.json?current=1&pageSize=${PAGE_SIZE}`;
    const referenceUrl = `${base}/car/v1/api/custom/queryCustomInfo.json?url=localhost`;
    const page = (await (await fetch(monitorUrl, { headers })).json()) as { flag: number; obj: { total: number; list: unknown[] } };
    if (page.flag !== 1 || page.obj.list.length !== PAGE_SIZE) throw new Error(`the monitor list answered flag ${page.flag} with ${page.obj?.list?.length} items`);
    const pageBytes = (await (await fetch(monitorUrl, { headers })).arrayBuffer()).byteLength;
    console.log(`load: autocannon in a child process, ${CONNECTIONS} connections, ${SECONDS} s per route after ${WARMUP_S} s warm-up; monitor page of ${PAGE_SIZE} of ${thousands(page.obj.total)} assets, ${thousands(pageBytes)} bytes`);

    const load = async (url: string, withSession: boolean): Promise<HttpLoadResult> => {
      const options: HttpLoadOptions = { url, connections: CONNECTIONS, seconds: WARMUP_S, headers: withSession ? headers : undefined };
      if (WARMUP_S > 0) await runHttpLoad(options);
      return runHttpLoad({ ...options, seconds: SECONDS });
    };
    const machine = new MachineLoad();
    const reference = await load(referenceUrl, false);
    const monitor = await load(monitorUrl, true);
    const busy = machine.busy();

    report.bench('reference.api.site-config-rps', reference.rps, 'req/s');
    report.bench('reference.api.site-config-p50', reference.latencyMs.p50, 'ms');
    report.bench('reference.api.site-config-p99', reference.latencyMs.p99, 'ms');
    report.bench('api.monitor-list-rps', monitor.rps, 'req/s');
    report.bench('api.monitor-list-p50', monitor.latencyMs.p50, 'ms');
    report.bench('api.monitor-list-p99', monitor.latencyMs.p99, 'ms');
    report.bench('api.monitor-list-rps-share-of-reference', (monitor.rps / reference.rps) * 100, '%');
    console.log(`  ${show('site config', reference)}`);
    console.log(`  ${show('monitor list', monitor)}`);
    console.log(`  machine ${busy === undefined ? '?' : (busy * 100).toFixed(0)} % busy over both runs (${cpus().length} cores, load average ${loadavg().map((l) => l.toFixed(1)).join(' ')})`);

    report.check(monitor.errors + monitor.non2xx + monitor.notOk === 0 && monitor.requests > 0, `every monitor list answer was a flag-1 page: ${thousands(monitor.requests)} answers, ${monitor.errors} errors, ${monitor.non2xx} non-2xx, ${monitor.notOk} not flag 1`);
    report.check(monitor.latencyMs.p99 < GOAL_P99_MS, `goal: monitor list p99 ${monitor.latencyMs.p99} ms < ${GOAL_P99_MS} ms at ${CONNECTIONS} connections (${thousands(monitor.rps)} req/s; reference p99 ${reference.latencyMs.p99} ms)`);
  } finally {
    await server?.close();
    await rm(dataDir, { recursive: true, force: true });
  }
  console.log('(reproduce: npx tsx bench/api-monitor.bench.ts)');
  report.finish();
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(2);
});
