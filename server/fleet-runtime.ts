import type { FastifyBaseLogger } from 'fastify';
import { createEventBus } from './bus/create-event-bus';
import type { EventBus } from './bus/bus-events';
import { gatewayBusBridge } from './bus/gateway-bus-bridge';
import type { Clock } from './clock';
import type { ServerConfig } from './config';
import { DEMO_CITIES, DEMO_START_PHONE, provisionDemoFleet } from './demo/demo-fleet';
import { Jt808Gateway } from './gateway/index';
import { startFleet, type FleetHandle } from './sim/fleet-simulator';
import type { Store } from './store/create-store';
import { PositionMaintenance } from './store/position-maintenance';
import { DEMO_TENANT } from './store/seed-demo';
import { StorePositionSink, StoreTerminalDirectory } from './store/store-gateway-ports';

export interface FleetRuntimeOptions {
  config: ServerConfig;
  store: Store;
  clock: Clock;
  log: FastifyBaseLogger;
  /** Start the JT/T 808 gateway (on config.jt808Port). */
  gateway: boolean;
  /** Demo profile: provision the demo fleet and run config.simDevices simulated terminals. */
  demo: boolean;
  /** Run the simulator (demo profile only). */
  simulate: boolean;
}

/** The live half of the platform: bus, gateway with its store ports, partition upkeep, demo fleet. */
export interface FleetRuntime {
  bus: EventBus;
  gateway: Jt808Gateway | undefined;
  simulator: FleetHandle | undefined;
  maintenance: PositionMaintenance;
  /** Stops the simulator, then the gateway (queued positions commit and are acknowledged), then the bus. */
  close(): Promise<void>;
}

async function autoRegisterTenant(store: Store, config: ServerConfig): Promise<number | undefined> {
  const byName = config.jt808AutoRegisterTenant ?? DEMO_TENANT;
  const tenant = await store.org.findTenantByName(byName);
  if (tenant) return tenant.id;
  if (config.jt808AutoRegisterTenant) return undefined;
  const first = await store.db.selectFrom('tenants').select('id').orderBy('id').executeTakeFirst();
  return first?.id;
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
  let simulator: FleetHandle | undefined;
  let settled: () => Promise<void> = async () => {};
  try {
    await maintenance.start();
    if (opts.demo) await provisionDemoFleet(store, config.simDevices);
    if (opts.gateway) {
      const bridge = gatewayBusBridge(bus, store.fleet, clock, onError);
      settled = bridge.settled;
      gateway = new Jt808Gateway({
        directory: new StoreTerminalDirectory(store.fleet, () => autoRegisterTenant(store, config)),
        sink: new StorePositionSink(store.positions),
        autoRegister: config.jt808AutoRegister,
        idleTimeoutMs: config.jt808IdleSeconds * 1000,
        events: bridge.events,
        log: log.child({ component: 'jt808' }),
      });
      await gateway.listen(config.jt808Port, config.host);
      if (opts.demo && opts.simulate && config.simDevices > 0) {
        simulator = startFleet({
          devices: config.simDevices,
          intervalSec: config.simIntervalSeconds,
          host: '127.0.0.1',
          port: gateway.port,
          startPhone: DEMO_START_PHONE,
          cities: DEMO_CITIES,
          rampSec: Math.min(2, config.simIntervalSeconds),
        });
        log.info({ devices: config.simDevices, port: gateway.port }, 'demo fleet simulator started');
      }
    }
  } catch (err) {
    await simulator?.stop();
    await gateway?.close();
    await maintenance.stop();
    await bus.close();
    throw err;
  }
  return {
    bus,
    gateway,
    simulator,
    maintenance,
    async close() {
      await simulator?.stop();
      await gateway?.close();
      await settled();
      await maintenance.stop();
      await bus.close();
    },
  };
}
