import { sessionRoute } from '../route-definition';

export const gatewayMetricsRoute = sessionRoute({
  method: 'GET',
  url: '/car/v1/api/gateway/metrics.json',
  summary: 'JT/T 808 网关计数：连接、在线终端、帧、入库、应答时延、批量写入与背压',
  handler: async ({ deps }) => {
    const gateway = deps.fleet?.gateway;
    return {
      enabled: gateway !== undefined,
      port: gateway?.port ?? null,
      bus: deps.fleet?.bus.kind ?? 'memory',
      ...(gateway ? gateway.metrics() : {}),
    };
  },
});
