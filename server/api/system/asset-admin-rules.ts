import { ASSET_KIND_CODES, ASSET_KIND_DEFINITIONS, assetKindOf, type AssetKind } from '../../../sdk/asset-kinds';
import { groupColumnLabel } from '../../../sdk/asset-vocabulary';
import type { TerminalRow } from '../../../sdk/system-admin';
import type { AccessScope } from '../../store/scope-queries';
import type { Store } from '../../store/create-store';
import type { TerminalRecord } from '../../store/terminal-admin-queries';
import type { Renewal, VehicleRecord } from '../../store/vehicle-admin-queries';
import type { AppDeps } from '../app-deps';
import { badInput, forbidden, notFound } from '../envelope';
import type { SessionContext } from '../route-definition';
import { toChinaIso } from '../../time/china-time';
import { petDeclaration } from '../../../plugins/pet/pet-declaration';
import { isMenuPage } from '../../../sdk/plugin-declaration';
import { MASKED_FOR_ALL, shownProfile } from './asset-contact-phones';
import { checkDate, ASSET_KINDS, PLATE_COLORS } from './vehicle-fields';
import type { RenewBody } from '../../../sdk/contracts/asset';

/** Rules shared by 车辆管理, 终端管理 and 车组管理. */

export const VEHICLE_MENU = 1240;
export const TERMINAL_MENU = 1250;
export const GROUP_MENU = 1260;

/** Button resources of 车辆管理 (1240xx) and 终端管理 (1250xx), in the same order. */
export function assetButtons(menu: number) {
  const b = (n: number) => menu * 100 + n;
  return { add: b(1), edit: b(2), remove: b(3), bind: b(4), transfer: b(5), renew: b(6), import: b(7), export: b(8) };
}

/** What an operator does to assets: see them, or one of the buttons of their page. */
export type AssetOp = 'view' | keyof ReturnType<typeof assetButtons>;

/** The 系统管理 pages of the other kinds (人员管理, 宠物管理, 电动车管理); 车辆管理 (1240) is the vehicles'. */
export const KIND_MENUS: readonly number[] = ASSET_KIND_CODES.filter((k) => k !== 'vehicle').map((k) => ASSET_KIND_DEFINITIONS[k].menuId);

/** The resources of `op` on the other kinds' pages: a route takes any of them, its handler checks the kind (requireKinds). */
export function kindResources(op: AssetOp): number[] {
  return KIND_MENUS.map((menu) => (op === 'view' ? menu : assetButtons(menu)[op]));
}

function kindResource(kind: AssetKind, op: AssetOp): number {
  const menu = ASSET_KIND_DEFINITIONS[kind].menuId;
  return op === 'view' ? menu : assetButtons(menu)[op];
}

export type Caller = Pick<SessionContext<unknown, unknown>, 'deps' | 'user'>;

/** The resources (menus and buttons) the caller's role holds. */
export async function heldResources(ctx: Caller): Promise<Set<number>> {
  return new Set((await ctx.deps.store.catalogue.roleResources(ctx.user.roleId)).map((r) => r.id));
}

/** The kinds whose page lets the caller do `op` (车辆管理 for vehicles, 人员管理 for people …). */
export async function kindsAllowed(ctx: Caller, op: AssetOp): Promise<AssetKind[]> {
  const held = await heldResources(ctx);
  return ASSET_KIND_CODES.filter((kind) => held.has(kindResource(kind, op)));
}

/** 宠物档案 of 宠物守护, where a pet's 主人手机号 is edited too. */
const PET_PROFILE_MENU = petDeclaration.pages.filter(isMenuPage).find((p) => p.path === '/pet/profiles')!.menuId;

/** The kinds whose contact phones (人员 手机号, 宠物 主人手机号) the caller sees in full: those it may edit (asset-contact-phones). */
export async function kindsWithFullPhones(ctx: Caller): Promise<ReadonlySet<string>> {
  const held = await heldResources(ctx);
  return new Set(ASSET_KIND_CODES.filter((k) => held.has(kindResource(k, 'edit')) || (k === 'pet' && held.has(PET_PROFILE_MENU))));
}

/** 403 unless the caller may do `op` on assets of every one of `kinds` (each kind on its own page's button). */
export async function requireKinds(ctx: Caller, kinds: Iterable<string>, op: AssetOp): Promise<void> {
  const wanted = [...new Set(kinds)].map((code) => assetKindOf(code) ?? 'vehicle');
  if (wanted.length === 0) return;
  const held = await heldResources(ctx);
  const refused = wanted.find((kind) => !held.has(kindResource(kind, op)));
  if (refused) throw forbidden(`无权限操作${ASSET_KIND_DEFINITIONS[refused].noun}`);
}

export const GroupButton = { add: 126001, rename: 126002, remove: 126003, move: 126004, assign: 126005 } as const;

export { idsSchema, MAX_BATCH } from '../../../sdk/contracts/asset';
/** Most rows of one export. */
export { BACKGROUND_EXPORT_LIMIT as EXPORT_LIMIT } from '../../../sdk/pagination';
export { SERVICE_EXPIRED_HINT } from '../../store/service-expiry';

export function flagValue(value: string | undefined): boolean | undefined {
  return value === '1' ? true : value === '0' ? false : undefined;
}

/** Today in China, `YYYY-MM-DD`. */
export function chinaToday(now: Date): string {
  return new Date(now.getTime() + 8 * 3600_000).toISOString().slice(0, 10);
}

/** The tenant when the scope holds it; otherwise 404 (another customer's id says nothing). */
export function tenantInScope(scope: AccessScope, tenantId: number): number {
  if (!scope.tenantIds.includes(tenantId)) throw notFound('客户不存在');
  return tenantId;
}

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

/** Live views re-read these terminals (service renewed, asset moved or edited). */
export function notifyLive(deps: AppDeps, changes: readonly { tenantId: number; terminalId: number | null }[]): void {
  const bus = deps.fleet?.bus;
  if (!bus) return;
  const byTenant = new Map<number, number[]>();
  for (const c of changes) if (c.terminalId !== null) byTenant.set(c.tenantId, [...(byTenant.get(c.tenantId) ?? []), c.terminalId]);
  for (const [tenantId, terminalIds] of byTenant) bus.publish({ type: 'assets', tenantId, terminalIds });
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

/** All of `ids` visible in the scope, or 404 naming what is missing. */
export function requireAll<T extends { id: number }>(ids: readonly number[], found: readonly T[], what: string): T[] {
  const byId = new Map(found.map((r) => [r.id, r]));
  const missing = [...new Set(ids)].filter((id) => !byId.has(id));
  if (missing.length) throw notFound(`${what}不存在`);
  return [...new Set(ids)].map((id) => byId.get(id)!);
}
