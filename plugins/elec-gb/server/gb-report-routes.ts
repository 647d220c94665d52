import { type AccessScope, type ApiArea, type AppDeps, buildSheet, requireTenantInScope, sendSheet, sessionRoute, sheetFileName } from '../../../server/module';
import { ElecGbApi } from '../../../sdk/contracts/elec-gb';
import { GB_RULE_NAMES, type GbRule } from '../../../sdk/gb-compliance';
import type { GbComplianceLine } from './gb-declaration-queries';
import {
  gbAddRoute, gbDeleteRoute, gbExportRoute, gbListRoute, gbQrCodeRoute, gbUpdateRoute,
} from './gb-declaration-routes';
import { gbOf } from './gb-services';

/** 合规报表 (menu 2620) and its export button. */
export const GbReportResource = { report: 2620, export: 262001 } as const;
const RULES: GbRule[] = ['designSpeed', 'mass', 'motorPower', 'pedals'];

/** One customer's line with its compliance rate (percent, one decimal; null without records). */
function reportLine(l: GbComplianceLine) {
  return { ...l, nonCompliant: l.total - l.compliant, rate: l.total ? Math.round((l.compliant / l.total) * 1000) / 10 : null };
}

async function reportOf(deps: AppDeps, s: AccessScope, tenantId: number | undefined) {
  if (tenantId !== undefined) requireTenantInScope(s, tenantId);
  const lines = (await gbOf(deps).store.complianceByTenant(s, tenantId)).map(reportLine);
  const sum = (f: (l: GbComplianceLine) => number) => lines.reduce((n, l) => n + f(l), 0);
  const total = reportLine({
    tenantId: 0, tenantName: '合计', total: sum((l) => l.total), compliant: sum((l) => l.compliant),
    broken: Object.fromEntries(RULES.map((r) => [r, sum((l) => l.broken[r])])) as Record<GbRule, number>,
  });
  return { lines, total };
}

export const gbReportRoute = sessionRoute.of(ElecGbApi.report, {
  resource: GbReportResource.report,
  handler: async ({ query, deps, scope }) => reportOf(deps, await scope(), query.tenantId),
});

export const gbReportExportRoute = sessionRoute.of(ElecGbApi.exportReport, {
  resource: GbReportResource.export,
  raw: true,
  handler: async ({ body, deps, scope, reply }) => {
    const { lines, total } = await reportOf(deps, await scope(), body.tenantId);
    type Line = (typeof lines)[number];
    const sheet = await buildSheet(
      '合规报表',
      [
        { header: '客户', width: 20, value: (l: Line) => l.tenantName },
        { header: '备案数', width: 10, value: (l) => l.total },
        { header: '合规', width: 10, value: (l) => l.compliant },
        { header: '不合规', width: 10, value: (l) => l.nonCompliant },
        { header: '合规率(%)', width: 10, value: (l) => l.rate },
        ...RULES.map((r) => ({ header: GB_RULE_NAMES[r], width: 14, value: (l: Line) => l.broken[r] })),
      ],
      [...lines, total],
    );
    return sendSheet(reply, sheetFileName('新国标合规报表', deps.clock.now()), sheet);
  },
});

/** 新国标: 备案登记 with QR labels, and 合规报表. */
export const elecGbArea: ApiArea = {
  name: 'elec-gb',
  routes: [gbListRoute, gbAddRoute, gbUpdateRoute, gbDeleteRoute, gbQrCodeRoute, gbExportRoute, gbReportRoute, gbReportExportRoute],
};
