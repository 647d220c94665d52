import {
  assetButtons, badInput, kindResources, notFound, notifyLive, requireKinds, sessionRoute, TERMINAL_MENU, VEHICLE_MENU, type AccessScope, type AppDeps, type AuditChange, type TerminalRecord, type VehicleRecord,
} from '../../../server/module';
import { terminalItem, vehicleItem } from './asset-rules';
import { vocabularyOf } from '../../../sdk/asset-vocabulary';
import { TerminalAdminApi, VehicleAdminApi } from '../../../sdk/contracts/asset';

/** Binding a vehicle and a terminal (one terminal per vehicle), from either side. */

const VehicleButton = assetButtons(VEHICLE_MENU);
const TerminalButton = assetButtons(TERMINAL_MENU);
const CANDIDATES = 50;

interface Ctx {
  deps: AppDeps;
  scope: () => Promise<AccessScope>;
  audit: (change: AuditChange) => Promise<void>;
}

async function bind({ deps, scope, audit }: Ctx, vehicleId: number, terminalId: number) {
  const s = await scope();
  const [vehicle, terminal] = await Promise.all([deps.store.assets.vehicles.find(s, vehicleId), findTerminal(deps, s, terminalId)]);
  if (!vehicle) throw notFound('车辆不存在');
  if (!terminal) throw notFound('终端不存在');
  // the asset is called as its kind says: 人员已绑定终端 …
  const noun = vocabularyOf(vehicle.assetKind).noun;
  if (vehicle.tenantId !== terminal.tenantId) throw badInput(`${noun}和终端必须属于同一客户`);
  if (terminal.vehicleId === vehicle.id) return { vehicleId: vehicle.id, terminalId: terminal.id };
  if (vehicle.terminalId !== null) throw badInput(`${noun}已绑定终端 ${vehicle.terminalNo}，请先解绑`);
  if (terminal.vehicleId !== null) throw badInput(`终端已绑定 ${terminal.plateNo}，请先解绑`);
  await deps.store.assets.terminals.setVehicle(terminal.id, vehicle.id).catch((e: unknown) => {
    // another request bound one of them meanwhile
    if ((e as { code?: string }).code === '23505') throw badInput(`${noun}已绑定终端，请刷新后重试`);
    throw e;
  });
  await audit({ action: '绑定终端', target: `车辆 ${vehicle.plateNo} ↔ 终端 ${terminal.terminalNo}`, after: { plateNo: vehicle.plateNo, terminalNo: terminal.terminalNo }, tenantId: vehicle.tenantId });
  notifyLive(deps, [{ tenantId: terminal.tenantId, terminalId: terminal.id }]);
  return { vehicleId: vehicle.id, terminalId: terminal.id };
}

/** A terminal visible in the scope (a group-scoped user sees only terminals bound to its groups' vehicles). */
function findTerminal(deps: AppDeps, s: AccessScope, id: number): Promise<TerminalRecord | undefined> {
  return deps.store.assets.terminals.find(s, id);
}

async function unbind({ deps, audit }: Ctx, vehicle: Pick<VehicleRecord, 'plateNo' | 'tenantId'>, terminal: { id: number; terminalNo: string }) {
  await deps.store.assets.terminals.setVehicle(terminal.id, null);
  await audit({ action: '解绑终端', target: `车辆 ${vehicle.plateNo} ↔ 终端 ${terminal.terminalNo}`, before: { plateNo: vehicle.plateNo, terminalNo: terminal.terminalNo }, tenantId: vehicle.tenantId });
  notifyLive(deps, [{ tenantId: vehicle.tenantId, terminalId: terminal.id }]);
  return { terminalId: terminal.id };
}

export const vehicleBindRoute = sessionRoute.of(VehicleAdminApi.bind, {
  resource: VehicleButton.bind,
  alsoResources: kindResources('bind'),
  handler: async (ctx) => {
    const vehicle = await ctx.deps.store.assets.vehicles.find(await ctx.scope(), ctx.body.vehicleId);
    if (vehicle) await requireKinds(ctx, [vehicle.assetKind], 'bind');
    return bind(ctx, ctx.body.vehicleId, ctx.body.terminalId);
  },
});

export const vehicleUnbindRoute = sessionRoute.of(VehicleAdminApi.unbind, {
  resource: VehicleButton.bind,
  alsoResources: kindResources('bind'),
  handler: async (ctx) => {
    const vehicle = await ctx.deps.store.assets.vehicles.find(await ctx.scope(), ctx.body.vehicleId);
    if (!vehicle) throw notFound('车辆不存在');
    await requireKinds(ctx, [vehicle.assetKind], 'bind');
    if (vehicle.terminalId === null || vehicle.terminalNo === null) throw badInput(`${vocabularyOf(vehicle.assetKind).noun}未绑定终端`);
    return unbind(ctx, vehicle, { id: vehicle.terminalId, terminalNo: vehicle.terminalNo });
  },
});

export const vehicleBindableTerminalsRoute = sessionRoute.of(VehicleAdminApi.bindableTerminals, {
  resource: VehicleButton.bind,
  alsoResources: kindResources('bind'),
  handler: async (ctx) => {
    const { query, deps, scope } = ctx;
    const s = await scope();
    const vehicle = await deps.store.assets.vehicles.find(s, query.vehicleId);
    if (!vehicle) throw notFound('车辆不存在');
    await requireKinds(ctx, [vehicle.assetKind], 'bind');
    return (await deps.store.assets.terminals.unbound(s, vehicle.tenantId, query.keyword, CANDIDATES)).map(terminalItem);
  },
});

export const terminalBindRoute = sessionRoute.of(TerminalAdminApi.bind, {
  resource: TerminalButton.bind,
  handler: (ctx) => bind(ctx, ctx.body.vehicleId, ctx.body.terminalId),
});

export const terminalUnbindRoute = sessionRoute.of(TerminalAdminApi.unbind, {
  resource: TerminalButton.bind,
  handler: async (ctx) => {
    const terminal = await findTerminal(ctx.deps, await ctx.scope(), ctx.body.terminalId);
    if (!terminal) throw notFound('终端不存在');
    if (terminal.vehicleId === null || terminal.plateNo === null) throw badInput('终端未绑定资产');
    return unbind(ctx, { plateNo: terminal.plateNo, tenantId: terminal.tenantId }, terminal);
  },
});

export const terminalBindableVehiclesRoute = sessionRoute.of(TerminalAdminApi.bindableVehicles, {
  resource: TerminalButton.bind,
  handler: async ({ query, deps, scope }) => {
    const s = await scope();
    const terminal = await findTerminal(deps, s, query.terminalId);
    if (!terminal) throw notFound('终端不存在');
    return (await deps.store.assets.vehicles.unbound(s, terminal.tenantId, query.keyword, CANDIDATES)).map((r) => vehicleItem(r));
  },
});
