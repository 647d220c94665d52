import { GatewayApi } from '../../../sdk/contracts/kernel';
import { sessionRoute } from '../route-definition';

/** 系统管理 › 概览: platform operations figures. */
const SYSTEM_OVERVIEW = 1201;

export const gatewayMetricsRoute = sessionRoute.of(GatewayApi.metrics, {
  resource: SYSTEM_OVERVIEW,
  handler: async ({ deps }) => {
    const gateway = deps.fleet?.gateway;
    const workers = deps.fleet?.workers;
    return {
      enabled: gateway !== undefined || workers !== undefined,
      port: gateway?.port ?? workers?.ports.jt808 ?? null,
      bus: deps.fleet?.bus.kind ?? 'memory',
      ...(gateway ? gateway.metrics() : {}),
      protocols: Object.fromEntries(Object.entries(deps.fleet?.devices ?? {}).map(([name, device]) => [name, { port: device.port, ...device.metrics() }])),
      // GATEWAY_WORKERS: each worker's counters per protocol, as it last reported them
      ...(workers && { workers: workers.metrics() }),
    };
  },
});
