import { type ApiArea, badInput, buildSheet, requireAll, type SessionContext, sessionRoute, sheetFileName, startBackgroundExport } from '../../../server/module';
import { ElecLeaseApi, LEASE_INCOME_MAX_MONTHS, type LeaseIncomeRange } from '../../../sdk/contracts/elec-lease';
import type { LeaseIncome, LeaseIncomeMonth, LeaseSettings } from '../../../sdk/lease';
import { chinaDay } from './lease-monitor';
import { incomeByMonth, monthsBetween } from './lease-income';
import {
  contractAddRoute, contractCountsRoute, contractExportRoute, contractListRoute, contractRenewRoute, contractReturnRoute, contractTerminateRoute, leaseBikesRoute,
} from './lease-contract-routes';
import { LeaseResource } from './lease-fields';
import { contractImportRoute, contractImportTemplateRoute } from './lease-import-routes';
import { contractPayRoute, contractPaymentsRoute } from './lease-payment-routes';
import { renterAddRoute, renterDeleteRoute, renterExportRoute, renterListRoute, renterUpdateRoute } from './lease-renter-routes';
import { leaseOf } from './lease-services';

async function income(ctx: SessionContext<unknown, unknown>, q: LeaseIncomeRange): Promise<LeaseIncome> {
  const { deps } = ctx;
  await leaseOf(deps).monitor.check();
  const today = chinaDay(deps.clock.now());
  const end = q.end || today.slice(0, 7);
  const start = q.start || monthsBetween('2000-01', end).slice(-12)[0]!;
  if (end < start) throw badInput('结束月份不能早于开始月份');
  const months = monthsBetween(start, end);
  if (months.length > LEASE_INCOME_MAX_MONTHS) throw badInput(`查询范围不能超过 ${LEASE_INCOME_MAX_MONTHS} 个月`);
  const scope = await ctx.scope();
  const lastDay = new Date(Date.UTC(Number(end.slice(0, 4)), Number(end.slice(5, 7)), 0)).toISOString().slice(0, 10);
  const inputs = await leaseOf(deps).store.incomeInputs(scope, `${start}-01`, lastDay);
  const list = incomeByMonth(inputs.contracts, inputs.payments, months, today);
  const sum = (k: keyof LeaseIncome['total']) => Math.round(list.reduce((acc, m) => acc + m[k] * 100, 0)) / 100;
  const use = await leaseOf(deps).store.utilisation(scope);
  const idle = use.total - use.rented - use.inRepair;
  return {
    months: list,
    total: { due: sum('due'), received: sum('received'), deposit: sum('deposit'), refunded: sum('refunded'), penalty: sum('penalty') },
    depositHeld: inputs.depositHeld / 100,
    utilisation: { ...use, idle, rate: use.total ? Math.round((use.rented / use.total) * 1000) / 10 : 0 },
  };
}

export const incomeRoute = sessionRoute.of(ElecLeaseApi.income, {
  resource: LeaseResource.income,
  handler: async (ctx) => income(ctx as SessionContext<unknown, unknown>, ctx.query),
});

export const incomeExportRoute = sessionRoute.of(ElecLeaseApi.exportIncome, {
  resource: LeaseResource.exportIncome,
  handler: async (ctx) => {
    const data = await income(ctx, ctx.body);
    const fileName = sheetFileName('租金收入', ctx.deps.clock.now());
    await ctx.audit({ action: '导出收入', target: fileName, after: ctx.body });
    type Line = Omit<LeaseIncomeMonth, 'month'> & { month: string };
    return startBackgroundExport(ctx, fileName, () =>
      buildSheet(
        '租金收入',
        [
          { header: '月份', width: 12, value: (l: Line) => l.month },
          { header: '应收租金(元)', width: 14, value: (l) => l.due },
          { header: '实收租金(元)', width: 14, value: (l) => l.received },
          { header: '未收(元)', width: 14, value: (l) => Math.round((l.due - l.received) * 100) / 100 },
          { header: '收押金(元)', width: 14, value: (l) => l.deposit },
          { header: '退押金(元)', width: 14, value: (l) => l.refunded },
          { header: '违约金(元)', width: 14, value: (l) => l.penalty },
        ],
        [...data.months, { month: '合计', ...data.total }],
      ),
    );
  },
});

export const settingsRoute = sessionRoute.of(ElecLeaseApi.settings, {
  resource: LeaseResource.settings,
  handler: async ({ deps, user }) => leaseOf(deps).store.settings(user.tenantId),
});

export const saveSettingsRoute = sessionRoute.of(ElecLeaseApi.saveSettings, {
  resource: LeaseResource.saveSettings,
  handler: async ({ body, deps, user, audit }) => {
    const before = await leaseOf(deps).store.settings(user.tenantId);
    const after: LeaseSettings = { autoCut: body.autoCut!, autoCutDays: body.autoCutDays ?? before.autoCutDays };
    await leaseOf(deps).store.saveSettings(user.tenantId, after);
    await audit({ action: '修改租赁设置', target: '租赁设置', before, after });
    await leaseOf(deps).monitor.check();
    return after;
  },
});

export const repairRoute = sessionRoute.of(ElecLeaseApi.repair, {
  resource: LeaseResource.repair,
  handler: async ({ body, deps, scope, audit }) => {
    const bikes = requireAll(body.vehicleIds, await leaseOf(deps).store.bikes(await scope(), { ids: body.vehicleIds, limit: body.vehicleIds.length }), '电动车');
    const rented = bikes.filter((b) => b.rented);
    if (body.inRepair && rented.length) throw badInput(`电动车 ${rented.map((b) => b.plateNo).join('、')} 在租，不能标记维修中`);
    await leaseOf(deps).store.setRepair(bikes.map((b) => b.id), body.inRepair);
    for (const b of bikes) await audit({ action: body.inRepair ? '标记维修中' : '维修完成', target: `电动车 ${b.plateNo}`, tenantId: b.tenantId });
    return { updated: bikes.length };
  },
});

/** 电动车租赁: 租户管理, 合同管理 (还车, 续租, 终止, 收款), 收入概览 and 租赁设置. */
export const elecLeaseArea: ApiArea = {
  name: 'elec-lease',
  routes: [
    renterListRoute, renterAddRoute, renterUpdateRoute, renterDeleteRoute, renterExportRoute,
    contractListRoute, contractCountsRoute, leaseBikesRoute, contractAddRoute, contractRenewRoute, contractReturnRoute, contractTerminateRoute, contractPayRoute, contractPaymentsRoute, contractExportRoute,
    contractImportTemplateRoute, contractImportRoute,
    incomeRoute, incomeExportRoute, settingsRoute, saveSettingsRoute, repairRoute,
  ],
};
