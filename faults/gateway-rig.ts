/**
 * What both gateway fault tests stand on: a real server with the demo terminals provisioned (one
 * JT/T 808 vehicle, the demo's GT06 and watch-protocol devices), one well-behaved terminal per
 * protocol, the gateway figures per protocol read through the API, and memory after a full GC.
 */
import { loadavg } from 'node:os';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { DEMO_START_PHONE } from '../server/demo/demo-fleet';
import { demoDevices } from '../server/demo/demo-devices';
import type { GatewayMetricsSnapshot } from '../server/gateway/gateway-metrics';
import { ApiClient } from '../server/testing/api-client';
import { createTestServer, type TestServer } from '../server/testing/test-server';
import { FUZZ_PROTOCOLS, type FuzzProtocol } from './fuzz-frames';
import type { FuzzPorts } from './gateway-fuzzer';
import {
  Gt06ReportingTerminal, Jt808ReportingTerminal, WatchReportingTerminal, percentile, type ReportingTerminal,
} from './reporting-terminals';

/** The demo's first e-bike guard (GT06) and first staff badge (watch protocol). */
export const GOOD_GT06 = demoDevices().find((d) => d.role === 'ebike')!.imei;
export const GOOD_WATCH = demoDevices().find((d) => d.role === 'badge')!.imei;

/** A server on a fresh database with the demo tenants, one demo vehicle and the demo devices; no simulator. */
export async function startGatewayServer(idleSeconds: number): Promise<{ server: TestServer; ports: FuzzPorts; admin: ApiClient }> {
  const server = await createTestServer({
    demo: true, simulate: false,
    // the held connections never identify: a long identify deadline leaves their closing to the idle timeout under test
    config: { simDevices: 1, simAssets: true, gatewayIdleSeconds: idleSeconds, gatewayIdentifySeconds: 600 },
  });
  const fleet = server.fleet;
  const ports: FuzzPorts = { jt808: fleet.gateway!.port, gt06: fleet.devices.gt06!.port, watch: fleet.devices.watch!.port };
  const admin = new ApiClient(server.app);
  const login = await admin.login('admin', 'Admin@123');
  if (login.flag !== 1) throw new Error('admin login failed');
  return { server, ports, admin };
}

/** One provisioned terminal per protocol; fix times start two hours ago, one second apart. */
export function wellBehavedTerminals(ports: FuzzPorts): ReportingTerminal[] {
  const base = Math.floor(Date.now() / 1000) * 1000 - 2 * 3600_000;
  return [
    new Jt808ReportingTerminal(DEMO_START_PHONE, ports.jt808, base),
    new Gt06ReportingTerminal(GOOD_GT06, ports.gt06, base),
    new WatchReportingTerminal(GOOD_WATCH, ports.watch, base),
  ];
}

/** The metrics endpoint's figures for each protocol. */
export async function protocolMetrics(admin: ApiClient): Promise<Record<FuzzProtocol, GatewayMetricsSnapshot>> {
  const res = await admin.get<GatewayMetricsSnapshot & { protocols: Record<'gt06' | 'watch', GatewayMetricsSnapshot> }>('/car/v1/api/gateway/metrics.json');
  if (res.flag !== 1) throw new Error(`metrics answered flag ${res.flag}: ${res.msg}`);
  const { protocols, ...jt808 } = res.obj;
  return { jt808, gt06: protocols.gt06, watch: protocols.watch };
}

let collect: (() => void) | undefined;

/** Heap and RSS in MB after a full collection, so growth means retained memory, not garbage. */
export function memoryMb(): { heap: number; rss: number } {
  if (!collect) {
    setFlagsFromString('--expose_gc');
    collect = runInNewContext('gc') as () => void;
  }
  collect();
  const m = process.memoryUsage();
  return { heap: m.heapUsed / 2 ** 20, rss: m.rss / 2 ** 20 };
}

export function loadAverage(): string {
  return loadavg().map((l) => l.toFixed(2)).join(' ');
}

/** One line per terminal: reports, acks, latency p50/p99/max. */
export function latencyLines(terminals: readonly ReportingTerminal[]): string[] {
  return terminals.map((t) => {
    const l = t.latencies;
    return `${t.protocol.padEnd(5)} ${t.terminalNo}: ${t.sent.size} reports, ${t.acked.length} acknowledged, ack p50 ${percentile(l, 50).toFixed(1)} ms, p99 ${percentile(l, 99).toFixed(1)} ms, max ${Math.max(...l).toFixed(1)} ms`;
  });
}

/** Open connections across the three gateways. */
export function gatewayConnections(server: TestServer): number {
  const f = server.fleet;
  return f.gateway!.metrics().connections + FUZZ_PROTOCOLS.slice(1).reduce((n, p) => n + f.devices[p as 'gt06' | 'watch']!.metrics().connections, 0);
}
