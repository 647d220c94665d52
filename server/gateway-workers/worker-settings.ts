import type { ServerConfig } from '../config';
import type { GatewayGuardSettings } from '../gateway/gateway-guard';
import type { GatewayWorkerSettings } from './gateway-worker';

/** The settings every gateway worker gets from the server's configuration. */
export function gatewayWorkerSettings(config: ServerConfig & { databaseUrl: string }, demoSites: boolean): GatewayWorkerSettings {
  return {
    databaseUrl: config.databaseUrl,
    ...(config.databaseSchema && { schema: config.databaseSchema }),
    host: config.host,
    ports: { jt808: config.jt808Port, gt06: config.gt06Port, watch: config.watchPort },
    autoRegister: config.autoRegister,
    idleTimeoutMs: config.gatewayIdleSeconds * 1000,
    guard: gatewayGuard(config),
    ...(config.cellTable && { cellTable: config.cellTable }),
    ...(config.wifiTable && { wifiTable: config.wifiTable }),
    demoSites,
    logLevel: config.logLevel,
  };
}

/** How many gateway workers to fork: GATEWAY_WORKERS, or none with PGlite (one writer in one process), which is logged. */
export function gatewayWorkerCount(config: ServerConfig, storeKind: 'pglite' | 'postgres', log: { warn(obj: object, msg: string): void }): number {
  if (config.gatewayWorkers === 0) return 0;
  if (storeKind === 'postgres' && config.databaseUrl) return config.gatewayWorkers;
  log.warn({ gatewayWorkers: config.gatewayWorkers }, 'GATEWAY_WORKERS ignored: PGlite is opened by this process alone, so the gateway runs here with its single writer');
  return 0;
}

/** The gateways' guard from the server's configuration (GATEWAY_IDENTIFY_SECONDS and the rest). */
export function gatewayGuard(config: ServerConfig): GatewayGuardSettings {
  return {
    identifyTimeoutMs: config.gatewayIdentifySeconds * 1000,
    maxConnectionsPerAddress: config.gatewayMaxConnectionsPerAddress,
    uncappedAddresses: config.gatewayUncappedAddresses,
    loginsPerMinute: config.gatewayLoginRateLimit,
    takeoverSilentMs: config.gatewayTakeoverSeconds * 1000,
  };
}
