import { sessionRoute } from '../route-definition';

/** 系统管理 › 概览: platform operations figures. */
const SYSTEM_OVERVIEW = 1201;

export const gatewayMetricsRoute = sessionRoute({
  method: 'GET',
  url: '/car/v1/api/gateway/metrics.json',
  summary: 'JT/T 808 网关计数：连接、在线终端、帧、入库、应答时延、批量写入与背压（系统管理概览）',
  resource: SYSTEM_OVERVIEW,
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
