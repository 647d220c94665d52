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
import type { Clock } from './clock';
import { CommandService } from './commands/command-service';
import type { ServerConfig } from './config';
import { DEMO_CITIES, DEMO_START_PHONE, provisionDemoFleet } from './demo/demo-fleet';
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

export async function startFleetRuntime(opts: FleetRuntimeOptions): Promise<FleetRuntime> {
  const { config, store, clock, log } = opts;
  const onError = (err: unknown) => log.warn({ err }, 'fleet runtime problem');
  const bus = await createEventBus(config.natsUrl, onError);
  const maintenance = new PositionMaintenance(store.positions, clock, {
    retentionDays: config.positionsRetentionDays,
    onError,
    onDropped: (names) => log.info({ names }, 'position partitions past retention dropped'),
  });
  let gateway: Jt808Gateway | undefined;
  let gateways: GatewaySet | undefined;
  let workers: GatewayWorkerPool | undefined;
  const devices: Partial<Record<DeviceProtocolName, DeviceGateway>> = {};
  const locator = new OfflineCellLocator();
  let simulator: FleetHandle | undefined;
  let deviceSimulator: DeviceFleetHandle | undefined;
  const demoAssets = opts.demo && config.simAssets ? demoDevices() : [];
  let commands: CommandService | undefined;
  let settled: () => Promise<void> = async () => {};
  const alarms = startAlarmEngine({ store, bus, clock, log, onError, lateAlarmPushMinutes: config.lateAlarmPushMinutes });
  let deliveries: DeliveryWorker | undefined;
  let escalations: EscalationJob | undefined;
  const reportDays = new ReportDayWarmer({ days: store.reports.days, eventDays: store.reportEvents.days, clock, onlineWindowSeconds: config.onlineWindowSeconds, onError }).start();
  try {
    await maintenance.start();
    // 告警推送: the outbox the alarms were written with, delivered by every instance (rows leased)
    const box = new SecretBox(await loadNotifyKey(config.notifyKey, config.dataDir));
    deliveries = new DeliveryWorker({
      store, box, log: log.child({ component: 'notify' }), now: () => clock.now(), maxTries: config.notifyMaxTries,
      leaseMs: config.notifyLeaseSeconds * 1000, baseDelayMs: config.notifyRetrySeconds * 1000,
    }).start();
    // 告警升级: every instance looks; the outbox keys let each escalation be written once
    escalations = new EscalationJob({ store, log: log.child({ component: 'notify' }), now: () => clock.now() }).start();
    if (opts.demo) {
      await provisionDemoFleet(store, config.simDevices);
      // alarms worth seeing when the simulated fleet drives
      if (opts.simulate && config.simDevices > 0) await seedDemoAlarms(store, clock.now());
      if (demoAssets.length > 0) {
        await provisionDemoDevices(store, demoAssets);
        await seedModuleDemos(opts.modules ?? [], { store, db: store.db, demoTenant: DEMO_TENANT, now: clock.now(), assets: demoAssets });
        // the industrial park's cells and access points place the badges that are indoors
        registerDemoSites(locator);
      }
    }
    if (opts.gateway) {
      const bridge = gatewayBusBridge(bus, store.fleet, clock, onError);
      settled = bridge.settled;
      const directory = new StoreTerminalDirectory(store.fleet, () => autoRegisterTenant(store, config));
      let bound: Record<'jt808' | DeviceProtocolName, number>;
      const workerCount = gatewayWorkerCount(config, store.kind, log);
      if (workerCount > 0 && config.databaseUrl) {
        // connections, decoding and commits on every core; this process keeps the bus, alarms and commands
        workers = new GatewayWorkerPool({
          workers: workerCount, directory, events: bridge.events, log: log.child({ component: 'gateway-workers' }),
          settings: gatewayWorkerSettings({ ...config, databaseUrl: config.databaseUrl, databaseSchema: store.schema }, opts.demo && demoAssets.length > 0),
        });
        workers.subscribe(alarms.gatewayEvents);
        commands = new CommandService({ commands: store.commands, bus, gateway: workers, clock, expiryMinutes: config.commandExpiryMinutes, onError }).start();
        bound = await workers.start();
      } else {
        await loadCellTables(locator, config, log);
        // one writer path for every protocol: positions of all gateways share the group commits
        const core = new GatewayCore({
          sink: new StorePositionSink(store.positions), events: bridge.events, log: log.child({ component: 'gateway' }), guard: gatewayGuard(config),
        });
        gateway = new Jt808Gateway({
          directory,
          core,
          autoRegister: config.autoRegister,
          idleTimeoutMs: config.gatewayIdleSeconds * 1000,
          log: log.child({ component: 'jt808' }),
        });
        for (const protocol of DEVICE_PROTOCOLS) {
          devices[protocol.name] = new DeviceGateway({
            protocol, directory, core, locator,
            autoRegister: config.autoRegister,
            idleTimeoutMs: config.gatewayIdleSeconds * 1000,
            log: log.child({ component: protocol.name }),
          });
        }
        gateways = new GatewaySet(gateway, Object.values(devices));
        gateways.subscribe(alarms.gatewayEvents);
        // attached before the first terminal can connect, so no reconnect is missed
        commands = new CommandService({ commands: store.commands, bus, gateway: gateways, clock, expiryMinutes: config.commandExpiryMinutes, onError }).start();
        await gateway.listen(config.jt808Port, config.host);
        const ports: Record<DeviceProtocolName, number> = { gt06: config.gt06Port, watch: config.watchPort };
        for (const [name, device] of Object.entries(devices) as [DeviceProtocolName, DeviceGateway][]) await device.listen(ports[name], config.host);
        bound = { jt808: gateway.port, gt06: devices.gt06?.port ?? 0, watch: devices.watch?.port ?? 0 };
      }
      if (opts.demo && opts.simulate && config.simDevices > 0) {
        simulator = startFleet({
          devices: config.simDevices,
          intervalSec: config.simIntervalSeconds,
          host: '127.0.0.1',
          port: bound.jt808,
          startPhone: DEMO_START_PHONE,
          cities: DEMO_CITIES,
          rampSec: Math.min(2, config.simIntervalSeconds),
        });
        log.info({ devices: config.simDevices, port: bound.jt808 }, 'demo fleet simulator started');
      }
      if (opts.simulate && demoAssets.length > 0) {
        deviceSimulator = startDeviceFleet({
          devices: demoAssets, codecs: DEVICE_SIM_CODECS, host: '127.0.0.1',
          ports: { gt06: bound.gt06, watch: bound.watch }, intervalSec: Math.max(config.simIntervalSeconds, 10),
        });
        log.info({ devices: demoAssets.length, gt06: bound.gt06, watch: bound.watch }, 'demo badges, collars and e-bikes simulator started');
      }
    }
    commands ??= new CommandService({ commands: store.commands, bus, clock, expiryMinutes: config.commandExpiryMinutes, onError }).start();
  } catch (err) {
    await simulator?.stop();
    await deviceSimulator?.stop();
    await commands?.close();
    await (workers ?? gateways ?? gateway)?.close();
    await alarms.close();
    await escalations?.close();
    await deliveries?.close();
    await reportDays.stop();
    await maintenance.stop();
    await bus.close();
    throw err;
  }
  const commandService = commands;
  const notifyWorker = deliveries!;
  const escalationJob = escalations!;
  return {
    bus,
    gateway,
    workers,
    devices,
    locator,
    simulator,
    deviceSimulator,
    maintenance,
    alarms,
    commands: commandService,
    async close() {
      await simulator?.stop();
      await deviceSimulator?.stop();
      await (workers ?? gateways ?? gateway)?.close();
      await commandService.close();
      await settled();
      await alarms.close();
      await escalationJob.close();
      await notifyWorker.close();
      await reportDays.stop();
      await maintenance.stop();
      await bus.close();
    },
  };
}
