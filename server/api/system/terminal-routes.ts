import { randomBytes } from 'node:crypto';
import type { AssetListFilter } from '../../../sdk/system-admin';
import { badInput, notFound } from '../envelope';
import { sessionRoute } from '../route-definition';
import { int, object, pageOffset, pagingProperties, text } from '../schema-helpers';
import { isUniqueViolation } from './admin-rules';
import {
  assetButtons, chinaToday, flagSchema, flagValue, groupFilter, idsSchema, notifyLive, renewalOf, renewProperties, requireAll, SYSTEM_API, TERMINAL_MENU,
  tenantInScope, terminalItem, terminalSnapshot, type RenewBody,
} from './asset-admin-rules';
import { checkTerminal, EDITION_NAMES, PROTOCOL_EDITIONS, type TerminalInput } from './terminal-fields';

const BASE = `${SYSTEM_API}/terminal`;
const Button = assetButtons(TERMINAL_MENU);

export interface TerminalListQuery extends AssetListFilter {
  current: number;
  pageSize: number;
}

export const terminalFilterProperties = {
  keyword: text('关键词', 50),
  tenantId: int('客户', 1),
  groupId: int('车组', 1),
  bound: flagSchema('绑定状态'),
  expired: flagSchema('服务状态'),
};

/** List filters as the store takes them (tenant and group checked against the scope). */
export async function terminalFilter(store: Parameters<typeof groupFilter>[0], s: Parameters<typeof groupFilter>[1], q: Omit<TerminalListQuery, 'current' | 'pageSize'>) {
  if (q.tenantId !== undefined) tenantInScope(s, q.tenantId);
  return { keyword: q.keyword, tenantId: q.tenantId, groupIds: await groupFilter(store, s, q.groupId), bound: flagValue(q.bound), expired: flagValue(q.expired) };
}

export const terminalListRoute = sessionRoute<TerminalListQuery>({
  method: 'GET',
  url: `${BASE}/list.json`,
  summary: '终端管理：可见终端（本级及下级客户；按车组权限时只含绑定到这些车组车辆的终端），分页，按终端号排序',
  resource: TERMINAL_MENU,
  schema: { querystring: object({ ...pagingProperties, ...terminalFilterProperties }) },
  handler: async ({ query, deps, scope }) => {
    const s = await scope();
    const { offset, limit } = pageOffset(query);
    const page = await deps.store.assets.terminals.page(s, await terminalFilter(deps.store, s, query), offset, limit);
    return { total: page.total, list: page.list.map(terminalItem) };
  },
});

export const terminalOptionsRoute = sessionRoute({
  method: 'GET',
  url: `${BASE}/options.json`,
  summary: '终端管理：可选的客户、车组和协议版本',
  resource: TERMINAL_MENU,
  handler: async ({ deps, scope }) => {
    const s = await scope();
    const [tenants, groups] = await Promise.all([deps.store.assets.groups.tenants(s), deps.store.assets.groups.list(s)]);
    return { tenants, groups: groups.map((g) => ({ id: g.id, tenantId: g.tenantId, parentId: g.parentId, name: g.name })), editions: [...PROTOCOL_EDITIONS], editionNames: EDITION_NAMES };
  },
});

interface TerminalBody extends TerminalInput {
  id?: number;
  tenantId?: number;
}

const terminalBodyProperties = {
  terminalNo: text('终端号', 20),
  imei: text('IMEI', 15),
  model: text('终端型号', 50),
  sim: text('SIM 卡号', 20),
  edition: text('协议版本', 20),
  installDate: text('安装日期', 10),
};

function checked(body: TerminalBody) {
  const { fields, errors } = checkTerminal(body);
  if (errors.length) throw badInput(errors[0]!);
  return fields;
}

/** A new terminal's authentication code (0x8100 answers it; the terminal sends it back in 0x0102). */
export function newAuthCode(): string {
  return randomBytes(6).toString('hex').toUpperCase();
}

export const terminalAddRoute = sessionRoute<unknown, TerminalBody>({
  method: 'POST',
  url: `${BASE}/add.json`,
  summary: '新增终端（终端号全平台唯一，前导 0 不计；tenantId 缺省为本客户）',
  resource: Button.add,
  schema: { body: object({ ...terminalBodyProperties, tenantId: int('客户', 1) }, ['terminalNo']) },
  handler: async ({ body, deps, scope, audit, user }) => {
    const s = await scope();
    const tenantId = tenantInScope(s, body.tenantId ?? user.tenantId);
    const fields = checked(body);
    if (await deps.store.assets.terminals.numberTaken(fields.terminalNo)) throw badInput('终端号已存在');
    const id = await deps.store.assets.terminals.insert(tenantId, fields, newAuthCode()).catch((e: unknown) => {
      throw isUniqueViolation(e) ? badInput('终端号已存在') : e;
    });
    const after = { terminalNo: fields.displayNo, imei: fields.imei, model: fields.model, sim: fields.sim, edition: fields.edition, installDate: fields.installDate, tenantId };
    await audit({ action: '新增终端', target: `终端 ${fields.displayNo}`, after, tenantId });
    // a group-scoped user does not see unbound terminals: answer what was stored
    return { id, ...after };
  },
});

export const terminalUpdateRoute = sessionRoute<unknown, TerminalBody & { id: number }>({
  method: 'POST',
  url: `${BASE}/update.json`,
  summary: '编辑终端（终端号可改，须仍唯一）',
  resource: Button.edit,
  schema: { body: object({ ...terminalBodyProperties, id: int('终端', 1) }, ['id', 'terminalNo']) },
  handler: async ({ body, deps, scope, audit }) => {
    const s = await scope();
    const before = await deps.store.assets.terminals.find(s, body.id);
    if (!before) throw notFound('终端不存在');
    const fields = checked(body);
    if (await deps.store.assets.terminals.numberTaken(fields.terminalNo, before.id)) throw badInput('终端号已存在');
    await deps.store.assets.terminals.update(before.id, fields).catch((e: unknown) => {
      throw isUniqueViolation(e) ? badInput('终端号已存在') : e;
    });
    const after = (await deps.store.assets.terminals.find(s, before.id))!;
    await audit({ action: '编辑终端', target: `终端 ${after.terminalNo}`, before: terminalSnapshot(before), after: terminalSnapshot(after), tenantId: after.tenantId });
    notifyLive(deps, [{ tenantId: after.tenantId, terminalId: after.id }]);
    return terminalItem(after);
  },
});

export const terminalDeleteRoute = sessionRoute<unknown, { ids: number[] }>({
  method: 'POST',
  url: `${BASE}/delete.json`,
  summary: '删除终端（之后不能再接入，历史轨迹不再可查；绑定的车辆保留）',
  resource: Button.remove,
  schema: { body: object({ ids: idsSchema('终端') }, ['ids']) },
  handler: async ({ body, deps, scope, audit }) => {
    const s = await scope();
    const terminals = requireAll(body.ids, await deps.store.assets.terminals.findMany(s, body.ids), '终端');
    await deps.store.assets.terminals.delete(terminals.map((t) => t.id));
    for (const t of terminals) await audit({ action: '删除终端', target: `终端 ${t.terminalNo}`, before: terminalSnapshot(t), tenantId: t.tenantId });
    return { deleted: terminals.length };
  },
});

export const terminalRenewRoute = sessionRoute<unknown, RenewBody>({
  method: 'POST',
  url: `${BASE}/renew.json`,
  summary: '终端续费：延长所绑定车辆的服务到期日期（未绑定车辆的终端不能续费）',
  resource: Button.renew,
  schema: { body: object(renewProperties('终端'), ['ids']) },
  handler: async ({ body, deps, scope, audit }) => {
    const s = await scope();
    const renewal = renewalOf(body, deps.clock.now());
    const terminals = requireAll(body.ids, await deps.store.assets.terminals.findMany(s, body.ids), '终端');
    const unbound = terminals.find((t) => t.vehicleId === null);
    if (unbound) throw badInput(`终端 ${unbound.terminalNo} 未绑定车辆，无法续费`);
    const dates = await deps.store.assets.vehicles.renew(terminals.map((t) => t.vehicleId!), renewal);
    for (const t of terminals) {
      await audit({
        action: '终端续费', target: `终端 ${t.terminalNo}（车辆 ${t.plateNo}）`, before: { expiryDate: t.expiryDate }, after: { expiryDate: dates.get(t.vehicleId!) }, tenantId: t.tenantId,
      });
    }
    notifyLive(deps, terminals.map((t) => ({ tenantId: t.tenantId, terminalId: t.id })));
    const today = chinaToday(deps.clock.now());
    return {
      renewed: terminals.length,
      list: terminals.map((t) => ({ id: t.id, terminalNo: t.terminalNo, expiryDate: dates.get(t.vehicleId!) ?? null, expired: (dates.get(t.vehicleId!) ?? '') < today })),
    };
  },
});
