import {
  assetButtons, badInput, kindResources, notifyLive, requireAll, requireKinds, requireTenantInScope, sessionRoute, TERMINAL_MENU, VEHICLE_MENU, type AccessScope, type AppDeps, type AuditChange, type TerminalRecord, type VehicleRecord,
} from '../../../server/module';
import { groupForTenant } from './asset-rules';
import { vocabularyOf } from '../../../sdk/asset-vocabulary';
import { TerminalAdminApi, VehicleAdminApi, type TransferAnswer, type TransferBody } from '../../../sdk/contracts/asset';

/**
 * Transfer to another customer of the caller's scope: vehicles take their bound terminals along
 * and terminals their bound vehicles, so a binding never spans two customers. The vehicles get
 * the chosen group of the target customer, or none.
 */

interface Ctx {
  deps: AppDeps;
  scope: () => Promise<AccessScope>;
  audit: (change: AuditChange) => Promise<void>;
}

async function transfer({ deps, audit }: Ctx, s: AccessScope, vehicles: VehicleRecord[], terminals: TerminalRecord[], body: TransferBody): Promise<TransferAnswer> {
  const target = requireTenantInScope(s, body.tenantId);
  // a group is called as the assets' one kind calls it (分组 of people …), 车组 when they are of several
  const kinds = new Set(vehicles.map((v) => v.assetKind));
  const groupId = await groupForTenant(deps.store, s, target, body.groupId, kinds.size === 1 ? [...kinds][0] : undefined);
  // the other half of every binding goes along
  const vehicleIds = new Set([...vehicles.map((v) => v.id), ...terminals.flatMap((t) => (t.vehicleId === null ? [] : [t.vehicleId]))]);
  const terminalIds = new Set([...terminals.map((t) => t.id), ...vehicles.flatMap((v) => (v.terminalId === null ? [] : [v.terminalId]))]);
  const [allVehicles, allTerminals] = await Promise.all([
    deps.store.assets.vehicles.findMany(s, [...vehicleIds]),
    deps.store.assets.terminals.findMany(s, [...terminalIds]),
  ]);
  const vehicleThere = allVehicles.find((v) => v.tenantId === target);
  if (vehicleThere) throw badInput(`${vocabularyOf(vehicleThere.assetKind).noun} ${vehicleThere.plateNo} 已属于该客户`);
  const terminalThere = allTerminals.find((t) => t.tenantId === target);
  if (terminalThere) throw badInput(`终端 ${terminalThere.terminalNo} 已属于该客户`);
  const seen = new Set<string>();
  for (const v of allVehicles) {
    if (seen.has(v.plateNo)) throw badInput(`${vocabularyOf(v.assetKind).nameLabel} ${v.plateNo} 重复，不能转移到同一客户`);
    seen.add(v.plateNo);
  }
  const taken = await deps.store.assets.vehicles.existingPlates(target, [...seen]);
  if (taken.size) {
    const plate = [...taken][0]!;
    throw badInput(`${vocabularyOf(allVehicles.find((v) => v.plateNo === plate)?.assetKind).nameLabel} ${plate} 在目标客户中已存在`);
  }
  await deps.store.assets.transaction(async (tx) => {
    await tx.vehicles.moveToTenant(allVehicles.map((v) => v.id), target, groupId);
    await tx.terminals.moveToTenant(allTerminals.map((t) => t.id), target);
  });
  const targetName = (await deps.store.assets.groups.tenants(s)).find((t) => t.id === target)?.name ?? String(target);
  for (const v of allVehicles) {
    await audit({ action: '转移车辆', target: `车辆 ${v.plateNo} → ${targetName}`, before: { tenantId: v.tenantId, groupId: v.groupId }, after: { tenantId: target, groupId }, tenantId: v.tenantId });
  }
  for (const t of allTerminals) {
    await audit({ action: '转移终端', target: `终端 ${t.terminalNo} → ${targetName}`, before: { tenantId: t.tenantId }, after: { tenantId: target }, tenantId: t.tenantId });
  }
  notifyLive(deps, [...allTerminals.map((t) => ({ tenantId: t.tenantId, terminalId: t.id })), ...allTerminals.map((t) => ({ tenantId: target, terminalId: t.id }))]);
  return { vehicles: allVehicles.length, terminals: allTerminals.length };
}

export const vehicleTransferRoute = sessionRoute.of(VehicleAdminApi.transfer, {
  resource: assetButtons(VEHICLE_MENU).transfer,
  alsoResources: kindResources('transfer'),
  handler: async (ctx) => {
    const s = await ctx.scope();
    const vehicles = requireAll(ctx.body.ids, await ctx.deps.store.assets.vehicles.findMany(s, ctx.body.ids), '车辆');
    await requireKinds(ctx, vehicles.map((v) => v.assetKind), 'transfer');
    return transfer(ctx, s, vehicles, [], ctx.body);
  },
});

export const terminalTransferRoute = sessionRoute.of(TerminalAdminApi.transfer, {
  resource: assetButtons(TERMINAL_MENU).transfer,
  handler: async (ctx) => {
    const s = await ctx.scope();
    const terminals = requireAll(ctx.body.ids, await ctx.deps.store.assets.terminals.findMany(s, ctx.body.ids), '终端');
    return transfer(ctx, s, [], terminals, ctx.body);
  },
});
