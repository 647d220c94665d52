import { type AppDeps, badInput, buildSheet, EXPORT_LIMIT, idsSchema, int, notFound, object, pageOffset, pagingProperties, requireAll, requireTenantInScope, sessionRoute, sheetFileName, startBackgroundExport, text } from '../../../server/module';
import type { RenterRecord } from './lease-queries';
import { checkRenter, LEASE_API, LeaseResource, renterItem } from './lease-fields';
import { leaseOf } from './lease-services';

const BASE = `${LEASE_API}/renter`;
const bodyProperties = { name: text('租户姓名', 50), phone: text('手机号', 20), idNo: text('身份证号', 30) };

export const renterListRoute = sessionRoute<{ current: number; pageSize: number; keyword?: string }>({
  method: 'GET',
  url: `${BASE}/list.json`,
  summary: '租户管理：本级及下级客户的租户，分页，新的在前；手机号和身份证号脱敏',
  resource: LeaseResource.renters,
  alsoResources: [LeaseResource.contracts],
  schema: { querystring: object({ ...pagingProperties, keyword: text('关键词', 50) }) },
  handler: async ({ query, deps, scope }) => {
    const { offset, limit } = pageOffset(query);
    const page = await leaseOf(deps).store.renterPage(await scope(), query.keyword, offset, limit);
    return { total: page.total, list: page.list.map(renterItem) };
  },
});

async function sameIdNo(deps: AppDeps, tenantId: number, idNo: string, self?: number) {
  const same = await leaseOf(deps).store.renterByIdNo(tenantId, idNo);
  if (same && same.id !== self) throw badInput('该身份证号的租户已存在');
}

export const renterAddRoute = sessionRoute<unknown, { name?: string; phone?: string; idNo?: string; tenantId?: number }>({
  method: 'POST',
  url: `${BASE}/add.json`,
  summary: '新增租户（姓名、手机号、18 位居民身份证号含校验位；身份证号在客户内唯一）',
  resource: LeaseResource.addRenter,
  schema: { body: object({ ...bodyProperties, tenantId: int('客户', 1) }) },
  handler: async ({ body, deps, scope, user, audit }) => {
    const s = await scope();
    const tenantId = requireTenantInScope(s, body.tenantId ?? user.tenantId);
    const fields = checkRenter(body);
    await sameIdNo(deps, tenantId, fields.idNo);
    const id = await leaseOf(deps).store.insertRenter(tenantId, fields);
    const [created] = await leaseOf(deps).store.findRenters(s, [id]);
    await audit({ action: '新增租户', target: `租户 ${fields.name}`, after: renterItem(created!), tenantId });
    return renterItem(created!);
  },
});

export const renterUpdateRoute = sessionRoute<unknown, { id: number; name?: string; phone?: string; idNo?: string }>({
  method: 'POST',
  url: `${BASE}/update.json`,
  summary: '编辑租户；手机号或身份证号留空则保持原值（页面只见脱敏值）',
  resource: LeaseResource.editRenter,
  schema: { body: object({ ...bodyProperties, id: int('租户', 1) }, ['id']) },
  handler: async ({ body, deps, scope, audit }) => {
    const s = await scope();
    const [before] = await leaseOf(deps).store.findRenters(s, [body.id]);
    if (!before) throw notFound('租户不存在');
    const fields = checkRenter({ name: body.name, phone: body.phone?.trim() || before.phone, idNo: body.idNo?.trim() || before.idNo });
    await sameIdNo(deps, before.tenantId, fields.idNo, before.id);
    await leaseOf(deps).store.updateRenter(before.id, fields);
    const [after] = await leaseOf(deps).store.findRenters(s, [before.id]);
    await audit({ action: '编辑租户', target: `租户 ${before.name}`, before: renterItem(before), after: renterItem(after!), tenantId: before.tenantId });
    return renterItem(after!);
  },
});

export const renterDeleteRoute = sessionRoute<unknown, { ids: number[] }>({
  method: 'POST',
  url: `${BASE}/delete.json`,
  summary: '删除租户（签过合同的租户不能删除）',
  resource: LeaseResource.removeRenter,
  schema: { body: object({ ids: idsSchema('租户') }, ['ids']) },
  handler: async ({ body, deps, scope, audit }) => {
    const renters = requireAll(body.ids, await leaseOf(deps).store.findRenters(await scope(), body.ids), '租户');
    const signed = await leaseOf(deps).store.deleteRenters(renters.map((r) => r.id));
    if (signed.length) throw badInput(`租户 ${renters.filter((r) => signed.includes(r.id)).map((r) => r.name).join('、')} 签过合同，不能删除`);
    for (const r of renters) await audit({ action: '删除租户', target: `租户 ${r.name}`, before: renterItem(r), tenantId: r.tenantId });
    return { deleted: renters.length };
  },
});

export const renterExportRoute = sessionRoute<unknown, { keyword?: string }>({
  method: 'POST',
  url: `${BASE}/export.json`,
  summary: `导出租户（xlsx，后台生成，在下载中心下载；手机号和身份证号脱敏；最多 ${EXPORT_LIMIT} 行）`,
  resource: LeaseResource.exportRenters,
  schema: { body: object({ keyword: text('关键词', 50) }) },
  handler: async (ctx) => {
    const { body, deps } = ctx;
    const rows = await leaseOf(deps).store.allRenters(await ctx.scope(), body.keyword, EXPORT_LIMIT);
    const fileName = sheetFileName('租户', deps.clock.now());
    await ctx.audit({ action: '导出租户', target: fileName });
    return startBackgroundExport(ctx, fileName, () =>
      buildSheet(
        '租户',
        [
          { header: '姓名', width: 12, value: (r: RenterRecord) => r.name },
          { header: '手机号', width: 14, value: (r) => renterItem(r).phone },
          { header: '身份证号', width: 22, value: (r) => renterItem(r).idNo },
          { header: '在租合同', width: 10, value: (r) => r.openContracts },
          { header: '登记时间', width: 22, value: (r) => renterItem(r).createTime },
        ],
        rows,
      ),
    );
  },
});
