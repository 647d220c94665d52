import { assetKindOf } from '../../../sdk/asset-kinds';
import { groupColumnLabel } from '../../../sdk/asset-vocabulary';
import type { RenewBody } from '../../../sdk/contracts/asset';
import type { TerminalRow } from '../../../sdk/system-admin';
import {
  badInput, chinaToday, MASKED_FOR_ALL, notFound, shownProfile, toChinaIso,
  type AccessScope, type Renewal, type Store, type TerminalRecord, type VehicleRecord,
} from '../../../server/module';
import { ASSET_KINDS, checkDate, PLATE_COLORS } from './vehicle-fields';

/** What 车辆管理, 终端管理 and 车组管理 answer and record: rows, audit snapshots, groups and renewals. */

export const GroupButton = { add: 126001, rename: 126002, remove: 126003, move: 126004, assign: 126005 } as const;

/**
 * What a group is called in the errors about the group of `kind`'s assets: its group column's word
 * (车组 of vehicles, 分组 of people, pets and e-bikes); 车组 when no kind is known.
 */
export function groupWordOf(kind: string | null | undefined): string {
  const k = kind ? assetKindOf(kind) : undefined;
  return k ? groupColumnLabel(k) : '车组';
}

/** `groupId` and its subgroups when visible in the scope; 404 (in `kind`'s word, see {@link groupWordOf}) otherwise. */
export async function groupFilter(store: Store, scope: AccessScope, groupId: number | undefined, kind?: string | null): Promise<number[] | undefined> {
  if (groupId === undefined) return undefined;
  if (!(await store.assets.groups.find(scope, groupId))) throw notFound(`${groupWordOf(kind)}不存在`);
  const ids = await store.assets.groups.subtree(groupId);
  return scope.groupIds === null ? ids : ids.filter((id) => scope.groupIds!.includes(id));
}

/**
 * The group an asset of `tenantId` may be put in: a visible group of that tenant, or none. A
 * group-scoped user must choose one of its groups (an asset without a group would leave its sight).
 * The errors call the group as `kind` does (see {@link groupWordOf}).
 */
export async function groupForTenant(store: Store, scope: AccessScope, tenantId: number, groupId: number | null | undefined, kind?: string | null): Promise<number | null> {
  const word = groupWordOf(kind);
  if (groupId === undefined || groupId === null) {
    if (scope.groupIds !== null) throw badInput(`请选择${word}`);
    return null;
  }
  const group = await store.assets.groups.find(scope, groupId);
  if (!group) throw notFound(`${word}不存在`);
  if (group.tenantId !== tenantId) throw badInput(`${word}不属于该客户`);
  return group.id;
}

/** By months or to a date (not before today), exactly one of them. */
export function renewalOf(body: RenewBody, now: Date): Renewal {
  if (body.months !== undefined && body.until) throw badInput('续费月数和到期日期只能填写一项');
  if (body.months !== undefined) return { months: body.months };
  if (!body.until) throw badInput('请填写续费月数或到期日期');
  const { date, error } = checkDate(body.until, '到期日期');
  if (error || !date) throw badInput(error ?? '到期日期不能为空');
  if (date < chinaToday(now)) throw badInput('到期日期不能早于今天');
  return { until: date };
}

/** A vehicle as the API answers it; contact phones in full only for the kinds in `fullPhones`. */
export function vehicleItem(r: VehicleRecord, fullPhones: ReadonlySet<string> = MASKED_FOR_ALL) {
  return {
    id: r.id, plateNo: r.plateNo, plateColor: r.plateColor, plateColorName: PLATE_COLORS[r.plateColor] ?? String(r.plateColor),
    vehicleType: r.vehicleType, vin: r.vin, driver: r.driver, assetKind: r.assetKind, assetKindName: ASSET_KINDS[r.assetKind] ?? r.assetKind,
    groupId: r.groupId, groupName: r.groupName, tenantId: r.tenantId, tenantName: r.tenantName, expiryDate: r.expiryDate, expired: r.expired,
    speedLimit: r.speedLimit, profile: shownProfile(r.assetKind, r.profile, fullPhones), terminalId: r.terminalId, terminalNo: r.terminalNo, createTime: toChinaIso(r.createdAt),
  };
}

/** A terminal as the API answers it. */
export function terminalItem(r: TerminalRecord): TerminalRow {
  return {
    id: r.id, terminalNo: r.terminalNo, imei: r.imei, model: r.model, sim: r.sim, edition: r.edition, installDate: r.installDate,
    tenantId: r.tenantId, tenantName: r.tenantName, vehicleId: r.vehicleId, plateNo: r.plateNo, groupId: r.groupId, groupName: r.groupName,
    expiryDate: r.expiryDate, expired: r.expired, connected: r.connected, createTime: toChinaIso(r.createdAt),
  };
}

/** Audit snapshot of a vehicle (what an operator can change; contact phones masked). */
export function vehicleSnapshot(r: VehicleRecord) {
  return {
    plateNo: r.plateNo, plateColor: r.plateColor, vehicleType: r.vehicleType, vin: r.vin, driver: r.driver, assetKind: r.assetKind,
    groupId: r.groupId, tenantId: r.tenantId, expiryDate: r.expiryDate, speedLimit: r.speedLimit, terminalNo: r.terminalNo, profile: shownProfile(r.assetKind, r.profile, MASKED_FOR_ALL),
  };
}

export function terminalSnapshot(r: TerminalRecord) {
  return {
    terminalNo: r.terminalNo, imei: r.imei, model: r.model, sim: r.sim, edition: r.edition, installDate: r.installDate, tenantId: r.tenantId,
    plateNo: r.plateNo,
  };
}

