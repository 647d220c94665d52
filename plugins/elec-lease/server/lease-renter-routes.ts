import { type AppDeps, badInput, buildSheet, EXPORT_LIMIT, notFound, pageOffset, requireAll, requireTenantInScope, sessionRoute, sheetFileName, startBackgroundExport } from '../../../server/module';
import { ElecLeaseApi } from '../../../sdk/contracts/elec-lease';
import type { RenterRecord } from './lease-queries';
import { checkRenter, LeaseResource, renterItem } from './lease-fields';
import { leaseOf } from './lease-services';

export const renterListRoute = sessionRoute.of(ElecLeaseApi.renters, {
  resource: LeaseResource.renters,
  alsoResources: [LeaseResource.contracts],
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

export const renterAddRoute = sessionRoute.of(ElecLeaseApi.addRenter, {
  resource: LeaseResource.addRenter,
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

export const renterUpdateRoute = sessionRoute.of(ElecLeaseApi.updateRenter, {
  resource: LeaseResource.editRenter,
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

export const renterDeleteRoute = sessionRoute.of(ElecLeaseApi.removeRenters, {
  resource: LeaseResource.removeRenter,
  handler: async ({ body, deps, scope, audit }) => {
    const renters = requireAll(body.ids, await leaseOf(deps).store.findRenters(await scope(), body.ids), '租户');
    const signed = await leaseOf(deps).store.deleteRenters(renters.map((r) => r.id));
    if (signed.length) throw badInput(`租户 ${renters.filter((r) => signed.includes(r.id)).map((r) => r.name).join('、')} 签过合同，不能删除`);
    for (const r of renters) await audit({ action: '删除租户', target: `租户 ${r.name}`, before: renterItem(r), tenantId: r.tenantId });
    return { deleted: renters.length };
  },
});

export const renterExportRoute = sessionRoute.of(ElecLeaseApi.exportRenters, {
  resource: LeaseResource.exportRenters,
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
