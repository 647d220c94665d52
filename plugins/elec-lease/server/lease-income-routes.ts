import { type ApiArea, badInput, buildSheet, idsSchema, int, object, requireAll, type SessionContext, sessionRoute, sheetFileName, startBackgroundExport, text } from '../../../server/module';
import type { LeaseIncomeMonth, LeaseSettings, LeaseUtilisation } from '../../../sdk/lease';
import { chinaDay } from './lease-monitor';
import { incomeByMonth, monthsBetween } from './lease-income';
import {
  contractAddRoute, contractExportRoute, contractListRoute, contractRenewRoute, contractReturnRoute, contractTerminateRoute, leaseBikesRoute,
} from './lease-contract-routes';
import { LEASE_API, LeaseResource } from './lease-fields';
import { contractImportRoute, contractImportTemplateRoute } from './lease-import-routes';
import { contractPayRoute, contractPaymentsRoute } from './lease-payment-routes';
import { renterAddRoute, renterDeleteRoute, renterExportRoute, renterListRoute, renterUpdateRoute } from './lease-renter-routes';
import { leaseOf } from './lease-services';

const MAX_MONTHS = 24;
const month = (title: string) => text(title, 7, { pattern: '^\\d{4}-(0[1-9]|1[0-2])$' });

interface IncomeQuery {
  start?: string;
  end?: string;
}

interface Income {
  months: LeaseIncomeMonth[];
  total: Omit<LeaseIncomeMonth, 'month'>;
  /** Deposits held now over all contracts (taken less paid back), whatever the months asked. */
  depositHeld: number;
  utilisation: LeaseUtilisation;
}

async function income(ctx: SessionContext<unknown, unknown>, q: IncomeQuery): Promise<Income> {
  const { deps } = ctx;
  await leaseOf(deps).monitor.check();
  const today = chinaDay(deps.clock.now());
  const end = q.end || today.slice(0, 7);
  const start = q.start || monthsBetween('2000-01', end).slice(-12)[0]!;
  if (end < start) throw badInput('结束月份不能早于开始月份');
  const months = monthsBetween(start, end);
  if (months.length > MAX_MONTHS) throw badInput(`查询范围不能超过 ${MAX_MONTHS} 个月`);
  const scope = await ctx.scope();
  const lastDay = new Date(Date.UTC(Number(end.slice(0, 4)), Number(end.slice(5, 7)), 0)).toISOString().slice(0, 10);
  const inputs = await leaseOf(deps).store.incomeInputs(scope, `${start}-01`, lastDay);
  const list = incomeByMonth(inputs.contracts, inputs.payments, months, today);
  const sum = (k: keyof Income['total']) => Math.round(list.reduce((acc, m) => acc + m[k] * 100, 0)) / 100;
  const use = await leaseOf(deps).store.utilisation(scope);
  const idle = use.total - use.rented - use.inRepair;
  return {
    months: list,
    total: { due: sum('due'), received: sum('received'), deposit: sum('deposit'), refunded: sum('refunded'), penalty: sum('penalty') },
    depositHeld: inputs.depositHeld / 100,
    utilisation: { ...use, idle, rate: use.total ? Math.round((use.rented / use.total) * 1000) / 10 : 0 },
  };
}

const incomeProperties = { start: month('开始月份'), end: month('结束月份') };

export const incomeRoute = sessionRoute<IncomeQuery>({
  method: 'GET',
  url: `${LEASE_API}/income.json`,
  summary: `收入概览：start / end 月份（YYYY-MM，缺省最近 12 个月，最多 ${MAX_MONTHS} 个月）每月应收与实收租金（元，只计租金）、收押金、退押金、违约金及合计，当前押金余额 depositHeld，电动车出租率（在租 / 空闲 / 维修中）`,
  resource: LeaseResource.income,
  schema: { querystring: object(incomeProperties) },
  handler: async (ctx) => income(ctx as SessionContext<unknown, unknown>, ctx.query),
});

export const incomeExportRoute = sessionRoute<unknown, IncomeQuery>({
  method: 'POST',
  url: `${LEASE_API}/incomeExport.json`,
  summary: '导出收入概览（xlsx，条件同 income.json，后台生成，在下载中心下载）',
  resource: LeaseResource.exportIncome,
  schema: { body: object(incomeProperties) },
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

export const settingsRoute = sessionRoute({
  method: 'GET',
  url: `${LEASE_API}/settings.json`,
  summary: '租赁设置：逾期自动断电（autoCut，默认关闭）及逾期天数 autoCutDays',
  resource: LeaseResource.settings,
  handler: async ({ deps, user }) => leaseOf(deps).store.settings(user.tenantId),
});

export const saveSettingsRoute = sessionRoute<unknown, Partial<LeaseSettings>>({
  method: 'POST',
  url: `${LEASE_API}/saveSettings.json`,
  summary: '保存租赁设置：autoCut 开启后，合同逾期满 autoCutDays（1–90）天的电动车自动下发断电指令（骑行中不执行，稍后再试），记入操作日志并短信提醒租户',
  resource: LeaseResource.saveSettings,
  schema: { body: object({ autoCut: { type: 'boolean', title: '逾期自动断电' }, autoCutDays: int('逾期天数', 1, 90) }, ['autoCut']) },
  handler: async ({ body, deps, user, audit }) => {
    const before = await leaseOf(deps).store.settings(user.tenantId);
    const after: LeaseSettings = { autoCut: body.autoCut!, autoCutDays: body.autoCutDays ?? before.autoCutDays };
    await leaseOf(deps).store.saveSettings(user.tenantId, after);
    await audit({ action: '修改租赁设置', target: '租赁设置', before, after });
    await leaseOf(deps).monitor.check();
    return after;
  },
});

export const repairRoute = sessionRoute<unknown, { vehicleIds: number[]; inRepair: boolean }>({
  method: 'POST',
  url: `${LEASE_API}/repair.json`,
  summary: '标记电动车维修中 / 维修完成（在租的电动车不能标记维修中；维修中的不能出租）',
  resource: LeaseResource.repair,
  schema: { body: object({ vehicleIds: idsSchema('电动车'), inRepair: { type: 'boolean', title: '维修中' } }, ['vehicleIds', 'inRepair']) },
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
    contractListRoute, leaseBikesRoute, contractAddRoute, contractRenewRoute, contractReturnRoute, contractTerminateRoute, contractPayRoute, contractPaymentsRoute, contractExportRoute,
    contractImportTemplateRoute, contractImportRoute,
    incomeRoute, incomeExportRoute, settingsRoute, saveSettingsRoute, repairRoute,
  ],
};
