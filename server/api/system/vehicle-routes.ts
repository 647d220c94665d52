import { badInput, notFound } from '../envelope';
import { sessionRoute } from '../route-definition';
import { int, object, pageOffset, pagingProperties, text } from '../schema-helpers';
import { isUniqueViolation } from './admin-rules';
import {
  assetButtons, chinaToday, flagSchema, flagValue, groupFilter, groupForTenant, idsSchema, notifyLive, renewalOf, renewProperties, requireAll, SYSTEM_API,
  tenantInScope, VEHICLE_MENU, vehicleItem, vehicleSnapshot, type RenewBody,
} from './asset-admin-rules';
import { ASSET_KINDS, checkVehicle, PLATE_COLORS, type VehicleInput } from './vehicle-fields';

const BASE = `${SYSTEM_API}/vehicle`;
const Button = assetButtons(VEHICLE_MENU);

export interface VehicleListQuery {
  current: number;
  pageSize: number;
  keyword?: string;
  tenantId?: number;
  groupId?: number;
  bound?: string;
  expired?: string;
  assetKind?: string;
}

export const vehicleFilterProperties = {
  keyword: text('关键词', 50),
  tenantId: int('客户', 1),
  groupId: int('车组', 1),
  bound: flagSchema('绑定状态'),
  expired: flagSchema('服务状态'),
  assetKind: text('资产类型', 20),
};

export const vehicleListRoute = sessionRoute<VehicleListQuery>({
  method: 'GET',
  url: `${BASE}/list.json`,
  summary: '车辆管理：可见车辆（本级及下级客户，按车组权限），分页，按车牌排序',
  resource: VEHICLE_MENU,
  schema: { querystring: object({ ...pagingProperties, ...vehicleFilterProperties }) },
  handler: async ({ query, deps, scope }) => {
    const s = await scope();
    const { offset, limit } = pageOffset(query);
    const filter = await vehicleFilter(deps.store, s, query);
    const page = await deps.store.assets.vehicles.page(s, filter, offset, limit);
    return { total: page.total, list: page.list.map(vehicleItem) };
  },
});

/** List filters as the store takes them (tenant and group checked against the scope). */
export async function vehicleFilter(store: Parameters<typeof groupFilter>[0], s: Parameters<typeof groupFilter>[1], q: Omit<VehicleListQuery, 'current' | 'pageSize'>) {
  if (q.tenantId !== undefined) tenantInScope(s, q.tenantId);
  return {
    keyword: q.keyword, tenantId: q.tenantId, groupIds: await groupFilter(store, s, q.groupId), bound: flagValue(q.bound), expired: flagValue(q.expired),
    assetKind: q.assetKind || undefined,
  };
}

export const vehicleOptionsRoute = sessionRoute({
  method: 'GET',
  url: `${BASE}/options.json`,
  summary: '车辆管理：可选的客户、车组、车牌颜色和资产类型',
  resource: VEHICLE_MENU,
  handler: async ({ deps, scope }) => {
    const s = await scope();
    const [tenants, groups] = await Promise.all([deps.store.assets.groups.tenants(s), deps.store.assets.groups.list(s)]);
    return {
      tenants,
      groups: groups.map((g) => ({ id: g.id, tenantId: g.tenantId, parentId: g.parentId, name: g.name })),
      plateColors: Object.entries(PLATE_COLORS).map(([code, name]) => ({ code: Number(code), name })),
      assetKinds: Object.entries(ASSET_KINDS).map(([code, name]) => ({ code, name })),
    };
  },
});

interface VehicleBody extends VehicleInput {
  id?: number;
  tenantId?: number;
  groupId?: number | null;
}

const vehicleBodyProperties = {
  plateNo: text('车牌号', 20),
  plateColor: int('车牌颜色', 0, 9),
  vehicleType: text('车辆类型', 50),
  vin: text('车架号', 17),
  driver: text('司机', 50),
  assetKind: text('资产类型', 20),
  expiryDate: text('到期日期', 10),
  // no type here: the schema's coercion would turn 0 into null; checkVehicle checks it as it checks a spreadsheet cell
  speedLimit: { title: '限速', description: 'km/h，1–250 的整数；null 或空：按告警设置的平台超速限速' },
  groupId: { type: ['integer', 'null'], title: '车组', minimum: 1 },
};

function checked(body: VehicleBody) {
  const { fields, errors } = checkVehicle(body);
  if (errors.length) throw badInput(errors[0]!);
  return fields;
}

export const vehicleAddRoute = sessionRoute<unknown, VehicleBody>({
  method: 'POST',
  url: `${BASE}/add.json`,
  summary: '新增车辆（tenantId 缺省为本客户；车牌号在客户内唯一）',
  resource: Button.add,
  schema: { body: object({ ...vehicleBodyProperties, tenantId: int('客户', 1) }, ['plateNo']) },
  handler: async ({ body, deps, scope, audit, user }) => {
    const s = await scope();
    const tenantId = tenantInScope(s, body.tenantId ?? user.tenantId);
    const fields = checked(body);
    const groupId = await groupForTenant(deps.store, s, tenantId, body.groupId);
    if (await deps.store.assets.vehicles.findByPlate(tenantId, fields.plateNo)) throw badInput('车牌号已存在');
    const id = await deps.store.assets.vehicles.insert(tenantId, { ...fields, groupId }).catch((e: unknown) => {
      throw isUniqueViolation(e) ? badInput('车牌号已存在') : e;
    });
    const created = (await deps.store.assets.vehicles.find(s, id))!;
    await audit({ action: '新增车辆', target: `车辆 ${created.plateNo}`, after: vehicleSnapshot(created), tenantId });
    return vehicleItem(created);
  },
});

export const vehicleUpdateRoute = sessionRoute<unknown, VehicleBody & { id: number }>({
  method: 'POST',
  url: `${BASE}/update.json`,
  summary: '编辑车辆（客户不变，转移请用 transfer.json）',
  resource: Button.edit,
  schema: { body: object({ ...vehicleBodyProperties, id: int('车辆', 1) }, ['id', 'plateNo']) },
  handler: async ({ body, deps, scope, audit }) => {
    const s = await scope();
    const before = await deps.store.assets.vehicles.find(s, body.id);
    if (!before) throw notFound('车辆不存在');
    const fields = checked(body);
    const groupId = await groupForTenant(deps.store, s, before.tenantId, body.groupId);
    const same = await deps.store.assets.vehicles.findByPlate(before.tenantId, fields.plateNo);
    if (same && same.id !== before.id) throw badInput('车牌号已存在');
    await deps.store.assets.vehicles.update(before.id, { ...fields, groupId }).catch((e: unknown) => {
      throw isUniqueViolation(e) ? badInput('车牌号已存在') : e;
    });
    const after = (await deps.store.assets.vehicles.find({ ...s, groupIds: null }, before.id))!;
    await audit({ action: '编辑车辆', target: `车辆 ${after.plateNo}`, before: vehicleSnapshot(before), after: vehicleSnapshot(after), tenantId: after.tenantId });
    notifyLive(deps, [{ tenantId: after.tenantId, terminalId: after.terminalId }]);
    return vehicleItem(after);
  },
});

export const vehicleDeleteRoute = sessionRoute<unknown, { ids: number[] }>({
  method: 'POST',
  url: `${BASE}/delete.json`,
  summary: '删除车辆（绑定的终端随之解绑，终端保留）',
  resource: Button.remove,
  schema: { body: object({ ids: idsSchema('车辆') }, ['ids']) },
  handler: async ({ body, deps, scope, audit }) => {
    const s = await scope();
    const vehicles = requireAll(body.ids, await deps.store.assets.vehicles.findMany(s, body.ids), '车辆');
    await deps.store.assets.vehicles.delete(vehicles.map((v) => v.id));
    for (const v of vehicles) await audit({ action: '删除车辆', target: `车辆 ${v.plateNo}`, before: vehicleSnapshot(v), tenantId: v.tenantId });
    notifyLive(deps, vehicles);
    return { deleted: vehicles.length };
  },
});

export const vehicleRenewRoute = sessionRoute<unknown, RenewBody>({
  method: 'POST',
  url: `${BASE}/renew.json`,
  summary: '车辆续费：按月延长（已到期的从今天起算）或续到指定日期；到期后实时数据不再显示，续费后立即恢复',
  resource: Button.renew,
  schema: { body: object(renewProperties('车辆'), ['ids']) },
  handler: async ({ body, deps, scope, audit }) => {
    const s = await scope();
    const renewal = renewalOf(body, deps.clock.now());
    const vehicles = requireAll(body.ids, await deps.store.assets.vehicles.findMany(s, body.ids), '车辆');
    const dates = await deps.store.assets.vehicles.renew(vehicles.map((v) => v.id), renewal);
    for (const v of vehicles) {
      await audit({ action: '车辆续费', target: `车辆 ${v.plateNo}`, before: { expiryDate: v.expiryDate }, after: { expiryDate: dates.get(v.id) }, tenantId: v.tenantId });
    }
    notifyLive(deps, vehicles);
    const today = chinaToday(deps.clock.now());
    return { renewed: vehicles.length, list: vehicles.map((v) => ({ id: v.id, plateNo: v.plateNo, expiryDate: dates.get(v.id) ?? null, expired: (dates.get(v.id) ?? '') < today })) };
  },
});
