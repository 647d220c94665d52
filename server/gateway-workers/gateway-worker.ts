import { OfflineCellLocator } from '../gateway/cell-locator';
import { DeviceGateway } from '../gateway/device-gateway';
import { DEVICE_PROTOCOLS } from '../gateway/device-protocols';
import { GatewayCore } from '../gateway/gateway-core';
import type { GatewayGuardSettings } from '../gateway/gateway-guard';
import type { GatewayLog, TerminalDirectory, TerminalIdentity } from '../gateway/gateway-ports';
import { GatewaySet } from '../gateway/gateway-set';
import { Jt808Gateway } from '../gateway/jt808/jt808-gateway';
import type { PositionBatcherOptions } from '../gateway/position-batcher';
import { registerDemoSites } from '../sim/devices/device-places';
import { openGatewayWriterStore } from '../store/gateway-writer-store';
import { StorePositionSink, StoreTerminalDirectory } from '../store/store-gateway-ports';
import { PrimaryAdmission } from './primary-admission';
import {
  packResponse, packRows, toWireError, type GatewayProtocol, type PrimaryToWorker, type WorkerToPrimary,
} from './worker-messages';

/** What every gateway worker is started with (the primary passes it in the environment). */
export interface GatewayWorkerSettings {
  databaseUrl: string;
  schema?: string;
  host: string;
  /** Ports to share; 0 lets the primary pick one free port per protocol for all workers. */
  ports: Record<GatewayProtocol, number>;
  autoRegister: boolean;
  idleTimeoutMs: number;
  /** Identify deadline, connections per address, logins per terminal (the primary counts and judges across workers). */
  guard?: Partial<GatewayGuardSettings>;
  cellTable?: string;
  wifiTable?: string;
  /** Demo profile: place the simulated badges indoors with the demo site's cells. */
  demoSites?: boolean;
  /** Batching of this worker; default {@link WORKER_BATCHER}. */
  batcher?: Omit<PositionBatcherOptions, 'onCommitted' | 'onPressure' | 'onError'>;
  /** Connections of the worker's own pool. Default 4. */
  poolSize?: number;
  /** How often the worker reports its gateway counters. Default 2000 ms. */
  metricsIntervalMs?: number;
  /** LOG_LEVEL of the primary; `warn` and above leave out the info lines. */
  logLevel?: string;
}

/** The worker's end of the IPC channel. */
export interface PrimaryChannel {
  send(message: WorkerToPrimary): void;
  onMessage(listener: (message: PrimaryToWorker) => void): void;
}

/**
 * N workers split the rows, so with the single process's no-wait batching each commits batches N
 * times smaller, and the work per commit (statement, round trip, WAL flush) eats the cores the
 * workers were meant to free. A short fill wait gives back batches of a single writer's size; an
 * ack waits at most this much longer.
 */
export const WORKER_BATCHER = { maxDelayMs: 20 } as const;

const GATEWAY_ORDER: readonly GatewayProtocol[] = ['jt808', 'gt06', 'watch'];

/**
 * One gateway worker: every protocol's connections, framing and decoding, its own batcher and
 * PostgreSQL pool, acks after its own commits. The primary hears, per batch and per transition,
 * what the bus and the alarm engine need, and asks for commands, evictions and the close.
 */
export async function startGatewayWorker(settings: GatewayWorkerSettings, channel: PrimaryChannel, log: GatewayLog): Promise<{ close(): Promise<void> }> {
  const writer = openGatewayWriterStore({
    databaseUrl: settings.databaseUrl, schema: settings.schema, poolSize: settings.poolSize,
    onConnectionLost: (err) => log.warn({ err }, 'gateway worker lost a database connection'),
  });
  const calls = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  let nextCall = 1;
  const askPrimary = <T>(message: WorkerToPrimary & { id: number }) => new Promise<T>((resolve, reject) => {
    calls.set(message.id, { resolve: resolve as (v: unknown) => void, reject });
    channel.send(message);
  });
  const lookups = new StoreTerminalDirectory(writer.fleet);
  // provisioning (auto-registration) stays on the primary, which knows the tenant to provision into
  const directory: TerminalDirectory = {
    lookup: (terminalNo) => lookups.lookup(terminalNo),
    register: (terminalNo, registration) => askPrimary<TerminalIdentity>({ t: 'register', id: nextCall++, terminalNo, registration }),
    registerDevice: (imei, protocol) => askPrimary<TerminalIdentity>({ t: 'registerDevice', id: nextCall++, imei, protocol }),
  };

  const seqs = new Map<string, number>();
  let nextSeq = 1;
  const core = new GatewayCore({
    sink: new StorePositionSink(writer.positions),
    batcher: settings.batcher ?? WORKER_BATCHER,
    log,
    ...(settings.guard && { guard: settings.guard }),
    admission: (guard) => new PrimaryAdmission(guard, askPrimary, (message) => channel.send(message), () => nextCall++),
    events: {
      terminalOnline(event) {
        const seq = nextSeq++;
        seqs.set(event.terminalNo, seq);
        channel.send({ t: 'online', event, seq });
      },
      terminalOffline(event) {
        const seq = seqs.get(event.terminalNo) ?? 0;
        seqs.delete(event.terminalNo);
        channel.send({ t: 'offline', event, seq });
      },
      positionsCommitted: (rows) => channel.send({ t: 'positions', rows: packRows(rows) }),
      commandResponse: (event) => channel.send({ t: 'response', event: packResponse(event) }),
    },
  });
  const locator = new OfflineCellLocator();
  if (settings.cellTable) await locator.loadOpenCellId(settings.cellTable);
  if (settings.wifiTable) await locator.loadWifiCsv(settings.wifiTable);
  if (settings.demoSites) registerDemoSites(locator);
  const common = { directory, core, autoRegister: settings.autoRegister, idleTimeoutMs: settings.idleTimeoutMs, log };
  const jt808 = new Jt808Gateway(common);
  const devices = DEVICE_PROTOCOLS.map((protocol) => new DeviceGateway({ ...common, protocol, locator }));
  const gateways = new GatewaySet(jt808, devices);
  const byProtocol = (protocol: GatewayProtocol) => (protocol === 'jt808' ? jt808 : devices.find((d) => d.protocol.name === protocol));

  const reportMetrics = () => channel.send({
    t: 'metrics', protocols: { jt808: jt808.metrics(), gt06: byProtocol('gt06')!.metrics(), watch: byProtocol('watch')!.metrics() },
  });
  const metricsTimer = setInterval(reportMetrics, settings.metricsIntervalMs ?? 2000);
  metricsTimer.unref();
  const listen = async () => {
    const ports = {} as Record<GatewayProtocol, number>;
    for (const protocol of GATEWAY_ORDER) ports[protocol] = await byProtocol(protocol)!.listen(settings.ports[protocol], settings.host);
    return ports;
  };
  const listening = listen();
  let closing: Promise<void> | undefined;
  /** Stops reading, commits and acknowledges what is queued, closes the connections, then tells the primary. */
  const close = () => {
    clearInterval(metricsTimer);
    // a close that arrives while the ports are still being bound waits for them
    closing ??= listening.catch(() => undefined).then(() => gateways.close())
      .catch((err: unknown) => log.error({ err }, 'gateway worker close failed'))
      .then(() => writer.close())
      .finally(() => channel.send({ t: 'closed' }));
    return closing;
  };
  channel.onMessage((message) => {
    switch (message.t) {
      case 'command':
        gateways.sendCommand(message.terminalNo, message.msgId, Buffer.from(message.body, 'base64')).then(
          (value) => channel.send({ t: 'reply', id: message.id, value }),
          (err: unknown) => channel.send({ t: 'reply', id: message.id, error: toWireError(err) }),
        );
        return;
      case 'deviceCommand':
        gateways.sendDeviceCommand(message.terminalNo, message.command).then(
          (value) => channel.send({ t: 'reply', id: message.id, value }),
          (err: unknown) => channel.send({ t: 'reply', id: message.id, error: toWireError(err) }),
        );
        return;
      case 'evict':
        // only the binding the primary saw: a newer connection here since then stays
        if (seqs.get(message.terminalNo) === message.seq && byProtocol(message.protocol)?.evict(message.terminalNo)) seqs.delete(message.terminalNo);
        return;
      case 'holder':
        channel.send({ t: 'reply', id: message.id, value: byProtocol(message.protocol)?.liveHolder(message.terminalNo) });
        return;
      case 'reply': {
        const call = calls.get(message.id);
        calls.delete(message.id);
        if (message.error) call?.reject(Object.assign(new Error(message.error.message), { name: message.error.name }));
        else if (message.value !== undefined) call?.resolve(message.value);
        return;
      }
      case 'close':
        void close();
        return;
    }
  });

  channel.send({ t: 'listening', ports: await listening });
  reportMetrics();
  return { close };
}
