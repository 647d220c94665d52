import {
  assetButtons, badInput, chinaToday, flagValue, kindResources, kindsAllowed, kindsWithFullPhones, notFound, notifyLive, pageOffset, requireAll, requireKinds, requireTenantInScope, sessionRoute, VEHICLE_MENU, type AssetOp, type SessionContext, type VehicleRecord,
} from '../../../server/module';
import { groupFilter, groupForTenant, renewalOf, vehicleItem, vehicleSnapshot } from './asset-rules';
import { isUniqueViolation } from './admin-rules';
import { ASSET_KIND_CODES, ASSET_KIND_DEFINITIONS, assetKindOf, editedProfileInput } from '../../../sdk/asset-kinds';
import { checkVehicle, PLATE_COLORS, textOf, type VehicleInput } from './vehicle-fields';
import { VehicleAdminApi, type VehicleListFilter, type VehicleSaveFields } from '../../../sdk/contracts/asset';

const Button = assetButtons(VEHICLE_MENU);

export const vehicleListRoute = sessionRoute.of(VehicleAdminApi.list, {
  resource: VEHICLE_MENU,
  alsoResources: kindResources('view'),
  handler: async (ctx) => {
    const { query, deps, scope } = ctx;
    const s = await scope();
    const { offset, limit } = pageOffset(query);
    const filter = await vehicleFilter(ctx, s, query, 'view');
    const page = await deps.store.assets.vehicles.page(s, filter, offset, limit);
    const fullPhones = await kindsWithFullPhones(ctx);
    return { total: page.total, list: page.list.map((r) => vehicleItem(r, fullPhones)) };
  },
});

/**
 * List filters as the store takes them (tenant and group checked against the scope). A kind asked
 * for must be the caller's to `op` (403 otherwise); without one, the list holds every kind the
 * caller may `op`.
 */
export async function vehicleFilter(
  ctx: Pick<SessionContext<unknown, unknown>, 'deps' | 'user'>, s: Parameters<typeof groupFilter>[1], q: VehicleListFilter, op: AssetOp,
) {
  if (q.tenantId !== undefined) requireTenantInScope(s, q.tenantId);
  let assetKinds: string[];
  if (q.assetKind) {
    const kind = assetKindOf(q.assetKind);
    if (!kind) throw badInput('资产类型不正确（车辆、人员、宠物、电动车）');
    await requireKinds(ctx, [kind], op);
    assetKinds = [kind];
  } else assetKinds = await kindsAllowed(ctx, op);
  return {
    keyword: q.keyword, tenantId: q.tenantId, groupIds: await groupFilter(ctx.deps.store, s, q.groupId, q.assetKind), bound: flagValue(q.bound), expired: flagValue(q.expired),
    assetKinds,
  };
}

export const vehicleOptionsRoute = sessionRoute.of(VehicleAdminApi.options, {
  resource: VEHICLE_MENU,
  alsoResources: kindResources('view'),
  handler: async ({ deps, scope }) => {
    const s = await scope();
    const [tenants, groups] = await Promise.all([deps.store.assets.groups.tenants(s), deps.store.assets.groups.list(s)]);
    return {
      tenants,
      groups: groups.map((g) => ({ id: g.id, tenantId: g.tenantId, parentId: g.parentId, name: g.name })),
      plateColors: Object.entries(PLATE_COLORS).map(([code, name]) => ({ code: Number(code), name })),
      assetKinds: ASSET_KIND_CODES.map((code) => ({ code, name: ASSET_KIND_DEFINITIONS[code].noun })),
      profiles: ASSET_KIND_DEFINITIONS,
    };
  },
});

/** What add.json and update.json take, as the checks read it (any value of a field, as in a spreadsheet cell). */
type VehicleBody = VehicleInput & Pick<VehicleSaveFields, 'groupId'>;

function checked(body: VehicleBody, now: Date) {
  const { fields, errors } = checkVehicle(body, chinaToday(now));
  if (errors.length) throw badInput(errors[0]!);
  return fields;
}

/** An edit's input: what the body leaves out keeps its stored value (null or empty clears a field). */
function editedInput(before: VehicleRecord, body: VehicleBody): VehicleBody {
  const kind = assetKindOf(textOf(body.assetKind ?? before.assetKind)) ?? 'vehicle';
  const kept = {
    plateColor: before.plateColor, vehicleType: before.vehicleType, vin: before.vin, driver: before.driver, expiryDate: before.expiryDate, speedLimit: before.speedLimit,
  };
  return { ...kept, ...body, assetKind: body.assetKind ?? before.assetKind, profile: editedProfileInput(kind, kind === before.assetKind ? before.profile : {}, body.profile) };
}

/** 车牌号已存在, or 姓名已存在 … as the kind names it. */
function nameTaken(kind: string): string {
  return `${ASSET_KIND_DEFINITIONS[assetKindOf(kind) ?? 'vehicle'].nameLabel}已存在`;
}

/**
 * Writes an asset whose name (plate) no other asset of the tenant bears (`exceptId`: the one edited),
 * answering 车牌号已存在 … also when a concurrent request takes the name first.
 */
async function withFreeName<T>(
  ctx: Pick<SessionContext<unknown, unknown>, 'deps'>, tenantId: number, fields: { plateNo: string; assetKind: string }, exceptId: number | undefined, write: () => Promise<T>,
): Promise<T> {
  const same = await ctx.deps.store.assets.vehicles.findByPlate(tenantId, fields.plateNo);
  if (same && same.id !== exceptId) throw badInput(nameTaken(fields.assetKind));
  return write().catch((e: unknown) => {
    throw isUniqueViolation(e) ? badInput(nameTaken(fields.assetKind)) : e;
  });
}

export const vehicleAddRoute = sessionRoute.of(VehicleAdminApi.add, {
  resource: Button.add,
  alsoResources: kindResources('add'),
  handler: async (ctx) => {
    const { body, deps, scope, audit, user } = ctx;
    const s = await scope();
    const tenantId = requireTenantInScope(s, body.tenantId ?? user.tenantId);
    const fields = checked(body, deps.clock.now());
    await requireKinds(ctx, [fields.assetKind], 'add');
    const groupId = await groupForTenant(deps.store, s, tenantId, body.groupId, fields.assetKind);
    const id = await withFreeName(ctx, tenantId, fields, undefined, () => deps.store.assets.vehicles.insert(tenantId, { ...fields, groupId }));
    const created = (await deps.store.assets.vehicles.find(s, id))!;
    await audit({ action: `新增${kindNoun(created.assetKind)}`, target: `${kindNoun(created.assetKind)} ${created.plateNo}`, after: vehicleSnapshot(created), tenantId });
    return vehicleItem(created, await kindsWithFullPhones(ctx));
  },
});

export const vehicleUpdateRoute = sessionRoute.of(VehicleAdminApi.update, {
  resource: Button.edit,
  alsoResources: kindResources('edit'),
  handler: async (ctx) => {
    const { body, deps, scope, audit } = ctx;
    const s = await scope();
    const before = await deps.store.assets.vehicles.find(s, body.id);
    if (!before) throw notFound(`${kindNoun(typeof body.assetKind === 'string' ? body.assetKind : '')}不存在`);
    await requireKinds(ctx, [before.assetKind], 'edit');
    const fields = checked(editedInput(before, body), deps.clock.now());
    await requireKinds(ctx, [fields.assetKind], 'edit');
    const groupId = await groupForTenant(deps.store, s, before.tenantId, body.groupId === undefined ? before.groupId : body.groupId, fields.assetKind);
    await withFreeName(ctx, before.tenantId, fields, before.id, () => deps.store.assets.vehicles.update(before.id, { ...fields, groupId }));
    const after = (await deps.store.assets.vehicles.find({ ...s, groupIds: null }, before.id))!;
    await audit({ action: `编辑${kindNoun(after.assetKind)}`, target: `${kindNoun(after.assetKind)} ${after.plateNo}`, before: vehicleSnapshot(before), after: vehicleSnapshot(after), tenantId: after.tenantId });
    notifyLive(deps, [{ tenantId: after.tenantId, terminalId: after.terminalId }]);
    return vehicleItem(after, await kindsWithFullPhones(ctx));
  },
});

export const vehicleDeleteRoute = sessionRoute.of(VehicleAdminApi.delete, {
  resource: Button.remove,
  alsoResources: kindResources('remove'),
  handler: async (ctx) => {
    const { body, deps, scope, audit } = ctx;
    const s = await scope();
    const vehicles = requireAll(body.ids, await deps.store.assets.vehicles.findMany(s, body.ids), '车辆');
    await requireKinds(ctx, vehicles.map((v) => v.assetKind), 'remove');
    await deps.store.assets.vehicles.delete(vehicles.map((v) => v.id));
    for (const v of vehicles) await audit({ action: `删除${kindNoun(v.assetKind)}`, target: `${kindNoun(v.assetKind)} ${v.plateNo}`, before: vehicleSnapshot(v), tenantId: v.tenantId });
    notifyLive(deps, vehicles);
    return { deleted: vehicles.length };
  },
});

export const vehicleRenewRoute = sessionRoute.of(VehicleAdminApi.renew, {
  resource: Button.renew,
  alsoResources: kindResources('renew'),
  handler: async (ctx) => {
    const { body, deps, scope, audit } = ctx;
    const s = await scope();
    const renewal = renewalOf(body, deps.clock.now());
    const vehicles = requireAll(body.ids, await deps.store.assets.vehicles.findMany(s, body.ids), '车辆');
    await requireKinds(ctx, vehicles.map((v) => v.assetKind), 'renew');
    const dates = await deps.store.assets.vehicles.renew(vehicles.map((v) => v.id), renewal);
    for (const v of vehicles) {
      await audit({ action: `${kindNoun(v.assetKind)}续费`, target: `${kindNoun(v.assetKind)} ${v.plateNo}`, before: { expiryDate: v.expiryDate }, after: { expiryDate: dates.get(v.id) }, tenantId: v.tenantId });
    }
    notifyLive(deps, vehicles);
    const today = chinaToday(deps.clock.now());
    return { renewed: vehicles.length, list: vehicles.map((v) => ({ id: v.id, plateNo: v.plateNo, expiryDate: dates.get(v.id) ?? null, expired: (dates.get(v.id) ?? '') < today })) };
  },
});

function kindNoun(kind: string): string {
  return ASSET_KIND_DEFINITIONS[assetKindOf(kind) ?? 'vehicle'].noun;
}
