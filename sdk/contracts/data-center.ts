import type { DashboardData } from '../dashboard';
import { defineEndpoint } from '../endpoint';
import { int, object } from '../json-schema';

/**
 * 数据中心's API (docs/api-contract.md, "数据中心"): 数据看板 and 数据大屏 read the same dashboard.
 * Its 概览 reads `PlatformApi.overview`, the platform's call every sub-application's 概览 makes.
 */
export const DataCenterApi = {
  dashboard: defineEndpoint<{ tenantId?: number }, undefined, DashboardData>({
    method: 'GET',
    path: '/car/v1/api/dataCenter/dashboard.json',
    summary: '数据看板：资产按类型与状态（告警：有未结束的告警）、含今天的近 30 天每天在线率与里程（与车辆日在线、里程报表同一算法）、近 30 天告警（与告警明细一致）、未处理告警数与最新 10 条（与实时告警一致）、告警最多的资产、资产分布热力、30 天内到期（本租户或所选客户）',
    query: object({ tenantId: int('客户', 1) }),
  }),
};
