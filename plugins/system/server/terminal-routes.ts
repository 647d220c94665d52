import {
  assetButtons, badInput, chinaToday, flagValue, notFound, notifyLive, pageOffset, randomHex, requireAll, requireTenantInScope, sessionRoute, TERMINAL_MENU,
} from '../../../server/module';
import { groupFilter, renewalOf, terminalItem, terminalSnapshot } from './asset-rules';
import type { AssetListFilter } from '../../../sdk/system-admin';
import { isUniqueViolation } from './admin-rules';
import { checkTerminal, EDITION_NAMES, PROTOCOL_EDITIONS, type TerminalInput } from './terminal-fields';
import { TerminalAdminApi } from '../../../sdk/contracts/asset';

const Button = assetButtons(TERMINAL_MENU);

/** List filters as the store takes them (tenant and group checked against the scope). */
export async function terminalFilter(store: Parameters<typeof groupFilter>[0], s: Parameters<typeof groupFilter>[1], q: AssetListFilter) {
  if (q.tenantId !== undefined) requireTenantInScope(s, q.tenantId);
  return { keyword: q.keyword, tenantId: q.tenantId, groupIds: await groupFilter(store, s, q.groupId), bound: flagValue(q.bound), expired: flagValue(q.expired) };
}

export const terminalListRoute = sessionRoute.of(TerminalAdminApi.list, {
  resource: TERMINAL_MENU,
  handler: async ({ query, deps, scope }) => {
    const s = await scope();
    const { offset, limit } = pageOffset(query);
    const page = await deps.store.assets.terminals.page(s, await terminalFilter(deps.store, s, query), offset, limit);
    return { total: page.total, list: page.list.map(terminalItem) };
  },
});

export const terminalOptionsRoute = sessionRoute.of(TerminalAdminApi.options, {
  resource: TERMINAL_MENU,
  handler: async ({ deps, scope }) => {
    const s = await scope();
    const [tenants, groups] = await Promise.all([deps.store.assets.groups.tenants(s), deps.store.assets.groups.list(s)]);
    return { tenants, groups: groups.map((g) => ({ id: g.id, tenantId: g.tenantId, parentId: g.parentId, name: g.name })), editions: [...PROTOCOL_EDITIONS], editionNames: EDITION_NAMES };
  },
});

function checked(body: TerminalInput) {
  const { fields, errors } = checkTerminal(body);
  if (errors.length) throw badInput(errors[0]!);
  return fields;
}

/** A new terminal's authentication code (0x8100 answers it; the terminal sends it back in 0x0102). */
export function newAuthCode(): string {
  return randomHex(6).toUpperCase();
}

export const terminalAddRoute = sessionRoute.of(TerminalAdminApi.add, {
  resource: Button.add,
  handler: async ({ body, deps, scope, audit, user }) => {
    const s = await scope();
    const tenantId = requireTenantInScope(s, body.tenantId ?? user.tenantId);
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

export const terminalUpdateRoute = sessionRoute.of(TerminalAdminApi.update, {
  resource: Button.edit,
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

export const terminalDeleteRoute = sessionRoute.of(TerminalAdminApi.delete, {
  resource: Button.remove,
  handler: async ({ body, deps, scope, audit }) => {
    const s = await scope();
    const terminals = requireAll(body.ids, await deps.store.assets.terminals.findMany(s, body.ids), '终端');
    await deps.store.assets.terminals.delete(terminals.map((t) => t.id));
    for (const t of terminals) await audit({ action: '删除终端', target: `终端 ${t.terminalNo}`, before: terminalSnapshot(t), tenantId: t.tenantId });
    return { deleted: terminals.length };
  },
});

export const terminalRenewRoute = sessionRoute.of(TerminalAdminApi.renew, {
  resource: Button.renew,
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
