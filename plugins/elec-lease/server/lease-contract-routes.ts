import { type AppDeps, badInput, buildSheet, EXPORT_LIMIT, int, notFound, object, pageOffset, pagingProperties, type SessionContext, sessionRoute, sheetFileName, startBackgroundExport, text } from '../../../server/module';
import { LEASE_STATUS_NAMES, OPEN_LEASE_STATUSES, type LeaseStatus } from '../../../sdk/lease';
import { chinaDay } from './lease-monitor';
import type { ContractRecord } from './lease-queries';
import { checkDay, checkMoney, contractItem, enteredStatus, LEASE_API, LeaseResource, statusOn } from './lease-fields';
import { leaseOf } from './lease-services';

const BASE = `${LEASE_API}/contract`;
const STATUSES = Object.keys(LEASE_STATUS_NAMES);
const filterProperties = { keyword: text('关键词', 50), status: { type: 'string', title: '合同状态', enum: ['', ...STATUSES] } };

interface Filter {
  keyword?: string;
  status?: string;
}

const filterOf = (q: Filter) => ({ keyword: q.keyword, status: (q.status || undefined) as LeaseStatus | undefined });
export const today = (deps: AppDeps) => chinaDay(deps.clock.now());

/** Contracts are read after the due and overdue check, so a contract past its end reads 已逾期 at once. */
export async function refreshed(deps: AppDeps): Promise<void> {
  await leaseOf(deps).monitor.check();
}

export const contractListRoute = sessionRoute<{ current: number; pageSize: number } & Filter>({
  method: 'GET',
  url: `${BASE}/list.json`,
  summary: '合同管理：本级及下级客户电动车的租赁合同，分页，新的在前；状态 pending 待生效 / active 租赁中 / overdue 已逾期 / returned 已退租 / terminated 已终止',
  resource: LeaseResource.contracts,
  alsoResources: [LeaseResource.income],
  schema: { querystring: object({ ...pagingProperties, ...filterProperties }) },
  handler: async ({ query, deps, scope }) => {
    await refreshed(deps);
    const { offset, limit } = pageOffset(query);
    const page = await leaseOf(deps).store.contractPage(await scope(), filterOf(query), offset, limit);
    const day = today(deps);
    return { total: page.total, list: page.list.map((c) => contractItem(c, day)) };
  },
});

export const leaseBikesRoute = sessionRoute<{ keyword?: string; available?: string }>({
  method: 'GET',
  url: `${LEASE_API}/bikes.json`,
  summary: '可签约的电动车（本级及下级客户的电动车资产，按车牌搜索，最多 50 辆）：rented 是否在租，inRepair 是否维修中；available=1 只列可出租的',
  resource: LeaseResource.contracts,
  alsoResources: [LeaseResource.settings],
  schema: { querystring: object({ keyword: text('关键词', 50), available: { type: 'string', title: '只列可出租', enum: ['', '0', '1'] } }) },
  handler: async ({ query, deps, scope }) => {
    await refreshed(deps);
    const bikes = await leaseOf(deps).store.bikes(await scope(), { keyword: query.keyword, limit: 200 });
    return (query.available === '1' ? bikes.filter((b) => !b.rented && !b.inRepair) : bikes).slice(0, 50);
  },
});

interface SignBody {
  vehicleId: number;
  renterId: number;
  startDate?: string;
  endDate?: string;
  monthlyRent?: unknown;
  deposit?: unknown;
  note?: string;
}

const money = { title: '金额' };

export const contractAddRoute = sessionRoute<unknown, SignBody>({
  method: 'POST',
  url: `${BASE}/add.json`,
  summary: '签订合同：电动车（本客户的电动车资产，不在其他未结束的合同中、不在维修中）、租户、起止日期、月租金、押金（元）；已在履行的合同照实录入，开始日期可早于今天，已过结束日期的合同录入即为已逾期并告警',
  resource: LeaseResource.sign,
  schema: {
    body: object(
      {
        vehicleId: int('电动车', 1), renterId: int('租户', 1), startDate: text('开始日期', 10), endDate: text('结束日期', 10),
        monthlyRent: { ...money, title: '月租金' }, deposit: { ...money, title: '押金' }, note: text('备注', 200),
      },
      ['vehicleId', 'renterId'],
    ),
  },
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

export const contractRenewRoute = sessionRoute<unknown, { id: number; endDate?: string; monthlyRent?: unknown }>({
  method: 'POST',
  url: `${BASE}/renew.json`,
  summary: '续租：新的结束日期（晚于原结束日期且不早于今天），可改月租金；已逾期的合同续租后回到租赁中，其租约逾期告警结束',
  resource: LeaseResource.renew,
  schema: { body: object({ id: int('合同', 1), endDate: text('结束日期', 10), monthlyRent: { title: '月租金' } }, ['id']) },
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
  return sessionRoute<unknown, { id: number; note?: string }>({
    method: 'POST',
    url: `${BASE}/${returned ? 'return' : 'terminate'}.json`,
    summary: returned ? '还车：合同今天退租，电动车空闲可再出租；租约逾期告警结束' : '终止合同（今天起）：电动车空闲可再出租；租约逾期告警结束',
    resource: returned ? LeaseResource.giveBack : LeaseResource.terminate,
    schema: { body: object({ id: int('合同', 1), note: text('备注', 200) }, ['id']) },
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

export const contractExportRoute = sessionRoute<unknown, Filter>({
  method: 'POST',
  url: `${BASE}/export.json`,
  summary: `导出合同（xlsx，条件同 list.json，后台生成，在下载中心下载；最多 ${EXPORT_LIMIT} 行）`,
  resource: LeaseResource.exportContracts,
  schema: { body: object(filterProperties) },
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
