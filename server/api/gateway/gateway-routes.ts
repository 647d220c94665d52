import { sessionRoute } from '../route-definition';

/** 系统管理 › 概览: platform operations figures. */
const SYSTEM_OVERVIEW = 1201;

export const gatewayMetricsRoute = sessionRoute({
  method: 'GET',
  url: '/car/v1/api/gateway/metrics.json',
  summary: '网关计数：连接、在线终端、帧、入库、应答时延、批量写入与背压（JT/T 808，以及 GT06 与手表协议各自的 protocols 项；GATEWAY_WORKERS 时每个工作进程的 workers 项）',
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
