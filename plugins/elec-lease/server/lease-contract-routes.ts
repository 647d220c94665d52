import { type AccessScope, type AppDeps, badInput, buildSheet, EXPORT_LIMIT, notFound, pageOffset, requireTenantInScope, type SessionContext, sessionRoute, sheetFileName, startBackgroundExport } from '../../../server/module';
import { ElecLeaseApi, type LeaseContractFilter } from '../../../sdk/contracts/elec-lease';
import { LEASE_STATUS_NAMES, OPEN_LEASE_STATUSES } from '../../../sdk/lease';
import { chinaDay } from './lease-monitor';
import type { ContractRecord } from './lease-queries';
import { checkDay, checkMoney, contractItem, enteredStatus, LeaseResource, statusOn } from './lease-fields';
import { leaseOf } from './lease-services';

const filterOf = (q: LeaseContractFilter) => ({ keyword: q.keyword, status: q.status || undefined });
export const today = (deps: AppDeps) => chinaDay(deps.clock.now());

/** Contracts are read after the due and overdue check, so a contract past its end reads 已逾期 at once. */
export async function refreshed(deps: AppDeps): Promise<void> {
  await leaseOf(deps).monitor.check();
}

/** The caller's scope, or only one customer in it and those below it (a customer outside it is refused). */
async function customerScope(deps: AppDeps, scope: AccessScope, tenantId: number | undefined): Promise<AccessScope> {
  if (tenantId === undefined) return scope;
  const subtree = new Set(await deps.store.scope.tenantSubtree(requireTenantInScope(scope, tenantId)));
  return { ...scope, tenantId, tenantIds: scope.tenantIds.filter((id) => subtree.has(id)) };
}

export const contractListRoute = sessionRoute.of(ElecLeaseApi.contracts, {
  resource: LeaseResource.contracts,
  alsoResources: [LeaseResource.income],
  handler: async ({ query, deps, scope }) => {
    await refreshed(deps);
    const { offset, limit } = pageOffset(query);
    const page = await leaseOf(deps).store.contractPage(await customerScope(deps, await scope(), query.tenantId), filterOf(query), offset, limit);
    const day = today(deps);
    return { total: page.total, list: page.list.map((c) => contractItem(c, day)) };
  },
});

export const contractCountsRoute = sessionRoute.of(ElecLeaseApi.contractCounts, {
  resource: LeaseResource.contracts,
  alsoResources: [LeaseResource.income],
  handler: async ({ query, deps, scope }) => {
    await refreshed(deps);
    return leaseOf(deps).store.contractCounts(await customerScope(deps, await scope(), query.tenantId), {});
  },
});

export const leaseBikesRoute = sessionRoute.of(ElecLeaseApi.bikes, {
  resource: LeaseResource.contracts,
  alsoResources: [LeaseResource.settings],
  handler: async ({ query, deps, scope }) => {
    await refreshed(deps);
    const bikes = await leaseOf(deps).store.bikes(await scope(), { keyword: query.keyword, limit: 200 });
    return (query.available === '1' ? bikes.filter((b) => !b.rented && !b.inRepair) : bikes).slice(0, 50);
  },
});

export const contractAddRoute = sessionRoute.of(ElecLeaseApi.sign, {
  resource: LeaseResource.sign,
  handler: async ({ body, deps, scope, user, audit }) => {
    const s = await scope();
    const [bike] = await leaseOf(deps).store.bikes(s, { ids: [body.vehicleId], limit: 1 });
    if (!bike) throw notFound('电动车不存在');
    const [renter] = await leaseOf(deps).store.findRenters(s, [body.renterId]);
    if (!renter) throw notFound('租户不存在');
    if (renter.tenantId !== bike.tenantId) throw badInput('租户与电动车不属于同一客户');
    const startDate = checkDay(body.startDate, '开始日期');
    const endDate = checkDay(body.endDate, '结束日期');
    if (endDate < startDate) throw badInput('结束日期不能早于开始日期');
    const day = today(deps);
    const monthlyRent = checkMoney(body.monthlyRent, '月租金', 0.01);
    const deposit = checkMoney(body.deposit, '押金');
    const note = (body.note ?? '').trim();
    await refreshed(deps);
    if (bike.inRepair) throw badInput(`电动车 ${bike.plateNo} 维修中，不能出租`);
    const fields = { vehicleId: bike.id, renterId: renter.id, startDate, endDate, monthlyRent, deposit, status: enteredStatus(startDate, endDate, day), note, createdBy: user.id };
    const id = await leaseOf(deps).store.insertContract(bike.tenantId, fields, deps.clock.now());
    if (id === undefined) throw badInput(`电动车 ${bike.plateNo} 已在租赁合同中，不能重复出租`);
    // a contract entered after its end day turns 已逾期 here, raising its one alarm
    await refreshed(deps);
    const created = (await leaseOf(deps).store.findContract(s, id))!;
    await audit({ action: '签订合同', target: `合同 ${created.contractNo}`, after: contractItem(created, day), tenantId: bike.tenantId });
    return contractItem(created, day);
  },
});

/** The caller's contract, still open (待生效, 租赁中 or 已逾期) unless `anyState`. */
export async function openContract(ctx: SessionContext<unknown, { id: number }>, anyState = false): Promise<ContractRecord> {
  await refreshed(ctx.deps);
  const c = await leaseOf(ctx.deps).store.findContract(await ctx.scope(), ctx.body.id);
  if (!c) throw notFound('合同不存在');
  if (!anyState && !OPEN_LEASE_STATUSES.includes(c.status)) throw badInput(`合同${LEASE_STATUS_NAMES[c.status]}，不能再操作`);
  return c;
}

export const contractRenewRoute = sessionRoute.of(ElecLeaseApi.renew, {
  resource: LeaseResource.renew,
  handler: async (ctx) => {
    const { body, deps, audit } = ctx;
    const c = await openContract(ctx);
    const endDate = checkDay(body.endDate, '结束日期');
    if (endDate <= c.endDate) throw badInput(`新的结束日期必须晚于原结束日期 ${c.endDate}`);
    const day = today(deps);
    if (endDate < day) throw badInput('结束日期不能早于今天');
    const monthlyRent = body.monthlyRent === undefined || body.monthlyRent === '' ? c.monthlyRent : checkMoney(body.monthlyRent, '月租金', 0.01);
    const status = statusOn(c.startDate, endDate, day);
    await leaseOf(deps).store.renew(c.id, endDate, monthlyRent, status);
    if (c.status === 'overdue') await leaseOf(deps).monitor.endAlarm(c.vehicleId);
    const after = (await leaseOf(deps).store.findContract(await ctx.scope(), c.id))!;
    await audit({ action: '续租', target: `合同 ${c.contractNo}`, before: contractItem(c, day), after: contractItem(after, day), tenantId: c.tenantId });
    return contractItem(after, day);
  },
});

function closeRoute(kind: 'returned' | 'terminated') {
  const returned = kind === 'returned';
  return sessionRoute.of(returned ? ElecLeaseApi.giveBack : ElecLeaseApi.terminate, {
    resource: returned ? LeaseResource.giveBack : LeaseResource.terminate,
    handler: async (ctx) => {
      const { body, deps, audit } = ctx;
      const c = await openContract(ctx);
      const day = today(deps);
      if (!(await leaseOf(deps).store.close(c.id, kind, day, (body.note ?? '').trim()))) throw badInput('合同已结束');
      await leaseOf(deps).monitor.endAlarm(c.vehicleId);
      const after = (await leaseOf(deps).store.findContract(await ctx.scope(), c.id))!;
      await audit({ action: returned ? '还车' : '终止合同', target: `合同 ${c.contractNo}`, before: contractItem(c, day), after: contractItem(after, day), tenantId: c.tenantId });
      return contractItem(after, day);
    },
  });
}

export const contractReturnRoute = closeRoute('returned');
export const contractTerminateRoute = closeRoute('terminated');

export const contractExportRoute = sessionRoute.of(ElecLeaseApi.exportContracts, {
  resource: LeaseResource.exportContracts,
  handler: async (ctx) => {
    const { body, deps } = ctx;
    await refreshed(deps);
    const day = today(deps);
    const rows = (await leaseOf(deps).store.allContracts(await ctx.scope(), filterOf(body), EXPORT_LIMIT)).map((c) => contractItem(c, day));
    const fileName = sheetFileName('租赁合同', deps.clock.now());
    await ctx.audit({ action: '导出合同', target: fileName, after: body });
    return startBackgroundExport(ctx, fileName, () =>
      buildSheet(
        '租赁合同',
        [
          { header: '合同编号', width: 20, value: (c: (typeof rows)[number]) => c.contractNo },
          { header: '电动车', width: 14, value: (c) => c.plateNo },
          { header: '租户', width: 10, value: (c) => c.renterName },
          { header: '手机号', width: 14, value: (c) => c.renterPhone },
          { header: '开始日期', width: 12, value: (c) => c.startDate },
          { header: '结束日期', width: 12, value: (c) => c.endDate },
          { header: '月租金(元)', width: 12, value: (c) => c.monthlyRent },
          { header: '押金(元)', width: 12, value: (c) => c.deposit },
          { header: '已收租金(元)', width: 12, value: (c) => c.received },
          { header: '欠费/预付', width: 14, value: (c) => c.balanceName },
          { header: '押金余额(元)', width: 12, value: (c) => c.depositHeld },
          { header: '状态', width: 10, value: (c) => c.statusName },
          { header: '逾期天数', width: 10, value: (c) => c.overdueDays },
          { header: '退租/终止日期', width: 14, value: (c) => c.closedDate },
          { header: '备注', width: 20, value: (c) => c.note },
        ],
        rows,
      ),
    );
  },
});
