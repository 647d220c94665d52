import type { FastifyBaseLogger } from 'fastify';
import type { AlarmEngine } from './alarms/alarm-engine';
import { seedDemoAlarms } from './alarms/demo-alarm-settings';
import { startAlarmEngine } from './alarms/start-alarm-engine';
import { DeliveryWorker } from './notify/delivery-worker';
import { EscalationJob } from './notify/escalation-job';
import { loadNotifyKey, SecretBox } from './notify/secret-box';
import { createEventBus } from './bus/create-event-bus';
import type { EventBus } from './bus/bus-events';
import { gatewayBusBridge } from './bus/gateway-bus-bridge';
import type { PartDataSlot } from './bus/part-data-slot';
import type { Clock } from './clock';
import { CommandService } from './commands/command-service';
import type { ServerConfig } from './config';
import { DEMO_CITIES, DEMO_START_PHONE, demoColdBoxIndexes, provisionDemoFleet } from './demo/demo-fleet';
import { OfflineCellLocator } from './gateway/cell-locator';
import { DeviceGateway } from './gateway/device-gateway';
import { DEVICE_PROTOCOLS, type DeviceProtocolName } from './gateway/device-protocols';
import { GatewayCore } from './gateway/gateway-core';
import { GatewaySet } from './gateway/gateway-set';
import { Jt808Gateway } from './gateway/index';
import { startFleet, type FleetHandle } from './sim/fleet-simulator';
import { demoDevices, provisionDemoDevices } from './demo/demo-devices';
import { startDeviceFleet, type DeviceFleetHandle } from './sim/devices/device-fleet';
import { registerDemoSites } from './sim/devices/device-places';
import { DEVICE_SIM_CODECS } from './sim/devices/device-sim-codecs';
import type { Store } from './store/create-store';
import { PositionMaintenance } from './store/position-maintenance';
import { ReportDayWarmer } from './report/report-day-warmer';
import { DEMO_TENANT } from './store/seed-demo';
import { StorePositionSink, StoreTerminalDirectory } from './store/store-gateway-ports';
import { GatewayWorkerPool } from './gateway-workers/gateway-worker-pool';
import { seedModuleDemos, type AnyServerModule } from './module/module-host';
import { gatewayGuard, gatewayWorkerCount, gatewayWorkerSettings } from './gateway-workers/worker-settings';
import { Teardown } from './teardown';

export interface FleetRuntimeOptions {
  config: ServerConfig;
  store: Store;
  clock: Clock;
  log: FastifyBaseLogger;
  /** Start the gateways: JT/T 808 on config.jt808Port, GT06 and watch protocol on theirs. */
  gateway: boolean;
  /** Demo profile: provision the demo fleet and run config.simDevices simulated terminals. */
  demo: boolean;
  /** Run the simulator (demo profile only). */
  simulate: boolean;
  /** The modules whose demo data the demo profile adds (after the demo assets). */
  modules?: readonly AnyServerModule[];
}

/** The live half of the platform: bus, gateway with its store ports, partition upkeep, demo fleet. */
export interface FleetRuntime {
  bus: EventBus;
  gateway: Jt808Gateway | undefined;
  /** GATEWAY_WORKERS on PostgreSQL: the worker processes holding the terminals (then `gateway` and `devices` are empty). */
  workers: GatewayWorkerPool | undefined;
  /** The GT06 and watch-protocol gateways, by protocol. */
  devices: Partial<Record<DeviceProtocolName, DeviceGateway>>;
  /** The offline table LBS and WiFi reports are placed with. */
  locator: OfflineCellLocator;
  simulator: FleetHandle | undefined;
  /** Demo profile: the simulated badges, collars and e-bike guards. */
  deviceSimulator: DeviceFleetHandle | undefined;
  maintenance: PositionMaintenance;
  /** Alarm rules over the positions this instance's gateway commits, and the offline check. */
  alarms: AlarmEngine;
  /** Commands to terminals: queue, sending through the local gateway, answers and timeouts. */
  commands: CommandService;
  /** Where the installed plugins' server parts plug in to committed positions and alarms (filled by the server). */
  partData: PartDataSlot;
  /** Stops the simulator, then the gateway (queued positions commit and are acknowledged), then the bus. */
  close(): Promise<void>;
}

async function autoRegisterTenant(store: Store, config: ServerConfig): Promise<number | undefined> {
  const byName = config.autoRegisterTenant ?? DEMO_TENANT;
  const tenant = await store.org.findTenantByName(byName);
  if (tenant) return tenant.id;
  if (config.autoRegisterTenant) return undefined;
  const first = await store.db.selectFrom('tenants').select('id').orderBy('id').executeTakeFirst();
  return first?.id;
}

async function loadCellTables(locator: OfflineCellLocator, config: ServerConfig, log: FastifyBaseLogger): Promise<void> {
  if (config.cellTable) log.info({ file: config.cellTable, cells: await locator.loadOpenCellId(config.cellTable) }, 'cell table loaded');
  if (config.wifiTable) log.info({ file: config.wifiTable, accessPoints: await locator.loadWifiCsv(config.wifiTable) }, 'WiFi table loaded');
}

/** The demo profile's fleet and devices, with the demo data of the modules (nothing added when it already ran). */
async function provisionDemo(opts: FleetRuntimeOptions, locator: OfflineCellLocator, demoAssets: ReturnType<typeof demoDevices>): Promise<void> {
  const { config, store, clock } = opts;
  await provisionDemoFleet(store, config.simDevices);
  // alarms worth seeing when the simulated fleet drives
  if (opts.simulate && config.simDevices > 0) await seedDemoAlarms(store, clock.now());
  if (demoAssets.length === 0) return;
  await provisionDemoDevices(store, demoAssets);
  await seedModuleDemos(opts.modules ?? [], { store, db: store.db, demoTenant: DEMO_TENANT, now: clock.now(), assets: demoAssets });
  // the industrial park's cells and access points place the badges that are indoors
  registerDemoSites(locator);
}

/** 告警推送's outbox, delivered by every instance (rows leased), and 告警升级 (the outbox keys write each escalation once). */
async function startNotify({ config, store, clock, log }: FleetRuntimeOptions, teardown: Teardown): Promise<void> {
  const box = new SecretBox(await loadNotifyKey(config.notifyKey, config.dataDir));
  const notifyLog = log.child({ component: 'notify' });
  const deliveries = new DeliveryWorker({
    store, box, log: notifyLog, now: () => clock.now(), maxTries: config.notifyMaxTries,
    leaseMs: config.notifyLeaseSeconds * 1000, baseDelayMs: config.notifyRetrySeconds * 1000,
  }).start();
  teardown.add('notify deliveries', () => deliveries.close());
  const escalations = new EscalationJob({ store, log: notifyLog, now: () => clock.now() }).start();
  teardown.add('notify escalations', () => escalations.close());
}

interface Gateways {
  gateway: Jt808Gateway | undefined;
  workers: GatewayWorkerPool | undefined;
  devices: Partial<Record<DeviceProtocolName, DeviceGateway>>;
  commands: CommandService;
  /** The ports the terminals connect to. */
  bound: Record<'jt808' | DeviceProtocolName, number>;
}

/**
 * The gateways of every protocol with the command service sending through them: in this process,
 * or (GATEWAY_WORKERS on PostgreSQL) in worker processes while this one keeps the bus, alarms and
 * commands. The gateways close before the commands, so queued positions commit and are acknowledged.
 */
async function startGateways(
  { config, store, clock, log }: FleetRuntimeOptions, bus: EventBus, alarms: AlarmEngine, locator: OfflineCellLocator, withDemoAssets: boolean, teardown: Teardown, partData: PartDataSlot,
): Promise<Gateways> {
  const onError = (err: unknown) => log.warn({ err }, 'fleet runtime problem');
  const bridge = gatewayBusBridge(bus, store.fleet, clock, onError, partData);
  teardown.add('gateway events', () => bridge.settled());
  const directory = new StoreTerminalDirectory(store.fleet, () => autoRegisterTenant(store, config));
  const commandsThrough = (gateway: ConstructorParameters<typeof CommandService>[0]['gateway']) => {
    const commands = new CommandService({ commands: store.commands, bus, gateway, clock, expiryMinutes: config.commandExpiryMinutes, onError }).start();
    teardown.add('commands', () => commands.close());
    return commands;
  };
  const workerCount = gatewayWorkerCount(config, store.kind, log);
  if (workerCount > 0 && config.databaseUrl) {
    // connections, decoding and commits on every core
    const workers = new GatewayWorkerPool({
      workers: workerCount, directory, events: bridge.events, log: log.child({ component: 'gateway-workers' }),
      settings: gatewayWorkerSettings({ ...config, databaseUrl: config.databaseUrl, databaseSchema: store.schema }, withDemoAssets),
    });
    workers.subscribe(alarms.gatewayEvents);
    const commands = commandsThrough(workers);
    teardown.add('gateway workers', () => workers.close());
    return { gateway: undefined, workers, devices: {}, commands, bound: await workers.start() };
  }
  await loadCellTables(locator, config, log);
  // one writer path for every protocol: positions of all gateways share the group commits
  const core = new GatewayCore({
    sink: new StorePositionSink(store.positions), events: bridge.events, log: log.child({ component: 'gateway' }), guard: gatewayGuard(config),
  });
  const shared = { directory, core, autoRegister: config.autoRegister, idleTimeoutMs: config.gatewayIdleSeconds * 1000 };
  const gateway = new Jt808Gateway({ ...shared, log: log.child({ component: 'jt808' }) });
  const devices: Partial<Record<DeviceProtocolName, DeviceGateway>> = {};
  for (const protocol of DEVICE_PROTOCOLS) devices[protocol.name] = new DeviceGateway({ ...shared, protocol, locator, log: log.child({ component: protocol.name }) });
  const gateways = new GatewaySet(gateway, Object.values(devices));
  gateways.subscribe(alarms.gatewayEvents);
  // attached before the first terminal can connect, so no reconnect is missed
  const commands = commandsThrough(gateways);
  teardown.add('gateways', () => gateways.close());
  await gateway.listen(config.jt808Port, config.host);
  const ports: Record<DeviceProtocolName, number> = { gt06: config.gt06Port, watch: config.watchPort };
  for (const [name, device] of Object.entries(devices) as [DeviceProtocolName, DeviceGateway][]) await device.listen(ports[name], config.host);
  return { gateway, workers: undefined, devices, commands, bound: { jt808: gateway.port, gt06: devices.gt06?.port ?? 0, watch: devices.watch?.port ?? 0 } };
}

/** The demo profile's simulated vehicles (JT/T 808) and badges, collars and e-bike guards (GT06, watch). */
function startSimulators(
  { config, log }: FleetRuntimeOptions, bound: Gateways['bound'], demoAssets: ReturnType<typeof demoDevices>, vehicles: boolean, teardown: Teardown,
): { simulator: FleetHandle | undefined; deviceSimulator: DeviceFleetHandle | undefined } {
  let simulator: FleetHandle | undefined;
  let deviceSimulator: DeviceFleetHandle | undefined;
  if (vehicles && config.simDevices > 0) {
    const started = startFleet({
      devices: config.simDevices, intervalSec: config.simIntervalSeconds, host: '127.0.0.1', port: bound.jt808,
      startPhone: DEMO_START_PHONE, cities: DEMO_CITIES, rampSec: Math.min(2, config.simIntervalSeconds),
      // a few reefers report their box temperature (item 0xE1, int16x10) for the cold-chain plugin; the first goes over 8 ℃ within minutes
      ...(config.simColdBoxes > 0 && { coldBox: { terminals: demoColdBoxIndexes(config.simColdBoxes, config.simDevices), firstExcursionSec: 180 } }),
    });
    teardown.add('vehicle simulator', () => started.stop());
    simulator = started;
    log.info({ devices: config.simDevices, coldBoxes: Math.min(config.simColdBoxes, config.simDevices), port: bound.jt808 }, 'demo fleet simulator started');
  }
  if (demoAssets.length > 0) {
    const started = startDeviceFleet({
      devices: demoAssets, codecs: DEVICE_SIM_CODECS, host: '127.0.0.1',
      ports: { gt06: bound.gt06, watch: bound.watch }, intervalSec: Math.max(config.simIntervalSeconds, 10),
    });
    teardown.add('device simulator', () => started.stop());
    deviceSimulator = started;
    log.info({ devices: demoAssets.length, gt06: bound.gt06, watch: bound.watch }, 'demo badges, collars and e-bikes simulator started');
  }
  return { simulator, deviceSimulator };
}

/**
 * Starts the live half of the platform, each part registering its own close on one teardown list:
 * the bus; partition upkeep and the report days; 告警推送 and 告警升级; the alarm engine; the demo data;
 * the gateways with the command service; the simulators. Closing runs the list backwards (a start
 * that fails half way closes what it had opened).
 */
export async function startFleetRuntime(opts: FleetRuntimeOptions): Promise<FleetRuntime> {
  const { config, store, clock, log } = opts;
  const onError = (err: unknown) => log.warn({ err }, 'fleet runtime problem');
  const teardown = new Teardown((err, name) => log.error({ err, part: name }, 'fleet runtime part did not close'));
  const bus = await createEventBus(config.natsUrl, onError);
  teardown.add('bus', () => bus.close());
  const locator = new OfflineCellLocator();
  const demoAssets = opts.demo && config.simAssets ? demoDevices() : [];
  try {
    const maintenance = new PositionMaintenance(store.positions, clock, {
      retentionDays: config.positionsRetentionDays,
      onError,
      onDropped: (names) => log.info({ names }, 'position partitions past retention dropped'),
    });
    teardown.add('position upkeep', () => maintenance.stop());
    await maintenance.start();
    const reportDays = new ReportDayWarmer({ days: store.reports.days, eventDays: store.reportEvents.days, clock, onlineWindowSeconds: config.onlineWindowSeconds, onError }).start();
    teardown.add('report days', () => reportDays.stop());
    await startNotify(opts, teardown);
    const partData: PartDataSlot = {};
    const alarms = startAlarmEngine({ store, bus, clock, log, onError, lateAlarmPushMinutes: config.lateAlarmPushMinutes, onAnnounced: (event, row) => partData.alarms?.(event, row) });
    teardown.add('alarm engine', () => alarms.close());
    if (opts.demo) await provisionDemo(opts, locator, demoAssets);
    let gateways: Gateways | undefined;
    let simulators: ReturnType<typeof startSimulators> = { simulator: undefined, deviceSimulator: undefined };
    if (opts.gateway) {
      gateways = await startGateways(opts, bus, alarms, locator, opts.demo && demoAssets.length > 0, teardown, partData);
      if (opts.simulate) simulators = startSimulators(opts, gateways.bound, demoAssets, opts.demo, teardown);
    }
    let commands = gateways?.commands;
    if (!commands) {
      const local = new CommandService({ commands: store.commands, bus, clock, expiryMinutes: config.commandExpiryMinutes, onError }).start();
      teardown.add('commands', () => local.close());
      commands = local;
    }
    return {
      bus,
      gateway: gateways?.gateway,
      workers: gateways?.workers,
      devices: gateways?.devices ?? {},
      locator,
      ...simulators,
      maintenance,
      alarms,
      commands,
      partData,
      close: () => teardown.close(),
    };
  } catch (err) {
    await teardown.close().catch(() => undefined);
    throw err;
  }
}
